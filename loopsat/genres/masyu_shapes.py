"""What Tatham's Easy Pearl sees through the shapes each cell can still take beside a circle,
as patterns the deduction reads beside the circles' own tables (genres/masyu.py)."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product

from loopsat.deduce import Rule
from loopsat.grid import Point

WHITE, BLACK, EMPTY = "0", "1", "."  # the circles as a Masyu file writes them


# The tiles of a circle's N, W, E, S neighbours, relative to its own.
_AROUND = ((-2, 0), (0, -2), (0, 2), (2, 0))


# A circle's rules depend on its tile, its colour and its neighbours' alone, so they are made once:
# a generator asks for the rules of thousands of boards that differ in a few circles (a 40×40
# board's 1,005 circles took 12 ms anew, the thinning of one 1,362 whole deductions and screens).
@lru_cache(maxsize=1 << 15)
def shapes(tile: Point, ch: str, around: tuple[str, ...]) -> tuple[Rule, ...]:
    """A white's two axis rules, a black's rule against the black east or south of it, for a
    circle whose N, W, E, S neighbours hold `around` (EMPTY off the board)."""
    x, y = tile
    kinds = {(x + dx, y + dy): kind for (dx, dy), kind in zip(_AROUND, around, strict=True)}
    if ch == WHITE:
        return tuple(
            Rule(
                scope,
                _axis_patterns(bool(vertical), (kinds[ends[0]], kinds[ends[1]])),
                WHITE_AXIS,
                parities=SHAPE_PARITIES,
            )
            for vertical, (scope, ends) in enumerate(_axes(tile))
        )
    pairs = (((0, 2), (x, y + 1)), ((2, 0), (x + 1, y)))  # the black east of it, the one south
    return tuple(
        Rule((edge,), frozenset({(0,)}), BLACK_PAIR, parities=SHAPE_PARITIES)
        for (dx, dy), edge in pairs
        if kinds[x + dx, y + dy] == BLACK
    )


# A white circle with both neighbours along one axis, as Tatham's Easy Pearl reads it through the
# shapes each cell can still take (a white cannot run along an axis where neither neighbour can
# turn; a white neighbour cannot turn, a black one must): its four arms, the two edges beyond
# along the axis, and each neighbour's two arms across it. A corner join takes one vertex at a
# time, and knows nothing of the circle on it. And two blacks side by side: the line between
# them would run straight through one. Without these loopsat graded 5 of his 12 Easy and 5 of
# his 12 Tricky boards above his level (bench/tatham_grades.py).
# Their face parities are left to the circles' own tables: with them, a 40×58 board held 20,838
# parities instead of 4,319 and its whole `solve` took 0.37 CPU-s instead of 0.24; without, 0.29,
# and `explain` on every Masyu of bench/ and puzzles/ takes the same steps to the same grade (a
# parity step cites the circles' edges instead of the shapes').
SHAPE_PARITIES = False
WHITE_AXIS = "white circle between its neighbours"
BLACK_PAIR = "black circle beside a black"
# the arms (towards the circle, beyond, across, across) a neighbour of each kind allows
_SHAPES = {
    EMPTY: frozenset(p for p in product((0, 1), repeat=4) if sum(p) in (0, 2)),
    WHITE: frozenset({(1, 1, 0, 0), (0, 0, 1, 1)}),
    BLACK: frozenset(p for p in product((0, 1), repeat=4) if p[0] + p[1] == 1 and p[2] + p[3] == 1),
}


def _axes(tile: Point) -> list[tuple[tuple[Point, ...], tuple[Point, Point]]]:
    """The scopes of a white circle's two axis rules, across then along (arms N W E S, beyond at
    either end, the first neighbour's arms across, the second's), and the two neighbours."""
    x, y = tile
    arms = ((x - 1, y), (x, y - 1), (x, y + 1), (x + 1, y))  # N, W, E, S
    across = ((-1, 0), (1, 0))
    along = ((0, -1), (0, 1))
    found = []
    for ends, sides in ((along, across), (across, along)):
        beyond = tuple((x + 3 * dx, y + 3 * dy) for dx, dy in ends)
        turns = tuple((x + 2 * dx + sx, y + 2 * dy + sy) for dx, dy in ends for sx, sy in sides)
        neighbours = (x + 2 * ends[0][0], y + 2 * ends[0][1]), (x + 2 * ends[1][0], y + 2 * ends[1][1])
        found.append(((*arms, *beyond, *turns), neighbours))
    return found


@cache  # one per orientation and pair of neighbours' kinds
def _axis_patterns(vertical: bool, kinds: tuple[str, str]) -> frozenset[tuple[int, ...]]:
    """Over one of `_axes`' scopes: the white circle's law on what the scope holds, and each
    neighbour along the axis in a shape its kind allows."""
    found = set()
    for head in product((0, 1), repeat=6):  # the arms and the edges beyond; then each neighbour's
        north, west, east, south, before, after = head  # arms across that its shapes allow there
        first, second, other = (north, south, west and east) if vertical else (west, east, north and south)
        across = (west or east) if vertical else (north or south)
        straight = first and second and not across and not (before and after)
        if not (straight or (other and not (first or second))):
            continue
        for turns in product(_across(kinds[0], first, before), _across(kinds[1], second, after)):
            found.add((*head, *turns[0], *turns[1]))
    return frozenset(found)


def _across(kind: str, towards: int, beyond: int) -> list[tuple[int, ...]]:
    """The arms across a neighbour of `kind` whose arms towards the circle and beyond are given."""
    return [shape[2:] for shape in _SHAPES[kind] if shape[:2] == (towards, beyond)]
