"""SPOJ problem SLINK: fully clued Slitherlink boards, several data sets per file.

The judge's grammar is token based: `r c`, then r·c numbers 0-4, repeated; `0 0` ends. Line
breaks carry no meaning, so a number may stand anywhere; a missing `0 0` at the end is fine.
Each data set is an ordinary Slitherlink puzzle, so the model is Slitherlink's.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from loopsat.errors import PuzzleError
from loopsat.genres.slitherlink import AUTO_CIRCUIT, MCC_MAX, VARIANTS, cover, labels, rules, sketch, tile_shape
from loopsat.puzzle import Puzzle, check_cells, text_lines

GENRE = "slink"
DEDUCE_FIRST_CELLS = math.inf  # `auto`: every cell is clued, deduction finished every board measured
__all__ = [
    "AUTO_CIRCUIT",
    "DEDUCE_FIRST_CELLS",
    "GENRE",
    "MCC_MAX",
    "VARIANTS",
    "cover",
    "labels",
    "parse",
    "rules",
    "sketch",
    "sniff",
    "tile_shape",
]

_TOKEN = re.compile(r"\S+")
_NUMBER = re.compile(r"[+-]?\d+")
_DIGITS = 12  # a longer number is out of every range here


def _tokens(lines: list[str]) -> Iterator[tuple[str, int, int]]:
    for number, line in enumerate(lines, start=1):
        for match in _TOKEN.finditer(line):
            yield match.group(), number, match.start() + 1


def parse(data: bytes, path: str) -> list[Puzzle]:
    """Every data set of a SLINK input, numbered from 1."""
    lines = text_lines(data, path)
    tokens = _tokens(lines)
    end = (len(lines), len(lines[-1]) + 1)

    at = [(1, 1)]  # where the last number stood

    def number(what: str, low: int, high: int | None = None) -> int | None:
        token = next(tokens, None)
        if token is None:
            return None
        text, line, col = token
        at[0] = line, col
        if not _NUMBER.fullmatch(text):
            raise PuzzleError(path, line, col, f"expected {what}, found {text!r}")
        if len(text) > _DIGITS:  # out of every range here (and int() refuses thousands of digits)
            raise PuzzleError(path, line, col, f"{what} is out of range: a number of {len(text)} digits")
        value = int(text)
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise PuzzleError(path, line, col, f"{what} must be {bound}, found {value}")
        return value

    puzzles: list[Puzzle] = []
    while True:
        rows = number("the row count", 0)
        if rows is None:
            break
        cols = number("the column count", 0)
        if cols is None:
            raise PuzzleError(path, *end, f"data set {len(puzzles) + 1}: the column count is missing")
        if rows == cols == 0:
            rest = next(tokens, None)
            if rest is not None:
                raise PuzzleError(path, rest[1], rest[2], f"unexpected {rest[0]!r} after the closing `0 0`")
            break
        if rows == 0 or cols == 0:
            raise PuzzleError(path, *end, f"data set {len(puzzles) + 1}: a {rows}×{cols} board has no cells")
        check_cells(path, *at[0], rows, cols)
        grid = []
        for i in range(rows):
            row = ""
            for j in range(cols):
                value = number("a clue 0-4", 0, 4)
                if value is None:
                    found = i * cols + j
                    raise PuzzleError(
                        path, *end, f"data set {len(puzzles) + 1}: expected {rows}×{cols} numbers, found {found}"
                    )
                row += str(value)
            grid.append(row)
        puzzles.append(Puzzle(GENRE, path, tuple(grid), {}, tuple(grid), index=len(puzzles) + 1))
    if not puzzles:
        raise PuzzleError(path, 1, 1, "no data set before the closing `0 0`")
    return puzzles


def sniff(lines: list[str]) -> bool:
    """A first line of exactly two integers."""
    first = lines[0].split()
    return len(first) == 2 and all(_NUMBER.fullmatch(token) for token in first)
