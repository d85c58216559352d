"""deduce/codes.py's codes, counted edge by edge as the propagator takes each edge decided,
against each dot's arms and each cell's sides read from the edges' values (as the Easy lane and
the pairs' levels read them before the codes); and a board undone outside probes counts again."""

from __future__ import annotations

import random
from itertools import product

import pytest

from loopsat.deduce.board import Board
from loopsat.deduce.codes import STATES, cell_at, code_of, counted
from loopsat.deduce.faces import geometry
from loopsat.deduce.layout import Layout
from loopsat.deduce.rules import GIVEN, Level
from loopsat.deduce.run import setup
from loopsat.genres import read_puzzles

# the first of Tatham's 7×7 Tricky games (tests/data/tatham/loopy-t.url): its pairs read the codes
GAME = "7x7t0:a2a1a112a23c3b2d12b2a3a11a3a3a1a1b3a2a323\n"


def _cells(rows: int, cols: int) -> list[tuple[int, tuple[int, int, int, int]]]:
    """Each cell's north-west dot and its sides N, E, S, W, read from the dots' arms."""
    arms = geometry(rows, cols)[0]
    return [
        (v, (arms[v][1], arms[v + 1][2], arms[v + cols][1], arms[v][2]))
        for v in (r * cols + c for r, c in product(range(rows - 1), range(cols - 1)))
    ]


def _assert_counted(codes: list[int], value: list[int], rows: int, cols: int) -> None:
    arms = geometry(rows, cols)[0]
    for v, dot in enumerate(arms):
        assert codes[v] == code_of([value[k] if k >= 0 else 0 for k in dot])
    for v, sides in _cells(rows, cols):
        assert codes[cell_at(len(arms), cols, v)] == code_of([value[k] for k in sides])


def test_states_and_codes_are_inverse() -> None:
    assert sorted(code_of(states) for states in product((-1, 0, 1), repeat=4)) == list(range(81))
    assert all(code_of(STATES[code]) == code for code in range(81))


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4), (4, 1), (2, 2), (3, 5), (6, 4)])
def test_counted_codes_are_the_states_read(rows: int, cols: int) -> None:
    """Edges decided at random, in a random order: each dot's and each cell's code is theirs."""
    rng = random.Random(rows * 10 + cols)
    layout = Layout()
    layout._lay(rows, cols)
    value = [rng.choice((-1, 0, 1)) for _ in layout.lattice]
    decided = [k for k, bit in enumerate(value) if bit >= 0]
    rng.shuffle(decided)
    _assert_counted(counted(rows, cols, decided, value, layout.ends), value, rows, cols)


def _board() -> Board:
    edges, rules, tables = setup(read_puzzles("tricky.url", GAME.encode(), None)[0])
    return Board(edges, tables, True, None, rules.levels, Level.HARD)


def test_the_propagators_codes_follow_its_edges() -> None:
    """Halfway (read at Easy only), after the deduction (with its pairs), and after an undo
    outside probes back to halfway."""
    board = _board()
    rows, cols = board.shape
    assert board.codes is not None
    board.cap = Level.EASY
    board.settle((), GIVEN, ())
    _assert_counted(board.codes, board.value, rows, cols)
    halfway, value = board.mark(), board.value.copy()
    board.cap = Level.HARD
    board.settle((), GIVEN, ())
    assert board.pairs is not None  # the pairs read the codes
    assert len(board.assigned) > halfway[0]
    _assert_counted(board.codes, board.value, rows, cols)
    board.undo(halfway)
    assert board.value == value
    _assert_counted(board.codes, board.value, rows, cols)


def test_rules_that_share_moves_by_code_read_the_same_states_there() -> None:
    """Halfway through the deduction, each rule read by a code (`Board.code_at`): every vertex
    rule, every clue over a cell and each of its guarded rules, whose place is its clue's; and
    two rules that keep their moves in one list (`Board.code_moves`) and read one code there
    are forced alike by their own edges' values, as the Easy lane would read them."""
    board = _board()
    assert board.codes is not None
    board.cap = Level.EASY
    board.settle((), GIVEN, ())
    at, memos, tables, readers = board.code_at, board.code_moves, board.rule_tables, board.readers
    for rule, guard in enumerate(board.guard_of):
        if guard is not None:
            assert at[rule] == at[guard[0]]
    assert at[: board.vertex_rules] == list(range(board.vertex_rules))
    assert sum(place is not None for place in at[board.vertex_rules : board.clue_rules]) > 0
    seen: dict[tuple[int, int], object] = {}
    for rule, place in enumerate(at):
        if place is not None:
            forced = tables[rule].forced(readers[rule](board.value))
            assert seen.setdefault((id(memos[rule]), board.codes[place]), forced) == forced, rule
    assert len(seen) > 10
