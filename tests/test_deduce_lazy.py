"""What a board makes only when first read (deduce/layout.py, `_Later`): the faces' colours, each
edge's two faces and the probes' lists of rules by edge. Made, they are what the lattice and the
clues give, worked out here point by point; a board decided below Deep never makes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopsat.deduce.board import Board
from loopsat.deduce.probe import deduced_board
from loopsat.deduce.run import setup
from loopsat.genres import read_puzzles

DATA = Path(__file__).parent / "data" / "deduce"
FILES = ("tatham-hard-20x20-a.slither", "tatham-tricky-12x12.masyu")
LATER = {"colours", "edge_faces", "watch"}


def _setup(name: str) -> tuple[list[tuple[int, int]], object, list[object]]:
    path = DATA / name
    edges, rules, tables = setup(read_puzzles(str(path), path.read_bytes(), None)[0])
    return edges, rules, tables  # type: ignore[return-value]


@pytest.mark.parametrize("name", FILES)
def test_a_board_decided_below_deep_never_makes_them(name: str) -> None:
    edges, rules, tables = _setup(name)
    board = deduced_board(edges, tables, True, None, None, None, rules.levels)  # type: ignore[arg-type, attr-defined]
    assert -1 not in board.value  # decided (these two are, below Deep: else this shows nothing)
    assert not LATER & board.__dict__.keys() and type(board) is not Board


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("first", sorted(LATER))
def test_made_at_the_first_read_of_any_they_are_what_the_lattice_gives(name: str, first: str) -> None:
    edges, rules, tables = _setup(name)
    board = Board(edges, tables, True, None, rules.levels)  # type: ignore[arg-type, attr-defined]
    getattr(board, first)
    assert board.__dict__.keys() >= LATER and type(board) is Board  # all made, the board plain again
    # the probes' lists: each edge's two ends' vertex rules, then each clue rule reading it, in order
    watch = [[a, b] for a, b in board.ends]
    for number in range(board.vertex_rules, board.clue_rules):
        for k in board.rules[number][0]:
            watch[k].append(number)
    assert board.watch == watch
    # the faces beside each edge, from its point: a cell (both coordinates odd) or the outside (0)
    rows, cols = board.shape

    def face(x: int, y: int) -> int:
        inside = 0 < x < 2 * rows - 2 and 0 < y < 2 * cols - 2
        return 1 + x // 2 * (cols - 1) + y // 2 if inside else 0

    beside = [((x - 1, y), (x + 1, y)) if x % 2 == 0 else ((x, y - 1), (x, y + 1)) for x, y in board.lattice]
    assert board.edge_faces == [(face(*a), face(*b)) for a, b in beside]
    colours = board.colours  # each face its own class, nothing merged
    assert colours.leader == list(range((rows - 1) * (cols - 1) + 1)) and not colours.log
    assert colours.edge_faces is board.edge_faces
