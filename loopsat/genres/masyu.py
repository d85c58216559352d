"""Masyu: the `.masyu` format and Knuth's MASYU-DLX generator.

The loop runs through cell centres: cell (i, j) is the tile (2i, 2j), its circle item is
(2i+1, 2j+1) and an edge is the midpoint of two adjacent tiles. MASYU-DLX first merges the
edges into union-find classes (a circle forces some edges equal or complementary, and edges
off the board are the constant 0), so options only name class leaders; a class of two or
more edges gets a primary item `#xy` whose two options colour the whole class. The cyclic
member lists, the merge order and the size tie-break all show in the MCC text, so they are
reproduced step for step.

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
from typing import TYPE_CHECKING

from loopsat.deduce import Rule, Rules
from loopsat.deduce.rules import PEARL_LEVELS
from loopsat.errors import PuzzleError
from loopsat.genres import VARIANTS_OF
from loopsat.genres.masyu_shapes import BLACK, EMPTY, WHITE, shapes
from loopsat.grid import EAST, NORTH, SOUTH, TILE_CODES, WEST, Point, lattice_edges, name
from loopsat.model import ExactCover, Item, Option
from loopsat.puzzle import Puzzle, blanked, check_board_row, text_lines

# A solve imports neither: the picture and the setter load when first used.
if TYPE_CHECKING:
    from loopsat.output.picture import Sketch
    from loopsat.setter.loopgen import Annealed

    LOOP: Annealed  # made on first use (__getattr__)

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
_CONST: Point = (-1, -1)  # the constant-0 class: every edge off the board belongs to it


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


@lru_cache(maxsize=1 << 14)  # made once, as masyu_shapes.shapes: a generator asks again and again
def _law(tile: Point, ch: str) -> Rule:
    """A circle's own table over its four arms and the four edges beyond its neighbours."""
    return Rule((*_arms(tile, 1), *_arms(tile, 3)), _CIRCLE_PATTERNS[ch], _CIRCLE_NAMES[ch])


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
    """MASYU-DLX's items and options for `puzzle`; the lone item `abort` when circles clash."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown Masyu variant {variant!r}")
    comments = ["masyu-dlx:", *puzzle.lines]
    classes = _Classes(puzzle.rows, puzzle.cols)
    if not classes.reduce(puzzle.grid):
        return ExactCover(items=[Item("abort")], options=[], comments=comments, bar=False)
    return _build(puzzle, classes, comments)


class _Classes:
    """Knuth's union-find over edges: each edge is its leader or the leader's complement.

    Each class is a cyclic list (`nxt`); merging relabels the smaller class (the constant is
    never relabelled, equal sizes relabel the first argument's class) and splices the lists.
    """

    def __init__(self, m: int, n: int) -> None:
        self.m, self.n = m, n
        self.edges = list(lattice_edges(m, n))
        self.ldr: dict[Point, Point] = {e: e for e in self.edges}
        self.cmp: dict[Point, int] = dict.fromkeys(self.edges, 0)
        self.nxt: dict[Point, Point] = {e: e for e in self.edges}
        self.siz: dict[Point, int] = dict.fromkeys(self.edges, 1)
        self.ldr[_CONST], self.cmp[_CONST], self.nxt[_CONST], self.siz[_CONST] = _CONST, 0, _CONST, 0

    def normalize(self, e: Point) -> Point:
        """An edge off the board is the constant 0."""
        x, y = e
        return e if 0 <= x <= 2 * self.m - 2 and 0 <= y <= 2 * self.n - 2 else _CONST

    def union(self, a: Point, b: Point, comp: int) -> bool:
        """Record a = b (comp 0) or a = ¬b (comp 1); False if that contradicts what is known."""
        a, b = self.normalize(a), self.normalize(b)
        p, pp = self.ldr[a], self.ldr[b]
        s = comp ^ self.cmp[a] ^ self.cmp[b]
        if p == pp:
            return not s
        if p == _CONST or (pp != _CONST and self.siz[p] > self.siz[pp]):
            p, pp = pp, p
        self.siz[pp] += self.siz[p]
        q = self.nxt[p]
        while True:
            self.ldr[q] = pp
            self.cmp[q] ^= s
            if q == p:
                break
            q = self.nxt[q]
        self.nxt[p], self.nxt[pp] = self.nxt[pp], self.nxt[p]
        return True

    def reduce(self, grid: tuple[str, ...]) -> bool:
        """Merge what every circle forces, row by row; False on a contradiction.

        Knuth evaluates every relation of a circle before testing them (no short circuit).
        """
        for i, row in enumerate(grid):
            for j, ch in enumerate(row):
                if ch == _EMPTY:
                    continue
                north, west, east, south = _arms((2 * i, 2 * j), 1)
                if ch == _BLACK:
                    results = [self.union(north, south, 1), self.union(east, west, 1)]
                else:
                    results = [self.union(north, south, 0), self.union(east, west, 0), self.union(south, west, 1)]
                if not all(results):
                    return False
        return True

    def members(self, leader: Point) -> list[Point]:
        """The class of `leader` in Knuth's printing order: from its successor round to itself."""
        out, p = [], self.nxt[leader]
        while True:
            out.append(p)
            if p == leader:
                return out
            p = self.nxt[p]

    def constants(self) -> list[Point]:
        """The edges whose value is known, in list order after the constant itself."""
        return self.members(_CONST)[:-1]

    def classes(self) -> list[Point]:
        """Leaders of classes with two or more edges, in row-major order."""
        return [e for e in self.edges if self.ldr[e] == e and self.siz[e] > 1]


def _arms(tile: Point, distance: int) -> list[Point]:
    """The N, W, E, S edges at `distance` (1: the tile's own, 3: beyond each neighbour)."""
    x, y = tile
    return [(x + dx * distance, y + dy * distance) for _, (dx, dy) in _STEPS]


class _Constraints:
    """The pending edge values of one option, reduced to class leaders; `None` once false."""

    def __init__(self, classes: _Classes) -> None:
        self.classes = classes
        self.values: dict[Point, int] | None = {}

    def add(self, e: Point, val: int) -> None:
        """Require edge `e` to be `val`: true constants vanish, false ones or clashes cancel."""
        if self.values is None:
            return
        e = self.classes.normalize(e)
        p, val = self.classes.ldr[e], val ^ self.classes.cmp[e]
        if p == _CONST:
            if val:
                self.values = None
        elif p not in self.values:
            self.values[p] = val
        elif self.values[p] != val:
            self.values = None

    def option(self, head: Point) -> list[Option]:
        """The option (sorted by leader, as Knuth's insertion sort leaves it), or none if false."""
        if self.values is None:
            return []
        return [Option(((name(*head), None), *((name(*p), str(v)) for p, v in sorted(self.values.items()))))]


def _build(puzzle: Puzzle, classes: _Classes, comments: list[str]) -> ExactCover:
    """Items and options of a consistent board, in MASYU-DLX's printing order."""
    m, n, grid = puzzle.rows, puzzle.cols, puzzle.grid
    circles = [(i, j) for i in range(m) for j in range(n) if grid[i][j] != _EMPTY]
    leaders = classes.classes()
    items = [Item(name(2 * i, 2 * j)) for i in range(m) for j in range(n)]
    items += [Item(name(2 * i + 1, 2 * j + 1)) for i, j in circles]
    items += [Item("#" + name(*e)) for e in leaders]
    items += [Item(name(*e), primary=False) for e in classes.edges]

    known: list[tuple[str, str | None]] = [(name(2 * i, 2 * j), None) for i, j in circles]
    known += [(name(*e), str(classes.cmp[e])) for e in classes.constants()]
    options = [Option(tuple(known), trailing_blank=bool(known))]
    for leader in leaders:
        for flip in (0, 1):
            entries = ((name(*e), str(classes.cmp[e] ^ flip)) for e in classes.members(leader))
            options.append(Option((("#" + name(*leader), None), *entries)))
    for i in range(m):
        for j in range(n):
            tile = (2 * i, 2 * j)
            if grid[i][j] == _EMPTY:
                options += _tile_options(classes, tile)
            elif grid[i][j] == _BLACK:
                options += _black_options(classes, tile)
            else:
                options += _white_options(classes, tile)
    edges = {name(*e): e for e in classes.edges}
    mandatory = frozenset((2 * i, 2 * j) for i, j in circles)  # every circle is on the loop
    return ExactCover(items, options, comments=comments, edges=edges, mandatory=mandatory)


def _tile_options(classes: _Classes, tile: Point) -> list[Option]:
    """An empty cell has 0 or 2 loop edges: one option per such pattern that can hold."""
    options = []
    for code in TILE_CODES:
        option = _Constraints(classes)
        for (bit, _), edge in zip(_STEPS, _arms(tile, 1), strict=True):
            option.add(edge, int(bool(code & bit)))
        options += option.option(tile)
    return options


def _black_options(classes: _Classes, tile: Point) -> list[Option]:
    """A black circle turns, and goes straight on for one more cell both ways."""
    circle = (tile[0] + 1, tile[1] + 1)
    options = []
    for code in TILE_CODES[:4]:
        option = _Constraints(classes)
        for (bit, _), near, far in zip(_STEPS, _arms(tile, 1), _arms(tile, 3), strict=True):
            if code & bit:
                option.add(near, 1)
                option.add(far, 1)
        options += option.option(circle)
    return options


def _white_options(classes: _Classes, tile: Point) -> list[Option]:
    """A white circle goes straight, and the loop turns in at least one neighbouring cell."""
    circle = (tile[0] + 1, tile[1] + 1)
    north, west = _arms(tile, 1)[:2]
    far_n, far_w, far_e, far_s = _arms(tile, 3)
    options = []
    for arm, before, after in ((north, far_n, far_s), (west, far_w, far_e)):
        for straight_before, straight_after in ((0, 0), (0, 1), (1, 0)):
            option = _Constraints(classes)
            option.add(arm, 1)
            option.add(before, straight_before)
            option.add(after, straight_after)
            options += option.option(circle)
    return options


# --- Setting puzzles: the hooks of contract.Setter (setter/dense.py clues a loop, generate.py thins) ---

# The setter's bias hook: the loop runs through cell centres and is annealed to allow a circle
# on nearly every cell (setter/loopgen.py); a cell that allows none costs FLAW_COST cells of loop
# length. 3.0, with loopgen's schedule, put 55-65% of a 30×30 board on the loop with 5-30 cells
# without a circle, every edge decided by the deduction after 1-6 repair rounds (`python
# bench/masyu_dense.py 30x30 40x40 --seeds 4`).
FLAW_COST = 3.0


def __getattr__(name: str) -> Annealed:
    """`LOOP`, made on first use: the setter's loopgen is no part of a solve (PEP 562)."""
    if name != "LOOP":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from loopsat.setter.loopgen import Annealed

    global LOOP
    LOOP = Annealed(centres=True, allows=_CIRCLE_PATTERNS[_WHITE] | _CIRCLE_PATTERNS[_BLACK], flaw_cost=FLAW_COST)
    return LOOP


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
