"""The puzzle as its file states it, and the text hygiene every reader shares."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import field

from loopsat.errors import PuzzleError, data_set_label
from loopsat.frozen import Frozen, set_field
from loopsat.limits import MAX_CELLS

_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")  # the tab aside


class Puzzle(Frozen):  # a frozen dataclass (loopsat/frozen.py)
    """A board of `rows` × `cols` cells; `grid[i][j]` is the character of cell (i, j).

    `letters` holds SuperSlitherlink superclues; `lines` the normalised input lines (echoed in
    the MCC header); `index` the data-set number inside a multi-puzzle file.
    """

    genre: str
    path: str
    grid: tuple[str, ...]
    letters: dict[str, int] = field(default_factory=dict)
    lines: tuple[str, ...] = ()
    index: int | None = None

    def __init__(
        self,
        genre: str,
        path: str,
        grid: tuple[str, ...],
        letters: dict[str, int] | None = None,
        lines: tuple[str, ...] = (),
        index: int | None = None,
    ) -> None:
        set_field(self, "genre", genre)
        set_field(self, "path", path)
        set_field(self, "grid", grid)
        set_field(self, "letters", {} if letters is None else letters)
        set_field(self, "lines", lines)
        set_field(self, "index", index)

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    @property
    def label(self) -> str:
        """The file name for messages (errors.printable), with the data-set number when the file
        holds several puzzles."""
        return data_set_label(self.path, self.index)


# One data set of a file: its puzzle, or the located error (with its `index`) that spoils it alone.
DataSet = Puzzle | PuzzleError


def blanked(grid: Sequence[str], cells: Iterable[tuple[int, int]], empty: str) -> tuple[str, ...]:
    """The board rows with `empty` in `cells`: a clue removed (`loopsat generate` thins clues)."""
    rows = [list(row) for row in grid]
    for i, j in cells:
        rows[i][j] = empty
    return tuple("".join(row) for row in rows)


def puzzles_of(data_sets: Sequence[DataSet]) -> list[Puzzle]:
    """The puzzles of a file taken whole: the first bad data set's error is raised."""
    for data_set in data_sets:
        if isinstance(data_set, PuzzleError):
            raise data_set
    return [data_set for data_set in data_sets if isinstance(data_set, Puzzle)]


def check_cells(path: str, line: int, col: int, rows: int, cols: int, *, partial: bool = False) -> None:
    """Refuse a board of more than MAX_CELLS cells, at the place that makes it too big
    (`partial`: rows are still being read, so the board has at least this many)."""
    if rows * cols > MAX_CELLS:
        least = "at least " if partial else ""
        raise PuzzleError(
            path,
            line,
            col,
            f"the board has {least}{rows * cols:,} cells ({rows}×{cols}), more than loopsat solves ({MAX_CELLS:,})",
        )


def check_board_row(path: str, line: int, rows_before: int, width: int) -> None:
    """check_cells for a file read row by row: stop at the row (or column) past the limit."""
    if width > MAX_CELLS:
        check_cells(path, line, MAX_CELLS + 1, 1, width, partial=True)
    check_cells(path, line, 1, rows_before + 1, width, partial=True)


def decode_text(data: bytes, path: str) -> str:
    """The file as UTF-8 text; invalid bytes are binary junk, rejected at their position. A
    byte-order mark that some editors put first is dropped (columns count after it)."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise PuzzleError(path, line, col, "not a text file (invalid UTF-8)") from None


def text_lines(data: bytes, path: str) -> list[str]:
    """Decode a puzzle file into lines the way an editor means them.

    CRLF and CR-less final lines, trailing blanks and trailing blank lines are accepted; NUL,
    control characters and invalid UTF-8 are binary junk and rejected at their position.
    """
    lines = [line.rstrip("\r").rstrip(" \t") for line in decode_text(data, path).split("\n")]
    for number, line in enumerate(lines, start=1):
        if junk := _CONTROL.search(line):
            raise PuzzleError(path, number, junk.start() + 1, f"not a text file (control character {junk.group()!r})")
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise PuzzleError(path, 1, 1, "empty file: no board")
    return lines


def check_mcc_size(puzzle: Puzzle, limit: int) -> None:
    """Knuth's generators need 2 ≤ m, n ≤ `limit` (maxn: one character per coordinate)."""
    m, n = puzzle.rows, puzzle.cols
    if m < 2 or n < 2:
        raise PuzzleError(puzzle.path, 1, 1, f"MCC export needs a board of at least 2×2, this one is {m}×{n}")
    if m > limit or n > limit:
        line, col = (limit + 1, 1) if m > limit else (1, limit + 1)
        raise PuzzleError(
            puzzle.path,
            line,
            col,
            f"MCC export handles boards up to {limit}×{limit} (Knuth's maxn), this one is {m}×{n}",
        )
