"""Counts as residues: one uint64 column per modulus, no carries, joined by the Chinese
remainder theorem at the end.

The first modulus is 2⁶⁴, which uint64 arithmetic keeps for free by wrapping; the others are
the largest primes below 2³², so a sum of fewer than 2³² residues fits a uint64 before it is
reduced. Enough moduli are taken for their product to pass a bound proved before the sweep
(`Layout.free_steps`): the count is then the one residue class below the product.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Counts = npt.NDArray[np.uint64]  # moduli × states

WRAP = 1 << 64  # the modulus uint64 arithmetic keeps by itself


@cache
def _primes_below(top: int, how_many: int) -> tuple[int, ...]:
    found: list[int] = []
    candidate = top - 1
    while len(found) < how_many:
        if _prime(candidate):
            found.append(candidate)
        candidate -= 2 if candidate % 2 else 1
    return tuple(found)


def _prime(n: int) -> bool:
    """Miller-Rabin with the bases that decide every n below 3.3·10²⁴."""
    if n < 2:
        return False
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    if n in bases:
        return True
    if any(n % p == 0 for p in bases):
        return False
    d, s = n - 1, 0
    while not d & 1:
        d, s = d >> 1, s + 1
    for a in bases:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def moduli(bound_bits: int) -> tuple[int, ...]:
    """The fewest moduli (2⁶⁴ first, then primes below 2³²) whose product exceeds 2**bound_bits."""
    chosen, product = [WRAP], WRAP
    primes = iter(_primes_below(1 << 32, 1 + bound_bits // 31))
    while product <= 1 << bound_bits:
        prime = next(primes)
        chosen.append(prime)
        product *= prime
    return tuple(chosen)


def one(mods: Sequence[int]) -> Counts:
    """The counts of the single starting state: 1 in every column."""
    import numpy as np

    return np.ones((len(mods), 1), np.uint64)


def reduce(counts: Counts, mods: Sequence[int]) -> Counts:
    """Each prime column reduced below its prime (in place), after sums of fewer than 2³² terms."""
    import numpy as np

    for row, m in enumerate(mods):
        if m != WRAP:
            np.remainder(counts[row], np.uint64(m), out=counts[row])
    return counts


def total(counts: Counts, mods: Sequence[int]) -> list[int]:
    """The residues of the sum of all columns' states (Python ints, any number of states)."""
    import numpy as np

    sums = []
    for row, m in enumerate(mods):
        column = counts[row]
        if m == WRAP:
            sums.append(int(column.sum(dtype=np.uint64)))
        else:  # chunks of fewer than 2³² residues below 2³² cannot overflow
            chunks = range(0, len(column), 1 << 31)
            sums.append(sum(int(column[i : i + (1 << 31)].sum(dtype=np.uint64)) for i in chunks) % m)
    return sums


def combine(residues: Sequence[int], mods: Sequence[int]) -> int:
    """The number below the product of `mods` with these residues (Chinese remainder theorem)."""
    value, product = 0, 1
    for residue, m in zip(residues, mods, strict=True):
        # value + product·k ≡ residue (mod m): k from the inverse of product modulo m
        k = (residue - value) * pow(product, -1, m) % m
        value, product = value + product * k, product * m
    return value
