"""The referee walks one loop off the bits (verify._loops); listing every edge and each point's
arms (verify.cycles) is the way it falls back to. Both must pass and refuse the same edge sets
with the same message."""

from __future__ import annotations

import random

import pytest

from loopsat import verify
from loopsat.errors import VerificationError
from loopsat.puzzle import Puzzle


def _verdict(check: object, *args: object) -> str:
    try:
        check(*args)  # type: ignore[operator]
    except VerificationError as exc:
        return str(exc)
    return "passed"


def _bits(rows: int, cols: int, on: set[int]) -> tuple[list[str], list[str]]:
    """The h/v strings of a lattice of rows × cols points with the edges numbered in `on` on
    (the h edges row-major, then the v edges)."""
    across = rows * (cols - 1)
    h = ["".join("1" if i * (cols - 1) + j in on else "0" for j in range(cols - 1)) for i in range(rows)]
    v = ["".join("1" if across + i * cols + j in on else "0" for j in range(cols)) for i in range(rows - 1)]
    return h, v


def _sets(rows: int, cols: int) -> list[set[int]]:
    edges = rows * (cols - 1) + (rows - 1) * cols
    if edges <= 12:  # every set
        return [{k for k in range(edges) if mask >> k & 1} for mask in range(1 << edges)]
    pick = random.Random(rows * 100 + cols)
    return [{k for k in range(edges) if pick.random() < share} for share in (0.3, 0.5, 0.7) for _ in range(300)]


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (2, 4), (4, 5), (5, 4)])
def test_the_walk_judges_as_the_listed_edges(rows: int, cols: int) -> None:
    for on in _sets(rows, cols):
        h, v = _bits(rows, cols, on)
        for single_loop in (True, False):
            walked = _verdict(verify._loops, h, v, len(on), single_loop)
            listed = _verdict(verify.cycles, verify.loop_edges(h, v), single_loop)
            assert walked == listed, (h, v, single_loop)


def test_a_row_of_clues_holds_at_once_as_cell_by_cell() -> None:
    pick = random.Random(7)
    for _ in range(400):
        rows, cols = pick.randint(1, 4), pick.randint(1, 6)
        grid = tuple("".join(pick.choice("..01234") for _ in range(cols)) for _ in range(rows))
        h, v = _bits(rows + 1, cols + 1, {k for k in range(2 * rows * cols + rows + cols) if pick.random() < 0.4})
        puzzle = Puzzle("slitherlink", "board", grid)
        for i, row in enumerate(grid):
            cell_by_cell = _verdict(verify._row_clues, puzzle, h, v, i, {}) == "passed"
            assert verify._plain_row_holds(h, v, i, row) == cell_by_cell, (grid, h, v, i)
    assert not verify._plain_row_holds(["0"], ["00"], 0, "a")  # a letter: never at once
