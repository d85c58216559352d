"""The solving path as steps a person can follow, and the puzzle's grade (`loopsat explain`).

The steps are the trail of the one deduction `solve` runs (loopsat/deduce), read, never made
again: consecutive edges one rule decided from the same reading are one step. Where the
deduction stops short, one last step named `search` holds the rest of the loop CP-SAT found, so
replaying the steps from the empty board always gives the solution.

The deduction runs its cheapest rules first, each tagged with a level (deduce.Level), so the
grade is the highest level its trail used: Tatham's Loopy levels easy, normal, tricky, hard
(his Pearl's: easy, tricky), then loopsat's own deep (probing) and search. A puzzle with no
solution or several gets its status instead of a grade.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from loopsat import deduce, hv
from loopsat.deadline import TimeUp, deadline
from loopsat.deduce import Difficulty, Step
from loopsat.deduce.rules import GIVEN
from loopsat.deduce.run import grouped_steps
from loopsat.errors import PuzzleError
from loopsat.genres import GENRES
from loopsat.grid import Point
from loopsat.puzzle import Puzzle
from loopsat.status import Status

if TYPE_CHECKING:
    from loopsat.solver.outcome import Outcome

SEARCH = "search"  # the last step when the deduction stops short


@dataclass(frozen=True)
class Explanation:
    """The steps in order; `complete` when the deduction alone decided every edge; `status` as
    `solve` proves it (unique, multiple, none); the grade only for a unique puzzle."""

    puzzle: Puzzle
    steps: list[Step]
    complete: bool
    status: Status
    difficulty: Difficulty | None

    @property
    def solvable(self) -> bool:
        return self.status != Status.NONE

    def to_json(self) -> dict[str, Any]:
        """The `explain --json` object (docs/json.md)."""
        obj: dict[str, Any] = {
            "file": self.puzzle.path,
            "genre": self.puzzle.genre,
            "steps": [step_json(step) for step in self.steps],
            "complete": self.complete,
            "solvable": self.solvable,
            "status": self.status,
        }
        if self.difficulty is not None:
            obj["difficulty"] = self.difficulty.to_json()
        return obj

    @property
    def ruled(self) -> list[Point]:
        """The edges the rules decided, in order: every step's but the search's."""
        return [edge for step in self.steps if step.rule != SEARCH for edge, _ in step.decided]

    def step_texts(self) -> list[str]:
        """Each step's line, `vertex degree: h[3][4]=1 v[3][5]=0 (read h[3][3])`."""
        return [step_text(step) for step in self.steps]

    def text(self) -> list[str]:
        """One line per step, then what the deduction left to the search, then the grade."""
        lines = [f"{n}. {text}" for n, text in enumerate(self.step_texts(), start=1)]
        if not self.solvable:
            lines.append("no solution: the rules above leave no loop")
        elif not self.complete:
            lines.append(f"deduction stopped after {len(self.ruled)} edges; the search decided the last step")
        d = self.difficulty
        if d is not None:
            lines.append(f"difficulty: {d.grade} ({d.steps} steps, {d.probes} probes; hardest: {d.hardest})")
        elif self.status == Status.MULTIPLE:
            lines.append("several solutions: no grade")
        return lines

    def svg(self, number: int) -> str:
        """The SVG of step `number` (from 1): the loop decided before it, what it read and decided."""
        return picture(self, number)


@dataclass(frozen=True)
class Hint:
    """The next step after the `given` lines (None when the deduction has none) and the
    explanation it comes from; it unpacks as the pair (explanation, step)."""

    explanation: Explanation
    step: Step | None
    given: Mapping[Point, bool] = field(default_factory=dict)

    def __iter__(self) -> Iterator[Any]:
        return iter((self.explanation, self.step))

    def text(self) -> str:
        """The step's line (`explain --hint`), or why there is none."""
        if self.step is not None:
            return step_text(self.step)
        if self.given and not self.explanation.solvable:  # the lines themselves: which rules they break
            from loopsat.solver.check import faults

            broken = [fault.text() for fault in faults(self.explanation.puzzle, self.given)]
            return "\n".join([*broken, "no next step: no solution has these lines"])
        why = (
            "no solution"
            if not self.explanation.solvable
            else "every edge is known or only the search decides the rest"
        )
        return f"no next step: {why}"

    def to_json(self) -> dict[str, Any]:
        """The `explain --hint --json` object (docs/json.md)."""
        return {"step": self.step and step_json(self.step), "solvable": self.explanation.solvable}

    def svg(self) -> str | None:
        """The step's SVG (`Explanation.svg`), None without a step."""
        steps = self.explanation.steps
        return None if self.step is None else self.explanation.svg(steps.index(self.step) + 1)


def _index(edge: Point) -> str:
    kind, i, j = hv.index(edge)
    return f"{kind}[{i}][{j}]"


def step_json(step: Step) -> dict[str, Any]:
    decided = {edge for edge, _ in step.decided}
    return {
        "rule": step.rule,
        "edges": [[*hv.index(edge), int(on)] for edge, on in step.decided],
        "read": [list(hv.index(edge)) for edge in step.read if edge not in decided],
    }


def step_text(step: Step) -> str:
    """`vertex degree: h[3][4]=1 v[3][5]=0 (read h[3][3])`."""
    decided = {edge for edge, _ in step.decided}
    shown = " ".join(f"{_index(edge)}={int(on)}" for edge, on in step.decided)
    read = " ".join(_index(edge) for edge in step.read if edge not in decided)
    return f"{step.rule}: {shown}" + (f" (read {read})" if read else "")


def explain(
    puzzle: Puzzle,
    given: Mapping[Point, bool] | None = None,
    time_limit: float | None = None,
    *,
    search: bool = True,
    solved: Outcome | None = None,
) -> Explanation:
    """The deduction's steps (after the `given` edges, each a step of rule `given`), closed by a
    `search` step when the deduction stops short of the whole loop. Without `given` the
    deduction is the one `solve` ran; the status is always solve's. TimeUp when `time_limit`
    seconds pass first (loopsat/deadline.py: the deduction is Python, the search CP-SAT).

    Without `search` nothing is solved: the steps are the deduction's alone, and the status is
    unknown (so no grade) unless the deduction proves it. For a caller that knows the status
    already (the cockpit's badge): an ambiguous 20×20 spent 1.2 of its 1.9 s in that search.
    `solved`: `solve`'s outcome on this puzzle, when the caller has it (the badge's again): its
    deduction and loops are read, not made a second time."""
    started = time.monotonic()
    with deadline(time_limit):
        ends = None if time_limit is None else started + time_limit
        return _explain(puzzle, given, ends, search, None if given else solved)


def _explain(
    puzzle: Puzzle, given: Mapping[Point, bool] | None, ends: float | None, search: bool, solved: Outcome | None
) -> Explanation:
    from loopsat.solver.pipeline import solve  # explain reads the pipeline; never the reverse

    def solving() -> Outcome:
        outcome = solve(puzzle, time_limit=None if ends is None else max(0.0, ends - time.monotonic()))
        if outcome.status == Status.UNKNOWN and not outcome.solutions:
            raise TimeUp
        return outcome

    outcome = solved or (solving() if search and not given else None)
    ran = outcome.deduced if outcome is not None else None
    found = ran if ran is not None else deduce.puzzle(puzzle, given=given)
    steps = grouped_steps(found.steps)
    if found.complete or found.fixed is None:
        status = Status.UNIQUE if found.solvable else Status.NONE
    elif not search:
        status = Status.UNKNOWN
    else:
        outcome = outcome or solving()
        status = outcome.status
        loop = next((s for s in outcome.solutions if all((e in s) == on for e, on in (given or {}).items())), None)
        if loop is None:
            status = Status.NONE if outcome.status in (Status.UNIQUE, Status.NONE) else status
        else:
            steps.append(_search_step(puzzle, loop, {edge for step in steps for edge, _ in step.decided}))
    difficulty = found.grade() if status == Status.UNIQUE else None
    return Explanation(puzzle, steps, found.complete, status, difficulty)


def _search_step(puzzle: Puzzle, loop: frozenset[Point], decided: set[Point]) -> Step:
    """The edges of the search's loop the deduction left open."""
    return Step(SEARCH, (), tuple((edge, edge in loop) for edge in _json_order(puzzle) if edge not in decided))


def _json_order(puzzle: Puzzle) -> list[Point]:
    return hv.edges(*GENRES[puzzle.genre].tile_shape(puzzle))


def hint(puzzle: Puzzle, given: Mapping[Point, bool], time_limit: float | None = None) -> Hint:
    """The first step that decides an edge `given` does not state (None when there is none, and
    when no solution has the `given` lines: no step leads anywhere from them)."""
    explanation = explain(puzzle, given, time_limit)
    if not explanation.solvable:
        return Hint(explanation, None, given)
    for step in explanation.steps:
        if step.rule not in (GIVEN, SEARCH) and any(edge not in given for edge, _ in step.decided):
            return Hint(explanation, step, given)
    return Hint(explanation, None, given)


def read_partial(path: str, data: bytes, puzzle: Puzzle) -> dict[Point, bool]:
    """A partial solution: a JSON object whose "h" and "v" lists of strings have the shape of
    `solve --json`'s (a solution object of it is one); `1` on, `0` off, `?` or `.` unknown; or
    puzz.link's pzprv3 file of the puzzle (loopsat/formats/answer.py), or Tatham's save file."""
    from loopsat.formats import answer, tatham_save

    if tatham_save.is_save(data):
        return tatham_save.lines(path, data, puzzle)
    try:
        obj = answer.pzprv3(path, data, puzzle) if answer.is_pzprv3(data) else json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise PuzzleError(path, 1, 1, f"not JSON: {exc}") from None
    except RecursionError:  # brackets nested a thousand deep: Python's parser gives up
        raise PuzzleError(path, 1, 1, "not a partial solution: JSON nested too deep") from None
    rows, cols = GENRES[puzzle.genre].tile_shape(puzzle)
    given: dict[Point, bool] = {}
    for kind in hv.KINDS:
        shape, at = hv.shape(kind, rows, cols), hv.edge_at(kind)
        lines = obj.get(kind) if isinstance(obj, dict) else None
        if not (
            isinstance(lines, list)
            and len(lines) == shape[0]
            and all(isinstance(s, str) and len(s) == shape[1] for s in lines)
        ):
            raise PuzzleError(path, 1, 1, f'expected "{kind}": {shape[0]} strings of {shape[1]} characters')
        for i, line in enumerate(lines):
            for j, ch in enumerate(line):
                if ch not in "01?.":
                    raise PuzzleError(
                        path, 1, 1, f"{kind}[{i}][{j}] is {ch!r}: expected 1 (on), 0 (off), ? or . (unknown)"
                    )
                if ch in "01":
                    given[at(i, j)] = ch == "1"
    return given


READ_COLOUR = "#f6d55c"  # the edges a step read: a wide yellow band beneath the loop
ON_COLOUR = "#2e9e44"  # the edges it decides on, green over the loop decided so far
OFF_COLOUR = "#d1342f"  # and those it decides off, thin red


def picture(explanation: Explanation, number: int) -> str:
    """The SVG of step `number` (from 1): the loop decided before it, what it read and decided."""
    from loopsat.output import picture as svg

    steps = explanation.steps
    step = steps[number - 1]
    before = {edge for earlier in steps[: number - 1] for edge, on in earlier.decided if on}
    layers_over: list[svg.Layer] = [
        ("decided-on", [edge for edge, on in step.decided if on], ON_COLOUR, 1.0),
        ("decided-off", [edge for edge, on in step.decided if not on], OFF_COLOUR, 0.5),
    ]
    read = [edge for edge in step.read if edge not in {e for e, _ in step.decided}]
    sketch = GENRES[explanation.puzzle.genre].sketch(explanation.puzzle)
    return svg.draw(sketch, before, under=[("read", read, READ_COLOUR, 3.0)], over=layers_over)
