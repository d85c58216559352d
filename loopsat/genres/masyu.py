"""Masyu: the `.masyu` format, its rules and the setter's hooks; Knuth's MASYU-DLX generator (the
exact cover) is masyu_cover.py.

The loop runs through cell centres: cell (i, j) is the tile (2i, 2j), its circle item is
(2i+1, 2j+1) and an edge is the midpoint of two adjacent tiles.

The setter's hooks (at the end) ask for a loop through the cell centres whose every cell allows
a circle by the circles' own rule tables, and clue it with every circle it allows.

Divergence: Knuth reads `2`-`4` as white circles; here they are an error, like every
character other than `0`, `1`, `.`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import lru_cache
from itertools import product

from loopsat.deduce import Rule, Rules
from loopsat.deduce.rules import PEARL_LEVELS, Level
from loopsat.errors import PuzzleError
from loopsat.genres import VARIANTS_OF
from loopsat.genres.masyu_shapes import BLACK, EMPTY, WHITE, shapes
from loopsat.grid import EAST, NORTH, SOUTH, WEST, Point
from loopsat.puzzle import Puzzle, blanked, check_board_row, text_lines

# A solve imports none of these: the MCC model, the picture and the setter load when first used.
TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.model import ExactCover
    from loopsat.output.picture import Sketch
    from loopsat.setter.loopgen import Annealed

GENRE = "masyu"
VARIANTS = VARIANTS_OF[GENRE]
MIN_SIDE = 3  # `generate`: the smallest loop whose every cell can hold a circle is 3×3 (setter/loopgen.py)
# `generate` thins clue by clue, each law negated: thinning 30×30 seeds 1 and 3 took 52 and 42
# CPU-s, against 61 and 60 with batches the whole deduction must decide before the single clues
# (`python bench/generate_phases.py masyu 30x30 --seed N`, both pairs run side by side).
REFUTE_SINGLY = True
CLUES = ("0", "1")  # what `fix` may write in a cell: a white circle, a black one
SPARSE: str | None = None  # no clue is sparse in Masyu
SYMMETRY = "none"  # `generate`: circles lie on the loop only, so few have a partner: with rot180, 8×8 seed 1
# found no unique symmetric board in 8 loops
MCC_MAX = 31  # Knuth's maxn: every coordinate (up to 2*31 - 1) then encodes as one character
# `auto`: always deduce first (it finishes every Masyu of bench/ up to 40×58 but the 25×25 that
# need search), then AddCircuit over the undecided part (cpsat.encodings.Circuit contracts each
# chain of deduced edges to one arc), which took half the CPU of lazy cuts after the deduction:
# 0.10 / 0.22 CPU-s against 0.21 / 0.41 (11 and 14 solves) on two 25×25 boards that need search
# (in process, median of 3); whole process 0.61 against 0.79 on the first (paired, median of 5).
# Over the whole board, undeduced, AddCircuit did not finish a fully clued 40×58 in 120 s where
# lazy cuts took 12-17 s; after the deduction no search is left there.
DEDUCE_FIRST_CELLS = math.inf
AUTO_CIRCUIT = True
# The backtracking before CP-SAT ends a branch whose chain ends are walled apart (deduce.reach):
# 016 and 017 of the hard 25×25 of bench/ then fit its budget, 0.76 of the whole process each
# (paired A/B, medians of 5; `python bench/branch_nodes.py bench/masyu/25x25/*`).
BRANCH_WALK = True

_WHITE, _BLACK, _EMPTY = WHITE, BLACK, EMPTY
_DRAWN = str.maketrans({"O": _WHITE, "@": _BLACK})
_STEPS = ((NORTH, (-1, 0)), (WEST, (0, -1)), (EAST, (0, 1)), (SOUTH, (1, 0)))


def parse(data: bytes, path: str) -> list[Puzzle]:
    """Read a `.masyu` file: m rows of n characters `0` (white), `1` (black) or `.`; the marks of
    loopsat's own drawings, `O` and `@`, are read as `0` and `1` (a board copied from a solution)."""
    lines = [line.translate(_DRAWN) for line in text_lines(data, path)]
    for number, line in enumerate(lines, start=1):
        check_board_row(path, number, number - 1, len(line))
        for col, ch in enumerate(line, start=1):
            if ch not in (_WHITE, _BLACK, _EMPTY):
                raise PuzzleError(
                    path,
                    number,
                    col,
                    f"unknown character {ch!r} (Masyu takes `0` or `O` white, `1` or `@` black, `.` empty)",
                )
        if not line:
            raise PuzzleError(path, number, 1, "empty line inside the board")
        if len(line) != len(lines[0]):
            col = min(len(line), len(lines[0])) + 1
            raise PuzzleError(path, number, col, f"row has {len(line)} cells, the first row has {len(lines[0])}")
    return [Puzzle(GENRE, path, tuple(lines), {}, tuple(lines))]


def sniff(lines: list[str]) -> bool:
    """Never: every board of `0`, `1`, `.` is also a valid Slitherlink board, so the content
    alone cannot tell the genre (docs/formats.md); Masyu needs the `.masyu` suffix or `--genre`."""
    return False


def tile_shape(puzzle: Puzzle) -> tuple[int, int]:
    """The loop runs through cell centres: one tile per cell."""
    return puzzle.rows, puzzle.cols


def labels(puzzle: Puzzle) -> dict[Point, str]:
    """Circles drawn on their cells' tiles, `O` white and `@` black (the loop passes through them)."""
    glyph = {_WHITE: "O", _BLACK: "@"}
    return {(2 * i, 2 * j): glyph[ch] for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row) if ch != _EMPTY}


def rules(puzzle: Puzzle) -> Rules:
    """Each circle's law as a table over its four arms and the four edges beyond its neighbours,
    and the patterns Tatham's Easy reads through the shapes of the cells beside the circles."""
    found: list[Rule] = []
    seen: list[Rule] = []
    grid, last_row, last_col = puzzle.grid, puzzle.rows - 1, puzzle.cols - 1
    for i, row in enumerate(grid):
        for j, ch in enumerate(row):
            if ch != _EMPTY:
                tile = (2 * i, 2 * j)
                found.append(_law(tile, ch))
                around = (  # the N, W, E, S neighbours' circles
                    grid[i - 1][j] if i else _EMPTY,
                    row[j - 1] if j else _EMPTY,
                    row[j + 1] if j < last_col else _EMPTY,
                    grid[i + 1][j] if i < last_row else _EMPTY,
                )
                seen.extend(shapes(tile, ch, around))
    return Rules(found, whole=True, patterns=seen, levels=PEARL_LEVELS)


_new_tuple = tuple.__new__  # a Rule made without the Python call its __new__ is


@lru_cache(maxsize=1 << 14)  # made once, as masyu_shapes.shapes: a generator asks again and again
def _law(tile: Point, ch: str) -> Rule:
    """A circle's own table over its four arms and the four edges beyond its neighbours (as
    `_arms` at 1, then at 3, written out as `masyu_shapes.shapes` is)."""
    x, y = tile
    scope = (x - 1, y), (x, y - 1), (x, y + 1), (x + 1, y), (x - 3, y), (x, y - 3), (x, y + 3), (x + 3, y)
    return _new_tuple(Rule, (scope, _CIRCLE_PATTERNS[ch], _CIRCLE_NAMES[ch], Level.EASY, True))


def _white_holds(near: tuple[int, ...], far: tuple[int, ...]) -> bool:
    north, west, east, south = near
    if west and east and not (north or south):
        return not (far[1] and far[2])  # straight through, then a turn on at least one side
    return bool(north and south and not (west or east)) and not (far[0] and far[3])


def _black_holds(near: tuple[int, ...], far: tuple[int, ...]) -> bool:
    north, west, east, south = near
    turns = north != south and west != east
    return turns and all(far[k] for k in range(4) if near[k])  # straight on beyond each arm


# The patterns of (N, W, E, S arms, the four edges beyond), built once: 256 tests per colour.
_CIRCLE_PATTERNS = {
    colour: frozenset(p for p in product((0, 1), repeat=8) if law(p[:4], p[4:]))
    for colour, law in ((_WHITE, _white_holds), (_BLACK, _black_holds))
}
_CIRCLE_NAMES = {_WHITE: "white circle", _BLACK: "black circle"}


def sketch(puzzle: Puzzle) -> Sketch:
    """The SVG board: cells around the tiles, circles on them."""
    from loopsat.output.picture import Sketch

    cells = tuple((2 * i, 2 * j) for i in range(puzzle.rows) for j in range(puzzle.cols))
    circles = {(x, y): puzzle.grid[x // 2][y // 2] == _BLACK for x, y in cells if puzzle.grid[x // 2][y // 2] != _EMPTY}
    return Sketch(tile_shape(puzzle), cells, circles=circles)


def cover(puzzle: Puzzle, variant: str = "auto") -> ExactCover:
    """MASYU-DLX's items and options (masyu_cover.py, imported for an export or a cover's search)."""
    from loopsat.genres import masyu_cover

    return masyu_cover.cover(puzzle, variant)


def _arms(tile: Point, distance: int) -> list[Point]:
    """The N, W, E, S edges at `distance` (1: the tile's own, 3: beyond each neighbour)."""
    x, y = tile
    return [(x + dx * distance, y + dy * distance) for _, (dx, dy) in _STEPS]


# --- Setting puzzles: the hooks of contract.Setter (setter/dense.py clues a loop, generate.py thins) ---

# The setter's bias hook: the loop runs through cell centres and is annealed to allow a circle
# on nearly every cell (setter/loopgen.py); a cell that allows none costs FLAW_COST cells of loop
# length. 3.0, with loopgen's schedule, put 55-65% of a 30×30 board on the loop with 5-30 cells
# without a circle, every edge decided by the deduction after 1-6 repair rounds (`python
# bench/masyu_dense.py 30x30 40x40 --seeds 4`).
FLAW_COST = 3.0


@lru_cache(maxsize=1)
def loop_bias() -> Annealed:
    """What the setter wants of a loop (contract.Setter), made when first asked: the setter's
    loopgen is no part of a solve."""
    from loopsat.setter.loopgen import Annealed

    return Annealed(centres=True, allows=_CIRCLE_PATTERNS[_WHITE] | _CIRCLE_PATTERNS[_BLACK], flaw_cost=FLAW_COST)


def clued(rows: int, cols: int, loop: frozenset[Point]) -> Puzzle:
    """Every circle the loop allows: on each cell, the circle whose law holds on the loop's edges."""

    def circle(tile: Point) -> str:
        pattern = tuple(int(edge in loop) for edge in (*_arms(tile, 1), *_arms(tile, 3)))
        return next((ch for ch in (_WHITE, _BLACK) if pattern in _CIRCLE_PATTERNS[ch]), _EMPTY)

    lines = tuple("".join(circle((2 * i, 2 * j)) for j in range(cols)) for i in range(rows))
    return Puzzle(GENRE, "<generated>", lines, {}, lines)


def clue_cells(puzzle: Puzzle) -> list[Point]:
    """The cells holding a circle, in reading order."""
    return [(i, j) for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row) if ch != _EMPTY]


def without(puzzle: Puzzle, cells: Iterable[Point]) -> Puzzle:
    """The same puzzle with the circles of `cells` removed."""
    return placed(puzzle, dict.fromkeys(cells, _EMPTY))


def placed(puzzle: Puzzle, clues: Mapping[Point, str]) -> Puzzle:
    """The same puzzle with each cell's character of `clues` written in (`.`: no circle)."""
    lines = tuple(puzzle.grid)
    for clue in set(clues.values()):
        lines = blanked(lines, [cell for cell, ch in clues.items() if ch == clue], clue)
    return Puzzle(puzzle.genre, puzzle.path, lines, {}, lines)
