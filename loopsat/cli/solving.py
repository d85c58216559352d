"""`loopsat solve`'s work, without typer: one puzzle after another, each solved, listed, counted
or its certain edges. cli/solve.py declares the command for typer; cli/quick.py calls `run` at
once for the argument lists it can read as typer would."""

from __future__ import annotations

import sys

from loopsat.cli.guard import echo, fail, refuse_overwriting
from loopsat.cli.output import Heard, bad_input, json_line, print_outcome, timed_out, write_svg
from loopsat.deadline import Budget, TimeUp
from loopsat.errors import Exit, NotCountable, PuzzleError, printable
from loopsat.status import Mode, Strategy

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from pathlib import Path

    from loopsat.puzzle import Puzzle


def run(
    files: list[str],
    *,
    genre: str | None = None,
    all_: bool = False,
    count: bool = False,
    limit: int | None = None,
    time_limit: float | None = None,
    as_json: bool = False,
    disjoint: bool = False,
    strategy: Strategy = Strategy.AUTO,
    quiet: bool = False,
    as_mcc: bool = False,
    certain: bool = False,
    svg: Path | None = None,
    memory_limit: str | None = None,
) -> None:
    """Solve `files` as `loopsat solve` does (its options by their parameter names, `time_limit`
    already read); exit with the worst status."""
    from loopsat import api
    from loopsat.output.progress import ProgressBar

    if all_ and count:
        fail("error: --all and --count exclude each other", Exit.BAD_INPUT)
    if strategy == Strategy.FRONTIER and not count:
        fail("error: the frontier strategy only counts: add --count", Exit.BAD_INPUT)
    if certain and (all_ or count or limit is not None or disjoint):
        fail("error: --certain excludes --all, --count, --limit and --disjoint", Exit.BAD_INPUT)
    if svg is not None and len(files) > 1:
        fail("error: --svg draws one puzzle; give one file", Exit.BAD_INPUT)
    refuse_overwriting(svg, files)
    memory = None  # read only to count: a bad LOOPSAT_MEMORY_LIMIT matters nowhere else
    if count or memory_limit is not None:
        try:
            memory = api.memory_budget(memory_limit)
        except ValueError as exc:
            fail(f"error: --memory-limit: {exc}" if memory_limit is not None else f"error: {exc}", Exit.BAD_INPUT)
    mode = Mode.ALL if all_ or (limit is not None and not count) else Mode.COUNT if count else Mode.UNIQUE
    if as_mcc:
        genre = "mcc"  # genres/mcc.py's GENRE: that module (and Knuth's reader) loads for MCC files only
    worst = Exit.SOLVED
    several = len(files) > 1
    for path in files:
        clock = Budget(time_limit)  # reading the file (10^6 MCC options: seconds) counts against its first puzzle
        try:
            with clock.bound():
                found = api.data_sets(path, genre)
        except PuzzleError as exc:
            bad_input(exc, path, as_json)
            worst = max(worst, Exit.BAD_INPUT)
            continue
        except TimeUp:
            timed_out(path, "reading the file", as_json)
            worst = max(worst, Exit.TIMED_OUT)
            continue
        seconds = clock.left()
        if svg is not None and len(found) > 1:
            fail(f"{printable(path)}:1:1: error: --svg draws one puzzle, this file holds {len(found)}", Exit.BAD_INPUT)
        several = several or len(found) > 1
        for puzzle in found:
            if isinstance(puzzle, PuzzleError):  # one bad data set: the others are solved
                bad_input(puzzle, puzzle.path, as_json)
                worst = max(worst, Exit.BAD_INPUT)
                continue
            certainty = None
            # --all in text streams each solution as it is found (the drawings are the progress);
            # other modes print at the end.
            streaming = mode == Mode.ALL and not (as_json or quiet)
            if streaming and several:
                echo(f"{puzzle.label}:")
            heard = Heard(puzzle, streaming, _shows_options(puzzle, single_loop=not disjoint))
            interrupted = False
            if certain:
                try:
                    with ProgressBar(total=len(api.edges(puzzle)), shown=not as_json) as advance:
                        result, certainty = api.certain(puzzle, time_limit=seconds, progress=advance)
                except api.Interrupted as stop:
                    result, certainty, interrupted = stop.result, stop.certainty, True
            else:
                try:
                    shown = mode != Mode.UNIQUE and not as_json and not (streaming and sys.stdout.isatty())
                    with ProgressBar(shown=shown) as heard.advance:
                        result = api.solve(
                            puzzle,
                            mode=mode,
                            limit=limit,
                            time_limit=seconds,
                            single_loop=not disjoint,
                            strategy=strategy,
                            memory_limit=memory,
                            progress=heard.add,
                            fallback=heard.fallback,
                            sweep=heard.sweeping,
                        )
                except NotCountable as exc:
                    echo(f"{puzzle.label}:1:1: error: {exc}", err=True)
                    worst = max(worst, Exit.BAD_INPUT)
                    continue
                except api.Interrupted as stop:
                    result, interrupted = stop.result, True
            seconds = time_limit
            worst = max(worst, result.exit_status)
            if svg is not None:
                write_svg(svg, puzzle, certainty or (result.solutions[0] if result.solutions else None))
            if as_json:
                obj = result.to_json()
                if certain:
                    obj["certain"] = certainty.to_json(puzzle) if certainty else None
                json_line(obj)
            else:
                print_outcome(puzzle, result, certainty, mode, heard, several, quiet, interrupted)
            if interrupted:
                raise SystemExit(int(Exit.INTERRUPTED))
    raise SystemExit(int(worst))


def _shows_options(puzzle: Puzzle, *, single_loop: bool) -> bool:
    """genres/mcc.py's `shows_options`, whose module is imported only for an MCC puzzle."""
    if puzzle.genre != "mcc":
        return False
    from loopsat.genres import mcc

    return mcc.shows_options(puzzle, single_loop=single_loop)
