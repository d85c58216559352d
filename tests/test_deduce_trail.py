"""The deduction's trail, step by step, on two of Tatham's Hard 20×20 Loopy boards: the propagation
engine may get faster, never decide other edges, by other rules or in another order (the grade
and `explain` read this trail). The digests were recorded before the engine's queues learnt to
pass rules read since their edges last changed; a change of the Slitherlink rules themselves,
or of the order in which Tatham's pairs of lines look at the faces and dots near a change,
records them again (`_digest` below, on each file): last when that order became first come,
first looked at (deduce/turns.py), where it had been the order CPython's sets pop in."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from loopsat.deduce import blocks
from loopsat.deduce import puzzle as deduce_puzzle
from loopsat.genres import read_puzzles

DATA = Path(__file__).parent / "data" / "deduce"

# file: (steps in the trail, edges decided, SHA-256 of the trail's repr)
TRAILS = {
    "tatham-hard-20x20-a.slither": (840, 840, "f87cc2147cb8e69d914928310354e16bf4b935509abb9f2a0800fd4b33473e93"),
    "tatham-hard-20x20-b.slither": (840, 840, "03d91365eb0d1ff9132d3171b5520dc1cdd8b2b8eec67f135128bb7ca7c630da"),
}


def _digest(name: str) -> tuple[int, int, str]:
    path = DATA / name
    deduction = deduce_puzzle(read_puzzles(str(path), path.read_bytes(), None)[0])
    trail = [(step.rule, step.read, step.decided) for step in deduction.steps]
    return len(trail), len(deduction.fixed or {}), hashlib.sha256(repr(trail).encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(TRAILS))
def test_the_trail_is_the_recorded_one(name: str) -> None:
    assert _digest(name) == TRAILS[name]


@pytest.mark.parametrize("name", ["tatham-hard-20x20-a.slither", "tatham-tricky-12x12.masyu"])
def test_joins_moved_from_a_shape_elsewhere_are_those_worked_out(name: str) -> None:
    """A rule's corner joins are copied from the first of its shape, moved (near the border, of
    its shape and its vertices' sides of the lattice): each must be what working it out from the
    vertex rules gives."""
    from loopsat.deduce.board import Board
    from loopsat.deduce.run import setup

    path = DATA / name
    edges, rules, tables = setup(read_puzzles(str(path), path.read_bytes(), None)[0])
    board = Board(edges, tables, True, None, rules.levels)
    moved = {True: 0, False: 0}  # rules moved from another, away from the border and near it
    for number in range(board.vertex_rules, board.clue_rules):
        scope, table = board.rules[number]
        shown, worked = blocks.moved_joins(board, scope, table), blocks.worked_out_joins(board, scope, table)
        assert [_readable(board, join) for join in shown] == [_readable(board, join) for join in worked]
        if blocks.shape_joins(board, scope, table)[1]:
            moved[all(board.inner_edge[k] for k in scope)] += 1  # both ends of each edge inside
    assert moved[True] and moved[False]  # both were moved from a rule elsewhere (else this shows nothing)


def _readable(board: object, join: tuple) -> tuple:
    """A join with each reader replaced by what it reads off the lattice (readers are made anew)."""
    joint, compiled, outside, empty, one_short = join
    lattice = board.lattice  # type: ignore[attr-defined]
    shown = [c and (c[0], c[1](lattice)) for c in (compiled, one_short)]
    return joint, shown[0], outside, empty, shown[1]
