"""What Tatham's Easy Pearl sees through the shapes each cell can still take beside a circle,
as patterns the deduction reads beside the circles' own tables (genres/masyu.py)."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product

from loopsat.deduce import Rule
from loopsat.deduce.rules import Level
from loopsat.grid import Point

WHITE, BLACK, EMPTY = "0", "1", "."  # the circles as a Masyu file writes them


# A circle's rules depend on its tile, its colour and its neighbours' alone, so they are made once:
# a generator asks for the rules of thousands of boards that differ in a few circles (a 40×40
# board's 1,005 circles took 12 ms anew, the thinning of one 1,362 whole deductions and screens).
@lru_cache(maxsize=1 << 15)
def shapes(tile: Point, ch: str, around: tuple[str, ...]) -> tuple[Rule, ...]:
    """A white's two axis rules, a black's rule against the black east or south of it, for a
    circle whose N, W, E, S neighbours hold `around` (EMPTY off the board). Rules made as
    tuples, no comprehension or keyword call a circle (and so `masyu._law`): a fresh Masyu
    40×58 ran 45.7 M instructions fewer to its rules (228.5 → 182.8 M, callgrind)."""
    x, y = tile
    north, west, east, south = around
    if ch == WHITE:
        (across, _), (along, _) = _axes(tile)
        return (
            _new_tuple(Rule, (across, _axis_patterns(False, (west, east)), WHITE_AXIS, Level.EASY, SHAPE_PARITIES)),
            _new_tuple(Rule, (along, _axis_patterns(True, (north, south)), WHITE_AXIS, Level.EASY, SHAPE_PARITIES)),
        )
    pairs = ((x, y + 1),) if east == BLACK else ()  # the edge to the black east of it, the one south
    if south == BLACK:
        pairs = (*pairs, (x + 1, y))
    if not pairs:  # most blacks
        return ()
    return tuple([_new_tuple(Rule, ((edge,), _OFF, BLACK_PAIR, Level.EASY, SHAPE_PARITIES)) for edge in pairs])


_new_tuple = tuple.__new__  # a Rule made without the Python call its __new__ is
_OFF = frozenset({(0,)})  # a black pair's edge between them: off


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
    arms = (x - 1, y), (x, y - 1), (x, y + 1), (x + 1, y)  # N, W, E, S
    west, east, north, south = (x, y - 2), (x, y + 2), (x - 2, y), (x + 2, y)
    return [
        (
            (*arms, (x, y - 3), (x, y + 3), (x - 1, y - 2), (x + 1, y - 2), (x - 1, y + 2), (x + 1, y + 2)),
            (west, east),
        ),
        (
            (*arms, (x - 3, y), (x + 3, y), (x - 2, y - 1), (x - 2, y + 1), (x + 2, y - 1), (x + 2, y + 1)),
            (north, south),
        ),
    ]


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


@cache  # twelve: `_axis_patterns` asked 16 for each of its heads, in every fresh process
def _across(kind: str, towards: int, beyond: int) -> tuple[tuple[int, ...], ...]:
    """The arms across a neighbour of `kind` whose arms towards the circle and beyond are given."""
    return tuple([shape[2:] for shape in _SHAPES[kind] if shape[:2] == (towards, beyond)])
