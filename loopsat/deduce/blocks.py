"""A clue's share of a board, worked out once per lattice size: its scope as edge numbers, its
table and reader, the face parities it implies and the rules its joins with the vertices at its
corners make, as columns a board extends its own with (`Layout._add_clues`). Boards of one size
repeat their clues (the generator sets up thousands that differ in a clue or two, and a bench
run solves each puzzle again), so a board then copies lists instead of working out joins."""

from __future__ import annotations

from itertools import count
from operator import itemgetter

from loopsat.deduce import tables as tab
from loopsat.deduce.rules import AT_A_CORNER, ONE_SHORT, PARITY, Contradiction, Level, Rule
from loopsat.deduce.tables import Table
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


class Corners(NamedTuple):
    """The rules a clue's corner joins add after every clue's own, as slices of `Layout`'s
    lists, numbered from 0 (a board adds its count of rules so far)."""

    rules: list[tuple[tuple[int, ...], Table]]
    readers: list[Reader]
    tables: list[Table]
    lookups: list[object]
    names: list[str]
    levels: list[Level]
    guards: list[tuple[int, tuple[int, ...]]]  # a guarded rule's number, its vertex's arms outside the clue
    edges: list[tuple[int, ...]]  # the edges each rule watches (in its level's lane)
    name_levels: dict[str, Level]  # each name's level


class Block:
    """One clue on one lattice size under one `Settings` (a class, not a tuple: the first board
    that needs its corners fills them in, `push_corners`: those below `LATER`, then those of it)."""

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


def block(layout: Layout, rule: Rule, settings: Settings) -> Block:
    """`rule` on `layout`'s lattice (an edge off it is off); Contradiction when it allows nothing."""
    try:  # every edge on it, the clues' way: no test an edge (a 60×60's 1 655 clues)
        scope = tuple(map(layout.index.__getitem__, rule.scope))
        kept = _EVERY[len(scope)] if len(scope) < len(_EVERY) else tuple(range(len(scope)))
    except KeyError:
        found = tuple(map(layout.index.get, rule.scope))
        kept = tuple(i for i, k in enumerate(found) if k is not None)
        scope = tuple(found[i] for i in kept)  # type: ignore[misc]
    allowed = tab.masks(rule.allowed, kept)
    if not allowed:
        raise Contradiction
    if len(allowed) == 1 << len(scope):  # no restriction
        return Block(scope, None, None, rule.name, rule.level, [])
    if len(set(scope)) < len(scope):  # the probes assign a table's moves unchecked
        raise ValueError(f"a rule reads an edge twice: {scope}")
    table = tab.table(allowed, len(scope))
    wanted = rule.parities and settings.parity <= settings.max_level
    read = itemgetter(*scope) if len(scope) > 1 else tab.reader(scope)  # tab.reader's, without its call
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
    """Whether some corner rule of the clue is of level `LATER` (pushed by `push_corners` with
    `later`): a Masyu's corners are all Easy."""
    level = max(block.level, settings.corner)
    if level == LATER and level <= settings.max_level:
        return True
    return settings.short == LATER and block.level <= settings.short < level


def add_corners(layout: Layout, kept: list[tuple[int, Block]], settings: Settings, keep: bool, later: bool) -> None:
    """The corner rules of each clue in `kept` (its rule number, its block) of level
    `LATER` (`later`: `Layout.push_later`) or of the others, from the block when a board of
    this size pushed them before."""
    all_rules, readers, rule_tables, lookups = layout.rules, layout.readers, layout.rule_tables, layout.lookups
    names, rule_levels, lane_watch, levels = layout.rule_names, layout.rule_levels, layout.lane_watch, layout.levels
    guards, part = layout.guards, int(later)
    plans: dict[tuple[str, Level], Plan] = {}  # by the clue's name and level: a 60×60 has a few
    for clue, found in kept:
        corners = found.corners[part]
        if corners is None:  # the first board of this size with this clue
            plan = plans.get((found.name, found.level))
            if plan is None:
                plan = plans[found.name, found.level] = _plan(found, settings, later)
            found.corners[part] = push_corners(layout, clue, found, plan, keep)
            continue
        base = len(all_rules)
        all_rules += corners.rules
        readers += corners.readers
        rule_tables += corners.tables
        lookups += corners.lookups  # type: ignore[arg-type]
        names += corners.names
        rule_levels += corners.levels
        levels.update(corners.name_levels)
        for offset, outside in corners.guards:
            guards[base + offset] = clue, outside
        for number, level, edges in zip(count(base), corners.levels, corners.edges, strict=False):
            lane = lane_watch.get(level) or layout._lane_watch(level)
            for k in edges:
                lane[k].append(number)


# `push_corners`' reading of a clue's level and name under a board's `Settings`: its corner
# rules' level, whether a join that allows nothing is a contradiction, whether its one-short
# rules and its corner rules are pushed now, the one-short rules' level, both kinds' names
Plan = tuple[Level, bool, bool, bool, Level, str, str]


def _plan(block: Block, settings: Settings, later: bool) -> Plan:
    """The `Plan` of `block`'s name and level (`push_corners`), worked out once for each by
    `add_corners`: worked out a clue (eight comparisons of levels, two names made and hashed),
    with each clue's lanes fetched by a call, a fresh 60×60's set-up ran 6.9 M instructions more
    of its 195 M (callgrind)."""
    corner, short, most = settings.corner, settings.short, settings.max_level
    level = max(block.level, corner)
    guarded = block.level <= short < level and short <= most
    cornered = level <= most
    shorts, joints = guarded and (short == LATER) == later, cornered and (level == LATER) == later
    return level, guarded or cornered, shorts, joints, short, block.name + ONE_SHORT, block.name + AT_A_CORNER


def push_corners(layout: Layout, clue: int, block: Block, plan: Plan, keep: bool) -> Corners | None:
    """Push a clue's corner rules that its `plan` says (those of level `LATER` or the others) onto `layout` (the
    clue is its rule number `clue`), and return
    them as the `Corners` the next board of this size copies when asked to `keep` them: each
    join with a vertex that holds two of the clue's edges, as one table over at most JOIN_WIDTH
    edges (deduce/layout.py): what a person sees at a clue's corner (a line entering a 3's
    corner, a 1 in a corner of the board) without probing; and, where Tatham's Easy reads it,
    the clue's own table without its two edges at the vertex both on, read only when a line
    enters the corner from outside (guarded). Pushed, then sliced, as working out a block apart
    cost a fresh 60×60 board 15 ms more."""
    level, binding, shorts, joints, short, short_name, corner_name = plan
    scope, table, read = block.scope, block.table, block.reader
    assert table is not None and read is not None
    rules, guards, levels, lanes, push = layout.rules, layout.guards, layout.levels, layout.lane_watch, layout.push_rule
    base, relative, edges, names = len(rules), [], [], {}
    # each kind's lane, fetched (made) at its first rule (`Layout._lane_watch`): the lanes' order is read
    short_lane: list[list[int]] | None = None
    corner_lane: list[list[int]] | None = None
    joins, offset = layout._shape_joins(scope, table)  # moved here by `offset` as they are pushed
    for joint_scope, compiled, outside, empty, one_short in joins:
        if empty and binding:
            raise Contradiction  # the clue and the vertex allow nothing together
        if shorts and one_short is not None:  # read again when a line enters the corner
            if offset:
                outside = tuple([k + offset for k in outside])
            rule = push(scope, read, one_short[0], short_name, short)  # the clue's own scope: its reader
            guards[rule] = clue, outside
            if short_lane is None:
                levels[short_name] = names[short_name] = short
                short_lane = lanes.get(short) or layout._lane_watch(short)
            if keep:
                relative.append((rule - base, outside))
                edges.append(scope + outside)
            for k in scope:
                short_lane[k].append(rule)
            for k in outside:
                short_lane[k].append(rule)
        if joints and compiled is not None:
            rule_table, joint_read = compiled
            if offset:
                joint_scope = tuple([k + offset for k in joint_scope])
                joint_read = itemgetter(*joint_scope)  # two edges or more (a join): tab.reader's, without its call
            rule = push(joint_scope, joint_read, rule_table, corner_name, level)
            if corner_lane is None:
                levels[corner_name] = names[corner_name] = level
                corner_lane = lanes.get(level) or layout._lane_watch(level)
            if keep:
                edges.append(joint_scope)
            for k in joint_scope:
                corner_lane[k].append(rule)
    if not keep:
        return None
    return Corners(
        rules[base:],
        layout.readers[base:],
        layout.rule_tables[base:],
        layout.lookups[base:],  # type: ignore[arg-type]
        layout.rule_names[base:],
        layout.rule_levels[base:],
        relative,
        edges,
        names,
    )
