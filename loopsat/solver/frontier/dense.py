"""The sweep of a board without clues, its states indexed instead of sorted.

Every state has a fixed place (plan.py and motzkin.py; a bit pattern for disjoint loops), so
the counts live in dense arrays and a vertex moves whole rectangles of them: no keys, no sort,
no merge. What each vertex moves is planned once, before any count.

Counts are residues, one modulus per pass over the board, so a pass holds one uint32 per
state: the first modulus 2³² (uint32 wraps by itself), then primes below 2³¹ (two residues add
below 2³², brought back below the prime by one subtraction). Moduli whose product passes a
bound on the count give it exactly (Chinese remainder theorem): the sets of disjoint loops,
counted in float64 on 2^(cols + 1) states, a fraction of one pass (`bound`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from loopsat.solver.frontier import plan, residues
from loopsat.solver.frontier.budget import give_back, map_large_blocks, resident, size
from loopsat.solver.frontier.motzkin import Words
from loopsat.solver.frontier.plan import Plan
from loopsat.solver.frontier.refusals import OverBudget

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Block = npt.NDArray[np.uint32]
    Index = npt.NDArray[np.int32]

WRAP = 1 << 32  # the first modulus: uint32 arithmetic keeps it by wrapping
PRIME_TOP = 1 << 31  # primes below it: two residues add without passing 2³²
# Bytes a count holds per state of its largest layout, beyond what the process held before:
# the two buffers (4 bytes each), the joins' flat layers, the row end's map, the planning's
# peak. Whole-process peaks less the 30 MB held at the start: an empty 16×16 (3.21 million
# states) 99 MB, 21.5 bytes a state; an empty 18×18 (24.7 million) 458 MB, 17.3.
_BYTES_PER_STATE = 22


def primes(how_many: int) -> tuple[int, ...]:
    """The moduli after 2³²: the largest primes below 2³¹, in falling order."""
    return residues.primes_below(PRIME_TOP, how_many)


def moduli(bits: int) -> list[int]:
    """2³², then primes below 2³¹, until their product passes 2^bits."""
    found = [WRAP]
    while math.prod(found) <= 1 << bits:
        found.append(primes(len(found))[-1])
    return found


def count(rows: int, cols: int, single_loop: bool, memory: int, progress: Callable[[str], None] | None = None) -> int:
    """The loops (or sets of disjoint loops) on a lattice of rows × cols vertices without rules,
    cols the shorter side."""
    states = plan.states(Words(cols + 1), cols + 1) if single_loop else 1 << (cols + 1)
    held = resident()
    if held + _BYTES_PER_STATE * states > memory:
        raise OverBudget(
            f"the count needs more memory than its budget of {size(memory)} ({states:,} states across "
            f"the sweep, the process holding {size(held)}; raise it with --memory-limit or LOOPSAT_MEMORY_LIMIT)"
        )
    mods = moduli(bound(rows, cols).bit_length())
    sweep = Loops(rows, cols) if single_loop else Disjoint(rows, cols)
    found = []
    for number, modulus in enumerate(mods, start=1):

        def heard(row: int, col: int, number: int = number) -> None:
            if progress is not None:
                progress(
                    f"row {row + 1}/{rows}, column {col + 1}/{cols}: {states:,} states (pass {number}/{len(mods)})"
                )

        found.append(sweep.run(modulus, heard))
    return residues.combine(found, mods)


def bound(rows: int, cols: int) -> int:
    """A number above the sets of disjoint loops, so above the single loops too. Their count in
    float64 (exact below 2⁵³) is off by a factor of at most (1 + 2⁻⁵³)^steps, as each vertex
    adds two counts with one rounding: below 2²⁰ steps, 2⁻³⁰ more covers it. Past that (no
    such board is counted in time), a set of disjoint loops is fixed by the cells inside an odd
    number of them: fewer than 2^cells."""
    if rows * cols >= 1 << 20:
        return 1 << max(rows - 1, 0) * max(cols - 1, 0)
    estimate = int(Disjoint(rows, cols).run(None, lambda row, col: None))
    return estimate + (estimate >> 30) + 1


def _inverse(permutation: Index) -> Index:
    """A permutation's inverse, by one scatter rather than a sort (and no copy of it kept while
    the plans are built: 9 MB more at an empty 16×16's peak)."""
    import numpy as np

    inverse = np.empty_like(permutation)
    inverse[permutation] = np.arange(len(permutation), dtype=permutation.dtype)
    return inverse


class Loops:
    """Single loops: per depth d a block, rows the prefixes before the vertex at d, columns the
    suffixes from it (its two arms first). The blocks of a vertex lie in one flat buffer and
    those after it in another, so a pass allocates nothing; what a vertex does is planned once
    per column as views into the two buffers (plan.py)."""

    def __init__(self, rows: int, cols: int) -> None:
        """Plan every vertex before any count moves: the maps the plans are built from are
        dropped as the columns advance, and the heap they took is given back (budget.py), so
        that the buffers' pages, touched later, come on top of a small process."""
        import numpy as np

        map_large_blocks()
        self.rows, self.cols = rows, cols
        n = cols + 1
        words = Words(n)
        most = plan.states(words, n)
        self.buffers = (np.zeros(most + 1, np.uint32), np.zeros(most + 1, np.uint32))  # no page touched yet
        self.scratch = np.zeros((2, min(plan.SCRATCH, most)), np.uint32)
        self.gather = _inverse(words.row_end())  # suffix order → prefix order
        self.plans: dict[tuple[int, bool, int], Plan] = {}
        shared = plan.Shared()  # the joins' moves, for every side and row
        for col in range(cols):
            for row in {0, 1, rows - 2, rows - 1} & set(range(rows)):  # each kind of row on each side
                key = (col, row < rows - 1, (row * (cols + 1) + col) % 2)
                if key not in self.plans:
                    east = col < cols - 1
                    self.plans[key] = Plan(words, n, col, key[1], east, self.buffers, key[2], self.scratch, shared)
            words.forget(col)
        self.wide = shared.room(len(self.scratch[0]))
        give_back()

    def run(self, modulus: int, heard: Callable[[int, int], None]) -> int:
        """The loops closed on the way, modulo `modulus`."""

        ended = len(self.gather)
        first = self.buffers[0]
        first[:ended] = 0
        first[0] = 1  # no arm on
        loops, side = 0, 0
        for row in range(self.rows):
            for col in range(self.cols):
                heard(row, col)
                loops += self.plans[col, row < self.rows - 1, side].run(modulus)
                side ^= 1
            # every state ends the row with its last arm off: its words of n - 1 letters move in
            # front of an off arm, from prefix order to suffix order
            # in pieces, their indices widened in a room of their own (plan.gather)
            source, target, most = self.buffers[side][:ended], self.buffers[side ^ 1], len(self.wide)
            for start in range(0, ended, most):
                piece = self.gather[start : start + most]
                plan.gather(source, piece, target[start : start + len(piece)], self.wide)
            side ^= 1
        return loops % modulus


class Disjoint:
    """Disjoint loops: a state is its arms' bits, slot 0 the highest, so a vertex's two arms
    are the middle axes of a 4-D view."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols

    def run(self, modulus: int | None, heard: Callable[[int, int], None]) -> int:
        """The sets of disjoint loops (the empty one included), modulo `modulus` (None: in
        float64, rounded)."""
        import numpy as np

        n = self.cols + 1
        states: npt.NDArray[Any] = np.zeros(1 << n, np.uint32 if modulus else np.float64)
        states[0] = 1
        prime = np.uint32(modulus) if modulus and modulus < WRAP else None
        for row in range(self.rows):
            south = row < self.rows - 1
            for col in range(self.cols):
                heard(row, col)
                east = col < self.cols - 1
                was = states.reshape(1 << col, 2, 2, 1 << (n - col - 2))
                now = np.zeros_like(was)
                sums = [(now[:, 0, 0], was[:, 0, 0], was[:, 1, 1])]  # nothing on, or two ends joined
                if south or east:  # one end in goes on south or east
                    sums.append((now[:, 1, 0] if south else now[:, 0, 1], was[:, 1, 0], was[:, 0, 1]))
                for out, a, b in sums:
                    np.add(a, b, out=out)
                    if prime is not None:
                        np.minimum(out, out - prime, out=out)
                if south and east:
                    now[:, 0, 1] = now[:, 1, 0]
                    now[:, 1, 1] = was[:, 0, 0]  # a new end on each
                states = now.reshape(-1)
            shifted = np.zeros_like(states)  # the last arm (off) leaves, an off arm enters in front
            shifted[: 1 << (n - 1)] = states[0::2]
            states = shifted
        return int(states[0]) % modulus if modulus else int(states[0])
