"""A clue's share of a board, worked out once per lattice size: its scope as edge numbers, its
table and reader, the face parities it implies and the rules its joins with the vertices at its
corners make, as columns a board extends its own with (`Layout._add_clues`). Boards of one size
repeat their clues (the generator sets up thousands that differ in a clue or two, and a bench
run solves each puzzle again), so a board then copies lists instead of working out joins."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import chain
from operator import itemgetter

from loopsat.deduce import tables as tab
from loopsat.deduce.rules import AT_A_CORNER, ONE_SHORT, PARITY, Contradiction, Level, Rule
from loopsat.deduce.tables import Moves, Table
from loopsat.tuples import NamedTuple

# The level whose corner rules a board pushes only when its deduction first reaches it (the
# queues' lane set-up): most boards are decided below it, and a 60×60's Deep corner joins were
# 38 000 of its 70 000 lane entries, built and never read.
LATER = Level.DEEP

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.layout import Layout, Reader


class Settings(NamedTuple):
    """What a board's levels say of the rules a clue brings: the level of its corner joins, of
    their one-short reading and of the face parity, and the highest level the board keeps."""

    corner: Level
    short: Level
    parity: Level
    max_level: Level

    @property
    def corners(self) -> bool:
        return min(self.corner, self.short) <= self.max_level


# A guarded (one-short) rule's clue, then its vertex's two arms outside the clue (one arm:
# named twice), unpacked where the Easy lane tests the guard (`queues.run_by_level`)
Guard = tuple[int, int, int]


class Corners:
    """The rules a clue's corner joins add after every clue's own, as slices of `Layout`'s
    lists, numbered from 0 (a board adds its count of rules so far). A class, not a NamedTuple:
    a fresh solve makes none (only the next boards of a size), and defining a NamedTuple of
    nine fields cost every process 0.4 M instructions (callgrind, `import loopsat.deduce.board`)."""

    __slots__ = ("edges", "guards", "levels", "lookups", "name_levels", "names", "readers", "rules", "tables")

    def __init__(
        self,
        rules: list[tuple[tuple[int, ...], Table]],
        readers: list[Reader],
        tables: list[Table],
        lookups: list[object],
        names: list[str],
        levels: list[Level],
        guards: list[Guard],  # a guarded rule's number (not its clue), its vertex's arms outside the clue
        edges: list[tuple[int, ...]],  # the edges each rule watches (in its level's lane)
        name_levels: dict[str, Level],  # each name's level
    ) -> None:
        self.rules, self.readers, self.tables, self.lookups, self.names = rules, readers, tables, lookups, names
        self.levels, self.guards, self.edges, self.name_levels = levels, guards, edges, name_levels


class Block:
    """One clue on one lattice size under one `Settings` (a class, not a tuple: the first board
    that needs its corners fills them in, `corners.push_corners`: those below `LATER`, then those of it)."""

    __slots__ = ("corners", "face_sums", "level", "name", "reader", "scope", "table")

    def __init__(
        self,
        scope: tuple[int, ...],
        table: Table | None,  # None: the clue restricts nothing (no rule, no corners)
        reader: Reader | None,
        name: str,
        level: Level,
        face_sums: list[tuple[tuple[int, ...], int]] | None,  # (faces, parity of their colours)
    ) -> None:
        self.scope, self.table, self.reader, self.name, self.level = scope, table, reader, name, level
        self.face_sums = face_sums  # None until `sums` works them out
        self.corners: list[Corners | None] = [None, None]  # by part (below LATER, of it), until pushed


def settings_of(layout: Layout) -> Settings:
    levels = layout.levels
    return Settings(levels[AT_A_CORNER], levels[ONE_SHORT], levels[PARITY], layout.max_level)


# a scope's positions kept whole, by its width (a clue's four sides; a Masyu circle's join is 8)
_EVERY = [tuple(range(width)) for width in range(12)]
_WIDEST = len(_EVERY)


def block(layout: Layout, rule: Rule, settings: Settings) -> Block:
    """`rule` on `layout`'s lattice (an edge off it is off); Contradiction when it allows nothing."""
    try:  # every edge on it, the clues' way: no test an edge (a 60×60's 1 655 clues)
        scope = tuple(map(layout.index.__getitem__, rule.scope))
        width = len(scope)  # (one len call a clue, not six)
        kept = _EVERY[width] if width < _WIDEST else tuple(range(width))
    except KeyError:
        found = tuple(map(layout.index.get, rule.scope))
        kept = tuple(i for i, k in enumerate(found) if k is not None)
        scope = tuple(found[i] for i in kept)  # type: ignore[misc]
        width = len(scope)
    allowed = tab.masks(rule.allowed, kept)
    if not allowed:
        raise Contradiction
    if len(allowed) == 1 << width:  # no restriction
        return Block(scope, None, None, rule.name, rule.level, [])
    if len(set(scope)) < width:  # the probes assign a table's moves unchecked
        raise ValueError(f"a rule reads an edge twice: {scope}")
    table = tab.table(allowed, width)
    wanted = rule.parities and settings.parity <= settings.max_level
    read = itemgetter(*scope) if width > 1 else tab.reader(scope)  # tab.reader's, without its call
    return Block(scope, table, read, rule.name, rule.level, None if wanted else [])


def sums(layout: Layout, block: Block) -> list[tuple[tuple[int, ...], int]]:
    """The face parities a clue implies (its `face_sums`), worked out once asked for: a board
    asks when its deduction reaches their level (`LATER`: `Layout.push_later`)."""
    found = block.face_sums
    if found is None:
        assert block.table is not None
        odd = [(layout._odd(block.scope, mask), parity) for mask, parity in block.table.parities]
        found = block.face_sums = [(faces, parity) for faces, parity in odd if faces]
    return found


def has_later(block: Block, settings: Settings) -> bool:
    """Whether some corner rule of the clue is of level `LATER` (pushed by `corners.push_corners` with
    `later`): a Masyu's corners are all Easy."""
    level = max(block.level, settings.corner)
    if level == LATER and level <= settings.max_level:
        return True
    return settings.short == LATER and block.level <= settings.short < level


# The widest join of a clue with a vertex at its corner: a Masyu circle (8 edges) with the cell
# beside it (4, sharing 2), Tatham's Easy Pearl reasoning (a white circle cannot run the way
# where neither neighbour can turn). A Slitherlink clue with a corner is 6 edges, and so is a
# pattern of 3s with one: every such join is made. It defines the rule, not a speed: the grade
# reads the trail of these joins.
JOIN_WIDTH = 10
# How many clues' blocks (deduce/blocks.py) and shapes' joins a lattice size keeps, so that a
# long batch of one size does not grow them without end: a 30×30 Masyu generate meets about
# 40 000.
FACE_SUMS_KEPT = 200_000

Compiled = tuple[Table, Callable[[list[int]], tuple[int, ...]]]
Join = tuple[tuple[int, ...], Compiled | None, tuple[int, ...], bool, Compiled | None]  # `moved_joins`


# What a shape's joins push under a plan's flags (`_pushes`): for each rule in order, whether it
# is a one-short rule (else a join), its table and that table's look-up, the vertex's arms
# outside the clue (as in the shape's first clue): a one-short rule's first and last (one or
# two), then all of them; or _CONTRADICTION
Push = tuple[bool, Table, Callable[[tuple[int, ...], Moves], Moves | None], int, int, tuple[int, ...]]


class Joins(list[Join]):
    """A shape's joins (`shape_joins`), with what each `Plan` pushes of them (`_pushes`), by its
    flags (whether a join that allows nothing is a contradiction, which kinds are pushed)."""

    __slots__ = ("pushes",)

    def __init__(self, joins: list[Join]) -> None:
        super().__init__(joins)
        self.pushes: dict[tuple[bool, bool, bool], list[Push]] = {}


@lru_cache(maxsize=8)  # a batch of boards of mixed sizes keeps a few, as board._bare_board
def spots(rows: int, cols: int) -> list[int]:
    """Each edge's point (x, y) as one number, x * width + y, the width twice any y and more:
    two edges' spots differ as their points do, by one number. A shape's key made of points
    relative to its first (a tuple each) took 2.2 µs a rule, of spots 1.5 (timeit, 60×60). A row
    of points at a time, as ranges (`grid.lattice_edges`' ys): 0.15 ms a 60×60, each point's 0.27."""
    width = 4 * cols + 4
    across = 2 * cols - 1
    return list(chain.from_iterable(range(x * width + 1 - x % 2, x * width + across, 2) for x in range(2 * rows - 1)))


@lru_cache(maxsize=8)  # as `spots`
def sides(rows: int, cols: int) -> list[int]:
    """Which sides of the lattice each vertex lies on (bits: top, bottom, left, right), a row's
    pattern repeated: worked out at each vertex of each rule near the border, a Masyu 40×58's
    board set-up ran 12.6 M instructions more of 304 M (callgrind), a 60×60's 2.9 M more."""
    row = [4 * (c == 0) + 8 * (c == cols - 1) for c in range(cols)]
    found: list[int] = []
    for r in range(rows):
        edge = (r == 0) + 2 * (r == rows - 1)
        found += [edge + side for side in row] if edge else row
    return found


def shape_joins(layout: Layout, scope: tuple[int, ...], table: Table, shorts: bool = True) -> tuple[Joins, int]:
    """A rule's joins (`worked_out_joins`), and the offset that moves them onto its edges: those of
    the first rule of its shape, as every edge number moves by one offset with the shape (0
    where worked out for this rule). Near the lattice's border the shape holds which sides of it
    each vertex lies on that holds two of the rule's edges or more (which of its arms are
    there): the joins are made at those alone. The first 60×60 board's joins took 21 of the 72
    ms it took to set up all worked out, 17.5 moved (`python bench/board_setup.py`); the rules
    they make are moved as they are pushed (corners.push_corners), not copied here first. Moved
    near the border too, a hard Masyu 25×25 worked out 55 where it worked out 100, each 46 µs;
    by the sides of its joined vertices alone, not of all, 25×25/016 40 where 65, Masyu 40×58
    78 where 121."""
    at = layout.spots
    first = at[scope[0]]  # its kind too (odd: across), as every edge keeps its kind moved by even steps
    if len(scope) == 4:  # a clue's four sides, most rules: no comprehension's call (60×60: 3.4 M fewer)
        _, second, third, fourth = scope
        placed: Sequence[int] = 0, at[second] - first, at[third] - first, at[fourth] - first
    else:
        placed = [at[k] - first for k in scope]
    if all(map(layout.inner_edge.__getitem__, scope)):  # every vertex at its edges has four arms
        shape: tuple[object, ...] = (table.allowed, shorts, (), first & 1, *placed)
    else:
        geometry = (first & 1, *placed)
        picks = layout.shape_picks.get(geometry)
        if picks is None:
            picks = layout.shape_picks[geometry] = _joined_ends(layout, scope)
        vertex_sides, ends = layout.sides, layout.ends
        shape = (table.allowed, shorts, tuple([vertex_sides[ends[scope[i]][j]] for i, j in picks]), *geometry)
    known = layout.shape_joins.get(shape)  # read once, as `blocks`
    if known is None:
        if len(layout.shape_joins) >= FACE_SUMS_KEPT:
            layout.shape_joins.clear()
            layout.shape_picks.clear()
        found = Joins(worked_out_joins(layout, scope, table, shorts))
        layout.shape_joins[shape] = scope[0], found
        return found, 0
    return known[1], scope[0] - known[0]


def _joined_ends(layout: Layout, scope: tuple[int, ...]) -> list[tuple[int, int]]:
    """Where the vertices holding two of `scope`'s edges or more are first met (the edge's
    position in the scope, which of its ends), in their order: those `worked_out_joins` joins."""
    first: dict[int, tuple[int, int]] = {}
    met: dict[int, int] = {}
    for i, k in enumerate(scope):
        for j, v in enumerate(layout.ends[k]):
            first.setdefault(v, (i, j))
            met[v] = met.get(v, 0) + 1
    return [first[v] for v in sorted(first) if met[v] >= 2]


def moved_joins(layout: Layout, scope: tuple[int, ...], table: Table) -> list[Join]:
    """`shape_joins` moved onto `scope`'s edges, each with readers of its own: what working them
    out gives (the tests compare the two)."""
    joins, offset = shape_joins(layout, scope, table)
    found: list[Join] = []
    for joint, compiled, outside, empty, one_short in joins:
        joint = tuple([k + offset for k in joint])
        if compiled is not None:
            compiled = compiled[0], tab.reader(joint)
        if one_short is not None:
            one_short = one_short[0], tab.reader(scope)
        found.append((joint, compiled, tuple([k + offset for k in outside]), empty, one_short))
    return found


def worked_out_joins(layout: Layout, scope: tuple[int, ...], table: Table, shorts: bool = True) -> list[Join]:
    """A rule's joins with the vertices at its corners, from the vertex rules: each one's scope,
    table and reader (None when every pattern or none fits), the vertex's arms outside the
    rule, whether no pattern fits, and the rule's own table without its two edges at the
    vertex both on (the ONE_SHORT reading, which decides only the clue's sides, as Tatham's
    Easy; None when that removes nothing, or without `shorts`: a clue whose level has no one-short
    rules, as every Masyu circle, never reads them, and working them out cost hard Masyu
    25×25/016's set-up 0.38 ms of its joins' 0.95, warm)."""
    found: list[Join] = []
    edge_vertex_rules, in_scope = layout.edge_vertex_rules, set(scope)
    read: Callable[[list[int]], tuple[int, ...]] | None = None
    for v in sorted({v for k in scope for v in edge_vertex_rules[k]}):
        arms, degree = layout.rules[v]
        outside = tuple([k for k in arms if k not in in_scope])
        if len(arms) - len(outside) >= 2 and len(scope) + len(outside) <= JOIN_WIDTH:
            joint, allowed = tab.joint(scope, table.allowed, arms, degree.allowed)
            compiled = None
            if allowed and len(allowed) < 1 << len(joint):  # else none or no restriction
                compiled = tab.table(allowed, len(joint)), tab.reader(joint)
            one_short = None
            if shorts:
                pair = sum(1 << n for n, k in enumerate(scope) if k in arms)
                fewer = frozenset(p for p in table.allowed if p & pair != pair)
                if fewer and fewer != table.allowed:
                    read = read or tab.reader(scope)
                    one_short = tab.table(fewer, len(scope)), read
            found.append((joint, compiled, outside, not allowed, one_short))
    return found
