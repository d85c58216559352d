"""The propagator: edge values, the tables watching them, chains and face colours, undoable.

Edges, vertices and faces are small integers and every rule is a table of allowed patterns over
a few edges, so a propagation step is a few list reads and one cached dict lookup. Assigning an
edge only records it; `propagate` then runs the edge's consequences (its chain, its faces, the
tables that watch it) from a queue, so nothing recurses. A mark is the lengths of the three undo
logs (assigned edges, chain changes, colour merges); `undo` returns to one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from operator import itemgetter

from loopsat.deduce.chains import Chains
from loopsat.deduce.colours import Colours
from loopsat.deduce.rules import (
    AT_A_CORNER,
    LOOP_CLOSED,
    NO_PREMATURE_LOOP,
    NO_SUCH_EDGE,
    PARITY,
    VERTEX_DEGREE,
    Contradiction,
    Rule,
    Step,
)
from loopsat.grid import Point, edge_ends, lattice_edges, tile_extent

Mark = tuple[int, int, int]
# Clue-and-vertex tables up to this many edges: a Slitherlink clue and a corner (6 edges), a Masyu
# circle near the border (inside, its table has 8 edges). On Tatham's Hard 60x60 they cut the
# probes by a third (11144 -> 7475 on 002) and the deduction by 10-20 % (0.81/0.68 -> 0.69/0.62
# CPU-s in two alternating runs of `python bench/deduce_share.py --sets slitherlink/60x60`);
# checked inside probes too they saved more probes but cost more; joining neighbouring clues
# (7 edges) saved no probe.
CORNER_WIDTH = 6
Tracer = Callable[[Step], None]
# How many rules' face parities a lattice size keeps (`Board.face_sums`), so that a long batch of
# one size does not grow it without end: a 30×30 Masyu generate meets about 40 000.
FACE_SUMS_KEPT = 200_000


def scope_bits(scope: Sequence[int], value: Sequence[int]) -> tuple[int, int]:
    """Which edges of a rule's scope are decided, and which of those are on, as bit masks."""
    known = bits = 0
    position = 1
    for k in scope:
        v = value[k]
        if v >= 0:
            known |= position
            if v:
                bits |= position
        position <<= 1
    return known, bits


class Table:
    """The patterns one rule allows (bit n = its n-th edge), with what each partial assignment forces."""

    def __init__(self, allowed: frozenset[int], width: int) -> None:
        self.allowed = allowed
        self.width = width
        self.full = (1 << width) - 1
        self.known: dict[int, tuple[int, int] | None] = {}
        # what `propagate` looks up: the scope's values as read, so the hot loop builds no masks
        self.by_values: dict[tuple[int, ...], tuple[int, int] | None] = {}
        self.parities = _constant_parities(allowed, width)

    def answer(self, values: tuple[int, ...]) -> tuple[int, int] | None:
        """`consequence` for the scope's edge values (-1 undecided), remembered in `by_values`."""
        forced = self.by_values[values] = self.consequence(*scope_bits(range(len(values)), values))
        return forced

    def consequence(self, known: int, bits: int) -> tuple[int, int] | None:
        """(edges forced on, edges forced off) as bit masks, or None when no pattern fits."""
        key = known << self.width | bits
        if key not in self.known:
            fits = [p for p in self.allowed if p & known == bits]
            if not fits:
                self.known[key] = None
            else:
                every = some = fits[0]
                for p in fits[1:]:
                    every &= p
                    some |= p
                free = self.full & ~known
                self.known[key] = (every & free, ~some & free)
        return self.known[key]


@lru_cache(maxsize=4096)  # one table, and the answers it has cached, per pattern set, for every board
def _table(allowed: frozenset[int], width: int) -> Table:
    return Table(allowed, width)


def _constant_parities(allowed: frozenset[int], width: int) -> list[tuple[int, int]]:
    """(positions, parity): the whole scope and the pairs of its edges whose sum has one parity in
    every allowed pattern (a clue's number, a Masyu circle's equal or opposite arms)."""
    masks = [(1 << width) - 1] + [1 << i | 1 << j for i in range(width) for j in range(i)]
    found = []
    for mask in masks:
        parities = {(p & mask).bit_count() & 1 for p in allowed}
        if len(parities) == 1:
            found.append((mask, parities.pop()))
    return found


def _joint(
    scope_a: tuple[int, ...], allowed_a: frozenset[int], scope_b: tuple[int, ...], allowed_b: frozenset[int]
) -> tuple[tuple[int, ...], frozenset[int]]:
    """The rule both rules make together."""
    scope = scope_a + tuple(k for k in scope_b if k not in scope_a)
    where = tuple(scope.index(k) for k in scope_b)
    return scope, _joint_patterns(allowed_a, len(scope_a), allowed_b, where)


@cache
def _joint_patterns(
    allowed_a: frozenset[int], width_a: int, allowed_b: frozenset[int], where: tuple[int, ...]
) -> frozenset[int]:
    shared = sum(1 << w for w in where if w < width_a)
    allowed = set()
    for q in allowed_b:
        spread = sum((q >> i & 1) << w for i, w in enumerate(where))
        for p in allowed_a:
            if spread & shared == p & shared:
                allowed.add(p | spread)
    return frozenset(allowed)


_UNKNOWN = (-1, -1)  # a table's answer not worked out yet


def _reader(scope: tuple[int, ...]) -> Callable[[list[int]], tuple[int, ...]]:
    """What reads a scope's edge values as one tuple, in C (itemgetter gives a bare value for one edge)."""
    if len(scope) == 1:
        (k,) = scope
        return lambda value: (value[k],)
    return itemgetter(*scope)


def _masks(patterns: frozenset[tuple[int, ...]], kept: tuple[int, ...]) -> frozenset[int]:
    """The patterns whose dropped positions are off, as bit masks over the kept positions."""
    dropped = [i for i in range(len(next(iter(patterns), ()))) if i not in kept]
    return frozenset(sum(p[i] << bit for bit, i in enumerate(kept)) for p in patterns if not any(p[i] for i in dropped))


@lru_cache(maxsize=8)  # a batch of boards of mixed sizes keeps a few; one costs ~1 MB at 60x60
def _bare_board(rows: int, cols: int) -> Board:
    """A rows × cols lattice with only its vertex rules, which every board of that size copies.
    The generator sets up thousands of boards: a 30×30 Masyu one took 15 ms to set up from
    scratch, 4.6 ms from this copy with tables and face parities shared; thinning seed 1 took
    27 CPU-s instead of 37 (`python bench/generate_phases.py masyu 30x30`)."""
    bare = Board.__new__(Board)
    bare._lay(rows, cols)
    return bare


class Board:
    """The whole lattice spanned by `edges`; lattice edges not among them are off from the start."""

    def __init__(
        self,
        edges: list[Point],
        rules: Iterable[Rule],
        names: Sequence[str],
        single_loop: bool,
        clue: str,
        tracer: Tracer | None = None,
    ) -> None:
        self._start_from(_bare_board(*tile_extent(edges)))
        self.single_loop = single_loop
        self.tracer: Tracer | None = tracer  # hears every step outside probes; None costs one test per edge
        compiled: dict[tuple[frozenset[tuple[int, ...]], tuple[int, ...]], frozenset[int]] = {}
        for n, (points, patterns) in enumerate(rules):
            kept = tuple(i for i, e in enumerate(points) if e in self.index)  # an edge off the lattice is off
            if (patterns, kept) not in compiled:
                compiled[patterns, kept] = _masks(patterns, kept)
            name = names[n] if n < len(names) else clue
            self._add_rule(tuple(self.index[points[i]] for i in kept), compiled[patterns, kept], name)
        self._add_corners()
        if len(edges) < len(self.lattice):
            given = set(edges)
            for k, e in enumerate(self.lattice):
                if e not in given:
                    self.assign(k, 0, NO_SUCH_EDGE, ())

    def _lay(self, rows: int, cols: int) -> None:
        """The rows × cols lattice with its vertex rules and nothing else: what `_bare_board` keeps."""
        self.lattice = list(lattice_edges(rows, cols))
        self.index = {e: k for k, e in enumerate(self.lattice)}
        self.single_loop = True
        self.value = [-1] * len(self.lattice)
        self.assigned: list[int] = []  # the trail: edges in the order they were decided
        self.done = 0  # assigned[:done] have had their chain and colour consequences
        self.queue: list[int] = []  # rules to re-check
        # (faces, parity of their colours, the edges whose rule gave it)
        self.parities: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
        self.parity_queue: list[int] = []  # parities to re-check
        self.tracer = None
        self.probing = False  # probes skip the corner rules: cheaper probes beat fewer ones
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
        self.rule_names: list[str] = []
        self.watch: list[list[int]] = [[] for _ in self.lattice]
        self.watch_corner: list[list[int]] = [[] for _ in self.lattice]  # corner rules, outside probes
        # each rule's face parities, by (scope, patterns): shared by every board of this size, as
        # the generator sets up thousands that differ in a clue or two
        self.face_sums: dict[tuple[tuple[int, ...], frozenset[int]], list[tuple[tuple[int, ...], int]]] = {}
        self.arms: list[list[int]] = [[] for _ in range(rows * cols)]  # the edges at each vertex
        for k, (a, b) in enumerate(self.ends):
            self.arms[a].append(k)
            self.arms[b].append(k)
        for vertex_arms in self.arms:
            degree = frozenset(p for p in range(1 << len(vertex_arms)) if p.bit_count() in (0, 2))
            self._add_rule(tuple(vertex_arms), degree, VERTEX_DEGREE)
        self.vertex_rules = len(self.rules)  # the rules before this one are the vertices'
        # on a bare board a vertex rule forces nothing until its edges change, which queues it again
        self.queue = [rule for rule in self.queue if self.rule_tables[rule].consequence(0, 0) != (0, 0)]
        self.edge_vertex_rules: list[list[int]] = [[] for _ in self.lattice]  # the vertex rules reading each edge
        for number in range(self.vertex_rules):
            for k in self.rules[number][0]:
                self.edge_vertex_rules[k].append(number)

    def _start_from(self, bare: Board) -> None:
        """Take `bare`'s state as this board's own: what is never changed is shared, the rest copied."""
        self.__dict__.update(bare.__dict__)
        self.value = bare.value.copy()
        self.assigned, self.queue = [], bare.queue.copy()
        self.parities, self.parity_queue = bare.parities.copy(), bare.parity_queue.copy()
        self.chains = Chains(len(bare.chains.far))
        self.colours = Colours(len(bare.colours.leader), bare.colours.face_edges, bare.colours.edge_faces)
        self.face_parities = [list(numbers) for numbers in bare.face_parities]
        self.rules, self.readers = bare.rules.copy(), bare.readers.copy()
        self.rule_tables, self.rule_names = bare.rule_tables.copy(), bare.rule_names.copy()
        self.watch = [list(rules) for rules in bare.watch]
        self.watch_corner = [list(rules) for rules in bare.watch_corner]

    def _colours(self, rows: int, cols: int) -> Colours:
        """Faces: the (rows-1) × (cols-1) lattice cells, numbered from 1, and the outside, 0."""

        def face(x: int, y: int) -> int:
            inside = 0 < x < 2 * rows - 2 and 0 < y < 2 * cols - 2
            return 1 + (x // 2) * (cols - 1) + y // 2 if inside else 0

        faces = 1 + max(rows - 1, 0) * max(cols - 1, 0)
        edge_faces = [
            (face(x, y - 1), face(x, y + 1)) if x % 2 else (face(x - 1, y), face(x + 1, y)) for x, y in self.lattice
        ]
        face_edges: list[list[int]] = [[] for _ in range(faces)]
        for k, (f, g) in enumerate(edge_faces):
            face_edges[f].append(k)
            face_edges[g].append(k)
        self.edge_faces = edge_faces
        return Colours(faces, face_edges, edge_faces)

    def _add_corners(self) -> None:
        """Each clue (or circle) joined with each vertex that holds two of its edges, as one table over at
        most `CORNER_WIDTH` edges: what a human sees at a clue's corner (a line entering a 3's
        corner, a 1 in a corner of the board) without probing. Checked only outside probes."""
        narrow = [
            (*self.rules[number], self.rule_names[number])
            for number in range(self.vertex_rules, len(self.rules))
            if len(self.rules[number][0]) <= CORNER_WIDTH
        ]
        for scope, table, name in narrow:
            for vertex in sorted({v for k in scope for v in self.edge_vertex_rules[k]}):
                arms, degree = self.rules[vertex]
                if len(set(arms) & set(scope)) >= 2 and len(set(arms) | set(scope)) <= CORNER_WIDTH:
                    joint = _joint(scope, table.allowed, arms, degree.allowed)
                    self._add_rule(*joint, name + AT_A_CORNER, corner=True)

    def _add_rule(self, scope: tuple[int, ...], allowed: frozenset[int], name: str, corner: bool = False) -> None:
        if not allowed:
            raise Contradiction
        if len(allowed) == 1 << len(scope):
            return  # no restriction
        table = _table(allowed, len(scope))
        rule = len(self.rules)
        self.rules.append((scope, table))
        self.readers.append(_reader(scope))
        self.rule_tables.append(table)
        self.rule_names.append(name)
        for k in scope:
            (self.watch_corner if corner else self.watch)[k].append(rule)
        self.queue.append(rule)
        if corner:
            return  # its parities are its clue's
        key = scope, allowed
        face_sums = self.face_sums.get(key)  # read once: a board of another thread may clear them
        if face_sums is None:
            if len(self.face_sums) >= FACE_SUMS_KEPT:
                self.face_sums.clear()
            sums = [(self._odd(scope, mask), parity) for mask, parity in table.parities]
            face_sums = self.face_sums[key] = [(faces, parity) for faces, parity in sums if faces]
        for faces, parity in face_sums:
            self._add_parity(faces, parity, scope)

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
            lattice = self.lattice
            self.tracer(Step(rule, tuple(lattice[j] for j in read), ((lattice[k], bool(bit)),)))

    def mark(self) -> Mark:
        return len(self.assigned), len(self.chains.log), len(self.colours.log)

    def undo(self, mark: Mark) -> None:
        """Take back every change after `mark`."""
        assigned, value, ends, chains = self.assigned, self.value, self.ends, self.chains
        for position in range(len(assigned) - 1, mark[0] - 1, -1):
            k = assigned[position]
            if position < self.done and value[k] == 1 and self.single_loop:
                chains.remove(k, *ends[k])
            value[k] = -1
        del assigned[mark[0] :]
        self.done = min(self.done, mark[0])
        chains.restore(mark[1])
        self.colours.restore(mark[2])
        self.queue.clear()
        self.parity_queue.clear()

    # --- propagation --------------------------------------------------------------------------

    def propagate(self) -> None:
        """Run every pending consequence to the fixpoint; Contradiction when the rules clash.

        The hot loop of the deduction, so it reads everything through locals and inlines the
        common cases: a table whose answer is cached, faces already in one class."""
        value, readers, queue, assigned = self.value, self.readers, self.queue, self.assigned
        tables = self.rule_tables
        watch = self.watch_corner if not self.probing else None
        parity_queue, edge_faces, ends = self.parity_queue, self.edge_faces, self.ends
        leader, flip = self.colours.leader, self.colours.flip
        chains = self.chains if self.single_loop else None
        watch_rules = self.watch
        done = self.done  # assigned[:done] have had their chain and colour consequences
        try:
            while True:
                while done < len(assigned):
                    k = assigned[done]
                    bit = value[k]
                    if bit and chains is not None:
                        chain = chains.add(k, *ends[k])  # raises, changing nothing, before done moves
                        done += 1
                        if chain is not None:
                            self._forbid_closing(*chain)
                        else:
                            self._close(k)
                    else:
                        done += 1
                    f, g = edge_faces[k]
                    if leader[f] != leader[g]:
                        self.relate(f, g, bit, PARITY, (k,))
                    elif flip[f] ^ flip[g] != bit:
                        raise Contradiction
                    queue.extend(watch_rules[k])
                    if watch is not None:
                        queue.extend(watch[k])
                if queue:
                    rule = queue.pop()
                    values = readers[rule](value)
                    table = tables[rule]
                    forced = table.by_values.get(values, _UNKNOWN)
                    if forced is _UNKNOWN:
                        forced = table.answer(values)
                    if forced is None:
                        raise Contradiction
                    on, off = forced
                    if on or off:
                        self._apply(rule, on, off)
                elif parity_queue:
                    self._check_parity(parity_queue.pop())
                elif done == len(assigned):
                    return
        finally:
            self.done = done

    def _apply(self, rule: int, on: int, off: int) -> None:
        """Assign what a rule's table forces (bit masks over its scope)."""
        scope, name = self.rules[rule][0], self.rule_names[rule]
        for position, k in enumerate(scope):
            if on >> position & 1:
                self.assign(k, 1, name, scope)
            elif off >> position & 1:
                self.assign(k, 0, name, scope)

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
        """The edge joining a chain's two ends would close it: off while other loop edges exist."""
        k = self.edge_between.get((x, y) if x < y else (y, x))
        if k is not None and self.value[k] < 0:
            if self.chains.on > length:
                self.assign(k, 0, NO_PREMATURE_LOOP, (k,))
            else:
                self.lonely = True

    def _close(self, k: int) -> None:
        """Edge k closed the loop: every other edge is off (a second loop otherwise)."""
        value = self.value
        for j in range(len(value)):
            if value[j] < 0:
                self.assign(j, 0, LOOP_CLOSED, (k,))

    def closing_pass(self) -> None:
        """Re-check the closing edge of a chain that held every loop edge when it was made (the
        only kind whose closing edge a later loop edge elsewhere can forbid)."""
        if self.lonely:
            self.lonely = False
            for x, y, length in self.chains.ends():
                self._forbid_closing(x, y, length)
        self.propagate()

    def probe(self, k: int, bit: int) -> list[int] | None:
        """What follows from edge k = bit, each edge j with value v as 2j + v (k's own first), or
        None if it fails; the board is unchanged and the tracer hears nothing."""
        mark, tracer = self.mark(), self.tracer
        self.tracer = None
        self.probing = True
        try:
            self.assign(k, bit, "", ())
            self.propagate()
        except Contradiction:
            return None
        else:
            value = self.value
            return [2 * j + value[j] for j in self.assigned[mark[0] :]]
        finally:
            self.undo(mark)
            self.tracer = tracer
            self.probing = False

    def relate(self, f: int, g: int, differ: int, rule: str, read: Sequence[int]) -> None:
        """Faces f and g differ (1) or agree (0); the edges that decides wait in line, and so do
        the parities over the faces whose class changed, except inside a probe: probes are the
        bulk of the work, and there the parity checks cost more than they find (Tatham's Hard
        40x40 and 60x60 still deduced completely, 60x60 15 % faster: `python
        bench/deduce_share.py --sets slitherlink/40x40 slitherlink/60x60`)."""
        colours = self.colours
        merges = len(colours.log)
        for j, bit in colours.join(f, g, differ, self.value):
            self.assign(j, bit, rule, read)
        if len(colours.log) > merges and not self.probing:
            face_parities, queue = self.face_parities, self.parity_queue
            for h in colours.members[colours.log[-1][0]]:
                queue.extend(face_parities[h])

    def settle(self, fixed: Iterable[tuple[int, int]], rule: str, read: Sequence[int]) -> None:
        """Decide edges for good and propagate, closing pass included."""
        for k, bit in fixed:
            self.assign(k, bit, rule, read)
        self.propagate()
        if self.single_loop:
            self.closing_pass()
