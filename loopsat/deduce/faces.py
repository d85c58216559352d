"""Where Tatham's pairs of lines sit on the lattice (deduce/pairs.py): each dot's arms, and the
clue rules that count the sides of one cell, with the pairs at its corners."""

from __future__ import annotations

from functools import lru_cache

from loopsat.grid import border_filtered, lattice_rows, numbers

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.board import Board

_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # a dot's arms clockwise: N, E, S, W
# the corner between side j and side j+1 of a face (sides N, E, S, W): the dot there, as a
# step from the face's centre, and the face's pair at that dot (its dline: arms i, i+1)
_CORNERS = (((-1, 1), 2), ((1, 1), 3), ((1, -1), 0), ((-1, -1), 1))


@lru_cache(maxsize=8)  # a batch of boards of mixed sizes keeps a few, as board._bare_board
def geometry(rows: int, cols: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Each dot's arms N, E, S, W (-1 off the lattice), and those on it."""
    # edges in lattice_edges' order: a row of tiles has cols - 1 edges (E, W), then the cols
    # edges down to the next row (N, S); arithmetic, not a dict of 2*rows*cols points, a row's
    # dots zipped from ranges (a 60×60's took 2.3 ms dot by dot, in every process that reached
    # Normal, 0.5 so: timeit)
    arms: list[tuple[int, ...]] = []
    for north, east, south in lattice_rows(rows, cols):
        arms += zip(north, [*east, -1], south, [-1, *east], strict=True)
    present = border_filtered(arms, rows, cols)
    return arms, present


# Each dot's four pairs' numbers (its dlines 4v to 4v + 3) by v, as int objects made once for the
# process (`dline_numbers`): the pairs' levels worked each out as 4 * v + i, a new int past 256 at
# every step. A module's list, not an attribute of `Pairs`, which has 29 with its board, one
# short of CPython 3.11's limit of shared keys (30).
DLINES: list[tuple[int, int, int, int]] = []
DOT_OF: list[int] = []  # and back, each dline's dot (dline >> 2, made once)


def dline_numbers(dots: int) -> None:
    """DLINES and DOT_OF made for dots 0 to dots - 1 at least: each whole prefix made anew and
    put in by one slice assignment, so that boards set up in two threads at once leave each
    list right (an append of the missing part, made twice, would repeat it)."""
    if len(DLINES) < dots:
        dlines = numbers(4 * dots)
        DLINES[:dots] = zip(*(dlines[i::4] for i in range(4)), strict=True)
    if len(DOT_OF) < 4 * dots:
        DOT_OF[: 4 * dots] = [v for v in numbers(dots) for _ in range(4)]


Face = tuple[int, tuple[int, int, int, int], tuple[int, int, int, int]]  # clue, sides, corner dlines


def count_faces(board: Board) -> list[Face]:
    """The clue rules that count the lines around one cell: their number, sides and corners."""
    rows, cols = board.shape
    faces: list[Face] = []
    dline_numbers(rows * cols)  # (`_corners`)
    width = 2 * cols - 1
    for scope, table in board.rules[board.vertex_rules : board.clue_rules]:
        if len(scope) == 4:  # a cell's sides as the layout lists them (N, W, E, S) read here, not called
            north, west, east, south = scope
            if east == west + 1 == north + cols and south == north + width and north % width < cols - 1:
                count = _count(table.allowed)
                if count is not None:
                    dot = north // width * cols + north % width
                    faces.append((count, (north, east, south, west), _corners(dot, cols)))
                continue
        face = _face(scope, table.allowed, cols)
        if face is not None:
            faces.append(face)
    return faces


def _corners(dot: int, cols: int) -> tuple[int, int, int, int]:
    """A cell's corners' dlines NE, SE, SW, NW (the face's pair at each), its north-west dot
    `dot`: DLINES' own numbers (worked out, a 60×60's 6 600 made anew kept 0.2 MB)."""
    return DLINES[dot + 1][2], DLINES[dot + cols + 1][3], DLINES[dot + cols][0], DLINES[dot][1]


def _face(scope: tuple[int, ...], allowed: frozenset[int], cols: int) -> Face | None:
    """A rule as a count of a cell's sides, or None when it is none. By edge numbers (as
    `geometry`), not lattice points, and without a cache: a 60×60's 1 655 clues took 9 ms by
    points, 4.0 ms with a cache look-up each, 2.4 so (in every process that reaches Normal). The
    least of a cell's sides is its north one, r * width + c, where r, c is its north-west dot;
    then come its west, east and south ones."""
    if len(scope) != 4:
        return None
    count = _count(allowed)
    if count is None:
        return None
    width = 2 * cols - 1
    north = min(scope)
    r, c = divmod(north, width)
    west = north + cols - 1
    if c >= cols - 1 or sorted(scope) != [north, west, west + 1, north + width]:
        return None  # not a line across a row of dots, or not a cell's sides
    dot = r * cols + c  # the corners' dots NE, SE, SW, NW, with the face's pair at each
    sides = (north, west + 1, north + width, west)  # N, E, S, W
    return count, sides, _corners(dot, cols)


@lru_cache(maxsize=64)  # a handful of tables (a clue 0 to 4, a few others): one test each per process
def _count(allowed: frozenset[int]) -> int | None:
    """The number of lines on, when `allowed` is every pattern of four with that many on; else None."""
    counts = {p.bit_count() for p in allowed}
    if len(counts) != 1 or len(allowed) != sum(1 for p in range(16) if p.bit_count() in counts):
        return None
    return counts.pop()
