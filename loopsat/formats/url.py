"""The `url` reader: a file of puzz.link URLs and Tatham game IDs, one puzzle per line.

It reads files like a genre (`parse`, `sniff`) but is none: each puzzle it returns carries its
own genre (slitherlink or masyu) and is numbered by its line, so labels read `FILE#LINE`.
"""

from __future__ import annotations

from loopsat.errors import PuzzleError
from loopsat.formats import decode, is_link
from loopsat.limits import MAX_FILE_CELLS
from loopsat.puzzle import Puzzle, text_lines

GENRE = "url"


def parse(data: bytes, path: str) -> list[Puzzle]:
    """One puzzle per non-blank line, MAX_FILE_CELLS in all."""
    puzzles: list[Puzzle] = []
    cells = 0
    for number, line in enumerate(text_lines(data, path), start=1):
        if line.strip():
            puzzles.append(decode(line, path, number, number))
            cells += puzzles[-1].rows * puzzles[-1].cols
            if cells > MAX_FILE_CELLS:
                raise PuzzleError(
                    path,
                    number,
                    1,
                    f"the boards so far have more than {MAX_FILE_CELLS:,} cells, loopsat's limit per file",
                )
    return puzzles


def sniff(lines: list[str]) -> bool:
    """Every non-blank line is a URL or a game ID."""
    return all(is_link(line) for line in lines if line.strip())
