"""The propagator: edge values, the tables watching them, chains and face colours, undoable.

Every rule is a table of allowed patterns over a few edges (the lattice and its tables:
layout.Layout), so a propagation step is a few list reads and one cached dict lookup. Assigning an
edge only records it; `propagate` then runs the edge's consequences (its chain, its faces, the
tables that watch it) from queues, so nothing recurses. Outside probes there is one queue per
level (rules.Level) and a rule runs only when every cheaper queue is empty, so the trail says
how hard the puzzle is; a probe, whose steps nobody reads, runs one queue. A rule waits once
for each change of its edges but is read only at its latest turn (a stamp on each batch that
waits, the tick each rule was last read at): the readings it passes would find its edges as they
were, and so force nothing (a third of a 60×60's readings came again to edges as they were),
which keeps the trail the same.
A mark is the lengths of the two undo logs (assigned edges, colour merges); `undo` returns to
one, the chains taken back from the loop edges it unassigns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache

from loopsat.deduce import tables as tab
from loopsat.deduce.chains import edge_joining
from loopsat.deduce.layout import Deferred, Layout
from loopsat.deduce.queues import run_by_level, run_one_queue
from loopsat.deduce.rules import (
    LOOP_CLOSED,
    LOOPY_LEVELS,
    NO_PREMATURE_LOOP,
    NO_SUCH_EDGE,
    PAIR_AT_A_DOT,
    PARITY,
    Contradiction,
    Level,
    Rule,
    Step,
)
from loopsat.deduce.trail import Reason, Trail
from loopsat.grid import Point, tile_extent

TYPE_CHECKING = False  # typing's, without importing it (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.codes import Memo, Weights
    from loopsat.deduce.pairs import Pairs

Mark = tuple[int, int]
_new_tuple = tuple.__new__  # a Step made without the Python call its __new__ is (a step for each edge decided)
Tracer = Callable[[Step], None]


@lru_cache(maxsize=8)  # a batch of boards of mixed sizes keeps a few; one costs ~1 MB at 60x60
def _bare_board(rows: int, cols: int) -> Board:
    """A rows × cols lattice with only its vertex rules, which every board of that size copies.
    The generator sets up thousands of boards: a 30×30 Masyu one took 15 ms to set up from
    scratch, 4.6 ms from this copy with tables and face parities shared; thinning seed 1 took
    27 CPU-s instead of 37 (`python bench/generate_phases.py masyu 30x30`)."""
    bare = Board.__new__(Board)
    bare._lay(rows, cols)
    return bare


@lru_cache(maxsize=8)  # as `_bare_board`
def _read_points(rows: int, cols: int) -> dict[Sequence[int], tuple[Point, ...]]:
    """The trail's points of the edges a step read, by their numbers, shared by the boards of a size:
    each board made them again at its first step of a scope, 4 000 a 60×60 solve, 2 % in process."""
    return {}


# The sizes whose first board laid its own lattice: a `solve` sets up one board, which copied
# a bare one laid just for it (a fresh 60×60 `solve --json`, callgrind: 1 678.0M instructions,
# 1 670.2M laid). The next boards of a size copy `_bare_board`, which lays it once more: one
# lay more a size (12 ms at 60×60) in a process of several boards.
_laid: set[tuple[int, int]] = set()


class Board(Layout):
    """The whole lattice spanned by `edges`; lattice edges not among them are off from the start."""

    def __init__(
        self,
        edges: list[Point],
        rules: Iterable[Rule],
        single_loop: bool,
        tracer: Tracer | None = None,
        levels: Mapping[str, Level] = LOOPY_LEVELS,
        max_level: Level = Level.SEARCH,
    ) -> None:
        extent = tile_extent(edges)
        if extent in _laid:
            self._start_from(_bare_board(*extent))
        else:
            _laid.add(extent)
            self._lay(*extent)
        self.single_loop = single_loop
        self.tracer: Tracer | None = tracer  # hears every step outside probes; None costs one test per edge
        self.kept: list[Reason] | None = None  # a Trail's reasons, kept here instead of its steps heard
        if isinstance(tracer, Trail):
            self.kept = tracer.kept
            tracer.attach(self)
        self.levels: dict[str, Level] = dict(levels)  # every rule name's level, for the trail's reader
        self.max_level = self.cap = max_level  # rules above it are left out
        first = len(self.rules)
        self._add_clues(rules)
        self.read_at = [-1] * len(self.rules)
        self.no_early_loop = self.allows(NO_PREMATURE_LOOP)
        self.parity_allowed, self.close_on = self.allows(PARITY), self.allows(LOOP_CLOSED)
        self.pairs: Pairs | None = None  # Tatham's pairs of lines, run by level outside probes
        self.pairs_made = False  # (`make_pairs`)
        self.faces_waiting = True  # the decided edges' faces are joined once a rule reads them (queues)
        self.read_points = _read_points(*extent)
        # by edge, how many edges its last probe decided, both ways (probe.py): the backtracking
        # branches first where the probes found most (branch.Nearest). Both lists empty until
        # first read (the first probe, `run_one_queue`'s first call): a board decided before the
        # probes never makes them (a 60×60's 7 320 and 18 000 entries, 0.2 MB)
        self.probe_sizes: list[int] = []
        # inside probes, by rule, the tick it was last read at, and the last tick (queues.run_one_queue)
        self.probe_read: list[int] = []
        self.probe_tick = 0
        self.watch_back = False  # `watch`'s lists reversed, newest rule first (run_one_queue)
        # where Tatham's pairs may read them (deduce/pairs.py), each dot's and cell's code
        # (deduce/codes.py), counted as `run_by_level` takes each edge decided (the pairs count
        # the cells'), and by rule, where its code is and its moves by it (the Easy lane's)
        self.codes: list[int] | None = None
        self.code_at: list[int | None] = []  # (`codes.coded_rules`)
        self.code_moves: list[Memo] = []
        self.code_weights: tuple[tuple[Weights, Weights], tuple[Weights, Weights], int]  # `codes.weights`
        if PAIR_AT_A_DOT in self.levels and self.allows(PAIR_AT_A_DOT):  # (imported here: Masyu's never)
            from loopsat.deduce.codes import coded_rules, open_codes, weights

            self.codes = open_codes(*extent).copy()
            self.code_weights = weights(self.codes, extent[1])
            self.code_at, self.code_moves = coded_rules(self)
        self._queue_unguarded(first)
        if len(edges) < len(self.lattice):
            given = set(edges)
            for k, e in enumerate(self.lattice):
                if e not in given:
                    self.assign(k, 0, NO_SUCH_EDGE, ())

    def make_pairs(self) -> Pairs | None:
        """Tatham's pairs of lines, made when a level above Easy first asks for them (they read
        only the clues' tables, and what was decided since they last looked): a board decided at
        Easy never needs them, nor their modules imported (a 5×5 `solve`), nor one whose genre's
        levels do not name them (Masyu's)."""
        if PAIR_AT_A_DOT not in self.levels:
            self.pairs, self.pairs_made = None, True
            return None
        from loopsat.deduce import pairs

        self.pairs, self.pairs_made = pairs.for_board(self), True
        return self.pairs

    # --- changes ------------------------------------------------------------------------------

    def assign(self, k: int, bit: int, rule: str, read: Sequence[int]) -> None:
        """Give edge k its value (`rule` read `read` to decide it); its consequences wait in line."""
        old = self.value[k]
        if old >= 0:
            if old != bit:
                raise Contradiction
            return
        self.value[k] = bit
        self.assigned.append(k)
        if self.tracer is not None:
            if self.kept is not None:
                self.kept.append((rule, read))  # type: ignore[arg-type]  # a read is a tuple (a key of read_points)
                return
            lattice = self.lattice
            points = self.read_points.get(read)  # a rule reads its scope at each step: named once
            if points is None:
                points = self.read_points[read] = tuple(map(lattice.__getitem__, read))
            self.tracer(_new_tuple(Step, (rule, points, ((lattice[k], bit == 1),))))

    def mark(self) -> Mark:
        return len(self.assigned), len(self.colours.log)

    def undo(self, mark: Mark) -> None:
        """Take back every change after `mark`."""
        start = mark[0]
        if self.codes is not None and not self.probing and self.done > start:  # taken by `run_by_level`
            from loopsat.deduce.codes import counted

            self.codes[:] = counted(*self.shape, self.assigned[:start], self.value, self.ends)
        self._unassign(start)
        if self.settled > start:  # the lanes' rules were read with edges now undecided
            self.settled = start
            read_at = self.read_at
            for lane in self.lanes:
                for _, rules, waiting in lane:
                    for rule in rules[:waiting]:
                        read_at[rule] = -1
        self.colours.restore(mark[1])
        self.queue.clear()
        self.parity_queue.clear()

    def _unassign(self, start: int) -> None:
        """Every edge decided after `assigned[start]` open again, the loop edges' chains taken back."""
        assigned, value = self.assigned, self.value
        unset = start
        if self.done > start:
            if self.single_loop:  # the loop edges whose chains were joined (take_back unsets them too)
                self.chains.take_back(assigned[start : self.done], value, self.ends)
                unset = self.done
            self.done = start
        for k in assigned[unset:]:
            value[k] = -1
        del assigned[start:]

    # --- propagation --------------------------------------------------------------------------

    def propagate(self) -> None:
        """Run every pending consequence to the fixpoint; Contradiction when the rules clash."""
        self.parity_on = self.faces and self.parity_allowed  # read once a decided edge, not looked up
        if self.probing:
            run_one_queue(self)
        else:
            run_by_level(self)

    def _edge_consequences(self, k: int) -> None:
        """A decided edge's chain and faces; raises Contradiction, changing nothing, before it
        counts as done."""
        bit = self.value[k]
        if bit and self.single_loop:
            a, b = self.ends[k]  # (not *: a call with * is not specialized in Python 3.11)
            chain = self.chains.add(k, a, b)
            self.done += 1
            if chain is not None:
                x, y, length = chain
                self._forbid_closing(x, y, length)
            elif self.close_on:
                self._close(k)
        else:
            self.done += 1
        if self.parity_on:
            f, g = self.edge_faces[k]
            colours = self.colours
            if colours.leader[f] != colours.leader[g]:
                self.relate(f, g, bit, PARITY, (k,))
            elif colours.flip[f] ^ colours.flip[g] != bit:
                raise Contradiction

    def _later(self, k: int, bit: int, rule: str, read: Sequence[int]) -> None:
        """Edge k = bit by `rule`: at once inside a probe or at the easy level, else once every
        cheaper rule is stuck."""
        level = self.levels[rule]
        if self.probing or level == Level.EASY:
            self.assign(k, bit, rule, read)
        else:
            self.pending[level].append((k, bit, rule, read))

    def _apply(self, rule: int, moves: tab.Moves) -> None:
        """Assign what a rule's table forces (`Table.forced`): `assign` of each, inlined, as a
        table forces only undecided edges."""
        scope, value, assigned, tracer = self.rules[rule][0], self.value, self.assigned, self.tracer
        if tracer is None:
            for position, bit in moves:
                k = scope[position]
                value[k] = bit
                assigned.append(k)
            return
        kept = self.kept
        if kept is not None:
            for position, bit in moves:
                k = scope[position]
                value[k] = bit
                assigned.append(k)
                kept.append(rule)
            return
        name, lattice = self.rule_names[rule], self.lattice
        points = self.read_points.get(scope)
        if points is None:
            points = self.read_points[scope] = tuple(map(lattice.__getitem__, scope))
        for position, bit in moves:
            k = scope[position]
            value[k] = bit
            assigned.append(k)
            tracer(_new_tuple(Step, (name, points, ((lattice[k], bit == 1),))))

    def _run_parities(self, deferred: list[Deferred]) -> None:
        """The parities waiting, last first, outside probes, until one decides an edge (or defers
        one to `deferred`, its level's): one that was read since its faces' classes last changed
        is passed (it would decide nothing, as a rule read since its batch's stamp). The merges
        are queued (`parities_queued`) before each pop only where some wait: a call each pop,
        most of them of a parity queued twice, cost Masyu 40×58 001 5 % of its fresh
        `solve --json` (callgrind: 947.8 M instructions, 900.4 M without; 28 800 pops, 24 400 of
        them passed)."""
        queue, stale, assigned, merged = self.parity_queue, self.parity_stale, self.assigned, self.parity_merged
        decided = len(assigned)
        while True:
            if merged:
                self.parities_queued()
            if not queue or len(assigned) != decided or deferred:
                return
            number = queue.pop()
            if number in stale:
                stale.remove(number)
                self._check_parity(number)

    def parities_queued(self) -> bool:
        """Whether parities wait outside probes, those over the faces of the classes `relate`
        merged (`parity_merged`) queued first, in the order they merged."""
        merged = self.parity_merged
        if merged:
            face_parities, queue, stale = self.face_parities, self.parity_queue, self.parity_stale
            members = self.colours.members
            for p in merged:
                for h in members[p]:
                    queue.extend(face_parities[h])
                    stale.update(face_parities[h])
            merged.clear()
        return bool(self.parity_queue)

    def _check_parity(self, number: int) -> None:
        """A parity over faces, by class: classes met an even number of times cancel, and the
        outside's class has a known colour; one class left gets its colour, two get their relation."""
        faces, total, scope = self.parities[number]
        leader, flip = self.colours.leader, self.colours.flip
        odd: list[int] = []
        for f in faces:
            total ^= flip[f]
            ell = leader[f]
            if ell in odd:
                odd.remove(ell)
            else:
                odd.append(ell)
        outside = leader[0]
        if outside in odd:  # its colour is flip[0]: the outside face's own is 0
            odd.remove(outside)
            total ^= flip[0]
            odd.append(0)  # and stands for face 0 itself, whose colour is 0
        if not odd:
            if total:
                raise Contradiction
        elif len(odd) == 1:
            self.relate(odd[0], 0, total, PARITY, scope)
        elif len(odd) == 2:
            self.relate(odd[0], odd[1], total, PARITY, scope)

    def _forbid_closing(self, x: int, y: int, length: int) -> None:
        """The edge joining a chain's two ends would close it: off while other loop edges exist,
        or (outside probes, which find it anyway) when the loop it closes leaves a clue unmet."""
        k = edge_joining(x, y, self.shape[1])
        if k is not None and self.value[k] < 0 and self.no_early_loop:
            if self.chains.on > length or (not self.probing and self._unmet_if_closed(k)):
                self._later(k, 0, NO_PREMATURE_LOOP, (k,))
            else:
                self.lonely = True

    def _close(self, k: int) -> None:
        """Edge k closed the loop: every other edge is off (a second loop otherwise). The open
        ones found in order by `list.index`, a scan in C: most are decided by then, and a loop
        over every edge in Python was 0.15 % of a fresh 60×60 `solve --json` (callgrind)."""
        value, j = self.value, -1
        for _ in range(value.count(-1)):
            j = value.index(-1, j + 1)
            self.assign(j, 0, LOOP_CLOSED, (k,))

    def closing_pass(self) -> None:
        """Re-check the closing edge of a chain that held every loop edge when it was made (the
        only kind whose closing edge a later loop edge elsewhere can forbid). Without such a
        chain nothing is done: `propagate` has just returned, every queue empty, and a second
        one would find nothing (half the propagations of a settle, and of a backtracking node)."""
        if self.lonely:
            self.lonely = False
            for x, y, length in self.chains.ends():
                self._forbid_closing(x, y, length)
            self.propagate()

    def relate(self, f: int, g: int, differ: int, rule: str, read: Sequence[int]) -> None:
        """Faces f and g differ (1) or agree (0); the edges that decides wait in line, and so do
        the parities over the faces whose class changed (queued once they are asked for:
        `parities_queued`; most boards are decided before their level), except inside a probe: probes are the
        bulk of the work, and there the parity checks cost more than they find (Tatham's Hard
        40x40 and 60x60 still deduced completely, 60x60 15 % faster: `python
        bench/deduce_share.py --sets slitherlink/40x40 slitherlink/60x60`)."""
        colours = self.colours
        merges = len(colours.log)
        decided = colours.join(f, g, differ, self.value)
        if decided:  # `_later` of each, its test made once
            level = self.levels[rule]
            if self.probing or level == Level.EASY:
                for j, bit in decided:
                    self.assign(j, bit, rule, read)
            else:
                self.pending[level].extend([(j, bit, rule, read) for j, bit in decided])
        if len(colours.log) > merges and not self.probing:
            self.parity_merged.append(colours.log[-1][0])

    def settle(self, fixed: Iterable[tuple[int, int]], rule: str, read: Sequence[int]) -> None:
        """Decide edges for good and propagate, closing pass included."""
        for k, bit in fixed:
            self.assign(k, bit, rule, read)
        self.propagate()
        if self.single_loop:
            self.closing_pass()
