"""Counts as residues: one uint64 column per modulus, no carries, joined by the Chinese
remainder theorem.

The first modulus is 2⁶⁴, which uint64 arithmetic keeps for free by wrapping; the others are
the largest primes below 2³², so a sum of fewer than 2³² residues fits a uint64 before it is
reduced. The sweep adds a modulus only when its counts could next pass the product of those it
has (`extend` carries every state's count over to the new one), so a board with few solutions
pays for few columns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Counts = npt.NDArray[np.uint64]  # moduli × states

WRAP = 1 << 64  # the modulus uint64 arithmetic keeps by itself


@cache
def primes_below(top: int, how_many: int) -> tuple[int, ...]:
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


def primes(how_many: int) -> tuple[int, ...]:
    """The moduli after 2⁶⁴: the largest primes below 2³², in falling order."""
    return primes_below(1 << 32, how_many)


def extend(counts: Counts, mods: Sequence[int], prime: int) -> Counts:
    """Every state's count modulo `prime` too, as a new last column: Garner's mixed-radix digits
    of each count, each below its prime, so every product stays below 2⁶⁴. Exact while every
    count is below the product of `mods`."""
    import numpy as np

    digits = [counts[0]]  # count = d0 + m0·d1 + m0·m1·d2 + ..., d0 < 2⁶⁴ and d_j < m_j
    for j in range(1, len(mods)):
        m = mods[j]
        below = _mod(digits, mods, m)  # d0 + m0·d1 + ... + m0···m_{j-1}·d_{j-1} (mod m)
        radix = math.prod(mods[:j]) % m
        gap = (counts[j] + np.uint64(m) - below) % np.uint64(m)
        digits.append(gap * np.uint64(pow(radix, -1, m)) % np.uint64(m))
    return np.concatenate((counts, _mod(digits, mods, prime)[None, :]))


def _mod(digits: list[npt.NDArray[np.uint64]], mods: Sequence[int], m: int) -> npt.NDArray[np.uint64]:
    """The number of these mixed-radix digits, modulo m (below 2³²)."""
    import numpy as np

    value = digits[0] % np.uint64(m)
    for j, digit in enumerate(digits[1:], start=1):
        value = (value + np.uint64(math.prod(mods[:j]) % m) * (digit % np.uint64(m))) % np.uint64(m)
    return value


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
