"""What the API's `solve` hands back: a Result of Solutions, or Interrupted with the result so far."""

from __future__ import annotations

import os
import sys
from dataclasses import field

from loopsat.errors import Exit
from loopsat.frozen import Frozen, set_field
from loopsat.genres import GENRES
from loopsat.grid import Edges
from loopsat.puzzle import Puzzle
from loopsat.status import Status

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

    from loopsat.deduce import Difficulty
    from loopsat.solver.certain import Certainty
    from loopsat.solver.outcome import Outcome

PuzzleLike = Puzzle | str | os.PathLike[str]  # a Puzzle, or a file name, URL or game ID holding one


class Solution(Frozen):  # a frozen dataclass (loopsat/frozen.py)
    """One loop: its edges in Knuth's doubled coordinates, and the JSON's `h`/`v` bit strings;
    for an MCC file also the chosen option lines (a solution is a set of options there)."""

    edges: Edges
    h: tuple[str, ...]
    v: tuple[str, ...]
    options: tuple[str, ...] = ()

    def __init__(self, edges: Edges, h: tuple[str, ...], v: tuple[str, ...], options: tuple[str, ...] = ()) -> None:
        set_field(self, "edges", edges)
        set_field(self, "h", h)
        set_field(self, "v", v)
        set_field(self, "options", options)

    @classmethod
    def of(cls, puzzle: Puzzle, edges: Edges) -> Solution:
        """The solution of `puzzle` with these edges (as the search found them)."""
        from loopsat.solver.outcome import bits

        h, v = bits(GENRES[puzzle.genre], puzzle, edges)
        return cls(frozenset(edges), tuple(h), tuple(v), tuple(options_of(edges) or ()))


class Result(Frozen):  # a frozen dataclass (loopsat/frozen.py)
    """What solving established. `count` is exact only when `complete`; `status` is a
    `Status` (a str enum): `unique`, `multiple`, `none`, `unknown` (stopped before the question
    was settled)."""

    puzzle: Puzzle
    status: Status
    count: int
    complete: bool
    solutions: tuple[Solution, ...] = ()
    seconds: float = 0.0
    _outcome: Outcome | None = field(default=None, repr=False, compare=False)

    def __init__(
        self,
        puzzle: Puzzle,
        status: Status,
        count: int,
        complete: bool,
        solutions: tuple[Solution, ...] = (),
        seconds: float = 0.0,
        _outcome: Outcome | None = None,
    ) -> None:
        set_field(self, "puzzle", puzzle)
        set_field(self, "status", status)
        set_field(self, "count", count)
        set_field(self, "complete", complete)
        set_field(self, "solutions", solutions)
        set_field(self, "seconds", seconds)
        set_field(self, "_outcome", _outcome)

    def to_json(self) -> dict[str, Any]:
        """Exactly the object `loopsat solve --json` prints for this puzzle."""
        return self._settled().to_json()

    @property
    def exit_status(self) -> Exit:
        """The exit status `loopsat solve` gives this answer (docs/exit-status.md)."""
        return self._settled().exit_status

    @property
    def difficulty(self) -> Difficulty | None:
        """The grade (`loopsat.grade`'s), when the solve deduced it; None otherwise."""
        return self._settled().difficulty

    def text(self) -> str:
        """The boards `loopsat solve` prints (every solution found, or the empty board), without
        the status line."""
        from loopsat.solver.outcome import drawing

        boards = [drawing(self.puzzle, solution.edges) for solution in self.solutions] or [drawing(self.puzzle, None)]
        return "\n".join("\n".join(board) for board in boards) + "\n"

    def _settled(self) -> Outcome:
        """The pipeline's own answer: the one the solve gave, or one made of these fields."""
        from loopsat.solver.outcome import Outcome

        if self._outcome is not None:
            return self._outcome
        found = [solution.edges for solution in self.solutions]
        return Outcome(self.puzzle, self.status, self.count, self.complete, found, self.seconds)


def options_of(solution: Edges) -> list[str] | None:
    """The option lines of an MCC file's solution (model.option_lines), None for a genre's. Only
    an MCC file's reader or a cover's search make a solution of options, and both import the
    model first: a genre's solve need not (its dataclasses and Knuth's names cost 1-3 ms)."""
    model = sys.modules.get("loopsat.model")
    return None if model is None else model.option_lines(solution)


def result_of(puzzle: Puzzle, outcome: Outcome) -> Result:
    """The pipeline's outcome as the API's Result."""
    solutions = tuple(Solution.of(puzzle, edges) for edges in outcome.solutions)
    return Result(puzzle, outcome.status, outcome.count, outcome.complete, solutions, outcome.seconds, outcome)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during `solve` or `certain`: `result` (and for `certain` its `certainty`) is what was
    settled by then; a KeyboardInterrupt still, for a caller who only wants to stop."""

    def __init__(self, result: Result, certainty: Certainty | None = None) -> None:
        super().__init__()
        self.result, self.certainty = result, certainty
