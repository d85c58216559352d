"""Knuth's MASYU-DLX generator: the exact cover of a Masyu puzzle (genres/masyu.py's `cover`).

MASYU-DLX first merges the edges into union-find classes (a circle forces some edges equal or
complementary, and edges off the board are the constant 0), so options only name class leaders;
a class of two or more edges gets a primary item `#xy` whose two options colour the whole class.
The cyclic member lists, the merge order and the size tie-break all show in the MCC text, so they
are reproduced step for step. A module of its own so that a solve, which never builds the
cover, need not import the model.
"""

from __future__ import annotations

from loopsat.genres.masyu import _BLACK, _EMPTY, _STEPS, VARIANTS, _arms
from loopsat.grid import TILE_CODES, Point, lattice_edges, name
from loopsat.model import ExactCover, Item, Option
from loopsat.puzzle import Puzzle

_CONST: Point = (-1, -1)  # the constant-0 class: every edge off the board belongs to it


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
