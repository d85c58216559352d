"""Knuth's doubled coordinates: tiles (x, y) both even, cells both odd, edges x + y odd."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, repeat
from operator import itemgetter

Point = tuple[int, int]
Edges = frozenset[Point]  # a set of edges: a loop, a solution, the board's edges

# Knuth's tile codes in his order: the two edges a tile's loop uses, bit 8 = north, 4 = west, 2 = east,
# 1 = south (0: the loop misses the tile).
TILE_CODES = (0xC, 0xA, 0x5, 0x3, 0x9, 0x6, 0x0)
NORTH, WEST, EAST, SOUTH = 8, 4, 2, 1

_CODE_CHARS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


# 0, 1, 2 ... as int objects made once for the process, read where a number is looked up (never
# written but by `numbers`, which makes them)
NUMBERS: list[int] = []


def numbers(count: int) -> list[int]:
    """A new list of 0 to count - 1, of int objects shared by every board: `list(range(count))`
    makes each one above 256 anew. A fresh 60×60 solve kept 108 000 such ints for 19 000
    numbers (3.5 MB); the lattice's, the faces' and the pairs' numbers drawn from here, 5 780
    page faults instead of 6 186 and 880.1 M instructions instead of 885.4 M. Only the missing
    part is made, by one slice assignment (safe between threads): those handed out stay shared."""
    made = len(NUMBERS)
    if made < count:
        NUMBERS[made:count] = range(made, count)
    return NUMBERS[:count]


def decode(ch: str) -> int:
    """Knuth's one-character coordinate (0-9, a-z, A-Z for 0..61) as a number; -1 for any other."""
    return _CODE_CHARS.find(ch) if len(ch) == 1 else -1


def name(x: int, y: int) -> str:
    """Item name of a point: Knuth's two characters, or `x.y` where one character cannot hold it.

    The long form only appears on boards too big for MCC export, and never collides with the short.
    """
    if x < len(_CODE_CHARS) and y < len(_CODE_CHARS):
        return _CODE_CHARS[x] + _CODE_CHARS[y]
    return f"{x}.{y}"


def edge_ends(edge: Point) -> tuple[Point, Point]:
    """The two tiles an edge (its midpoint) joins."""
    x, y = edge
    if x % 2:
        return (x - 1, y), (x + 1, y)
    return (x, y - 1), (x, y + 1)


def tile_extent(edges: Iterable[Point]) -> tuple[int, int]:
    """The rows and columns of tiles of the smallest lattice holding `edges` (1 × 1 when there
    are none): an edge reaches one further along its odd coordinate."""
    listed = list(edges)
    # the most of x + x % 2 is the largest x's (a smaller x adds at most 1): read in C, as a
    # 60×60 board's 7 080 edges took 0.7 ms through generators
    x = max(map(itemgetter(0), listed), default=0)
    y = max(map(itemgetter(1), listed), default=0)
    return (x + x % 2) // 2 + 1, (y + y % 2) // 2 + 1


def cell_sides(cell: Point) -> tuple[Point, Point, Point, Point]:
    """The four edges around a cell (or around a Masyu circle point): N, W, E, S."""
    x, y = cell
    return (x - 1, y), (x, y - 1), (x, y + 1), (x + 1, y)


def lattice_edges(tile_rows: int, tile_cols: int) -> Iterator[Point]:
    """Every edge between orthogonally adjacent tiles of a tile_rows × tile_cols lattice, row-major."""
    return iter(_lattice(tile_rows, tile_cols))


def lattice_points(tile_rows: int, tile_cols: int) -> tuple[Point, ...]:
    """`lattice_edges` as the tuple every caller shares: its points are the objects a board reads."""
    return _lattice(tile_rows, tile_cols)


# Made once a size (a solve asks twice): a 60×60's 7 080 edges, every point tested, took 0.77 ms;
# a row at a time, zipped, 0.36 (timeit)
@lru_cache(maxsize=8)
def _lattice(tile_rows: int, tile_cols: int) -> tuple[Point, ...]:
    width = 2 * tile_cols - 1
    return tuple(chain.from_iterable(zip(repeat(x), range(1 - x % 2, width, 2)) for x in range(2 * tile_rows - 1)))


def lattice_arms(rows: int, cols: int) -> list[tuple[int, ...]]:
    """Each tile's edges in `lattice_edges`' numbering (a row of tiles has cols - 1 edges across,
    then the cols edges down to the next row), ascending (N, W, E, S), zipped a row at a time
    from ranges, only the border's filtered. Edge by edge from the edges' ends (deduce/layout.py),
    a fresh 60×60 took 1.5 ms and a list each (then a tuple each, 0.4 ms); so 0.9 ms
    (perf_counter)."""
    found: list[tuple[int, ...]] = []
    for north, across, south in lattice_rows(rows, cols):
        found += zip(north, [-1, *across], [*across, -1], south, strict=True)
    return border_filtered(found, rows, cols)


def lattice_rows(rows: int, cols: int) -> Iterator[tuple[list[int], list[int], list[int]]]:
    """Per row of tiles, in `lattice_edges`' numbering: the edges up from each tile, those across
    between its tiles, and those down from each tile; -1 off the lattice. Each number is made
    once, shared by the tiles it joins."""
    width = 2 * cols - 1
    edges = numbers(rows * width)
    off = [-1] * cols
    for r in range(rows):
        down = r * width + cols - 1  # the first edge down from this row
        north = edges[down - width : down - width + cols] if r > 0 else off
        south = edges[down : down + cols] if r < rows - 1 else off
        yield north, edges[r * width : down], south


def border_filtered(arms: list[tuple[int, ...]], rows: int, cols: int) -> list[tuple[int, ...]]:
    """`arms` (a tile's edges, -1 off the lattice) with only the border's tiles' filtered: an
    inner tile's are all on it."""
    found = arms.copy()
    last = rows * cols
    for v in {*range(cols), *range(last - cols, last), *range(0, last, cols), *range(cols - 1, last, cols)}:
        found[v] = tuple([k for k in arms[v] if k >= 0])
    return found


def lattice_face_edges(rows: int, cols: int) -> list[Sequence[int]] | None:
    """Each face's edges, ascending, as `lattice_arms`: the outside (face 0), then the cells
    row-major (top, left, right, bottom); None for a single row or column of tiles (the outside
    on both sides of an edge, listed twice). Edge by edge from the edges' faces (deduce/layout.py),
    a fresh 60×60 took 1.3 ms; so 0.8 ms (perf_counter)."""
    if rows < 2 or cols < 2:
        return None
    width = 2 * cols - 1
    edges = numbers(rows * width)
    outside = edges[: cols - 1]
    for down in range(cols - 1, (rows - 1) * width, width):  # the first edge down from each row
        outside += edges[down], edges[down + cols - 1]
    outside += edges[(rows - 1) * width : (rows - 1) * width + cols - 1]
    faces: list[Sequence[int]] = [outside]
    for i in range(rows - 1):
        down = i * width + cols - 1
        sides = edges[down : down + cols]
        top, bottom = edges[i * width : down], edges[down + cols : down + cols + cols - 1]
        faces += zip(top, sides, sides[1:], bottom, strict=False)
    return faces
