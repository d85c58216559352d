"""What solving a puzzle established (`Outcome`) and how it is written: its JSON object, a
solution's h/v bit strings, the drawing of the board with its loop."""

from __future__ import annotations

from functools import lru_cache

from loopsat import hv
from loopsat.errors import Exit
from loopsat.genres import GENRES, Genre
from loopsat.grid import Edges
from loopsat.puzzle import Puzzle
from loopsat.result import options_of
from loopsat.status import Status

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

    from loopsat.deduce import Deduction, Difficulty


class Outcome:
    """What solving a puzzle established; `count` is exact only when `complete`. A plain class:
    as a dataclass it cost every process 2.6 M instructions to define, and a NamedTuple cannot
    have a field `count`. `deduced` is the deduction solve() ran, None when it did not deduce:
    its trail is the grade."""

    __slots__ = ("complete", "count", "deduced", "puzzle", "seconds", "solutions", "status")

    def __init__(
        self,
        puzzle: Puzzle,
        status: Status,
        count: int,
        complete: bool,
        solutions: list[Edges],
        seconds: float = 0.0,
        deduced: Deduction | None = None,
    ) -> None:
        self.puzzle, self.status, self.count, self.complete = puzzle, status, count, complete
        self.solutions, self.seconds, self.deduced = solutions, seconds, deduced

    @property
    def difficulty(self) -> Difficulty | None:
        """The grade, read off the deduction's trail; None unless the puzzle has one solution
        and was deduced (an ambiguous or impossible puzzle has a status, not a grade)."""
        if self.deduced is None or self.status != Status.UNIQUE:
            return None
        return self.deduced.grade()

    @property
    def exit_status(self) -> Exit:
        if self.status == Status.NONE:
            return Exit.NO_SOLUTION
        if self.count == 0 and not self.complete:
            return Exit.TIMED_OUT
        return Exit.SOLVED

    def to_json(self) -> dict[str, Any]:
        """The JSON object of one puzzle (docs/json.md)."""
        genre = _genre(self.puzzle)
        obj: dict[str, Any] = {
            "file": self.puzzle.path,
            "genre": self.puzzle.genre,
            "rows": self.puzzle.rows,
            "cols": self.puzzle.cols,
            "status": self.status,
            "count": self.count,
            "complete": self.complete,
            "solutions": [_solution_json(genre, self.puzzle, s) for s in self.solutions],
            "seconds": round(self.seconds, 3),
        }
        if self.puzzle.index is not None:
            obj["index"] = self.puzzle.index
        if (difficulty := self.difficulty) is not None:
            obj["difficulty"] = difficulty.to_json()
        return obj


def _genre(puzzle: Puzzle) -> Genre:
    return GENRES[puzzle.genre]


def _solution_json(genre: Genre, puzzle: Puzzle, solution: Edges) -> dict[str, Any]:
    """A solution's h/v bit strings, and an MCC file's chosen option lines (docs/json.md)."""
    h, v = bits(genre, puzzle, solution)
    options = options_of(solution)
    return {"h": h, "v": v} if options is None else {"h": h, "v": v, "options": options}


def bits(genre: Genre, puzzle: Puzzle, solution: Edges) -> tuple[list[str], list[str]]:
    """The JSON's h/v bit strings of a solution (loopsat/hv.py) on the puzzle's tile lattice."""
    if not isinstance(solution, frozenset):  # a caller's set: not kept
        return hv.strings(*genre.tile_shape(puzzle), solution)
    h, v = _strings(*genre.tile_shape(puzzle), solution)
    return list(h), list(v)


@lru_cache(maxsize=4)
def _strings(rows: int, cols: int, solution: Edges) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """hv.strings, kept for the last few solutions: a solve's verifier, its Result and its JSON
    each ask for the same loop's (1 ms each on a 60×60; a frozenset keeps its hash)."""
    h, v = hv.strings(rows, cols, solution)
    return tuple(h), tuple(v)


def drawing(puzzle: Puzzle, solution: Edges | None) -> list[str]:
    """The canvas of a puzzle with its loop (or without, for none)."""
    from loopsat.output.render import canvas  # (a solve --json draws none)

    genre = _genre(puzzle)
    rows, cols = genre.tile_shape(puzzle)
    return canvas(rows, cols, solution or (), genre.labels(puzzle))
