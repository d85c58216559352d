"""SPOJ problem SLINK: fully clued Slitherlink boards, several data sets per file.

The judge's grammar is token based: `r c`, then r·c numbers 0-4, repeated; `0 0` ends. Line
breaks carry no meaning, so a number may stand anywhere; a missing `0 0` at the end is fine.
Each data set is an ordinary Slitherlink puzzle, so the model is Slitherlink's.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator

from loopsat.errors import PuzzleError
from loopsat.genres.slitherlink import (
    AUTO_CIRCUIT,
    BRANCH_WALK,
    MCC_MAX,
    VARIANTS,
    cover,
    labels,
    rules,
    sketch,
    tile_shape,
)
from loopsat.puzzle import DataSet, Puzzle, check_cells, text_lines

GENRE = "slink"
DEDUCE_FIRST_CELLS = math.inf  # `auto`: every cell is clued, deduction finished every board measured
__all__ = [
    "AUTO_CIRCUIT",
    "BRANCH_WALK",
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
_MAX_DIGITS = 12  # a longer number is out of every range here


def _tokens(lines: list[str]) -> Iterator[tuple[str, int, int]]:
    for number, line in enumerate(lines, start=1):
        for match in _TOKEN.finditer(line):
            yield match.group(), number, match.start() + 1


def parse(data: bytes, path: str) -> list[DataSet]:
    """Every data set of a SLINK input, numbered from 1. A bad clue spoils its data set alone; a
    bad count, or numbers missing at the end, leave no way to find the next data set, so that
    error is the last data set (text after the closing `0 0` is an error of no data set)."""
    lines = text_lines(data, path)
    tokens = _tokens(lines)
    end = (len(lines), len(lines[-1]) + 1)

    at = [(1, 1)]  # where the last number stood

    def number(what: str, low: int, high: int | None = None) -> int | None:
        """The next number, None at the end; a PuzzleError for anything else (the token is consumed)."""
        token = next(tokens, None)
        if token is None:
            return None
        text, line, col = token
        at[0] = line, col
        if not _NUMBER.fullmatch(text):
            raise PuzzleError(path, line, col, f"expected {what}, found {text!r}")
        if len(text) > _MAX_DIGITS:  # out of every range here (and int() refuses thousands of digits)
            raise PuzzleError(path, line, col, f"{what} is out of range: a number of {len(text)} digits")
        value = int(text)
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise PuzzleError(path, line, col, f"{what} must be {bound}, found {value}")
        return value

    data_sets: list[DataSet] = []
    while True:
        index = len(data_sets) + 1
        try:
            rows = number("the row count", 0)
            if rows is None:
                break
            cols = number("the column count", 0)
            if cols is None:
                raise PuzzleError(path, *end, f"data set {index}: the column count is missing")
            if rows == cols == 0:
                rest = next(tokens, None)
                if rest is not None:
                    data_sets.append(
                        PuzzleError(path, rest[1], rest[2], f"unexpected {rest[0]!r} after the closing `0 0`")
                    )
                break
            if rows == 0 or cols == 0:
                raise PuzzleError(path, *end, f"data set {index}: a {rows}×{cols} board has no cells")
            check_cells(path, *at[0], rows, cols)
            data_sets.append(_board(number, path, end, index, rows, cols))
        except PuzzleError as error:  # the counts are lost: no telling where a next data set begins
            error.index = index
            data_sets.append(error)
            break
    if not data_sets:
        raise PuzzleError(path, 1, 1, "no data set before the closing `0 0`")
    return data_sets


def _board(
    number: Callable[[str, int, int], int | None], path: str, end: tuple[int, int], index: int, rows: int, cols: int
) -> DataSet:
    """Data set `index`'s r·c clues: its puzzle, or the error of its first bad clue (its other
    numbers are still read, so the next data set is found). Numbers missing at the end raise."""
    grid = []
    spoiled: PuzzleError | None = None
    for i in range(rows):
        row = ""
        for j in range(cols):
            try:
                value = number("a clue 0-4", 0, 4)
            except PuzzleError as error:
                spoiled = spoiled or error
                continue
            if value is None:
                raise PuzzleError(path, *end, f"data set {index}: expected {rows}×{cols} numbers, found {i * cols + j}")
            row += str(value)
        grid.append(row)
    if spoiled is not None:
        spoiled.index = index
        return spoiled
    return Puzzle(GENRE, path, tuple(grid), {}, tuple(grid), index=index)


def sniff(lines: list[str]) -> bool:
    """A first line of exactly two integers."""
    first = lines[0].split()
    return len(first) == 2 and all(_NUMBER.fullmatch(token) for token in first)
