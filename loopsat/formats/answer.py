"""A player's lines as puzz.link saves them: pzprjs's pzprv3 file (docs/puzzlink.md).

`loopsat check` and `explain --hint` read a partial solution as the JSON's h/v strings; a setter
testing in puzz.link has the board as pzprjs's "save" file instead, or as the one-line form its
test data writes (every line ended by `/`). Both map onto the same h/v strings: a line `1` on,
a cross `-1` off, `0` unknown. The file's clues must be the puzzle's: a file of another puzzle
would otherwise be checked against the wrong clues.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from loopsat.errors import PuzzleError
from loopsat.formats.link import family
from loopsat.formats.puzzlink import PIDS
from loopsat.puzzle import Puzzle

_VALUES = {"1": "1", "-1": "0", "0": "?"}  # pzprjs's line flags: line, cross mark, nothing yet
# A cell's clue as pzprjs writes it, as the genre's file writes it (`-`: a "?" clue or pearl).
_CLUES = {"slitherlink": {"-": "?"}, "masyu": {"1": "0", "2": "1"}}


@dataclass(frozen=True)
class _Record:
    """One line of the file (a `/`-ended piece of the one-line form): its words and where it is."""

    words: list[str]
    line: int
    column: int


_Take = Callable[[str], _Record]  # the next record, or a located error naming what was expected


def is_pzprv3(data: bytes) -> bool:
    """Whether the data is a pzprv3 file (or its one-line form) rather than the JSON's h/v object."""
    return data.lstrip().startswith(b"pzprv3")


def pzprv3(path: str, data: bytes, puzzle: Puzzle) -> dict[str, list[str]]:
    """The h and v strings (`1` on, `0` off, `?` unknown) of a pzprv3 file of `puzzle`."""
    records = _records(path, data)
    ahead = iter(records)

    def take(what: str) -> _Record:
        record = next(ahead, None)
        if record is None:
            last = records[-1]
            raise PuzzleError(path, last.line, last.column, f"the file ends before {what}")
        return record

    take("the puzzle type")
    kind = take("the puzzle type")
    genre = PIDS.get(" ".join(kind.words))
    if genre is None or genre != family(puzzle.genre):
        raise PuzzleError(
            path, kind.line, kind.column, f"a pzprv3 file of {' '.join(kind.words)!r}, not of this {puzzle.genre}"
        )
    size = [take("the size") for _ in range(2)]
    if [r.words for r in size] != [[str(puzzle.rows)], [str(puzzle.cols)]]:
        raise PuzzleError(path, size[0].line, size[0].column, f"not a {puzzle.rows}×{puzzle.cols} board")
    clues = take("the clues")
    if clues.words and clues.words[0].isalpha():
        raise PuzzleError(path, clues.line, clues.column, f"variant rules ({clues.words[0]!r}) are not supported")
    for i in range(puzzle.rows):
        _check_clues(path, clues if i == 0 else take("the clues"), puzzle, i)
    if genre == "masyu":
        h = _block(path, take, puzzle.rows, puzzle.cols - 1)
        v = _block(path, take, puzzle.rows - 1, puzzle.cols)
        return {"h": h, "v": v}
    first = take("the lines")
    if len(first.words) == puzzle.cols:  # pzprv3.1: a block of cell marks before the lines
        _block(path, take, puzzle.rows - 1, puzzle.cols)
        first = take("the lines")
    v = _block(path, lambda _what: first, 1, puzzle.cols + 1) + _block(path, take, puzzle.rows - 1, puzzle.cols + 1)
    h = _block(path, take, puzzle.rows + 1, puzzle.cols)
    return {"h": h, "v": v}


def _records(path: str, data: bytes) -> list[_Record]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PuzzleError(path, 1, 1, f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        column = 1
        for piece in line.split("/"):
            if piece.strip():
                records.append(_Record(piece.split(), number, column + len(piece) - len(piece.lstrip())))
            column += len(piece) + 1
    return records


def _check_clues(path: str, record: _Record, puzzle: Puzzle, row: int) -> None:
    if len(record.words) != puzzle.cols:
        raise PuzzleError(path, record.line, record.column, f"expected {puzzle.cols} clues, found {len(record.words)}")
    spelled = _CLUES.get(puzzle.genre, _CLUES["slitherlink"])
    for col, word in enumerate(record.words):
        if spelled.get(word, word) != puzzle.grid[row][col]:
            raise PuzzleError(
                path,
                record.line,
                record.column,
                f"the clue at ({row}, {col}) is {word!r}: the puzzle's is {puzzle.grid[row][col]!r}",
            )


def _block(path: str, take: _Take, lines: int, length: int) -> list[str]:
    """`lines` lines of `length` line flags, as h/v characters."""
    block = []
    for _ in range(lines):
        record = take("the lines")
        if len(record.words) != length or any(word not in _VALUES for word in record.words):
            raise PuzzleError(
                path,
                record.line,
                record.column,
                f"expected {length} line flags (1 line, -1 cross, 0 none): {' '.join(record.words)!r}",
            )
        block.append("".join(_VALUES[word] for word in record.words))
    return block
