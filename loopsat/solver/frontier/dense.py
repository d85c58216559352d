"""The sweep of a board without clues, its states indexed instead of sorted.

Every state has a fixed place (motzkin.py; a bit pattern for disjoint loops), so the counts
live in dense arrays and a vertex moves whole rectangles of them: no keys, no sort, no merge.
A state's place at one vertex depends only on its word, so nothing else is kept.

Counts are residues, one modulus per pass over the board, so a pass holds one uint32 per
state: the first modulus 2³² (uint32 wraps by itself), then primes below 2³¹ (two residues add
below 2³², reduced by one subtraction). A loop is fixed by the cells inside it and a set of
disjoint loops by the cells inside an odd number of them, so neither count reaches 2^cells:
moduli whose product passes that give the count exactly (Chinese remainder theorem).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from loopsat.solver.frontier import residues
from loopsat.solver.frontier.budget import resident, size
from loopsat.solver.frontier.motzkin import DEPTH, Words
from loopsat.solver.frontier.refusals import OverBudget

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Block = npt.NDArray[np.uint32]

WRAP = 1 << 32  # the first modulus: uint32 arithmetic keeps it by wrapping
PRIME_TOP = 1 << 31  # primes below it: two residues add without passing 2³²
# Bytes a pass holds per state: the states before a vertex and after it (4 bytes each) and
# the sums of the largest rectangle on their way.
_BYTES_PER_STATE = 12


def moduli(cells: int) -> list[int]:
    """2³², then primes below 2³¹, until their product passes 2^cells (every count is below)."""
    found = [WRAP]
    while math.prod(found) <= 1 << cells:
        found.append(residues._primes_below(PRIME_TOP, len(found))[-1])
    return found


def count(
    rows: int, cols: int, single_loop: bool, memory: int, progress: Callable[[str], None] | None = None
) -> int:
    """The loops (or sets of disjoint loops) on a lattice of rows × cols vertices without rules,
    cols the shorter side."""
    states = Words(cols + 1).size(cols + 1, 0) if single_loop else 1 << (cols + 1)
    held = resident()
    if held + _BYTES_PER_STATE * states > memory:
        raise OverBudget(
            f"the count needs more memory than its budget of {size(memory)} ({states:,} states across "
            f"the sweep, the process holding {size(held)}; raise it with --memory-limit or LOOPSAT_MEMORY_LIMIT)"
        )
    mods = moduli(max(rows - 1, 0) * max(cols - 1, 0))
    sweep = Loops(rows, cols) if single_loop else Disjoint(rows, cols)
    found = []
    for number, modulus in enumerate(mods, start=1):

        def heard(row: int, col: int, number: int = number) -> None:
            if progress is not None:
                progress(
                    f"row {row + 1}/{rows}, column {col + 1}/{cols}: {states:,} states "
                    f"(pass {number}/{len(mods)})"
                )

        found.append(sweep.run(modulus, heard))
    return residues.combine(found, mods)


class Loops:
    """Single loops: per depth d a block, rows the prefixes before the vertex at d, columns the
    suffixes from it (its two arms first)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.words = Words(cols + 1)

    def run(self, modulus: int, heard: Callable[[int, int], None]) -> int:
        """The loops closed on the way, modulo `modulus`."""
        import numpy as np

        n, words = self.cols + 1, self.words
        first = np.zeros((1, words.size(n, 0)), np.uint32)
        first[0, 0] = 1  # no arm on
        blocks = {0: first}
        loops = 0
        for row in range(self.rows):
            for col in range(self.cols):
                heard(row, col)
                blocks, closed = self.vertex(blocks, col, row < self.rows - 1, col < self.cols - 1, modulus)
                loops += closed
            # every state ends the row with its last arm off: its words of n - 1 letters move in
            # front of an off arm, from prefix order to suffix order
            ended = blocks[0][:, 0] if 0 in blocks else np.zeros(0, np.uint32)
            first = np.zeros((1, words.size(n, 0)), np.uint32)
            first[0, words.row_end()] = ended
            blocks = {0: first}
        return loops % modulus

    def vertex(
        self, before: dict[int, Block], col: int, south: bool, east: bool, modulus: int
    ) -> tuple[dict[int, Block], int]:
        """The states after the vertex at `col` (its south and east edges allowed or not)."""
        import numpy as np

        n, words = self.cols + 1, self.words
        tail = n - col - 2  # the letters after the vertex's two arms
        after: dict[int, Block] = {}
        for depth in range(min(col + 1, n - col - 1) + 1):
            shape = (words.size(col + 1, depth), words.size(n - col - 1, depth))
            if shape[0] and shape[1]:  # the longer side innermost: numpy's inner loops run long
                after[depth] = np.zeros(shape, np.uint32, order="C" if shape[0] <= shape[1] else "F")

        def arms(depth: int, west: int, north: int) -> Block | None:
            """The states at `depth` whose west and north arms are these letters."""
            block, width = before.get(depth), words.size(tail, depth + DEPTH[west] + DEPTH[north])
            if block is None or not width or depth + DEPTH[west] < 0:
                return None
            start = words.window_at(n - col, depth, west, north)
            return block[:, start : start + width]

        def into(depth: int, down: int, right: int) -> Block:
            """Where the states go whose new south and east arms are these letters (prefix at
            `depth` before the south arm joins it)."""
            block = after[depth + DEPTH[down]]
            top = words.prefix_at(col + 1, depth + DEPTH[down], down)
            start = words.suffix_at(n - col - 1, depth + DEPTH[down], right)
            width = words.size(tail, depth + DEPTH[down] + DEPTH[right])
            return block[top : top + words.size(col, depth), start : start + width]

        add = _adder(modulus)
        closed = 0
        for depth in before:
            level = arms(depth, 0, 0)
            if level is not None:
                add(level, arms(depth, 2, 1), into(depth, 0, 0))  # nothing on, or `)` `(` joined
                if south and east:
                    into(depth, 1, 2)[...] = level  # a new path end on each
            opening = arms(depth, 1, 0)
            if opening is not None:  # a `(` goes on south or east
                _spread(add, opening, arms(depth, 0, 1), into(depth, 1, 0) if south else None, into(depth, 0, 1) if east else None)
            closing = arms(depth, 2, 0)
            if closing is not None:
                _spread(add, closing, arms(depth, 0, 2), into(depth, 2, 0) if south else None, into(depth, 0, 2) if east else None)
            both = arms(depth, 1, 1)
            if both is not None:  # `(` `(` joined: the partner of the second turns `(`
                target = into(depth, 0, 0)
                for source, where in words.joined(tail, depth, True):
                    joined = target[:, where]
                    add(joined, both[:, source], joined)
                    target[:, where] = joined
            both = arms(depth, 2, 2)
            if both is not None:  # `)` `)` joined: the partner of the first turns `)`
                target = into(depth - 2, 0, 0)
                for source, where in words.joined(col, depth, False):
                    joined = target[where]
                    add(joined, both[source], joined)
                    target[where] = joined
            if depth == 0:
                loop = arms(0, 1, 2)
                if loop is not None and loop.shape[0]:  # `(` `)` meet with no other arm on
                    closed += int(loop[0, 0])
        return after, closed


class Disjoint:
    """Disjoint loops: a state is its arms' bits, slot 0 the highest, so a vertex's two arms
    are the middle axes of a 4-D view."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols

    def run(self, modulus: int, heard: Callable[[int, int], None]) -> int:
        """The sets of disjoint loops (the empty one included), modulo `modulus`."""
        import numpy as np

        n = self.cols + 1
        states = np.zeros(1 << n, np.uint32)
        states[0] = 1
        add = _adder(modulus)
        for row in range(self.rows):
            south = row < self.rows - 1
            for col in range(self.cols):
                heard(row, col)
                east = col < self.cols - 1
                was = states.reshape(1 << col, 2, 2, 1 << (n - col - 2))
                now = np.zeros_like(was)
                add(was[:, 0, 0], was[:, 1, 1], now[:, 0, 0])
                if south and east:
                    now[:, 1, 1] = was[:, 0, 0]
                _spread(add, was[:, 1, 0], was[:, 0, 1], now[:, 1, 0] if south else None, now[:, 0, 1] if east else None)
                states = now.reshape(-1)
            shifted = np.zeros_like(states)  # the last arm (off) leaves, an off arm enters in front
            shifted[: 1 << (n - 1)] = states[0::2]
            states = shifted
        return int(states[0]) % modulus


def _spread(
    add: Callable[[Block, Block | None, Block], None],
    one: Block,
    other: Block | None,
    down: Block | None,
    right: Block | None,
) -> None:
    """One arm in (west or north) goes on south or east: both get the sum."""
    if down is not None:
        add(one, other, down)
        if right is not None:
            right[...] = down
    elif right is not None:
        add(one, other, right)


def _adder(modulus: int) -> Callable[[Block, Block | None, Block], None]:
    """out = a + b modulo `modulus` (b None: a), for residues below it."""
    import numpy as np

    prime = np.uint32(modulus % WRAP)

    def add(a: Block, b: Block | None, out: Block) -> None:
        if b is None:
            out[...] = a
            return
        np.add(a, b, out=out)
        if modulus != WRAP:
            np.minimum(out, out - prime, out=out)

    return add
