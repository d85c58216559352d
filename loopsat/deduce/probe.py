"""Failed-literal probing over the propagator, to the fixpoint, and the public `deduce`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from loopsat.deduce.board import Board
from loopsat.deduce.rules import CLUE, PROBE_AGREE, PROBE_CONTRADICTION, Contradiction, Rule, Step
from loopsat.grid import Point


def deduce(
    edges: Iterable[Point],
    rules: Iterable[Rule],
    *,
    single_loop: bool = True,
    names: Sequence[str] = (),
    trace: Callable[[Step], None] | None = None,
) -> dict[Point, bool] | None:
    """The edge values every solution shares that the rules can find; None when there is none.

    `names[i]` names `rules[i]` (default "clue"); `trace`, when given, hears every step in order.
    """
    given = list(edges)
    try:
        board = Board(given, rules, names, single_loop, CLUE)
        if trace is not None:
            lattice = board.lattice
            board.tracer = lambda rule, read, decided: trace(
                Step(rule, tuple(lattice[k] for k in read), tuple((lattice[k], bool(v)) for k, v in decided))
            )
        board.settle((), "", ())
        _probe_to_fixpoint(board)
    except Contradiction:
        return None
    value, index = board.value, board.index
    return {e: bool(value[index[e]]) for e in given if value[index[e]] >= 0}


def _probe_to_fixpoint(board: Board) -> None:
    """Set each undecided edge on, then off: a branch that fails fixes the other value, and what
    both branches agree on holds too. Edges are probed again only when something near what their
    last probe touched has changed since."""
    value = board.value
    reach: dict[int, set[int]] = {}  # the edges each probe of an edge touched
    suspects: Iterable[int] = range(len(value))
    while suspects:
        mark = len(board.assigned)
        for k in suspects:
            if value[k] >= 0:
                continue
            on, off = board.probe(k, 1), board.probe(k, 0)
            if on is None and off is None:
                raise Contradiction
            if on is None or off is None:
                board.settle([(k, 0 if on is None else 1)], PROBE_CONTRADICTION, (k,))
                continue
            reach[k] = {j >> 1 for j in on} | {j >> 1 for j in off}
            if agreed := set(on) & set(off):
                board.settle([(j >> 1, j & 1) for j in agreed], PROBE_AGREE, (k,))
        zone = _near(board, board.assigned[mark:])
        suspects = [k for k, touched in reach.items() if value[k] < 0 and not touched.isdisjoint(zone)]


def _near(board: Board, changed: list[int]) -> set[int]:
    """The edges sharing a rule with a changed edge: a probe that touched none of them would
    give the same answer again."""
    rules, watch = board.rules, board.watch
    return {j for k in changed for rule in watch[k] for j in rules[rule][0]}
