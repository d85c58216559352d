"""The loops next to a loop (loopsat/setter/flips.py) against a brute force that traces each
flipped loop whole, and the removals they refuse in thinning (loopsat/setter/witness.py)
against the solver: every refused removal leaves two loops, and the count kept as clues go
answers as a fresh look at the thinner puzzle does."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from loopsat import api
from loopsat.genres.slitherlink import clued
from loopsat.grid import cell_sides
from loopsat.loops import is_cycle_union, pieces
from loopsat.setter.board import Thinning
from loopsat.setter.flips import Cycle, flips
from loopsat.setter.witness import Witnesses
from tests.loopgen import random_region


def _loop(region: set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """The border of a region of cells, in doubled coordinates."""
    border: set[tuple[int, int]] = set()
    for i, j in region:
        border.symmetric_difference_update(cell_sides((2 * i + 1, 2 * j + 1)))
    return frozenset(border)


def _brute(loop: frozenset[tuple[int, int]], faces: frozenset[tuple[int, int]], most: int) -> set[frozenset]:
    """Every connected set of up to `most` faces whose flip leaves one loop, traced whole."""
    found: set[frozenset] = set()
    layer = {frozenset([face]) for face in faces}
    for size in range(1, most + 1):
        for region in layer:
            changed: set[tuple[int, int]] = set()
            for face in region:
                changed.symmetric_difference_update(cell_sides(face))
            flipped = loop.symmetric_difference(changed)
            if flipped and is_cycle_union(flipped) and len(pieces(flipped)) == 1:
                found.add(frozenset(changed))
        if size < most:
            layer = {
                region | {(x + dx, y + dy)}
                for region in layer
                for x, y in region
                for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2))
                if (x + dx, y + dy) in faces
            }
    return found


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), st.integers(2, 6), st.integers(0, 10**6), st.integers(1, 3))
def test_the_flips_are_the_brute_forces(rows, cols, seed, most):
    loop = _loop(random_region(rows, cols, random.Random(seed)))
    faces = frozenset((2 * i + 1, 2 * j + 1) for i in range(rows) for j in range(cols))
    assert {frozenset(changed) for changed in flips(loop, faces, most)} == _brute(loop, faces, most)


def test_a_loop_of_two_pieces_is_no_cycle():
    two = _loop({(0, 0)}) | _loop({(2, 2)})
    try:
        Cycle(two)
    except ValueError:
        return
    raise AssertionError("two squares apart made one cycle")


def test_each_refused_removal_leaves_two_loops_and_the_counts_follow_the_clues():
    rng = random.Random(1)
    loop = _loop(random_region(5, 5, rng))
    puzzle = clued(5, 5, loop)  # every cell clued: one loop
    board = Thinning(puzzle, loop)
    cells = sorted(board.clues(puzzle))
    witnesses, thinner, refused = Witnesses(board, puzzle), puzzle, 0
    for _ in range(16):
        tried = rng.sample(sorted(board.clues(thinner)), 2)
        candidate = board.setter.without(thinner, tried)
        fresh = Witnesses(board, thinner)
        assert witnesses.refute(tried) == fresh.refute(tried)
        if witnesses.refute(tried):
            refused += 1
            assert api.solve(candidate).status == "multiple"
        elif api.solve(candidate).status == "unique":
            witnesses.remove(tried)
            thinner = candidate
    assert refused and len(board.clues(thinner)) < len(cells)  # both kinds of answer were met
