"""The command's text and pictures: status lines, boards, DLX3's form, the streamed solutions of
--all, and files written whole. The commands decide what to show; this module shows it."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable

from loopsat.cli.guard import echo, fail
from loopsat.errors import Exit, OutputError, PuzzleError, printable, write_failed
from loopsat.grid import Edges
from loopsat.puzzle import Puzzle
from loopsat.signals import held
from loopsat.status import Mode, Status

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from pathlib import Path

    from loopsat.api import Result, Solution
    from loopsat.setter.generate import Generated
    from loopsat.solver.certain import Certainty


def bad_input(error: PuzzleError, file: str, as_json: bool) -> None:
    """A file or data set that gave no puzzle: its located line on stderr; in the output, with
    --json its error object, else a bad data set's `FILE#N: error` in its place among the others."""
    echo(str(error), err=True)
    if as_json:
        index = {} if error.index is None else {"index": error.index}
        json_line({"file": file, **index, "status": "error", "error": str(error)})
    elif error.index is not None:
        echo(f"{error.label}: error")


def json_line(obj: object) -> None:
    """One object of --json's output, on its line (output/jsonline.py: json is imported only
    for what that writer does not know)."""
    from loopsat.output.jsonline import dumps

    echo(dumps(obj))


def timed_out(file: str, doing: str, as_json: bool) -> None:
    """The time limit ran out outside the solve (reading a file, drawing it): a located line on
    stderr, with --json an object of status `unknown` in the puzzle's place."""
    message = f"{printable(file)}:1:1: time limit reached while {doing}"
    echo(message, err=True)
    if as_json:
        json_line({"file": file, "status": Status.UNKNOWN, "complete": False, "error": message})


class Heard:
    """Hears each solution as the search finds it: advances the progress bar and, when
    `streaming`, draws the solution on stdout at once (--all can run for hours)."""

    def __init__(self, puzzle: Puzzle, streaming: bool, options: bool = False) -> None:
        self.puzzle, self.streaming = puzzle, streaming
        self.options = options  # print the chosen options (DLX3's form), not a board
        self.out = sys.stdout  # not rich's stand-in while a progress bar runs: that one writes to stderr
        self.streamed = 0
        self.advance: Callable[[str], None] = lambda _description: None  # the progress bar's, while one runs

    def add(self, count: int, solution: Edges) -> None:
        from loopsat.api import drawing
        from loopsat.result import options_of

        self.advance(f"{self.puzzle.label}: {count:,} found")
        if self.streaming:
            if self.options:
                text = _dlx3(count, tuple(options_of(solution) or ()))
            else:
                text = _numbered(count, drawing(self.puzzle, solution))
            # A stop waits until the board is written and counted: the summary names what was drawn.
            with held():
                self.out.write(text)
                self.out.flush()
                self.streamed += 1

    def sweeping(self, where: str) -> None:
        """The counting DP's row, column and states, on the progress bar."""
        self.advance(f"{self.puzzle.label}: {where}")

    def fallback(self, why: str) -> None:
        """Counting cannot use the DP: say so before an enumeration that may never end, once
        CP-SAT is imported (a Ctrl-C meant for the enumeration then stops the enumeration)."""
        import loopsat.cpsat  # noqa: F401

        echo(
            f"{self.puzzle.label}: the frontier DP does not apply: {why}; counting by enumeration "
            "instead (Ctrl-C stops it with the count so far)",
            err=True,
        )


def print_outcome(
    puzzle: Puzzle,
    result: Result,
    certainty: Certainty | None,
    mode: Mode,
    heard: Heard,
    several: bool,
    quiet: bool,
    interrupted: bool,
) -> None:
    """The text answer: drawings (those not streamed yet) and the status line."""
    from loopsat.api import drawing

    if interrupted and heard.streaming:  # Ctrl-C may land between the search's tally and the drawing
        result = dataclasses.replace(result, count=heard.streamed, solutions=result.solutions[: heard.streamed])
    summary = certainty.summary() if certainty else status_line(result, mode, interrupted)
    if quiet or mode == Mode.COUNT:
        echo(f"{puzzle.label}: {summary}" if several or quiet else summary)
        return
    if several and not heard.streaming:
        echo(f"{puzzle.label}:")
    if certainty:
        echo(drawing(puzzle, certainty))
    else:
        unshown: list[Solution | None] = [*result.solutions[heard.streamed :]]
        if not unshown and not heard.streamed and not heard.options:
            unshown = [None]  # the bare board: no solution
        for number, solution in enumerate(unshown, start=heard.streamed + 1):
            if heard.options and solution is not None:
                echo(_dlx3(number, solution.options), nl=False)
                continue
            board = drawing(puzzle, solution)
            if mode == Mode.ALL and solution is not None and solution.edges:
                echo(_numbered(number, board), nl=False)
            else:
                echo(board)
    echo(summary)


def _numbered(number: int, board: str) -> str:
    """One board of --all: `solution N`, the drawing, a blank line."""
    return f"solution {number}\n{board}\n\n"


def _dlx3(number: int, options: tuple[str, ...]) -> str:
    """One solution of an MCC file as DLX3 prints it: `N:`, then each chosen option after a blank
    (in the file's order, without DLX3's `(k of d)`, which tells its search's path)."""
    return "".join([f"{number}:\n", *(f" {line}\n" for line in options)])


def status_line(outcome: Result, mode: Mode, interrupted: bool = False) -> str:
    """The status line of a puzzle: its count for --count, else what was proved."""
    if mode == Mode.COUNT:
        if outcome.complete:
            return str(outcome.count)
        if interrupted:  # Ctrl-C prints the count so far, 0 included
            return f"{outcome.count} (incomplete: interrupted)"
        # Out of time the DP has no partial count to show, nor has a search that found nothing.
        return f"{outcome.count or 'no count'} (incomplete: limit or time limit reached)"
    solutions = f"{outcome.count} solution{'' if outcome.count == 1 else 's'}"
    if interrupted:
        return f"{outcome.status} (interrupted after {solutions})"
    if mode == Mode.ALL and outcome.count:
        return f"{outcome.status} ({solutions}{'' if outcome.complete else ', stopped by --limit or --time-limit'})"
    if outcome.status == Status.UNKNOWN:
        found = "a solution was found but " if outcome.count else ""
        return f"unknown ({found}stopped by --limit or --time-limit)"
    return "no solution" if outcome.status == Status.NONE else str(outcome.status)


def judged(number: int, result: Result) -> str:
    """One SLINK data set as the judge expects it: its number, then the loop drawn, or why not."""
    if result.status == Status.UNIQUE:
        return f"{number}\n{result.text()}"
    why = {Status.NONE: "no solution", Status.MULTIPLE: "multiple solutions"}.get(result.status, Status.UNKNOWN)
    return f"{number}\n{why}\n"


def generated(made: Generated) -> str:
    """What `generate` says of a puzzle it made: its clues, its grade, and a minimality unproved."""
    d = made.difficulty
    about = f"{made.clues} clues (of {made.dense_clues}), unique, {d.grade} ({d.steps} steps, {d.probes} probes)"
    if made.unproved:
        about += f"; not proved minimal: {made.unproved} clue(s) kept when their proof ran out of time"
    return about


def write_svg(target: Path | None, puzzle: Puzzle, drawn: Certainty | Solution | None) -> None:
    """The puzzle's SVG picture (the API's) to `target` (stdout when None)."""
    from loopsat.api import svg

    write(target, svg(puzzle, drawn), "the picture")


def write(target: Path | None, text: str, what: str, replace: bool = True) -> None:
    """`text` to the file `target` (stdout when None), whole or not at all (loopsat/safefile.py):
    a link there, or with `replace` False any file, is refused; so is an unwritable path (a
    usage error); a full disk or `ulimit -f` is exit 74."""
    if target is None:
        sys.stdout.write(text)
        return
    from loopsat.safefile import write_file  # tempfile and shutil: 9 ms of a small solve's imports

    try:
        write_file(target, text.encode(), replace=replace)
    except OSError as exc:
        message = f"{printable(str(target))}:1:1: error: cannot write {what} ({exc.strerror or exc})"
        if write_failed(exc):
            raise OutputError(message) from None
        fail(message, Exit.BAD_INPUT)
