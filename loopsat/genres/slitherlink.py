"""Slitherlink and SuperSlitherlink: Knuth's `.slither` format and his three generators.

`super` is SUPERSLITHERLINK-DLX, `general` SUPERSLITHERLINK-GENERAL-DLX (subtiles, doubled
multiplicities), `plain` the older SLITHERLINK-DLX (clue cells with one option per edge
pattern). All three describe the same solutions; `auto` is `super` unless that would name one
item twice in an option (a letter on both diagonal cells of a straight tile), then `general`.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from itertools import product
from typing import TYPE_CHECKING

from loopsat.deduce import Level, Rule, Rules
from loopsat.errors import PuzzleError
from loopsat.grid import Point, cell_sides, name
from loopsat.model import ExactCover, Item, Option
from loopsat.picture import Region, Sketch
from loopsat.puzzle import Puzzle, blanked, check_board_row, text_lines
from loopsat.setter.loopgen import boundary, grow

if TYPE_CHECKING:
    from loopsat.genres.contract import Judge

GENRE = "slitherlink"
VARIANTS = ("auto", "super", "general", "plain")
MIN_SIDE = 2  # `generate`: its bound from the start (one-row boards work too, but their puzzles are dull)
# `generate` thins in batches the whole deduction must decide: clue by clue, each law negated,
# 20×20 seed 1 took 84 s instead of 42 and left 6 clues not proved minimal instead of 2, their
# CP-SAT proofs out of time (`python bench/generate_phases.py slitherlink 20x20`, 2 cores).
REFUTE_SINGLY = False
CLUES = ("0", "1", "2", "3")  # what `fix` may write in a cell (a 4 closes a loop of one cell)
SPARSE: str | None = "0"  # the clue human setters use sparingly (4 % of Tatham's, setter/taste.py)
SYMMETRY = "rot180"  # `generate`'s clue layout by default, as human setters'
MCC_MAX = 30  # Knuth's maxn: every coordinate then encodes as one character
# `auto`: deduce first at every size: deduction decides every Tatham Hard puzzle of bench/ completely,
# and the whole process took (median CPU-s, deduce / AddCircuit search) 0.65 / 1.74 at 20x20,
# 0.94 / 3.28 at 40x40, 1.90 / 6.44 at 60x60 (`python bench/run.py --no-peers --strategies deduce
# auto`, with DEDUCE_FIRST_CELLS = 225 as before, on a loaded machine: start-up alone 0.35 CPU-s).
# Where deduction stops short, the search that finishes uses AddCircuit over the undecided part
# (cpsat.encodings.Circuit contracts each chain of deduced loop edges to one arc): whole process,
# median of 5 CPU-s, the 25x30 boards of bench/ that need search 0.38 / 0.29 / 0.50 against lazy
# cuts' 0.48 / 0.29 / 0.75 (`python bench/run.py --sets slitherlink/25x30`). Both conditions run
# away on some sparse boards, each where the other does not (two proofs of `loopsat generate`:
# lazy 10.7 and 6.8 CPU-s, AddCircuit 4.6 and 131); minimal.PROOF_SECONDS has what tamed them.
DEDUCE_FIRST_CELLS = math.inf
AUTO_CIRCUIT = True

_CLUE_LINE = re.compile(r"!(.)=(\d{1,9})")
_DIGITS = "01234"

# Knuth's tile codes in his order: bit 8 = north, 4 = west, 2 = east, 1 = south.
_CODES = (0xC, 0xA, 0x5, 0x3, 0x9, 0x6, 0x0)
_N, _W, _E, _S = 8, 4, 2, 1
# Cells named by a two-edge tile option, per code (quadrants NW, NE, SE, SW of the tile).
_SUPER_CLUES = {0xC: ("NW", "SW"), 0xA: ("NE", "NW"), 0x5: ("SW", "SE"),
                0x3: ("SE", "NE"), 0x9: ("SE", "NW"), 0x6: ("SW", "NE")}  # fmt: skip
_GENERAL_CLUES = {0xC: ("SW", "NW"), 0xA: ("NW", "NE"), 0x5: ("SE", "SW"),
                  0x3: ("NE", "SE"), 0x9: ("NW", "NE"), 0x6: ("NE", "SE")}  # fmt: skip
# Subtiles of the GENERAL program: name, its two directions, the cells of its both-on option.
_SUBTILES = (("NW", _N, _W, ("NW", "NE")), ("NE", _N, _E, ("NE", "SE")),
             ("SE", _S, _E, ("SE", "SW")), ("SW", _S, _W, ("SW", "NW")),
             ("NS", _N, _S, ("SE", "SW")), ("EW", _E, _W, ("SW", "NW")))  # fmt: skip
# SLITHERLINK-DLX's edge patterns (N W E S bits) of a clue cell, grouped by clue 0..4.
_PATTERNS = ((0x0,), (0x1, 0x2, 0x4, 0x8), (0x3, 0x5, 0x6, 0x9, 0xA, 0xC),
             (0x7, 0xB, 0xD, 0xE), (0xF,))  # fmt: skip


def is_letter(ch: str) -> bool:
    """Knuth: every printable character but `.`, `0`-`4`, `|`, `:` names a superclue group."""
    return 33 <= ord(ch) <= 126 and ch not in ".|:" and ch not in _DIGITS


def parse(data: bytes, path: str) -> list[Puzzle]:
    """Read a `.slither` file: board rows, then one `!x=N` line per letter."""
    lines = text_lines(data, path)
    rows: list[str] = []
    letters: dict[str, int] = {}
    clue_at: dict[str, int] = {}
    first_seen: dict[str, tuple[int, int]] = {}
    for number, line in enumerate(lines, start=1):
        if line.startswith("!"):
            match = _CLUE_LINE.fullmatch(line)
            if not match:
                col = 3 if len(line) < 3 or line[2] != "=" else 4
                raise PuzzleError(path, number, col, f"expected `!x=N` (a letter, `=`, a number), got {line!r}")
            letter, value = match.groups()
            if not is_letter(letter):
                raise PuzzleError(path, number, 2, f"{letter!r} is not a letter")
            if letter in letters:
                raise PuzzleError(path, number, 2, f"duplicate `!{letter}=` line (first on line {clue_at[letter]})")
            letters[letter], clue_at[letter] = int(value), number
            continue
        if not line:
            raise PuzzleError(path, number, 1, "empty line inside the board")
        check_board_row(path, number, len(rows), len(line))
        if rows and len(line) != len(rows[0]):
            col = min(len(line), len(rows[0])) + 1
            raise PuzzleError(path, number, col, f"row has {len(line)} cells, the first row has {len(rows[0])}")
        for col, ch in enumerate(line, start=1):
            if ch in "|:" or not (ch == "." or ch in _DIGITS or is_letter(ch)):
                raise PuzzleError(path, number, col, f"unknown character {ch!r}")
            if is_letter(ch):
                first_seen.setdefault(ch, (number, col))
                if ch in letters:  # Knuth's programs reset its clue here, and DLX3 then rejects `-1|x`
                    raise PuzzleError(
                        path, number, col, f"letter {ch!r} in a row after its `!{ch}=` line (line {clue_at[ch]})"
                    )
        rows.append(line)
    if not rows:
        raise PuzzleError(path, 1, 1, "no board rows")
    for letter, (number, col) in first_seen.items():
        if letter not in letters:
            raise PuzzleError(path, number, col, f"letter {letter!r} has no `!{letter}=N` line")
    for letter, number in clue_at.items():
        if letter not in first_seen:
            raise PuzzleError(path, number, 2, f"letter {letter!r} never occurs on the board")
    return [Puzzle(GENRE, path, tuple(rows), letters, tuple(lines))]


def sniff(lines: list[str]) -> bool:
    if any("|" in line for line in lines):
        return False  # MCC text, never a board
    return any(line.startswith("!") for line in lines) or any(
        is_letter(ch) for line in lines for ch in line if ch not in "56789"
    )


def tile_shape(puzzle: Puzzle) -> tuple[int, int]:
    """The loop runs on the (m+1) × (n+1) lattice of cell corners."""
    return puzzle.rows + 1, puzzle.cols + 1


def labels(puzzle: Puzzle) -> dict[Point, str]:
    """Clues and letters, drawn in their cells."""
    return {(2 * i + 1, 2 * j + 1): ch for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row) if ch != "."}


def rules(puzzle: Puzzle) -> Rules:
    """Each digit's law as a table over its cell's four sides (superclues are left to the search),
    named after its digit, and the patterns of 3s a solver learns first."""
    clues = [(i, j, int(ch)) for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row) if ch in _DIGITS]
    tables = [Rule(cell_sides((2 * i + 1, 2 * j + 1)), _CLUE_PATTERNS[clue], f"{clue} clue") for i, j, clue in clues]
    return Rules(tables, whole=not puzzle.letters, patterns=_patterns_of_threes(puzzle))


# The side patterns (N, W, E, S) each digit allows, built once.
_CLUE_PATTERNS = [frozenset(p for p in product((0, 1), repeat=4) if sum(p) == clue) for clue in range(5)]
ADJACENT_THREES = "adjacent 3s"
DIAGONAL_THREES = "diagonal 3s"
# Patterns of 3s cut the deduction's CPU time by a third on 20x20 and by 12 % on 40x40
# (`python bench/deduce_share.py --sets slitherlink/20x20 slitherlink/40x40`, medians
# 0.088 -> 0.055 s and 0.308 -> 0.270 s): probes find less left to find.
_OUTER_ON_BEYOND_OFF = frozenset({(1, 1, 0, 0)})
_ALL_ON = frozenset({(1, 1, 1, 1)})


def _patterns_of_threes(puzzle: Puzzle) -> list[Rule]:
    """Two 3s side by side: the two outer parallel sides are on and the line between them goes no
    further (the line between is on too unless the whole loop is the one around both cells, so
    it is left to the other rules). Two 3s diagonally: the two sides of each at the far corner are
    on (either one off puts two lines of its 3 at the shared corner, leaving the other 3 one)."""
    threes = {(2 * i + 1, 2 * j + 1) for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row) if ch == "3"}
    found: list[Rule] = []
    for x, y in sorted(threes):
        if (x, y + 2) in threes:  # side by side: the lines at y-1 and y+3 on, y+1 goes no further
            found.append(_three(((x, y - 1), (x, y + 3), (x - 2, y + 1), (x + 2, y + 1)), _OUTER_ON_BEYOND_OFF))
        if (x + 2, y) in threes:  # one above the other
            found.append(_three(((x - 1, y), (x + 3, y), (x + 1, y - 2), (x + 1, y + 2)), _OUTER_ON_BEYOND_OFF))
        if (x + 2, y + 2) in threes:  # down to the right: the far corners are top-left and bottom-right
            found.append(_three(((x - 1, y), (x, y - 1), (x + 3, y + 2), (x + 2, y + 3)), _ALL_ON))
        if (x + 2, y - 2) in threes:  # down to the left: top-right and bottom-left
            found.append(_three(((x - 1, y), (x, y + 1), (x + 3, y - 2), (x + 2, y - 3)), _ALL_ON))
    return found


def _three(scope: tuple[Point, ...], allowed: frozenset[tuple[int, ...]]) -> Rule:
    """A pattern of 3s: Tatham's Tricky propagates pairs of lines along diagonal chains of
    faces, where a person sees the pattern."""
    name = DIAGONAL_THREES if allowed is _ALL_ON else ADJACENT_THREES
    return Rule(scope, allowed, name, Level.TRICKY)


def sketch(puzzle: Puzzle) -> Sketch:
    """The SVG board: dots at the corners, clues in their cells, each letter's cells one region."""
    cells = tuple((2 * i + 1, 2 * j + 1) for i in range(puzzle.rows) for j in range(puzzle.cols))
    numbers: dict[Point, str] = {}
    groups: dict[str, list[Point]] = {}
    for x, y in cells:
        ch = puzzle.grid[x // 2][y // 2]
        if ch in _DIGITS:
            numbers[x, y] = ch
        elif ch in puzzle.letters:
            groups.setdefault(ch, []).append((x, y))
    regions = tuple(Region(letter, tuple(members), puzzle.letters[letter]) for letter, members in groups.items())
    return Sketch(tile_shape(puzzle), cells, numbers, regions=regions)


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
        candidates = ((_N, (x - 1, y)), (_W, (x, y - 1)), (_E, (x, y + 1)), (_S, (x + 1, y)))
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
        for code in _CODES:
            if any(code & bit and bit not in arms for bit in (_N, _W, _E, _S)):
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
            arms = {bit: e for bit, e, ok in ((_N, (x - 1, y), i > 0), (_W, (x, y - 1), j > 0),
                                             (_E, (x, y + 1), j < n), (_S, (x + 1, y), i < m)) if ok}  # fmt: skip
            for code in _CODES:
                if all(bit in arms for bit in (_N, _W, _E, _S) if code & bit):
                    options.append(_pattern_option(name(x, y), arms, code))
    for i in range(m):
        for j in range(n):
            if puzzle.grid[i][j] != ".":
                x, y = 2 * i + 1, 2 * j + 1
                sides = {_N: (x - 1, y), _W: (x, y - 1), _E: (x, y + 1), _S: (x + 1, y)}
                for pattern in _PATTERNS[int(puzzle.grid[i][j])]:
                    options.append(_pattern_option(name(x, y), sides, pattern))
    return ExactCover(items, options, comments=["slitherlink-dlx:", *puzzle.lines], edges={name(*e): e for e in edges})


def _pattern_option(head: str, arms: dict[int, Point], pattern: int) -> Option:
    """`head` followed by each arm edge coloured by its bit of `pattern`."""
    return Option(((head, None), *((name(*e), "1" if pattern & bit else "0") for bit, e in arms.items())))


# --- Setting puzzles (contract.Setter; setter/generate.py thins what `dense` makes) ---

# The region whose boundary is the loop grows to this share of the cells (or until no cell can
# join): Tatham's Loopy boards are about half inside. Each step weighs CANDIDATES random frontier
# cells and takes the one with the fewest neighbours inside (setter/loopgen.grow), so the region
# grows arms rather than a round blob (a blob leaves a big field of 0s and 4s, which thinning
# empties anyway).
REGION_SHARE = 0.55
CANDIDATES = 3


def dense(rows: int, cols: int, rng: random.Random, judge: Judge) -> tuple[Puzzle, frozenset[Point]]:
    """Every cell clued with the sides a random region's boundary runs along. A fully clued board
    is nearly always unique; when the judge finds two loops, a new region is drawn."""
    while True:
        loop = boundary(grow(rows, cols, rng, round(REGION_SHARE * rows * cols), CANDIDATES))
        grid = tuple(
            "".join(str(sum(side in loop for side in cell_sides((2 * i + 1, 2 * j + 1)))) for j in range(cols))
            for i in range(rows)
        )
        puzzle = Puzzle(GENRE, f"{GENRE}-{rows}x{cols}", grid, {}, grid)
        if len(judge.solutions(puzzle)) == 1:
            return puzzle, loop


def clue_cells(puzzle: Puzzle) -> list[Point]:
    """Every digit (superclue letters are never generated, so never thinned)."""
    return [(i, j) for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row) if ch in _DIGITS]


def without(puzzle: Puzzle, cells: Iterable[Point]) -> Puzzle:
    """The board with `.` in `cells`."""
    return placed(puzzle, dict.fromkeys(cells, "."))


def placed(puzzle: Puzzle, clues: Mapping[Point, str]) -> Puzzle:
    """The board with each cell's character of `clues` written in (`.`: none)."""
    rows = list(puzzle.grid)
    for clue in set(clues.values()):
        rows = list(blanked(rows, [cell for cell, ch in clues.items() if ch == clue], clue))
    lines = (*rows, *(f"!{letter}={clue}" for letter, clue in puzzle.letters.items()))
    return replace(puzzle, grid=tuple(rows), lines=lines)
