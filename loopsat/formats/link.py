"""A puzzle written as one line of text, and where that line sits, so errors name a column."""

from __future__ import annotations

import sys
from dataclasses import dataclass

from loopsat.errors import PuzzleError, printable
from loopsat.puzzle import Puzzle

# Every genre whose board one of these formats can carry, by the encoding family it uses.
SLITHERLINK_LIKE = ("slitherlink", "slink")
LINKED = (*SLITHERLINK_LIKE, "masyu")  # the genres a URL or a game ID can carry


def family(genre: str) -> str:
    """The genre a link or a saved game of a `genre` puzzle names: a SLINK board is Slitherlink's."""
    return "slitherlink" if genre in SLITHERLINK_LIKE else genre


@dataclass(frozen=True)
class Link:
    """`text` found on line `line` of `path`, starting at column `col`."""

    text: str
    path: str
    line: int = 1
    col: int = 1

    def tail(self, start: int) -> Link:
        """The text from index `start` on, still located in its line."""
        return Link(self.text[start:], self.path, self.line, self.col + start)

    def error(self, at: int, message: str) -> PuzzleError:
        """A PuzzleError pointing at index `at` of the text (past the end: the column after it)."""
        return PuzzleError(self.path, self.line, self.col + at, message)

    def warn(self, at: int, message: str) -> None:
        """A decodable oddity the user should still hear about, in the error line's format."""
        print(f"{printable(self.path)}:{self.line}:{self.col + at}: warning: {message}", file=sys.stderr)


def board(genre: str, cells: list[str], cols: int, link: Link, index: int | None) -> Puzzle:
    """The Puzzle that the genre's own file of these rows would give."""
    grid = tuple("".join(cells[i : i + cols]) for i in range(0, len(cells), cols))
    return Puzzle(genre, link.path, grid, {}, grid, index)


def cells_of(puzzle: Puzzle, form: str) -> list[str]:
    """The cells in row-major order; letters (SuperSlitherlink) have no form but the `.slither` file."""
    for i, row in enumerate(puzzle.grid):
        for j, ch in enumerate(row):
            if puzzle.genre in SLITHERLINK_LIKE and ch not in ".01234":
                raise PuzzleError(
                    puzzle.path, i + 1, j + 1, f"letter {ch!r}: SuperSlitherlink letters have no {form} form"
                )
    return [ch for row in puzzle.grid for ch in row]
