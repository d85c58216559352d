"""Slitherlink and SuperSlitherlink: Knuth's `.slither` format and his three generators.

`super` is SUPERSLITHERLINK-DLX, `general` SUPERSLITHERLINK-GENERAL-DLX (subtiles, doubled
multiplicities), `plain` the older SLITHERLINK-DLX (clue cells with one option per edge
pattern). All three describe the same solutions; `auto` is `super` unless that would name one
item twice in an option (a letter on both diagonal cells of a straight tile), then `general`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import lru_cache
from itertools import chain, count, product, repeat

from loopsat.deduce import Level, Rule, Rules
from loopsat.errors import PuzzleError
from loopsat.genres import VARIANTS_OF
from loopsat.grid import Point, cell_sides, lattice_points
from loopsat.puzzle import Puzzle, blanked, check_board_row, text_lines

# A solve imports none of these: the MCC model, the picture and the setter load when first used.
TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.model import ExactCover
    from loopsat.output.picture import Sketch
    from loopsat.setter.loopgen import Grown


GENRE = "slitherlink"
VARIANTS = VARIANTS_OF[GENRE]
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
# No walk in the backtracking (deduce.reach): on the one 25×30 of bench/ that backtracks, it took
# 1.06 of the whole process (paired A/B, median of 5) and more decisions, not fewer; with its
# learned weights too 1.068× (267 nodes against 180), though 0.884× on a generated 20×20.
BRANCH_WALK = False

_CLUE_LINE = re.compile(r"!(.)=(\d{1,9})")
_CLUE_CHARS = "01234"
# A row of these alone is read whole (a 60×60's 3 600 cells one by one took 1.2 ms of each solve)
_PLAIN = "." + _CLUE_CHARS


def is_letter(ch: str) -> bool:
    """Knuth: every printable character but `.`, `0`-`4`, `|`, `:` names a superclue group."""
    return 33 <= ord(ch) <= 126 and ch not in ".|:" and ch not in _CLUE_CHARS


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
        if not line.strip(_PLAIN):
            rows.append(line)  # dots and digits: nothing to check a character at a time
            continue
        for col, ch in enumerate(line, start=1):
            if ch in "|:" or not (ch == "." or ch in _CLUE_CHARS or is_letter(ch)):
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
    tables = list(chain.from_iterable(map(_row_rules, count(), puzzle.grid, repeat(puzzle.rows))))
    return Rules(tables, whole=not puzzle.letters, patterns=_patterns_of_threes(puzzle))


# A row's tables are the same in every puzzle, and the generator asks for a board's tables once or
# more a deduction (thousands), a clue or two changed: a 40×40's took 7.3 ms made anew, 0.3 ms
# from a cache by cell. Cached by row, each made without `Rule`'s own __new__ and `cell_sides`
# (two Python calls a clue), a fresh 60×60's take 1.5 ms, not 3.3, and 0.02 ms from the cache,
# not 0.27 (perf_counter, a fresh process). Bounded at four versions of each row of a 60×60.
@lru_cache(maxsize=1 << 8)
def _row_rules(i: int, row: str, rows: int) -> tuple[Rule, ...]:
    """The tables of row `i`'s clues (of `rows`): each a cell's sides (as grid.cell_sides: N, W,
    E, S), the lattice's own points (a row's tops, sides and bottoms sliced from it), not four
    made a clue: a fresh 60×60's 6 600 kept 0.4 MB."""
    n = len(row)
    width = 2 * n + 1  # a row of cells spans its n tops, then its n + 1 sides
    first = i * width
    lattice = lattice_points(rows + 1, n + 1)
    tops, sides = lattice[first : first + n], lattice[first + n : first + width]
    bottoms = lattice[first + width : first + width + n]
    return tuple(
        [
            _new_tuple(Rule, ((north, west, east, south), *_CLUE_LAWS[ch]))
            for ch, north, west, east, south in zip(row, tops, sides[:n], sides[1:], bottoms, strict=True)
            if ch in _CLUE_LAWS
        ]
    )


_new_tuple = tuple.__new__  # a Rule made without the Python call its __new__ is (a table for each clue)
# The side patterns (N, W, E, S) each digit allows, built once.
_CLUE_PATTERNS = [frozenset(p for p in product((0, 1), repeat=4) if sum(p) == clue) for clue in range(5)]
# Each digit's Rule after its scope: patterns, name, level, parities (`Rule`'s fields)
_CLUE_LAWS = {ch: (_CLUE_PATTERNS[int(ch)], f"{ch} clue", Level.EASY, True) for ch in _CLUE_CHARS}
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
    threes: set[Point] = set()  # found by str.find: a 60×60's 3 600 cells tested one by one took 0.25 ms, 0.06 so
    for i, row in enumerate(puzzle.grid):
        j = row.find("3")
        while j >= 0:
            threes.add((2 * i + 1, 2 * j + 1))
            j = row.find("3", j + 1)
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
    """A pattern of 3s, loopsat's own (Deep): Tatham's solver finds their lines by other
    routes, at whatever level those take."""
    name = DIAGONAL_THREES if allowed is _ALL_ON else ADJACENT_THREES
    return Rule(scope, allowed, name, Level.DEEP)


def cover(puzzle: Puzzle, variant: str = "auto") -> ExactCover:
    """Knuth's items and options (slitherlink_cover.py, imported for an export or a cover's search)."""
    from loopsat.genres import slitherlink_cover

    return slitherlink_cover.cover(puzzle, variant)


def sketch(puzzle: Puzzle) -> Sketch:
    """The SVG board: dots at the corners, clues in their cells, each letter's cells one region."""
    from loopsat.output.picture import Sketch, Superclue

    cells = tuple((2 * i + 1, 2 * j + 1) for i in range(puzzle.rows) for j in range(puzzle.cols))
    numbers: dict[Point, str] = {}
    groups: dict[str, list[Point]] = {}
    for x, y in cells:
        ch = puzzle.grid[x // 2][y // 2]
        if ch in _CLUE_CHARS:
            numbers[x, y] = ch
        elif ch in puzzle.letters:
            groups.setdefault(ch, []).append((x, y))
    regions = tuple(Superclue(letter, tuple(members), puzzle.letters[letter]) for letter, members in groups.items())
    return Sketch(tile_shape(puzzle), cells, numbers, regions=regions)


# --- Setting puzzles: the hooks of contract.Setter (setter/dense.py clues a loop, generate.py thins) ---

# The setter's bias hook: any simple loop will do, so the region inside it grows (along cell
# sides) to REGION_SHARE of the cells or until no cell can join: Tatham's Loopy boards are about
# half inside. Each step weighs CANDIDATES random frontier cells and takes the one with the fewest
# neighbours inside (setter/loopgen.grow), so the region grows arms rather than a round blob (a
# blob leaves a big field of 0s and 4s, which thinning empties anyway).
REGION_SHARE = 0.55
CANDIDATES = 3


@lru_cache(maxsize=1)
def loop_bias() -> Grown:
    """What the setter wants of a loop (contract.Setter), made when first asked: the setter's
    loopgen is no part of a solve."""
    from loopsat.setter.loopgen import Grown

    return Grown(centres=False, share=REGION_SHARE, candidates=CANDIDATES)


def clued(rows: int, cols: int, loop: frozenset[Point]) -> Puzzle:
    """Every cell clued with the number of its sides the loop runs along."""
    grid = tuple(
        "".join(str(sum(side in loop for side in cell_sides((2 * i + 1, 2 * j + 1)))) for j in range(cols))
        for i in range(rows)
    )
    return Puzzle(GENRE, f"{GENRE}-{rows}x{cols}", grid, {}, grid)


def clue_cells(puzzle: Puzzle) -> list[Point]:
    """Every digit (superclue letters are never generated, so never thinned)."""
    return [(i, j) for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row) if ch in _CLUE_CHARS]


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
