"""The lattice half of the propagator: edges, vertices and faces as small integers, the rule
tables over them (each clue joined with the vertices at its corners) and the face parities they
imply, and two readings of a clue as its edges stand. A lattice size's bare layout is built once
and copied by every board of that size (board.Board adds the state that changes and the
propagation)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from loopsat.deduce import tables as tab
from loopsat.deduce.chains import Chains
from loopsat.deduce.colours import Colours
from loopsat.deduce.rules import AT_A_CORNER, LOOPY_LEVELS, ONE_SHORT, PARITY, VERTEX_DEGREE, Contradiction, Level
from loopsat.deduce.tables import Moves, Table
from loopsat.grid import edge_ends, lattice_edges

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

# The widest join of a clue with a vertex at its corner: a Masyu circle (8 edges) with the cell
# beside it (4, sharing 2), Tatham's Easy Pearl reasoning (a white circle cannot run the way
# where neither neighbour can turn). A Slitherlink clue with a corner is 6 edges, and so is a
# pattern of 3s with one: every such join is made. It defines the rule, not a speed: the grade
# reads the trail of these joins.
JOIN_WIDTH = 10
# How many rules' face parities (and corner joins) a lattice size keeps (`Board.face_sums`), so
# that a long batch of one size does not grow it without end: a 30×30 Masyu generate meets about
# 40 000.
FACE_SUMS_KEPT = 200_000

Reader = Callable[[list[int]], tuple[int, ...]]
Compiled = tuple[Table, Reader]
Join = tuple[tuple[int, ...], Compiled | None, tuple[int, ...], bool, Compiled | None]  # `Layout._joins`
# a vertex's patterns by its number of arms: degree 0 or 2
_DEGREES = {n: frozenset(p for p in range(1 << n) if p.bit_count() in (0, 2)) for n in range(5)}
Deferred = tuple[int, int, str, Sequence[int]]  # an edge, its value, the rule and what it read
Batch = tuple[int, list[int], int]  # rules waiting in a lane: `Layout.lanes`


class Layout:
    """A lattice and its rules; `Board` is the rest."""

    max_level: Level
    tracer: Any

    clue_rules: int  # the rules before this one (and after the vertices') are clues

    def allows(self, name: str) -> bool:
        """Whether the rule the deduction itself knows by `name` is within `max_level`."""
        return self.levels[name] <= self.max_level

    def _lay(self, rows: int, cols: int) -> None:
        """The rows × cols lattice with its vertex rules and nothing else: what `_bare_board` keeps."""
        self.shape = rows, cols  # tiles (dots, in Slitherlink)
        self.lattice = list(lattice_edges(rows, cols))
        self.index = {e: k for k, e in enumerate(self.lattice)}
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
        # The rules waiting in the queue that have not been read since one of their edges
        # changed: a rule waits once for each change, and only its first reading can force
        # anything (a third of a 60×60's readings came again to edges as they were)
        self.stale: set[int] = set()
        self.settled = 0  # the edges decided before the lanes were last run dry
        self.parity_stale: set[int] = set()  # likewise the parities waiting, outside probes
        self.no_early_loop = True  # `allows(NO_PREMATURE_LOOP)`, for the hot loops
        self.pending: list[list[Deferred]] = [[] for _ in range(len(Level) + 1)]  # edges a rule decided
        # (faces, parity of their colours, the edges whose rule gave it)
        self.parities: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
        self.parity_queue: list[int] = []  # parities to re-check
        self.parity_merged: list[int] = []  # classes merged whose faces' parities wait (`Board.relate`)
        self.tracer = None
        self.probing = False  # probes skip the corner rules: cheaper probes beat fewer ones
        self.levels = dict(LOOPY_LEVELS)
        self.max_level = Level.SEARCH
        self.faces = True  # the face parity works (not inside a local probe)
        self.parity_on = self.close_on = self.parity_allowed = True  # what `allows` says, for the hot loops
        self.cap = Level.SEARCH  # the queues above it wait (deduced_board raises it level by level)
        self.guards: dict[int, tuple[int, tuple[int, ...]]] = {}  # ONE_SHORT rules: their clue, outside arms
        self.ends = [
            ((a[0] // 2) * cols + a[1] // 2, (b[0] // 2) * cols + b[1] // 2) for a, b in map(edge_ends, self.lattice)
        ]
        self.edge_between = {(a, b): k for k, (a, b) in enumerate(self.ends)}
        self.chains = Chains(rows * cols)
        self.lonely = False  # some chain may hold every loop edge, so its closing edge is still open
        self.colours = self._colours(rows, cols)
        self.face_parities: list[list[int]] = [[] for _ in self.colours.leader]
        self.rules: list[tuple[tuple[int, ...], Table]] = []
        self.readers: list[Callable[[list[int]], tuple[int, ...]]] = []  # each rule's scope values
        self.rule_tables: list[Table] = []  # each rule's table again, for the hot loop
        self.lookups: list[Callable[[tuple[int, ...], Moves], Moves | None]] = []  # its `by_values.get`
        self.rule_names: list[str] = []
        self.rule_levels: list[Level] = []
        self.watch: list[list[int]] = [[] for _ in self.lattice]  # the rules a probe reads, by edge
        # every rule (the corners too, which probes skip; the vertices' apart) by level, then by
        # edge, in the order they came: a decided edge hands each lane its rules as one batch
        self.lane_watch: dict[Level, list[list[int]]] = {}
        # each rule's table and reader, and its face parities, by (scope, patterns): shared by
        # every board of this size, as the generator sets up thousands that differ in a clue or
        # two (and a 60×60's 14 000 readers took 12 of the 55 ms its board took to set up)
        self.compiled: dict[tuple[tuple[int, ...], frozenset[int]], Compiled] = {}
        self.face_sums: dict[tuple[tuple[int, ...], frozenset[int]], list[tuple[tuple[int, ...], int]]] = {}
        self.corner_joins: dict[tuple[tuple[int, ...], frozenset[int]], list[Join]] = {}  # likewise (`_joins`)
        # by shape (patterns, points relative to the first): the first rule's joins (`_moved_joins`)
        self.shape_joins: dict[tuple[frozenset[int], tuple[tuple[int, int], ...]], tuple[int, list[Join]]] = {}
        self.inner_vertex = [0 < v // cols < rows - 1 and 0 < v % cols < cols - 1 for v in range(rows * cols)]
        self.arms: list[list[int]] = [[] for _ in range(rows * cols)]  # the edges at each vertex
        for k, (a, b) in enumerate(self.ends):
            self.arms[a].append(k)
            self.arms[b].append(k)
        for vertex_arms in self.arms:  # each face at a vertex borders two of its arms: no face parity
            arms = tuple(vertex_arms)
            if arms:  # (a lattice of one tile has a vertex without)
                degree = tab.table(_DEGREES[len(arms)], len(arms))
                self._push(arms, degree, tab.reader(arms), VERTEX_DEGREE, Level.EASY, True)
        self.vertex_rules = len(self.rules)  # the rules before this one are the vertices'
        # their lane's batches, kept apart so that a board shares them: in a lane they come
        # before the batch of its own rules (and are read after it)
        self.vertex_watch = self.lane_watch.pop(Level.EASY, [[] for _ in self.lattice])
        # on a bare board a vertex rule forces nothing until its edges change, which queues it again
        self.queue = [rule for rule in range(len(self.rules)) if self.rule_tables[rule].consequence(0, 0) != (0, 0)]
        self.edge_vertex_rules: list[list[int]] = [[] for _ in self.lattice]  # the vertex rules reading each edge
        for number in range(self.vertex_rules):
            for k in self.rules[number][0]:
                self.edge_vertex_rules[k].append(number)

    def _start_from(self, bare: Layout) -> None:
        """Take `bare`'s state as this board's own: what is never changed is shared, the rest copied."""
        self.__dict__.update(bare.__dict__)
        self.value = bare.value.copy()
        self.assigned, self.queue = [], bare.queue.copy()
        self.lanes = [[] for _ in bare.lanes]
        self.stale = set()
        self.guards = {}
        self.pending = [[] for _ in bare.pending]
        self.parities, self.parity_queue = bare.parities.copy(), bare.parity_queue.copy()
        self.parity_stale = set(bare.parity_queue)
        self.parity_merged = []
        self.chains = Chains(len(bare.chains.far))
        self.colours = Colours(len(bare.colours.leader), bare.colours.face_edges, bare.colours.edge_faces)
        self.face_parities = [list(numbers) for numbers in bare.face_parities]
        self.rules, self.readers = bare.rules.copy(), bare.readers.copy()
        self.rule_tables, self.rule_names = bare.rule_tables.copy(), bare.rule_names.copy()
        self.lookups = bare.lookups.copy()
        self.rule_levels = bare.rule_levels.copy()
        self.watch = [list(rules) for rules in bare.watch]
        self.lane_watch = {level: [list(rules) for rules in by_edge] for level, by_edge in bare.lane_watch.items()}

    def _colours(self, rows: int, cols: int) -> Colours:
        """Faces: the (rows-1) × (cols-1) lattice cells, numbered from 1, and the outside, 0."""
        faces = 1 + max(rows - 1, 0) * max(cols - 1, 0)
        # each cell's number by its doubled coordinates halved, with a border of outside around
        face_at = [[0] * (cols + 1) for _ in range(rows + 1)]
        for i in range(rows - 1):
            face_at[i + 1][1:cols] = range(1 + i * (cols - 1), 1 + (i + 1) * (cols - 1))
        edge_faces = [
            (face_at[(x + 1) // 2][y // 2], face_at[(x + 1) // 2][y // 2 + 1])
            if x % 2
            else (face_at[x // 2][(y + 1) // 2], face_at[x // 2 + 1][(y + 1) // 2])
            for x, y in self.lattice
        ]
        face_edges: list[list[int]] = [[] for _ in range(faces)]
        for k, (f, g) in enumerate(edge_faces):
            face_edges[f].append(k)
            face_edges[g].append(k)
        self.edge_faces = edge_faces
        return Colours(faces, face_edges, edge_faces)

    def _add_corners(self) -> None:
        """Each clue (or circle, or pattern) joined with each vertex that holds two of its edges, as
        one table over at most JOIN_WIDTH edges: what a person sees at a clue's corner (a line
        entering a 3's corner, a 1 in a corner of the board) without probing. Checked only outside
        probes: cheaper probes beat fewer ones."""
        corner, short = self.levels[AT_A_CORNER], self.levels[ONE_SHORT]
        rules, guards, levels, watch = self.rules, self.guards, self.levels, self._lane_watch
        # `_push` inlined: a 60×60 has 14 000 corner rules
        add_rule, add_reader, add_table = rules.append, self.readers.append, self.rule_tables.append
        add_lookup, add_name, add_level = self.lookups.append, self.rule_names.append, self.rule_levels.append
        for number in range(self.vertex_rules, len(rules)):
            scope, table = rules[number]
            name, level = self.rule_names[number], max(self.rule_levels[number], corner)
            guarded = self.rule_levels[number] <= short < level and short <= self.max_level
            short_name, corner_name, cornered = name + ONE_SHORT, name + AT_A_CORNER, level <= self.max_level
            for joint_scope, compiled, outside, empty, one_short in self._joins(scope, table):
                if empty and (guarded or cornered):
                    raise Contradiction  # the clue and the vertex allow nothing together
                pushed: list[tuple[tuple[int, ...], Table, Reader, str, Level, tuple[int, ...]]] = []
                if guarded and one_short is not None:  # read again when a line enters the corner
                    guards[len(rules)] = number, outside
                    pushed.append((scope, *one_short, short_name, short, outside))
                if cornered and compiled is not None:
                    pushed.append((joint_scope, *compiled, corner_name, level, ()))
                for rule_scope, rule_table, read, rule_name, rule_level, also in pushed:
                    rule = len(rules)
                    add_rule((rule_scope, rule_table))
                    add_reader(read)
                    add_table(rule_table)
                    add_lookup(rule_table.lookup)
                    add_name(rule_name)
                    add_level(rule_level)
                    levels[rule_name] = rule_level
                    watching = watch(rule_level)
                    for k in rule_scope:
                        watching[k].append(rule)
                    for k in also:
                        watching[k].append(rule)

    def _lane_watch(self, level: Level) -> list[list[int]]:
        """The rules of `level` that watch each edge."""
        found = self.lane_watch.get(level)
        if found is None:
            found = self.lane_watch[level] = [[] for _ in self.lattice]
        return found

    def _joins(self, scope: tuple[int, ...], table: Table) -> list[Join]:
        """A rule's joins with the vertices at its corners: each one's scope, table and reader
        (None when every pattern or none fits), the vertex's arms outside the rule, whether no
        pattern fits, and the rule's own table without its two edges at the vertex both on (the
        ONE_SHORT reading, which decides only the clue's sides, as Tatham's Easy; None when
        that removes nothing); kept per lattice size, as boards of one size repeat their clues
        (a 12×12 Masyu's joins took 0.9 of the 2.0 ms its board took to set up)."""
        key = scope, table.allowed
        found = self.corner_joins.get(key)  # read once: a board of another thread may clear them
        if found is None:
            if len(self.corner_joins) >= FACE_SUMS_KEPT:
                self.corner_joins.clear()
            found = self.corner_joins[key] = self._moved_joins(scope, table)
        return found

    def _moved_joins(self, scope: tuple[int, ...], table: Table) -> list[Join]:
        """`_joins` of a rule away from the lattice's border (every vertex at its edges has four
        arms): those of the first rule of its shape there, moved, as every edge number moves by
        one offset with the shape. The first 60×60 board's joins took 21 of the 72 ms it took to
        set up all worked out, 17.5 moved (`python bench/board_setup.py`)."""
        ends, inner, lattice = self.ends, self.inner_vertex, self.lattice
        if not all(inner[a] and inner[b] for a, b in map(ends.__getitem__, scope)):
            return self._worked_out_joins(scope, table)
        x0, y0 = lattice[scope[0]]
        shape = table.allowed, tuple([(x - x0, y - y0) for x, y in map(lattice.__getitem__, scope)])
        known = self.shape_joins.get(shape)  # read once, as `corner_joins`
        if known is None:
            if len(self.shape_joins) >= FACE_SUMS_KEPT:
                self.shape_joins.clear()
            found = self._worked_out_joins(scope, table)
            self.shape_joins[shape] = scope[0], found
            return found
        first, joins = known
        offset, moved = scope[0] - first, []
        read_scope = None
        for joint, compiled, outside, empty, one_short in joins:
            joint = tuple([k + offset for k in joint])
            if compiled is not None:
                compiled = compiled[0], tab.reader(joint)
            if one_short is not None:  # the rule's own scope, read by one reader
                read_scope = read_scope or tab.reader(scope)
                one_short = one_short[0], read_scope
            moved.append((joint, compiled, tuple([k + offset for k in outside]), empty, one_short))
        return moved

    def _worked_out_joins(self, scope: tuple[int, ...], table: Table) -> list[Join]:
        """`_joins`, from the vertex rules."""
        found: list[Join] = []
        edge_vertex_rules, in_scope = self.edge_vertex_rules, set(scope)
        for v in sorted({v for k in scope for v in edge_vertex_rules[k]}):
            arms, degree = self.rules[v]
            outside = tuple([k for k in arms if k not in in_scope])
            if len(arms) - len(outside) >= 2 and len(scope) + len(outside) <= JOIN_WIDTH:
                joint, allowed = tab.joint(scope, table.allowed, arms, degree.allowed)
                compiled = None
                if allowed and len(allowed) < 1 << len(joint):  # else none or no restriction
                    compiled = tab.table(allowed, len(joint)), tab.reader(joint)
                pair = sum(1 << n for n, k in enumerate(scope) if k in arms)
                fewer = frozenset(p for p in table.allowed if p & pair != pair)
                one_short = None
                if fewer and fewer != table.allowed:
                    one_short = tab.table(fewer, len(scope)), tab.reader(scope)
                found.append((joint, compiled, outside, not allowed, one_short))
        return found

    def _add_rule(
        self,
        scope: tuple[int, ...],
        allowed: frozenset[int],
        name: str,
        level: Level,
        corner: bool = False,
        parities: bool = True,
    ) -> None:
        if not allowed:
            raise Contradiction
        if len(allowed) == 1 << len(scope):
            return  # no restriction
        key = scope, allowed
        compiled = self.compiled.get(key)  # read once: a board of another thread may clear them
        if compiled is None:
            if len(set(scope)) < len(scope):  # the probes assign a table's moves unchecked
                raise ValueError(f"a rule reads an edge twice: {scope}")
            if len(self.compiled) >= FACE_SUMS_KEPT:
                self.compiled.clear()
            compiled = self.compiled[key] = (tab.table(allowed, len(scope)), tab.reader(scope))
        table, read = compiled
        self._push(scope, table, read, name, level, not corner)
        if corner or not parities or self.levels[PARITY] > self.max_level:
            return  # its parities are its clue's, or not wanted, or above the board's level
        face_sums = self.face_sums.get(key)  # read once, as `compiled`
        if face_sums is None:
            if len(self.face_sums) >= FACE_SUMS_KEPT:
                self.face_sums.clear()
            sums = [(self._odd(scope, mask), parity) for mask, parity in table.parities]
            face_sums = self.face_sums[key] = [(faces, parity) for faces, parity in sums if faces]
        for faces, parity in face_sums:
            self._add_parity(faces, parity, scope)

    def _push(self, scope: tuple[int, ...], table: Table, read: Reader, name: str, level: Level, probed: bool) -> None:
        """A new rule, watching its edges in its level's lane (and in `watch` when `probed`); it
        waits to be read once every rule is in (`Board`)."""
        rule = len(self.rules)
        self.rules.append((scope, table))
        self.readers.append(read)
        self.rule_tables.append(table)
        self.lookups.append(table.lookup)
        self.rule_names.append(name)
        self.rule_levels.append(level)
        self.levels[name] = level
        lane = self._lane_watch(level)
        for k in scope:
            lane[k].append(rule)
        if probed:
            watch = self.watch
            for k in scope:
                watch[k].append(rule)

    def _odd(self, scope: tuple[int, ...], mask: int) -> tuple[int, ...]:
        """The faces an odd number of the masked edges of `scope` border, in order."""
        odd: set[int] = set()
        for position, k in enumerate(scope):
            if mask >> position & 1:
                odd ^= set(self.edge_faces[k])
        return tuple(sorted(odd))

    def _add_parity(self, faces: tuple[int, ...], parity: int, scope: tuple[int, ...]) -> None:
        """The colours of `faces` sum to `parity` (mod 2): each edge is the sum of its two faces'."""
        number = len(self.parities)
        self.parities.append((faces, parity, scope))
        for f in faces:
            self.face_parities[f].append(number)
        self.parity_queue.append(number)
        self.parity_stale.add(number)

    # --- clues read as their edges stand ---------------------------------------------------

    def _one_short(self, rule: int) -> bool:
        """Whether a guarded corner rule may be read: a line enters its corner from outside the
        clue, whose open sides (more than two) hold exactly one off side in every pattern left."""
        clue, outside = self.guards[rule]
        value = self.value
        for k in outside:
            if value[k] == 1:
                return self.rule_tables[clue].one_short(self.readers[clue](value))
        return False

    def _unmet_if_closed(self, k: int) -> bool:
        """Whether some clue allows no pattern of the loop edge k would close (every other edge
        off): Tatham's Easy loop rule counts the clues such a loop satisfies."""
        value = self.value
        for rule in range(self.vertex_rules, self.clue_rules):
            scope, table = self.rules[rule]
            pattern = sum(1 << n for n, j in enumerate(scope) if j == k or value[j] == 1)
            if pattern not in table.allowed:
                return True
        return False
