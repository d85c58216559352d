"""The `url` reader: a file of puzz.link URLs and Tatham game IDs, one puzzle per line.

It reads files like a genre (`parse`, `sniff`) but is none: each puzzle it returns carries its
own genre (slitherlink or masyu) and is numbered by its line, so labels read `FILE#LINE`. Blank
lines and comment lines (`#` first) are skipped; a bad line is that data set's error alone.
"""

from __future__ import annotations

from loopsat.errors import PuzzleError
from loopsat.formats import decode, is_link
from loopsat.limits import MAX_FILE_CELLS
from loopsat.puzzle import DataSet, text_lines

GENRE = "url"


def parse(data: bytes, path: str) -> list[DataSet]:
    """One data set per line that is neither blank nor a comment, MAX_FILE_CELLS in all."""
    data_sets: list[DataSet] = []
    cells = 0
    for number, line in _link_lines(text_lines(data, path)):
        try:
            puzzle = decode(line, path, number, number)
        except PuzzleError as error:
            error.index = number
            data_sets.append(error)
            continue
        data_sets.append(puzzle)
        cells += puzzle.rows * puzzle.cols
        if cells > MAX_FILE_CELLS:
            raise PuzzleError(
                path,
                number,
                1,
                f"the boards so far have more than {MAX_FILE_CELLS:,} cells, loopsat's limit per file",
            )
    if not data_sets:
        raise PuzzleError(path, 1, 1, "no puzzle: only blank and comment lines")
    return data_sets


def sniff(lines: list[str]) -> bool:
    """Every line that is neither blank nor a comment is a URL or a game ID, and there is one."""
    links = [line for _, line in _link_lines(lines)]
    return bool(links) and all(is_link(line) for line in links)


def _link_lines(lines: list[str]) -> list[tuple[int, str]]:
    """The lines that should hold a link, numbered from 1."""
    return [(number, line) for number, line in enumerate(lines, start=1) if line.strip() and not _comment(line)]


def _comment(line: str) -> bool:
    return line.lstrip().startswith("#")
