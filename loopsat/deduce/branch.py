"""A small backtracking search over the propagator: a loop on a board the deduction left open.

Meant for small open parts (the generator's looks for a second loop near a clue, every other
edge given; solve()'s proof that the loop is unique where the deduction left little open): each
node decides one edge and propagates; a node whose propagation fails is abandoned, and a board
with every edge decided is a loop. A budget of nodes bounds it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from operator import itemgetter

from loopsat.deduce.board import Board
from loopsat.deduce.probe import deduced_board
from loopsat.deduce.rules import Contradiction, Rule
from loopsat.grid import Point


class OutOfNodes(Exception):
    """The search used its budget of nodes without an answer."""


DEAD = -2  # what a chooser returns at a node it sees no loop can come from (reach.Reaching)


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
    found = loops(board, 1, nodes, _choice)
    return found[0] if found else None


def loops(board: Board, limit: int, nodes: int, choose: Callable[[Board], int] | None = None) -> list[frozenset[Point]]:
    """Up to `limit` single loops that the rules allow on `board` as it stands (every one when
    there are fewer), depth first from it; raises OutOfNodes after `nodes` decisions. The board
    is as it was afterwards. `choose` picks the edge to branch on (`Nearest`'s by
    default) or says DEAD; the corner rules are left out, as they only repeat the tables, which decide a full board."""
    found: list[frozenset[Point]] = []
    probing, tracer = board.probing, board.tracer
    board.probing, board.tracer = True, None  # a guess is no step of the deduction's trail
    mark = board.mark()
    chooser = choose or Nearest(board)
    learn = chooser.learn if isinstance(chooser, Nearest) and chooser.learning else None
    try:
        _branch(board, [nodes], found, limit, chooser, learn)
    finally:
        board.undo(mark)  # where OutOfNodes (or an interrupt) left the search
        board.probing, board.tracer = probing, tracer
    return found


def _branch(
    board: Board,
    budget: list[int],
    found: list[frozenset[Point]],
    limit: int,
    choose: Callable[[Board], int],
    learn: Callable[[int, int, int | None], None] | None,
) -> None:
    """Depth first from the board as it stands, which is undone on the way back; `learn` hears
    what each branch decided (None: it failed)."""
    k = choose(board)
    if k == DEAD:
        return
    if k < 0:
        on = frozenset(board.lattice[j] for j, bit in enumerate(board.value) if bit == 1)
        if on:  # no edge on is no loop
            found.append(on)
        return
    for bit in (1, 0):
        budget[0] -= 1
        if budget[0] < 0:
            raise OutOfNodes
        mark = board.mark()
        try:
            board.settle([(k, bit)], "", ())
        except Contradiction:
            board.undo(mark)
            if learn is not None:
                learn(k, bit, None)
            continue
        if learn is not None:
            learn(k, bit, len(board.assigned) - mark[0])
        _branch(board, budget, found, limit, choose, learn)
        board.undo(mark)
        if len(found) >= limit:
            return


def _choice(board: Board) -> int:
    """An undecided edge at the end of a chain with the fewest open arms there (the loop must go
    on through one of them), else any undecided edge; -1 when every edge is decided."""
    value, arms, best, fewest = board.value, board.arms, -1, 5
    for v in _chain_ends(board.chains.degree):
        open_arms = [k for k in arms[v] if value[k] < 0]
        if open_arms and len(open_arms) < fewest:
            best, fewest = open_arms[0], len(open_arms)
    if best >= 0:
        return best
    return _first_open(value)


class Nearest:
    """`_choice`, ties broken by the chain end nearest the last one branched at: the search
    keeps growing the loop where it just was, so a wrong turn fails within a few decisions.
    Proving the 16 hard Masyu 25×25 of bench/ unique after the deduction, 14 took at most 4,096
    decisions this way, against 8 for `_choice` alone (its first chain end in reading order);
    `python bench/branch_nodes.py bench/masyu/25x25/*` counts them.

    With `weights` (by edge), a chain end's edge of greater weight goes first among those with
    the fewest open arms, before the nearest: reach.Reaching weighs an edge by what its last
    probe decided (`Board.probe_sizes`). `learning`, the weights follow the search (`learn`)."""

    def __init__(self, board: Board, weights: Sequence[int] | None = None, learning: bool = False) -> None:
        self.last = (0, 0)
        # (a copy: `learn` changes it, the board's sizes stay as the probes left them)
        self.weights = list(weights) if weights else [0] * len(board.value)
        self.learning = learning
        self.tried: dict[int, list[int]] = {}  # by edge branched at, what its branches decided (`learn`)
        self.failed = 2 * len(board.value)  # a branch that failed: more than any two that held
        # each vertex's (row, column): the lattice numbers them row by row (grid.lattice_rows)
        self.ends = [divmod(v, board.shape[1]) for v in range(len(board.arms))]
        # each vertex's arms' values, read in C (a tuple however many arms: a vertex of a single
        # row or column of tiles may have one)
        self.around = [itemgetter(*arms) if len(arms) > 1 else _one_value(arms) for arms in board.arms]

    def __call__(self, board: Board) -> int:
        # the least (open arms, -weight, distance) in the order of the chain ends, the key's
        # parts read only as far as they decide (a key tuple built at every chain end: the
        # backtracking took 5 % more instructions on the hard 25×25)
        value, arms, ends, around, weights = board.value, board.arms, self.ends, self.around, self.weights
        degrees, (x, y) = bytes(board.chains.degree), self.last
        best, fewest, most, nearest, where = -1, 5, 0, 0, 0
        v = degrees.find(1)
        while v >= 0:  # the chain ends (`_chain_ends`, inline)
            values = around[v](value)
            count = values.count(-1)  # the open arms
            if count and count <= fewest:
                k = arms[v][values.index(-1)]
                weight = weights[k]
                if count < fewest or weight >= most:
                    i, j = ends[v]
                    distance = abs(i - x) + abs(j - y)
                    if count < fewest or weight > most or distance < nearest:
                        best, fewest, most, nearest, where = k, count, weight, distance, v
            v = degrees.find(1, v + 1)
        if best >= 0:
            self.last = ends[where]
            return best
        return _first_open(value)

    def learn(self, k: int, bit: int, decided: int | None) -> None:
        """Edge k's branch `bit` decided `decided` edges, or failed (None): k weighs what its two
        branches decided when last tried (before, half its probe's size each), a failure more
        than any. The search then goes first where a branch fails, near the clash: the 15 hard
        Masyu 25×25 of bench/ that backtrack took 1,160 nodes in all so, 1,802 by the probes'
        sizes alone (`python bench/branch_nodes.py`); a failure weighing 30, 60 or 100 edges
        took 1,452, 1,244 and 1,139, what failed weighing what it decided before the clash 2,191."""
        tried = self.tried.get(k)
        if tried is None:
            half = self.weights[k] // 2
            tried = self.tried[k] = [half, half]
        tried[bit] = self.failed if decided is None else decided
        self.weights[k] = tried[0] + tried[1]


def _one_value(arms: Sequence[int]) -> Callable[[list[int]], tuple[int, ...]]:
    """A reader of the values of `arms` as a tuple, one arm or none."""
    return lambda value: tuple([value[k] for k in arms])


def _chain_ends(degree: list[int]) -> Iterator[int]:
    """The vertices of degree 1, in order: found as bytes, in C, where a loop over every vertex
    cost a third of each node of the backtracking on a 25×25 (and `list.index`, which compares
    each vertex's degree as an object, 3 % of the backtracking's instructions)."""
    degrees = bytes(degree)
    v = degrees.find(1)
    while v >= 0:
        yield v
        v = degrees.find(1, v + 1)


def _first_open(value: list[int]) -> int:
    """The first undecided edge, -1 when there is none."""
    try:
        return value.index(-1)
    except ValueError:
        return -1
