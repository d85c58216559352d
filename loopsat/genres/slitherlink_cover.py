"""Knuth's exact covers of a Slitherlink board: `super` is SUPERSLITHERLINK-DLX, `general`
SUPERSLITHERLINK-GENERAL-DLX (subtiles, doubled multiplicities), `plain` the older
SLITHERLINK-DLX (clue cells with one option per edge pattern); `auto` is `super` unless that
would name one item twice in an option, then `general`.
"""

from __future__ import annotations

from dataclasses import replace

from loopsat.errors import PuzzleError
from loopsat.grid import EAST, NORTH, SOUTH, TILE_CODES, WEST, Point, name
from loopsat.model import ExactCover, Item, Option
from loopsat.puzzle import Puzzle

# Cells named by a two-edge tile option, per code (quadrants NW, NE, SE, SW of the tile).
_SUPER_CLUES = {0xC: ("NW", "SW"), 0xA: ("NE", "NW"), 0x5: ("SW", "SE"),
                0x3: ("SE", "NE"), 0x9: ("SE", "NW"), 0x6: ("SW", "NE")}  # fmt: skip
_GENERAL_CLUES = {0xC: ("SW", "NW"), 0xA: ("NW", "NE"), 0x5: ("SE", "SW"),
                  0x3: ("NE", "SE"), 0x9: ("NW", "NE"), 0x6: ("NE", "SE")}  # fmt: skip
# Subtiles of the GENERAL program: name, its two directions, the cells of its both-on option.
_SUBTILES = (("NW", NORTH, WEST, ("NW", "NE")), ("NE", NORTH, EAST, ("NE", "SE")),
             ("SE", SOUTH, EAST, ("SE", "SW")), ("SW", SOUTH, WEST, ("SW", "NW")),
             ("NS", NORTH, SOUTH, ("SE", "SW")), ("EW", EAST, WEST, ("SW", "NW")))  # fmt: skip
# SLITHERLINK-DLX's edge patterns (N W E S bits) of a clue cell, grouped by clue 0..4.
_PATTERNS = ((0x0,), (0x1, 0x2, 0x4, 0x8), (0x3, 0x5, 0x6, 0x9, 0xA, 0xC),
             (0x7, 0xB, 0xD, 0xE), (0xF,))  # fmt: skip


def cover(puzzle: Puzzle, variant: str = "auto") -> ExactCover:
    """Knuth's items and options for `puzzle` in the given generator's variant."""
    if variant == "plain":
        built = _plain(puzzle)
    elif variant == "general":
        built = _Builder(puzzle, general=True).build()
    else:
        built = _Builder(puzzle, general=False).build()
        if variant == "auto" and any(_names_twice(option) for option in built.options):
            built = _Builder(puzzle, general=True).build()
    return replace(built, mandatory=_corners_of_threes(puzzle))


def _corners_of_threes(puzzle: Puzzle) -> frozenset[Point]:
    """Three sides of a cell on the loop touch all four of its corners."""
    return frozenset(
        (2 * i + di, 2 * j + dj)
        for i, row in enumerate(puzzle.grid)
        for j, ch in enumerate(row)
        if ch == "3"
        for di in (0, 2)
        for dj in (0, 2)
    )


def _names_twice(option: Option) -> bool:
    names = [n for n, _ in option.entries]
    return len(set(names)) != len(names)


class _Builder:
    """Both SuperSlitherlink generators share the legal-edge rule and the tile options."""

    def __init__(self, puzzle: Puzzle, general: bool) -> None:
        self.puzzle, self.general = puzzle, general
        self.m, self.n = puzzle.rows, puzzle.cols
        self.board = puzzle.grid
        self.double = 2 if general else 1
        self.legal = self._legal_edges()

    def _legal_edges(self) -> set[Point]:
        """An edge inside a letter's group, or on a zero clue's boundary, can't be on the loop.

        (The GENERAL program clears a zero letter after its first cell, so later cells keep their
        edges and options name an undeclared item; like the simple program we treat every cell
        of a zero letter as a `0`.)
        """
        m, n, board, letters = self.m, self.n, self.board, self.puzzle.letters
        legal = {(x, y) for x in range(2 * m + 1) for y in range(2 * n + 1) if (x + y) % 2}
        for i in range(m):
            for j in range(n):
                ch = board[i][j]
                if ch == "0" or letters.get(ch) == 0:
                    legal -= {(2 * i, 2 * j + 1), (2 * i + 1, 2 * j), (2 * i + 1, 2 * j + 2), (2 * i + 2, 2 * j + 1)}
                elif ch in letters:
                    if j < n - 1 and board[i][j + 1] == ch:
                        legal.discard((2 * i + 1, 2 * j + 2))
                    if i < m - 1 and board[i + 1][j] == ch:
                        legal.discard((2 * i + 2, 2 * j + 1))
        return legal

    def _arms(self, i: int, j: int) -> dict[int, Point]:
        """The legal edges at tile (i, j), by direction bit, in Knuth's N, W, E, S order."""
        x, y = 2 * i, 2 * j
        candidates = ((NORTH, (x - 1, y)), (WEST, (x, y - 1)), (EAST, (x, y + 1)), (SOUTH, (x + 1, y)))
        return {bit: edge for bit, edge in candidates if edge in self.legal}

    def _clue(self, i: int, j: int, quadrant: str) -> list[tuple[str, None]]:
        """The clue item (cell or letter) in one quadrant of tile (i, j), if any."""
        ci, cj = i - (quadrant[0] == "N"), j - (quadrant[1] == "W")
        if not (0 <= ci < self.m and 0 <= cj < self.n) or self.board[ci][cj] == ".":
            return []
        ch = self.board[ci][cj]
        return [(name(2 * ci + 1, 2 * cj + 1) if ch in "1234" else ch, None)]

    def build(self) -> ExactCover:
        m, n = self.m, self.n
        tiles: list[Item] = []
        options: list[Option] = []
        for i in range(m + 1):
            for j in range(n + 1):
                arms = self._arms(i, j)
                tile = name(2 * i, 2 * j)
                tiles.append(Item(tile))
                options.extend(self._tile_options(i, j, tile, arms))
                if self.general:
                    for sub, a, b, cells in _SUBTILES:
                        if a in arms and b in arms:
                            sub_name = tile[0] + sub + tile[1] if len(tile) == 2 else f"{tile}{sub}"
                            tiles.append(Item(sub_name))
                            options.extend(self._subtile_options(i, j, sub_name, arms[a], arms[b], cells))
        clues = [
            Item(name(2 * i + 1, 2 * j + 1), lo=self.double * int(ch), hi=self.double * int(ch), explicit=True)
            for i, row in enumerate(self.board)
            for j, ch in enumerate(row)
            if ch in "1234"
        ]
        letters = [
            Item(letter, lo=self.double * clue, hi=self.double * clue, explicit=True)
            for letter, clue in sorted(self.puzzle.letters.items())
            if clue > 0
        ]
        edges = sorted(self.legal)
        secondary = [Item(name(*e), primary=False) for e in edges]
        return ExactCover(
            tiles + clues + letters + secondary,
            options,
            comments=["slitherlink-dlx:", *self.puzzle.lines],
            edges={name(*e): e for e in edges},
        )

    def _tile_options(self, i: int, j: int, tile: str, arms: dict[int, Point]) -> list[Option]:
        table = _GENERAL_CLUES if self.general else _SUPER_CLUES
        options = []
        for code in TILE_CODES:
            if any(code & bit and bit not in arms for bit in (NORTH, WEST, EAST, SOUTH)):
                continue
            entries = list(_pattern_option(tile, arms, code).entries)
            for quadrant in table.get(code, ()):
                entries += self._clue(i, j, quadrant)
            options.append(Option(tuple(entries)))
        return options

    def _subtile_options(
        self, i: int, j: int, sub: str, first: Point, second: Point, cells: tuple[str, str]
    ) -> list[Option]:
        a, b = name(*first), name(*second)
        both = [(sub, None), (a, "1"), (b, "1")]
        for quadrant in cells:
            both += self._clue(i, j, quadrant)
        return [
            Option(((sub, None), (a, "0"), (b, "0"))),
            Option(((sub, None), (a, "1"), (b, "0"))),
            Option(((sub, None), (b, "1"), (a, "0"))),
            Option(tuple(both)),
        ]


def _plain(puzzle: Puzzle) -> ExactCover:
    """SLITHERLINK-DLX: every edge is legal, every clue cell (0 included) is an item."""
    for i, row in enumerate(puzzle.grid):
        for j, ch in enumerate(row):
            if ch not in ".01234":
                raise PuzzleError(
                    puzzle.path,
                    i + 1,
                    j + 1,
                    f"the plain variant (SLITHERLINK-DLX) takes no letters, found {ch!r}; use super or general",
                )
    m, n = puzzle.rows, puzzle.cols
    items: list[Item] = [Item(name(2 * i, 2 * j)) for i in range(m + 1) for j in range(n + 1)]
    items += [Item(name(2 * i + 1, 2 * j + 1)) for i in range(m) for j in range(n) if puzzle.grid[i][j] != "."]
    edges = [(x, y) for x in range(2 * m + 1) for y in range(2 * n + 1) if (x + y) % 2]
    items += [Item(name(*e), primary=False) for e in edges]
    options: list[Option] = []
    for i in range(m + 1):
        for j in range(n + 1):
            x, y = 2 * i, 2 * j
            arms = {bit: e for bit, e, ok in ((NORTH, (x - 1, y), i > 0), (WEST, (x, y - 1), j > 0),
                                             (EAST, (x, y + 1), j < n), (SOUTH, (x + 1, y), i < m)) if ok}  # fmt: skip
            for code in TILE_CODES:
                if all(bit in arms for bit in (NORTH, WEST, EAST, SOUTH) if code & bit):
                    options.append(_pattern_option(name(x, y), arms, code))
    for i in range(m):
        for j in range(n):
            if puzzle.grid[i][j] != ".":
                x, y = 2 * i + 1, 2 * j + 1
                sides = {NORTH: (x - 1, y), WEST: (x, y - 1), EAST: (x, y + 1), SOUTH: (x + 1, y)}
                for pattern in _PATTERNS[int(puzzle.grid[i][j])]:
                    options.append(_pattern_option(name(x, y), sides, pattern))
    return ExactCover(items, options, comments=["slitherlink-dlx:", *puzzle.lines], edges={name(*e): e for e in edges})


def _pattern_option(head: str, arms: dict[int, Point], pattern: int) -> Option:
    """`head` followed by each arm edge coloured by its bit of `pattern`."""
    return Option(((head, None), *((name(*e), "1" if pattern & bit else "0") for bit, e in arms.items())))
