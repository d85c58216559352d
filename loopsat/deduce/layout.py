"""The lattice half of the propagator: edges, vertices and faces as small integers, the rule
tables over them (each clue joined with the vertices at its corners) and the face parities they
imply, and two readings of a clue as its edges stand. A lattice size's bare layout is built once
and copied by every board of that size, and so is each clue's share (deduce/blocks.py) once
worked out (board.Board adds the state that changes and the propagation)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import compress, pairwise, starmap
from operator import attrgetter, itemgetter, methodcaller, not_

from loopsat.deduce import blocks, corners
from loopsat.deduce import tables as tab
from loopsat.deduce.chains import Chains, edges_between
from loopsat.deduce.colours import Colours, face_lattice
from loopsat.deduce.rules import LOOPY_LEVELS, VERTEX_DEGREE, Level, Rule
from loopsat.deduce.tables import Moves, Table
from loopsat.grid import lattice_arms, lattice_edges, numbers

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

    from loopsat.deduce.trail import Reason

Reader = Callable[[list[int]], tuple[int, ...]]
Lookup = Callable[[tuple[int, ...], Moves], Moves | None]  # a table's `by_values.get`
# a vertex's patterns by its number of arms: degree 0 or 2
_DEGREES = {n: frozenset(p for p in range(1 << n) if p.bit_count() in (0, 2)) for n in range(5)}
Deferred = tuple[int, int, str, Sequence[int]]  # an edge, its value, the rule and what it read
Batch = tuple[int, Sequence[int], int]  # rules waiting in a lane: `Layout.lanes`


class Layout:
    """A lattice and its rules; `Board` is the rest."""

    # made when first read (`_Later`): the faces' colours, the two faces beside each edge
    # (colours.face_lattice), and the rules a probe reads by edge (`_made_later`)
    colours: Colours
    edge_faces: list[tuple[int, int]]
    edge_between: dict[tuple[int, int], int]  # each edge by its ends (`chains.edges_between`)
    watch: list[list[int]]
    max_level: Level
    tracer: Any
    kept: list[Reason] | None

    clue_rules: int  # the rules before this one (and after the vertices') are clues
    # the clues (their rule numbers and blocks) whose corner rules and face parities of level
    # blocks.LATER wait for the deduction to reach it, the board's settings, whether it keeps
    # blocks, and the clue rules of that level by edge, whose lane waits too: `push_later`
    later: tuple[list[tuple[int, blocks.Block]], blocks.Settings, bool, dict[int, list[int]]] | None

    def allows(self, name: str) -> bool:
        """Whether the rule the deduction itself knows by `name` is within `max_level`."""
        return self.levels[name] <= self.max_level

    def _lay(self, rows: int, cols: int) -> None:
        """The rows × cols lattice with its vertex rules and nothing else: what `_bare_board` keeps."""
        self.shape = rows, cols  # tiles (dots, in Slitherlink)
        self.spots, self.sides = blocks.spots(rows, cols), blocks.sides(rows, cols)  # blocks.shape_joins reads
        self.lattice = list(lattice_edges(rows, cols))
        # zipped, not a comprehension: 0.6 of 0.9 ms a 60×60, with a dict of each edge's ends (timeit)
        self.index = dict(zip(self.lattice, numbers(len(self.lattice)), strict=True))
        self.single_loop = True
        self.value = [-1] * len(self.lattice)
        self.assigned: list[int] = []  # the trail: edges in the order they were decided
        self.done = 0  # assigned[:done] have had their chain and colour consequences
        self.queue: list[int] = []  # rules to re-check, inside a probe
        # Outside probes, by level: batches of rules that wait, each (its stamp, its rules, how
        # many of them are still to be read), a decided edge's rules of that level one batch
        self.lanes: list[list[Batch]] = [[] for _ in range(len(Level) + 1)]
        self.tick = 0  # the stamp of the last edge the lanes heard of (`queues.run_by_level`)
        self.read_at: list[int] = []  # each rule's tick when last read there (-1: not yet)
        self.settled = 0  # the edges decided before the lanes were last run dry
        self.parity_stale: set[int] = set()  # the parities waiting outside probes not read since queued
        self.no_early_loop = True  # `allows(NO_PREMATURE_LOOP)`, for the hot loops
        self.pending: list[list[Deferred]] = [[] for _ in range(len(Level) + 1)]  # edges a rule decided
        # (faces, parity of their colours, the edges whose rule gave it)
        self.parities: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
        self.parity_queue: list[int] = []  # parities to re-check
        self.parity_merged: list[int] = []  # classes merged whose faces' parities wait (`Board.relate`)
        self.tracer = None
        self.kept = None  # Board's: a Trail's reasons
        self.probing = False  # probes skip the corner rules: cheaper probes beat fewer ones
        self.levels = dict(LOOPY_LEVELS)
        self.max_level = Level.SEARCH
        self.faces = True  # the face parity works (not inside a local probe)
        self.parity_on = self.close_on = self.parity_allowed = True  # what `allows` says, for the hot loops
        self.cap = Level.SEARCH  # the queues above it wait (deduced_board raises it level by level)
        # ONE_SHORT rules: their clue, outside arms, while the board is set up (then `guard_of`)
        self.guards: dict[int, blocks.Guard] = {}
        # the two tiles (vertices) each edge joins, `edge_ends` numbered row-major: a row's
        # edges across, then those down to the next row, zipped from its tiles, which share
        # their numbers (a call an edge took 3 of the 12 ms a 60×60's bare layout took; in
        # arithmetic, 0.93 ms and a number object an end; zipped, 0.2 ms: timeit)
        tiles = numbers(rows * cols)
        self.ends: list[tuple[int, int]] = []
        for r in range(rows):
            row, below = tiles[r * cols : (r + 1) * cols], tiles[(r + 1) * cols : (r + 2) * cols]
            self.ends += pairwise(row)
            self.ends += zip(row, below, strict=False)  # none below the last row
        self.end_gaps = frozenset((1, -1, cols, -cols))  # y - x of every two tiles an edge joins
        self.chains = Chains(rows * cols)
        self.lonely = False  # some chain may hold every loop edge, so its closing edge is still open
        self.__class__ = _later(type(self))  # `colours`, `edge_faces`, `watch`, `edge_between`: when first read
        # each face's parities (their numbers): none until a board adds its clues' (`_add_parities`),
        # which makes a list a face (3 600 lists a 60×60, 0.2 MB, most boards never made)
        self.face_parities: Sequence[Sequence[int]] = [()] * (1 + max(rows - 1, 0) * max(cols - 1, 0))
        # every rule (the corners too, which probes skip; the vertices' apart) by level, then by
        # edge, in the order they came: a decided edge hands each lane its rules as one batch
        self.lane_watch: dict[Level, list[list[int]]] = {}
        # each clue's block (deduce/blocks.py), by the board's settings, then the rule: shared by
        # every board of this size, as the generator sets up thousands that differ in a clue or
        # two (and a 60×60's 14 000 readers took 12 of the 55 ms its board took to set up)
        self.blocks: dict[blocks.Settings, dict[Rule, blocks.Block]] = {}
        # by shape (patterns, the sides of the lattice its joined vertices lie on, the first
        # edge's kind and the edges' spots relative to it): the first rule's joins (blocks.shape_joins),
        # and by the last two, where its joined vertices are first met (near the border)
        self.shape_joins: dict[tuple[object, ...], tuple[int, blocks.Joins]] = {}
        self.shape_picks: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        # both ends have four arms: a row's pattern repeated, as `ends` (0.19 ms a 60×60 end by end)
        middle, none = [0 < c < cols - 1 for c in range(cols)], [False] * cols
        across, inner_edge = [0 < c < cols - 2 for c in range(cols - 1)], []
        for r in range(rows):
            inner_edge += across if 0 < r < rows - 1 else [False] * (cols - 1)
            if r < rows - 1:
                inner_edge += middle if 0 < r < rows - 2 else none
        self.inner_edge = inner_edge
        self.arms = lattice_arms(rows, cols)  # the edges at each vertex
        # each face at a vertex borders two of its arms: no face parity. Its rule is numbered as
        # the vertex: with an edge, every vertex has an arm (a lattice of one tile has neither).
        # The columns built whole, their lane's batches kept apart so that a board shares them:
        # in a lane they come before the batch of its own rules (and are read after it). Rule
        # by rule, with a call for each, a fresh 60×60's bare layout took 13.7 ms, 3 600 vertices
        degrees = [tab.table(_DEGREES[n], n) for n in range(5)]
        vertex_arms = [arms for arms in self.arms if arms]
        # each rule's table, in C: read by the number of arms (so are the lookups and the queue)
        self.rule_tables: list[Table] = list(map(degrees.__getitem__, map(len, vertex_arms)))
        self.rules: list[tuple[tuple[int, ...], Table]] = list(zip(vertex_arms, self.rule_tables, strict=True))
        # each rule's scope values: itemgetters made in C where every vertex has two arms or more
        # (tab.reader's call a vertex was 0.37 of 0.14 ms at 60×60, timeit)
        self.readers: list[Reader] = list(
            starmap(itemgetter, vertex_arms) if rows > 1 and cols > 1 else map(tab.reader, vertex_arms)
        )
        # its `by_values.get`, for the hot loop
        self.lookups: list[Lookup] = list(map(attrgetter("lookup"), self.rule_tables))
        self.rule_names: list[str] = [VERTEX_DEGREE] * len(vertex_arms)
        self.rule_levels: list[Level] = [Level.EASY] * len(vertex_arms)
        # the vertex rules reading each edge, in the order they came: its two ends (a < b)
        self.vertex_watch: Sequence[tuple[int, int]] = self.ends  # never changed (a list each cost 0.6 MB at 60×60)
        self.edge_vertex_rules = self.vertex_watch  # never changed, as `vertex_watch`
        self.levels[VERTEX_DEGREE] = Level.EASY
        self.vertex_rules = self.clue_rules = len(self.rules)  # the rules before this one are the vertices'
        # on a bare board a vertex rule forces nothing until its edges change, which queues it again
        forcing = {table: table.consequence(0, 0) != (0, 0) for table in set(self.rule_tables)}  # a few tables
        self.queue = list(compress(range(len(self.rule_tables)), map(forcing.__getitem__, self.rule_tables)))

    def _start_from(self, bare: Layout) -> None:
        """Take `bare`'s state as this board's own: what is never changed is shared, the rest copied."""
        self.__dict__.update(bare.__dict__)
        for lazy in ("colours", "watch"):  # a board's own, made when first read (none of the bare's)
            self.__dict__.pop(lazy, None)
        self.value = bare.value.copy()
        self.assigned, self.queue = [], bare.queue.copy()
        self.lanes = [[] for _ in bare.lanes]
        self.guards = {}
        self.pending = [[] for _ in bare.pending]
        self.parities, self.parity_queue = bare.parities.copy(), bare.parity_queue.copy()
        self.parity_stale = set(bare.parity_queue)
        self.parity_merged = []
        self.chains = Chains(len(bare.chains.far))
        self.__class__ = _later(type(self))
        self.face_parities = bare.face_parities  # none yet, never changed in place (`_add_parities`)
        self.rules, self.readers = bare.rules.copy(), bare.readers.copy()
        self.rule_tables, self.rule_names = bare.rule_tables.copy(), bare.rule_names.copy()
        self.lookups = bare.lookups.copy()
        self.rule_levels = bare.rule_levels.copy()
        self.lane_watch = {level: [list(rules) for rules in by_edge] for level, by_edge in bare.lane_watch.items()}

    def _made_later(self) -> None:
        """What `_Later` makes: the faces' colours and each edge's faces (shared by the boards of
        a size), and the rules a probe reads by edge: its two ends' vertex rules, then the clues'
        own in the order they came (not the corner rules, which probes skip)."""
        faces = face_lattice(*self.shape)
        self.colours, self.edge_faces = Colours(*faces), faces[2]
        self.edge_between = edges_between(self.shape, self.ends)
        self.watch = watch = list(map(list, self.ends))
        first = self.vertex_rules
        for number, (scope, _) in enumerate(self.rules[first : self.clue_rules], first):
            for k in scope:
                watch[k].append(number)

    def _add_clues(self, rules: Iterable[Rule]) -> None:
        """Each rule within `max_level` (its `blocks.Block`, kept per lattice size), then the
        rules its corner joins make, all after every clue's own: a 60×60 has 14 000 of them,
        and the face parities (the columns extended in line, no call a rule: a 60×60 has 1 655 clues); those of level
        `blocks.LATER` only once the deduction reaches it (`push_later`). The first
        board of a size and settings keeps no blocks (most processes set up one board: keeping
        cost a fresh 60×60 5 ms more); the next ones do."""
        settings = blocks.settings_of(self)
        known = self.blocks.get(settings)  # read once: a board of another thread may clear them
        keep = known is not None
        if known is None:
            self.blocks[settings] = {}
            known = {}
        max_level, levels = self.max_level, self.levels
        kept: list[tuple[int, blocks.Block]] = []
        # The lane of level LATER is read only once the deduction reaches it, and then made as it
        # would have been from the start (queues._reach_later): its clue rules wait by edge until
        # `push_later` (a Slitherlink 60×60's 74 patterns of 3s made it 7 320 lists, one an
        # edge, and every decided edge's batch was handed to it: 3 M instructions of a solve)
        waiting: dict[int, list[int]] = {}
        all_rules, lane_watch, push = self.rules, self.lane_watch, self.push_rule
        for rule in rules:
            if rule.level > max_level:
                continue
            found = known.get(rule) if keep else None
            if found is None:
                found = blocks.block(self, rule, settings)
                if keep:
                    if len(known) >= blocks.FACE_SUMS_KEPT:
                        known.clear()
                    known[rule] = found
            table = found.table
            if table is None:
                continue
            scope, level = found.scope, found.level
            number = push(scope, found.reader, table, found.name, level)  # type: ignore[arg-type]
            levels[found.name] = level
            if level == blocks.LATER:
                for k in scope:
                    waiting.setdefault(k, []).append(number)
            else:
                lane = lane_watch.get(level) or self._lane_watch(level)
                for k in scope:
                    lane[k].append(number)
            kept.append((number, found))
        self.clue_rules = len(all_rules)
        if settings.corners:
            corners.add_corners(self, kept, settings, keep, False)
        if settings.parity != blocks.LATER:
            self._add_parities(kept)
        self.later = kept, settings, keep, waiting

    def _add_parities(self, kept: list[tuple[int, blocks.Block]]) -> None:
        """The face parities of each clue in `kept` (their faces' colours sum to the parity, mod 2:
        each edge is the sum of its two faces'), each waiting to be read once."""
        parities, first = self.parities, len(self.parities)
        face_parities: list[list[int]] = [list(numbers) for numbers in self.face_parities]
        self.face_parities = face_parities
        for _, found in kept:
            scope = found.scope
            for faces, parity in blocks.sums(self, found):
                for f in faces:
                    face_parities[f].append(len(parities))
                parities.append((faces, parity, scope))
        self.parity_queue.extend(range(first, len(parities)))
        self.parity_stale.update(range(first, len(parities)))

    def push_later(self) -> range:
        """Push the corner rules and face parities of level `blocks.LATER` that `_add_clues` put
        off (the numbers the rules get): the deduction first reaches that level."""
        assert self.later is not None
        kept, settings, keep, waiting = self.later
        self.later, first = None, len(self.rules)
        if waiting:  # the clue rules first, as their lists began before the corners'
            lane = self._lane_watch(blocks.LATER)
            for k, rules in waiting.items():
                lane[k] += rules
        if settings.corners:
            later = [(clue, found) for clue, found in kept if blocks.has_later(found, settings)]
            corners.add_corners(self, later, settings, keep, True)
        if settings.parity == blocks.LATER:
            self._add_parities(kept)
        return range(first, len(self.rules))

    def _queue_unguarded(self, first: int) -> None:
        """`guard_of`, each rule's guard (`guards` by rule number, None where it has none; the
        dict emptied then, 147 KB at 60×60), and every rule from `first` on queued to be read
        once but a guarded one: no line has entered its corner yet (a 60×60's 4 262 were all
        passed by their guards in the first batch), and the first that does hands the lane a
        batch with it, read before the first batch."""
        count, guards = len(self.rules), self.guards
        guard_of: list[blocks.Guard | None] = [None] * count
        # locals: a 60×60 has 4 264 (0.18 -> 0.10 ms, timeit; set by `map(guard_of.__setitem__, ...)`
        # drained in C, 0.35 ms: a slot wrapper's call each)
        for number, guard in guards.items():
            if number < count:
                guard_of[number] = guard
        self.guard_of, self.guards = guard_of, {}
        if guards:
            self.queue.extend(compress(range(first, count), map(not_, guard_of[first:])))
        else:  # (a Masyu's)
            self.queue.extend(range(first, count))

    def push_rule(self, scope: tuple[int, ...], read: Reader, table: Table, name: str, level: Level) -> int:
        """A rule's number once its columns are appended (the lanes and watches are the caller's)."""
        number = len(self.rules)
        self.rules.append((scope, table))
        self.readers.append(read)
        self.rule_tables.append(table)
        self.lookups.append(table.lookup)
        self.rule_names.append(name)
        self.rule_levels.append(level)
        return number

    def _lane_watch(self, level: Level) -> list[list[int]]:
        """The rules of `level` that watch each edge."""
        found = self.lane_watch.get(level)
        if found is None:
            found = self.lane_watch[level] = [[] for _ in self.lattice]
        return found

    def _odd(self, scope: tuple[int, ...], mask: int) -> tuple[int, ...]:
        """The faces an odd number of the masked edges of `scope` border, in order."""
        odd: set[int] = set()
        for position, k in enumerate(scope):
            if mask >> position & 1:
                odd ^= set(self.edge_faces[k])
        return tuple(sorted(odd))

    # --- clues read as their edges stand ---------------------------------------------------

    def _one_short(self, rule: int) -> bool:
        """Whether a guarded corner rule may be read: a line enters its corner from outside the
        clue, whose open sides (more than two) hold exactly one off side in every pattern left."""
        guard = self.guard_of[rule]
        assert guard is not None  # (a guarded rule's)
        clue, arm, other = guard
        value = self.value
        if value[arm] == 1 or value[other] == 1:
            return self.rule_tables[clue].one_short(self.readers[clue](value))
        return False

    def _unmet_if_closed(self, k: int) -> bool:
        """Whether some clue allows no pattern of the loop edge k would close (every other edge
        off): Tatham's Easy loop rule counts the clues such a loop satisfies. Each clue's edges
        are read in C, k on for the while, and only the distinct (table, values) tested: a
        60×60's 1 655 clues, a generator each, took 1.2 of a fresh solve's 130 ms (perf_counter)."""
        value, first, end = self.value, self.vertex_rules, self.clue_rules
        was, value[k] = value[k], 1
        try:
            read = map(methodcaller("__call__", value), self.readers[first:end])
            seen = set(zip(self.rule_tables[first:end], read, strict=True))
        finally:
            value[k] = was
        for table, values in seen:
            pattern = sum(1 << n for n, v in enumerate(values) if v == 1)
            if pattern not in table.allowed:
                return True
        return False


class _Later:
    """`Layout.colours`, `.edge_faces`, `.watch` and `.edge_between`, made at the first read of any: the face
    parity, the probes and a backtracking read them (Deep and above), and a board decided below
    never does. A fresh 60×60 `solve --json` made the faces for 8 M instructions (3 601 faces'
    classes, 7 320 edges' faces, 1 MB) and the probes' lists for 5 M (0.5 MB); a Masyu 40×58,
    which probes, makes its lists for 8.8 M, not 5.9 with the clues (12.7 from the lanes), which
    its corners' lanes made by an extend repay (callgrind). A descriptor of a subclass the board
    is put in while they wait (`_later`), and taken out of once they are made: Python 3.11 reads
    an attribute that a class's descriptor of the same name shadows the slow way, and a hard
    Masyu 25×25 reads them 22 000 times (a Masyu 40×58's faces alone, 6 M instructions more);
    a `__getattr__` on the class would keep every attribute read of a board from its fast path."""

    def __get__(self, layout: Layout | None, owner: type[Layout]) -> object:
        if layout is None:  # (the class's own)
            return self
        layout._made_later()
        layout.__class__ = owner.__bases__[0]
        return layout.__dict__[self.name]

    def __set_name__(self, owner: type[Layout], name: str) -> None:
        self.name = name


_LATER_CLASSES: dict[type[Layout], type[Layout]] = {}  # by the class a board was made in: a class or two


def _later(made: type[Layout]) -> type[Layout]:
    """`made`, with what `_Later` makes made when first read."""
    found = _LATER_CLASSES.get(made)
    if found is None:
        if "watch" in made.__dict__:  # (already so)
            return made
        lazy: dict[str, object] = {"__slots__": (), "__module__": made.__module__, "__qualname__": made.__qualname__}
        lazy.update(colours=_Later(), edge_faces=_Later(), watch=_Later(), edge_between=_Later())
        found = _LATER_CLASSES[made] = type(made.__name__, (made,), lazy)
    return found
