"""What a setter chooses beside the size: the clue layout's symmetry, where clues may go (a mask),
how many 0s, how many clues. Human setters (and semiexp's generators) lay out the clue cells
first, symmetric, then the values; loopsat thins a symmetric layout by whole orbits, so its clues
stay minimal within the symmetry: no orbit can go.
"""

from __future__ import annotations

from dataclasses import dataclass

from loopsat.errors import PuzzleError
from loopsat.grid import Point
from loopsat.puzzle import text_lines

SYMMETRIES = ("none", "rot180", "rot90", "mirror")
# The share of 0s among the clues of Tatham's Loopy puzzles: 4 % (8 of a 20×20 easy's clues to
# loopsat's 51 before; 22 % of generated clues were 0 then): `--zeros 4` asks for it.
TATHAM_ZEROS = 0.04


@dataclass(frozen=True)
class Taste:
    """A setter's choices: `symmetry` of the clue layout (SYMMETRIES), `mask` the cells clues may
    go in (None: any), `zeros` the largest share of the genre's sparse clue (None: any; a puzzle
    over it is refused), `fewer_zeros` the sparse clues removed first where they can go (without
    a ceiling: the command line's default), `clues` the count thinning stops at (None: as few as
    stay unique)."""

    symmetry: str = "none"
    mask: frozenset[Point] | None = None
    zeros: float | None = None
    clues: int | None = None
    fewer_zeros: bool = False

    @property
    def sparing(self) -> bool:
        """Whether the sparse clues go first."""
        return self.fewer_zeros or self.zeros is not None


def default(genre: str) -> Taste:
    """The command line's taste for a genre: its symmetry, and its 0s removed first. Not yet a
    ceiling at Tatham's share: with one, 16×16 Slitherlink seed 1 hard found none in 8 loops
    (5-22 % of 0s, 230 CPU-s)."""
    from loopsat.genres import SETTERS

    setter = SETTERS[genre]
    return Taste(setter.SYMMETRY, fewer_zeros=setter.SPARSE is not None)


def chosen(
    genre: str,
    rows: int,
    cols: int,
    *,
    symmetry: str | None = None,
    mask: str | None = None,
    zeros: str | None = None,
    clues: int | None = None,
) -> Taste:
    """The taste of the command line's options (None: the genre's default): ValueError or, for
    the mask file, PuzzleError when one is wrong."""
    from loopsat.limits import read_input

    taste = default(genre)
    if symmetry is not None:
        taste = Taste(symmetry, taste.mask, taste.zeros, fewer_zeros=taste.fewer_zeros)
    images((0, 0), rows, cols, taste.symmetry)  # an unknown symmetry, or rot90 off the square
    cells = read_mask(mask, read_input(mask), rows, cols) if mask is not None else None
    share, fewer = taste.zeros, taste.fewer_zeros
    if zeros is not None:
        text = zeros.strip().rstrip("%")
        if text == "any":
            share, fewer = None, False
        else:
            try:
                share = float(text) / 100
            except ValueError:
                share = -1.0
            if not 0 <= share <= 1:
                raise ValueError(f"--zeros {zeros!r}: a percentage 0-100, or `any`")
    return Taste(taste.symmetry, cells, share, clues, fewer)


def images(cell: Point, rows: int, cols: int, symmetry: str) -> tuple[Point, ...]:
    """The cell and its images under the symmetry, each once, sorted."""
    i, j = cell
    if symmetry == "none":
        return (cell,)
    if symmetry == "rot180":
        found = {cell, (rows - 1 - i, cols - 1 - j)}
    elif symmetry == "mirror":
        found = {cell, (i, cols - 1 - j)}
    elif symmetry == "rot90":
        if rows != cols:
            raise ValueError("rot90 symmetry needs a square board")
        found = {cell, (j, rows - 1 - i), (rows - 1 - i, cols - 1 - j), (cols - 1 - j, i)}
    else:
        raise ValueError(f"unknown symmetry {symmetry!r} (one of {', '.join(SYMMETRIES)})")
    return tuple(sorted(found))


def orbits(cells: list[Point], rows: int, cols: int, symmetry: str) -> tuple[list[tuple[Point, ...]], list[Point]]:
    """The orbits all of whose cells are among `cells`, in the order of their first cell, and the
    cells whose orbit is not whole (they cannot stay in a symmetric layout)."""
    present = set(cells)
    whole: list[tuple[Point, ...]] = []
    broken: list[Point] = []
    seen: set[Point] = set()
    for cell in cells:
        if cell in seen:
            continue
        orbit = images(cell, rows, cols, symmetry)
        seen.update(orbit)
        if present.issuperset(orbit):
            whole.append(orbit)
        else:
            broken.extend(c for c in orbit if c in present)
    return whole, broken


def symmetric(cells: list[Point], rows: int, cols: int, symmetry: str) -> bool:
    """Whether the clue layout `cells` is symmetric."""
    return not orbits(cells, rows, cols, symmetry)[1]


def read_mask(path: str, data: bytes, rows: int, cols: int) -> frozenset[Point]:
    """The cells a mask file lets clues go in: one line per row, `.` for no clue, any other
    character (`x`, `#`, `o`, a digit) for a cell that may hold one."""
    lines = text_lines(data, path)
    if len(lines) != rows:
        raise PuzzleError(path, min(len(lines), rows) + 1, 1, f"the mask has {len(lines)} rows, the board {rows}")
    cells = set()
    for i, line in enumerate(lines):
        if len(line) != cols:
            raise PuzzleError(
                path, i + 1, min(len(line), cols) + 1, f"{len(line)} cells in this row, the board has {cols}"
            )
        for j, ch in enumerate(line):
            if ch.isspace():
                raise PuzzleError(path, i + 1, j + 1, "a blank in the mask: `.` is a cell without a clue")
            if ch != ".":
                cells.add((i, j))
    return frozenset(cells)
