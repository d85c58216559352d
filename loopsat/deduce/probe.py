"""Failed-literal probing over the propagator, to the fixpoint, and the public `deduce`."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from loopsat.deduce import tables as tab
from loopsat.deduce.board import Board
from loopsat.deduce.queues import run_one_queue
from loopsat.deduce.rules import (
    FULL_PROBE,
    GIVEN,
    LOOPY_LEVELS,
    PROBE_CONTRADICTION,
    PROBE_KINDS,
    Contradiction,
    Level,
    ProbeKind,
    Rule,
    Step,
)
from loopsat.grid import Point


def deduce(
    edges: Iterable[Point],
    rules: Iterable[Rule],
    *,
    single_loop: bool = True,
    trace: Callable[[Step], None] | None = None,
    given: Mapping[Point, bool] | None = None,
    focus: Point | None = None,
    levels: Mapping[str, Level] = LOOPY_LEVELS,
    max_level: Level = Level.SEARCH,
) -> dict[Point, bool] | None:
    """The edge values every solution shares that the rules can find; None when there is none.

    `trace`, when given, hears every step in order. `given` edges are decided from the start
    (rule "given"), as by a one-edge table each, at less cost. `focus` (a point in doubled
    coordinates) has the edges probed nearest it first: where a contradiction is expected there,
    it comes before the rest of the board is probed. `levels` names the level of each rule the
    deduction itself knows, and rules above `max_level` are left out.
    """
    listed = list(edges)
    try:
        board = deduced_board(listed, rules, single_loop, given, trace, focus, levels, max_level)
    except Contradiction:
        return None
    value, index = board.value, board.index
    return {e: bool(value[index[e]]) for e in listed if value[index[e]] >= 0}


def deduced_board(
    edges: list[Point],
    rules: Iterable[Rule],
    single_loop: bool,
    given: Mapping[Point, bool] | None,
    trace: Callable[[Step], None] | None = None,
    focus: Point | None = None,
    levels: Mapping[str, Level] = LOOPY_LEVELS,
    max_level: Level = Level.SEARCH,
) -> Board:
    """The propagator with `given` settled, propagated and probed to the fixpoint (`deduce`'s
    work, the board kept for more); raises Contradiction.

    Level by level: the queues up to a level run to their fixpoint (and its probes, local or
    full, when they are of that level) before any rule of the next level, so the trail's highest
    level is the lowest that decides the board. Traced or not, the deduction is the same: probing
    to a fixpoint re-probes only near what changed, so another order (full probes alone) can
    stop at another fixpoint (a 3×4 board: 7 edges against 12), and generating a puzzle costs
    the same either way (`loopsat generate --genre slitherlink --size 15x15 --seed 1`: 9.4
    against 9.6 CPU-s before levels; Masyu 12x12 1.71 against 1.71)."""
    with collector_paused():
        return _deduced_board(edges, rules, single_loop, given, trace, focus, levels, max_level)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off while the deduction runs, as it was before after: the
    deduction makes no cycles, only many short-lived lists and tuples, and the collector swept
    the whole heap for them (a 60×60 deduced in 0.42 instead of 0.47 CPU-s without it). Another
    thread that pauses it too can at worst turn it on early, never leave it off.

    What was made meanwhile and lives on (the trail, the board while a caller holds it) would be
    swept by the next collections, young generation then middle: 0.03 CPU-s of a 60×60's 0.45
    (its trail is 7 320 steps). Frozen and unfrozen at once, it joins the old generation
    unswept instead, which only a full collection reads again; not when someone else froze
    objects, as unfreezing would undo theirs."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _deduced_board(
    edges: list[Point],
    rules: Iterable[Rule],
    single_loop: bool,
    given: Mapping[Point, bool] | None,
    trace: Callable[[Step], None] | None,
    focus: Point | None,
    levels: Mapping[str, Level],
    max_level: Level,
) -> Board:
    """`deduced_board`, the collector paused."""
    board = Board(edges, rules, single_loop, trace, levels, max_level)
    order: Sequence[int] = range(len(board.value))
    if focus is not None:
        x, y = focus
        order = sorted(order, key=lambda k: max(abs(board.lattice[k][0] - x), abs(board.lattice[k][1] - y)))
    stages = [level for level in Level if level <= min(max_level, Level.DEEP)]
    board.cap = stages[0]
    board.settle([(board.index[e], int(on)) for e, on in (given or {}).items()], GIVEN, ())
    for cap in stages:
        board.cap = cap
        board.settle((), GIVEN, ())
        for kind in PROBE_KINDS:
            if board.levels[kind.names[0]] == cap and kind != FULL_PROBE:
                _probe_to_fixpoint(board, order, kind)
        if board.levels[PROBE_CONTRADICTION] <= cap and board.allows(PROBE_CONTRADICTION):
            _probe_to_fixpoint(board, order, FULL_PROBE)
            break
    return board


def _probe_to_fixpoint(board: Board, suspects: Sequence[int], kind: ProbeKind) -> None:
    """Probe each undecided edge, in the order of `suspects`, on then off: a branch that fails
    fixes the other value, what both branches agree on holds too, and an edge that follows the
    probed edge both ways is equal or opposite to it, which may relate two faces. An edge is
    probed again only when something near what its last probe touched has changed since (a
    decided edge or a face's class). Each probe is of `kind`; how many edges it decided, both
    ways, is kept in `board.probe_sizes` for the backtracking after (branch.Nearest)."""
    if len(board.assigned) == len(board.value):  # every edge decided: nothing to probe, nor the
        return  # faces' colours or the probes' lists to make (Layout.colours, Layout.watch)
    value, colours, sizes, faces = board.value, board.colours, board.probe_sizes, kind.faces
    if not sizes:  # (made at the first probe: Board.probe_sizes)
        sizes += [0] * len(value)
    reach: dict[int, set[int]] = {}  # the literals each probe of an edge decided, in the order first probed
    assigned, kept = board.assigned, len(board.assigned)
    colours.open_sides = None  # made at the first probe (most boards decided before them never probe)
    while suspects:
        mark, merges = len(assigned), len(colours.log)
        for k in suspects:
            if value[k] >= 0:
                continue
            if len(assigned) > kept:  # settled for good: a merge need not scan them
                colours.drop_decided(assigned[kept:], value)
                kept = len(assigned)
            if faces and colours.open_sides is None:
                colours.keep_open(value)
            on, off = _probe_both(board, k, kind) if faces else _both_ways(board, k, kind)
            if on is None or off is None:  # settling the other value raises if both fail
                board.settle([(k, 0 if on is None else 1)], kind.names[0], (k,))
                continue
            sizes[k] = len(on) + len(off)
            if len(on) == 1 or len(off) == 1:  # a branch decided k alone: nothing agrees, nor follows k
                reach[k] = touched = set(on)
                touched.update(off)
                continue
            on_set, off_set = set(on), set(off)
            reach[k] = on_set | off_set
            if agreed := on_set & off_set:  # (settled in this set's order)
                board.settle([(j >> 1, j & 1) for j in agreed], kind.names[1], (k,))
            opposite = on_set.intersection(map(_OTHER, off))
            if len(opposite) > 1:  # an edge besides k opposite in the two
                _learn_relations(board, k, opposite, off, kind.names[2])
        changed = set(assigned[mark:])
        face_edges, members = colours.face_edges, colours.members
        for p, _, _ in colours.log[merges:]:
            for f in members[p]:
                changed.update(face_edges[f])
        zone = _near(board, changed)  # as literals (both of each edge's), what `reach` holds
        suspects = [k for k, touched in reach.items() if value[k] < 0 and not touched.isdisjoint(zone)]


def _both_ways(board: Board, k: int, kind: ProbeKind) -> tuple[list[int] | None, list[int] | None]:
    """`_probe_both` of a probe without faces, a branch that `_quiet` shows decides
    nothing else answered without running it: a third of a 60×60's local probes are quiet both
    ways, and a probe costs its set-up and undo more than its few rules."""
    quiet_on, quiet_off = _quiet(board, k)
    if quiet_on:
        return [2 * k + 1], [2 * k] if quiet_off else _probe_both(board, k, kind, (0,))[0]
    if quiet_off:
        on = _probe_both(board, k, kind, (1,))[0]
        return on, [2 * k] if on is not None else None
    return _probe_both(board, k, kind)


def _quiet(board: Board, k: int) -> tuple[bool, bool]:
    """Whether a probe without faces of undecided edge k = 1, and of k = 0, would fail nor
    decide nor flag anything: the rules watching k force nothing, and an edge on neither closes
    a chain nor makes one whose closing edge is open (a probe's loop rules could then act)."""
    value = board.value
    quiet = [True, True]  # by bit
    if board.single_loop:
        chains = board.chains
        degree, far = chains.degree, chains.far
        a, b = board.ends[k]
        if chains.closed_by >= 0 or degree[a] == 2 or degree[b] == 2:
            quiet[1] = False
        else:
            x = far[a] if degree[a] else a
            y = far[b] if degree[b] else b
            if x == b:
                quiet[1] = False
            else:
                gap = y - x in board.end_gaps  # (most chains' ends lie apart)
                closing = board.edge_between.get((x, y) if x < y else (y, x)) if gap else None
                if closing is not None and closing != k and value[closing] < 0 and board.no_early_loop:
                    quiet[1] = False
    readers, lookups, tables, unknown, watching = (
        board.readers,
        board.lookups,
        board.rule_tables,
        tab.UNKNOWN,
        board.watch[k],
    )
    try:
        for bit in (1, 0):
            if quiet[bit]:
                value[k] = bit
                for rule in watching:  # `Table.forced`, inlined
                    values = readers[rule](value)
                    forced = lookups[rule](values, unknown)
                    if forced is unknown:
                        forced = tables[rule].answer(values)
                    if forced is None or forced:
                        quiet[bit] = False
                        break
    finally:
        value[k] = -1
    return quiet[1], quiet[0]


_OTHER = (1).__xor__  # a probe's literal 2j + v: the literal of the edge's other value (x ^ 1), in C


def _learn_relations(board: Board, k: int, opposite: set[int], off: list[int], name: str) -> None:
    """Edges that take k's value, or its opposite, in both branches (`opposite`: their literals
    on k's branch on, k's own among them): k xor j is a constant t, the parity of their four
    faces; when one face of each is already related, the other two are."""
    colours, edge_faces, value = board.colours, board.edge_faces, board.value
    leader, flip = colours.leader, colours.flip  # `Colours.relation`, inlined
    a, b = edge_faces[k]
    related, merges = False, len(colours.log)
    for x in off:  # in the off branch's order, as the relations come to the trail
        j = x >> 1
        if x ^ 1 not in opposite or j == k or value[j] >= 0:
            continue
        t = x & 1  # j = k xor t: j's value where k is off
        c, d = edge_faces[j]
        if leader[a] == leader[c]:
            board.relate(b, d, t ^ flip[a] ^ flip[c], name, (k, j))
        elif leader[a] == leader[d]:
            board.relate(b, c, t ^ flip[a] ^ flip[d], name, (k, j))
        elif leader[b] == leader[c]:
            board.relate(a, d, t ^ flip[b] ^ flip[c], name, (k, j))
        elif leader[b] == leader[d]:
            board.relate(a, c, t ^ flip[b] ^ flip[d], name, (k, j))
        else:
            continue
        related = True
    if related and (len(colours.log) > merges or board.lonely):  # else the faces were related already
        board.settle((), name, ())


def _near(board: Board, changed: set[int]) -> set[int]:
    """The edges sharing a rule with a changed edge, each as both its literals (2j, 2j + 1): a
    probe that decided none of them would give the same answer again. Literals, so that a
    probe's own are kept as they come (its two branches' sets joined), not mapped to edges.
    No change, none near (a board decided before its probes asks so once a kind of probe):
    not a reason to make `watch`."""
    if not changed:
        return set()
    rules, watch = board.rules, board.watch
    near: set[int] = set()
    for rule in {rule for k in changed for rule in watch[k]}:
        near.update(rules[rule][0])
    return {x for j in near for x in (2 * j, 2 * j + 1)}


def _probe_both(
    board: Board, k: int, kind: ProbeKind, bits: tuple[int, ...] = (1, 0)
) -> tuple[list[int] | None, list[int] | None]:
    """What follows from open edge k = each of `bits` in turn, each edge j with value v as 2j + v (k's
    own first), or None where it fails (the next bit only tried when the one before did not);
    `board` is unchanged and the tracer hears nothing. Set up for probing once for both: a
    local pass runs thousands of probes that each decide a handful of edges."""
    tracer, held = board.tracer, board.parity_queue  # what waits above the cap stays waiting
    board.tracer, board.parity_queue, board.probing, board.faces = None, [], True, kind.faces
    board.parity_on = kind.faces and board.parity_allowed  # `propagate`'s, once for both
    assigned, value, colours = board.assigned, board.value, board.colours
    start, merges = len(assigned), len(colours.log)
    found: list[list[int] | None] = [None, None]
    try:
        for n, bit in enumerate(bits):  # each `assign` (k is open) then `propagate`, inlined
            try:
                value[k] = bit
                assigned.append(k)
                run_one_queue(board)
            except Contradiction:
                break
            else:
                found[n] = [2 * j + value[j] for j in assigned[start:]]
            finally:  # `undo`, as a probe needs it: the lanes were not read
                board._unassign(start)
                board.queue.clear()
                if len(colours.log) > merges:
                    colours.restore(merges)
    finally:
        board.tracer, board.parity_queue, board.probing, board.faces = tracer, held, False, True
    return found[0], found[1]
