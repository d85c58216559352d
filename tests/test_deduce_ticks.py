"""The Easy lane's stamps (queues.run_by_level): a rule read in a call is stamped with a tick the
board keeps, so that an edge decided later, in the next call, stamps its batch later still and
the rules it hands on are read again. A call that read its first batch and decided nothing once
left the board's tick one behind its rules' stamps: the next call's first edge then passed them
as read since it changed."""

from __future__ import annotations

from loopsat.deduce.board import Board
from loopsat.deduce.rules import GIVEN, Level
from loopsat.deduce.run import setup
from loopsat.genres import read_puzzles

# a lone 1 in the middle: the Easy rules read it and decide nothing
LONE_ONE = ".....\n.....\n..1..\n.....\n.....\n"


def _board() -> Board:
    edges, rules, tables = setup(read_puzzles("lone.slither", LONE_ONE.encode(), None)[0])
    return Board(edges, tables, True, None, rules.levels, Level.EASY)


def test_no_rule_is_stamped_after_the_boards_tick() -> None:
    board = _board()
    board.propagate()
    assert not board.assigned  # nothing decided: the case the stale tick hid in
    assert max(board.read_at) >= 1  # the first batch was read
    assert max(board.read_at) <= board.tick


def test_an_edge_decided_in_the_next_call_has_its_rules_read_again() -> None:
    board = _board()
    board.propagate()
    sides = board.rules[board.vertex_rules][0]  # the 1's, its rule read in the first call
    board.settle([(sides[0], 1)], GIVEN, ())
    assert [board.value[k] for k in sides] == [1, 0, 0, 0]
