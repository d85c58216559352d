"""A clue's corner rules pushed onto a board (`add_corners`): its joins with the vertices at
its corners (deduce/blocks.py works them out, once a shape) and, where Tatham's Easy reads it,
its one-short reading at each corner, each a rule of its own with its columns and lanes."""

from __future__ import annotations

from itertools import count
from operator import itemgetter

from loopsat.deduce import blocks
from loopsat.deduce.blocks import LATER, Block, Corners, Join, Push, Settings
from loopsat.deduce.rules import AT_A_CORNER, ONE_SHORT, Contradiction, Level
from loopsat.grid import NUMBERS

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.layout import Layout


def add_corners(layout: Layout, kept: list[tuple[int, Block]], settings: Settings, keep: bool, later: bool) -> None:
    """The corner rules of each clue in `kept` (its rule number, its block) of level
    `LATER` (`later`: `Layout.push_later`) or of the others, from the block when a board of
    this size pushed them before."""
    all_rules, readers, rule_tables, lookups = layout.rules, layout.readers, layout.rule_tables, layout.lookups
    names, rule_levels, lane_watch, levels = layout.rule_names, layout.rule_levels, layout.lane_watch, layout.levels
    guards, part = layout.guards, int(later)
    plans: dict[tuple[str, Level], Plan] = {}  # by the clue's name and level: a 60×60 has a few
    idle: dict[object, tuple[Plan, bool]] = {}  # `_pushes_nothing`, by table (under its plan)
    cols = layout.shape[1]
    width = 2 * cols - 1
    for clue, found in kept:
        corners = found.corners[part]
        if corners is None:  # the first board of this size with this clue
            plan = plans.get((found.name, found.level))
            if plan is None:
                plan = plans[found.name, found.level] = _plan(found, settings, later)
            if not plan[3]:  # (no joins pushed now: a Masyu's circles push theirs)
                known = idle.get(found.table)
                if known is None or known[0] is not plan:
                    known = idle[found.table] = plan, _pushes_nothing(found, plan)
                if known[1] and len(found.scope) == 4:  # over a cell's sides, as the layout lists
                    north, west, east, south = found.scope  # them (as codes.coded_rules)
                    if east == west + 1 == north + cols and south == north + width and north % width < cols - 1:
                        continue
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
        for offset, arm, other in corners.guards:
            guards[base + offset] = clue, arm, other
        for number, level, edges in zip(count(base), corners.levels, corners.edges, strict=False):
            lane = lane_watch.get(level) or layout._lane_watch(level)
            for k in edges:
                lane[k].append(number)


# `push_corners`' reading of a clue's level and name under a board's `Settings`: its corner
# rules' level, whether a join that allows nothing is a contradiction, whether its one-short
# rules and its corner rules are pushed now, the one-short rules' level, both kinds' names, and
# whether it has one-short rules at all (in either part); the second to fourth, again, as the
# key of what each shape pushes (`Joins.pushes`)
Plan = tuple[Level, bool, bool, bool, Level, str, str, bool, tuple[bool, bool, bool]]


def _plan(block: Block, settings: Settings, later: bool) -> Plan:
    """The `Plan` of `block`'s name and level (`push_corners`), worked out once for each by
    `add_corners`: worked out a clue (eight comparisons of levels, two names made and hashed),
    with each clue's lanes fetched by a call, a fresh 60×60's set-up ran 6.9 M instructions more
    of its 195 M (callgrind)."""
    corner, short, most = settings.corner, settings.short, settings.max_level
    level = max(block.level, corner)
    guarded = block.level <= short < level and short <= most
    cornered = level <= most
    binding = guarded or cornered
    shorts, joints = guarded and (short == LATER) == later, cornered and (level == LATER) == later
    short_name, corner_name = block.name + ONE_SHORT, block.name + AT_A_CORNER
    return level, binding, shorts, joints, short, short_name, corner_name, guarded, (binding, shorts, joints)


def push_corners(layout: Layout, clue: int, block: Block, plan: Plan, keep: bool) -> Corners | None:
    """Push a clue's corner rules that its `plan` says (those of level `LATER` or the others) onto `layout` (the
    clue is its rule number `clue`), and return
    them as the `Corners` the next board of this size copies when asked to `keep` them: each
    join with a vertex that holds two of the clue's edges, as one table over at most JOIN_WIDTH
    edges: what a person sees at a clue's corner (a line entering a 3's
    corner, a 1 in a corner of the board) without probing; and, where Tatham's Easy reads it,
    the clue's own table without its two edges at the vertex both on, read only when a line
    enters the corner from outside (guarded). Pushed, then sliced, as working out a block apart
    cost a fresh 60×60 board 15 ms more. What each shape pushes is listed once (`_pushes`), and
    each rule's columns appended here, not by `Layout.push_rule` (a one-short rule's arms
    outside two numbers, not a tuple): a fresh 60×60's board set-up took 9 M instructions more,
    and a Masyu 40×58's 9 M more with its joins' lanes appended one by one (callgrind)."""
    level, binding, shorts, joints, short, short_name, corner_name, guarded, flags = plan
    scope, table, read = block.scope, block.table, block.reader
    assert table is not None and read is not None
    joins, offset = blocks.shape_joins(layout, scope, table, guarded)  # moved here by `offset` as they are pushed
    pushes = joins.pushes.get(flags)
    if pushes is None:
        pushes = joins.pushes[flags] = _pushes(joins, binding, shorts, joints)
    if pushes is _CONTRADICTION:
        raise Contradiction  # the clue and a vertex allow nothing together
    rules, base = layout.rules, len(layout.rules)
    named: dict[str, Level] = {}  # (what the next board of this size copies: `keep`)
    relative: list[tuple[int, int, int]] = []
    edges: list[tuple[int, ...]] = []
    if pushes:
        readers, tables, lookups, names, levels = (
            layout.readers,
            layout.rule_tables,
            layout.lookups,
            layout.rule_names,
            layout.rule_levels,
        )
        lanes, guards = layout.lane_watch, layout.guards
        # each kind's lane, fetched (made) at its first rule (`Layout._lane_watch`): the lanes' order is read
        short_lane: list[list[int]] = []
        corner_lane: list[list[int]] = []
        guarded_here: list[int] = []  # the one-short rules, each edge of the clue's lists them at the end
        cornered_here: list[int] = []  # and the joins before them (each reads the whole clue)
        for one_short, rule_table, lookup, arm, other, outside in pushes:
            rule = len(rules)
            tables.append(rule_table)
            lookups.append(lookup)
            if one_short:  # read again when a line enters the corner: the clue's own scope, its reader
                # the vertex's arms outside (one, or two): the lattice's numbers (`grid.numbers`),
                arm, other = NUMBERS[arm + offset], NUMBERS[other + offset]  # not 7 900 made anew (0.25 MB at 60×60)
                rules.append((scope, rule_table))
                readers.append(read)
                names.append(short_name)
                levels.append(short)
                guards[rule] = clue, arm, other  # one arm outside: twice (`Guard`)
                if not short_lane:
                    layout.levels[short_name] = named[short_name] = short
                    short_lane = lanes.get(short) or layout._lane_watch(short)
                if keep:
                    relative.append((rule - base, arm, other))
                    edges.append((*scope, arm, other) if other != arm else (*scope, arm))
                guarded_here.append(rule)
                short_lane[arm].append(rule)
                if other != arm:
                    short_lane[other].append(rule)
                continue
            if len(outside) == 2:  # the vertex's two arms outside (most), moved without a
                outside = NUMBERS[arm + offset], NUMBERS[other + offset]  # comprehension's call (a Masyu 40×58: 6.4 M)
            elif offset:
                outside = tuple([k + offset for k in outside])
            joint_scope = scope + outside  # a join's scope is the clue's, then the vertex's arms
            rules.append((joint_scope, rule_table))  # outside it (tab.joint): not moved edge by edge,
            readers.append(itemgetter(*joint_scope))  # Masyu 40×58, 25.5 M fewer; two edges or more
            names.append(corner_name)
            levels.append(level)
            if not corner_lane:
                layout.levels[corner_name] = named[corner_name] = level
                corner_lane = lanes.get(level) or layout._lane_watch(level)
            if keep:
                edges.append(joint_scope)
            cornered_here.append(rule)
            for k in outside:
                corner_lane[k].append(rule)
        # in the order they came (no other rule joins those lanes meanwhile), the joins, then the
        # one-short rules: one extend an edge of the clue, not an append a rule (a 60×60 has
        # 4 262 one-short rules; a Masyu 40×58 8 506 joins of 10 edges or more)
        if cornered_here:
            for k in scope:
                corner_lane[k] += cornered_here
        if guarded_here:
            for k in scope:
                short_lane[k] += guarded_here
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
        named,
    )


# a cell's corners, as pairs of its sides' places in a clue's scope (N, W, E, S), both at one dot
_CELL_CORNERS = ((0, 1), (0, 2), (1, 3), (2, 3))


def _pushes_nothing(block: Block, plan: Plan) -> bool:
    """Whether `push_corners` pushes nothing for a clue over a cell's four sides with `block`'s
    table under `plan`, wherever the cell lies, so that it need not be asked (a 60×60 has 515
    0s and 1s, its set-up 7.8 M instructions, the joins of each shape at the border worked out):
    no joins pushed now; no one-short rules (no pattern with two sides on, so that each corner's
    is the clue's own table: `blocks.worked_out_joins`); and no join that allows nothing (where
    that is a contradiction: at each corner some pattern with both sides off, or both on, which
    the dot allows with its arms outside off, if any)."""
    _, binding, shorts, joints = plan[:4]
    assert block.table is not None  # (a clue's without one pushes no rule: `Layout._add_clues`)
    allowed = block.table.allowed
    if joints or (shorts and any(p.bit_count() > 1 for p in allowed)):
        return False
    pairs = [1 << a | 1 << b for a, b in _CELL_CORNERS]
    return not binding or all(any(p & pair in (0, pair) for p in allowed) for pair in pairs)


# `_pushes`' answer for a shape with a join that allows nothing, where that is a contradiction
_CONTRADICTION: list[Push] = []


def _pushes(joins: list[Join], binding: bool, shorts: bool, joints: bool) -> list[Push]:
    """The rules `push_corners` pushes for a shape's `joins` (the `Plan`'s flags say which kinds):
    worked out once a shape, not tested join by join at each clue (a 1 in Slitherlink has none)."""
    found: list[Push] = []
    for _, compiled, outside, empty, one_short in joins:
        if empty and binding:
            return _CONTRADICTION
        arm, other = (outside[0], outside[-1]) if outside else (-1, -1)
        if shorts and one_short is not None and outside:  # (none at a corner of the board: no arm outside)
            found.append((True, one_short[0], one_short[0].lookup, arm, other, outside))
        if joints and compiled is not None:
            found.append((False, compiled[0], compiled[0].lookup, arm, other, outside))
    return found
