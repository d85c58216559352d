"""A small backtracking search over the propagator: a loop on a board the deduction left open.

Meant for small open parts (the generator's looks for a second loop near a clue, every other
edge given): each node decides one edge and propagates; a node whose propagation fails is
abandoned, and the first board with every edge decided is a loop. A budget of nodes bounds it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from loopsat.deduce.board import Board
from loopsat.deduce.probe import deduced_board
from loopsat.deduce.rules import Contradiction, Rule
from loopsat.grid import Point


class OutOfNodes(Exception):
    """The search used its budget of nodes without an answer."""


def find_loop(
    edges: Iterable[Point],
    rules: Iterable[Rule],
    *,
    given: Mapping[Point, bool] | None = None,
    nodes: int = 1000,
) -> frozenset[Point] | None:
    """The edges of a single loop that the rules allow, or None when there is none; raises
    OutOfNodes after `nodes` decisions without an answer. The root is deduced first, probing
    included, as `deduce` does."""
    try:
        board = deduced_board(list(edges), rules, True, given)
    except Contradiction:
        return None
    board.probing = True  # the corner rules only repeat the tables, which decide a full board
    budget = [nodes]
    found = _branch(board, budget)
    return None if found is None else frozenset(board.lattice[k] for k in found)


def _branch(board: Board, budget: list[int]) -> list[int] | None:
    """Depth first from the board as it stands, which is undone on the way back."""
    k = _choice(board)
    if k < 0:
        on = [j for j, bit in enumerate(board.value) if bit == 1]
        return on or None  # no edge on is no loop
    for bit in (1, 0):
        budget[0] -= 1
        if budget[0] < 0:
            raise OutOfNodes
        mark = board.mark()
        try:
            board.settle([(k, bit)], "", ())
        except Contradiction:
            board.undo(mark)
            continue
        found = _branch(board, budget)
        if found is not None:
            return found
        board.undo(mark)
    return None


def _choice(board: Board) -> int:
    """An undecided edge at the end of a chain with the fewest open arms there (the loop must go
    on through one of them), else any undecided edge; -1 when every edge is decided."""
    value, arms, best, fewest = board.value, board.arms, -1, 5
    for v, degree in enumerate(board.chains.degree):
        if degree == 1:
            open_arms = [k for k in arms[v] if value[k] < 0]
            if open_arms and len(open_arms) < fewest:
                best, fewest = open_arms[0], len(open_arms)
    if best >= 0:
        return best
    return next((k for k, bit in enumerate(value) if bit < 0), -1)
