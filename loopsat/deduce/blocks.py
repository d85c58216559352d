"""A clue's share of a board, worked out once per lattice size: its scope as edge numbers, its
table and reader, the face parities it implies and the rules its joins with the vertices at its
corners make, as columns a board extends its own with (`Layout._add_clues`). Boards of one size
repeat their clues (the generator sets up thousands that differ in a clue or two, and a bench
run solves each puzzle again), so a board then copies lists instead of working out joins."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from loopsat.deduce import tables as tab
from loopsat.deduce.rules import AT_A_CORNER, ONE_SHORT, PARITY, Contradiction, Level, Rule
from loopsat.deduce.tables import Table

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
    """The rules a clue's corner joins add after every clue's own, as columns of `Layout`'s
    lists, numbered from 0 (the board adds its count of rules so far)."""

    rules: list[tuple[tuple[int, ...], Table]]
    readers: list[Reader]
    tables: list[Table]
    lookups: list[object]
    names: list[str]
    levels: list[Level]
    guards: list[tuple[int, tuple[int, ...]]]  # a guarded rule's number, its vertex's arms outside the clue
    # by lane, in the order the lanes are first met: (level, [(rule number, the edges it watches)])
    watches: list[tuple[Level, list[tuple[int, tuple[int, ...]]]]]
    name_levels: dict[str, Level]  # each name's level
    impossible: bool  # the clue and a vertex at its corner allow nothing together


class Block(NamedTuple):
    """One clue on one lattice size under one `Settings`."""

    scope: tuple[int, ...]
    table: Table | None  # None: the clue restricts nothing (no rule, no corners)
    reader: Reader | None
    name: str
    level: Level
    face_sums: list[tuple[tuple[int, ...], int]]  # (faces, parity of their colours)
    corners: Corners | None


def settings_of(layout: Layout) -> Settings:
    levels = layout.levels
    return Settings(levels[AT_A_CORNER], levels[ONE_SHORT], levels[PARITY], layout.max_level)


def block(layout: Layout, rule: Rule, settings: Settings) -> Block:
    """`rule` on `layout`'s lattice (an edge off it is off); Contradiction when it allows nothing."""
    index = layout.index
    scope = tuple(map(index.get, rule.scope))
    kept = tuple(range(len(scope)))
    if None in scope:
        kept = tuple(i for i, k in enumerate(scope) if k is not None)
        scope = tuple(scope[i] for i in kept)
    allowed = tab.masks(rule.allowed, kept)
    if not allowed:
        raise Contradiction
    points: tuple[int, ...] = scope  # type: ignore[assignment]
    if len(allowed) == 1 << len(points):  # no restriction
        return Block(points, None, None, rule.name, rule.level, [], None)
    if len(set(points)) < len(points):  # the probes assign a table's moves unchecked
        raise ValueError(f"a rule reads an edge twice: {points}")
    table = tab.table(allowed, len(points))
    face_sums = []
    if rule.parities and settings.parity <= settings.max_level:
        sums = [(layout._odd(points, mask), parity) for mask, parity in table.parities]
        face_sums = [(faces, parity) for faces, parity in sums if faces]
    corners = _corners(layout, points, table, rule, settings) if settings.corners else None
    return Block(points, table, tab.reader(points), rule.name, rule.level, face_sums, corners)


def _corners(layout: Layout, scope: tuple[int, ...], table: Table, rule: Rule, settings: Settings) -> Corners:
    """Each join with a vertex that holds two of the clue's edges, as one table over at most
    JOIN_WIDTH edges (deduce/layout.py): what a person sees at a clue's corner (a line entering a 3's
    corner, a 1 in a corner of the board) without probing; and, where Tatham's Easy reads it,
    the clue's own table without its two edges at the vertex both on, read only when a line
    enters the corner from outside (guarded)."""
    corner, short, most = settings.corner, settings.short, settings.max_level
    level = max(rule.level, corner)
    guarded = rule.level <= short < level and short <= most
    cornered = level <= most
    found = Corners([], [], [], [], [], [], [], [], {}, False)
    by_level: dict[Level, list[tuple[int, tuple[int, ...]]]] = {}
    for joint_scope, compiled, outside, empty, one_short in layout._moved_joins(scope, table):
        if empty and (guarded or cornered):
            return found._replace(impossible=True)
        pushed: list[tuple[tuple[int, ...], Table, Reader, str, Level, tuple[int, ...]]] = []
        if guarded and one_short is not None:  # read again when a line enters the corner
            found.guards.append((len(found.rules), outside))
            pushed.append((scope, *one_short, rule.name + ONE_SHORT, short, outside))
        if cornered and compiled is not None:
            pushed.append((joint_scope, *compiled, rule.name + AT_A_CORNER, level, ()))
        for rule_scope, rule_table, read, name, rule_level, also in pushed:
            watching = by_level.get(rule_level)
            if watching is None:
                watching = by_level[rule_level] = []
                found.watches.append((rule_level, watching))
            watching.append((len(found.rules), rule_scope + also))
            found.rules.append((rule_scope, rule_table))
            found.readers.append(read)
            found.tables.append(rule_table)
            found.lookups.append(rule_table.lookup)
            found.names.append(name)
            found.levels.append(rule_level)
            found.name_levels[name] = rule_level
    return found
