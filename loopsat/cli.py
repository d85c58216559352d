"""The `loopsat` command: options in, exit statuses out. It wires modules and knows no genre."""

# No `from __future__ import annotations`: typer reads every parameter's annotation, and
# evaluating them as strings cost 12 ms of each start-up (get_command 15 ms -> 3 ms).

import dataclasses
import json
import os
import re
import select
import sys
import traceback
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer
import typer.core

from loopsat.api import data_sets, export_mcc, load
from loopsat.deadline import Budget, TimeUp
from loopsat.errors import Exit, OutputError, PuzzleError, VerificationError, printable, write_failed
from loopsat.formats import FORMS
from loopsat.genres import GENRES, READERS
from loopsat.genres import mcc as mcc_genre
from loopsat.grid import Point
from loopsat.limits import read_input
from loopsat.pipeline import Mode, Status, Strategy
from loopsat.puzzle import Puzzle
from loopsat.safefile import write_file
from loopsat.serve import PORT as SERVE_PORT
from loopsat.serve import TIME_LIMIT as SERVE_TIME_LIMIT
from loopsat.signals import held
from loopsat.stdio import discard_stdout, flush_stdout, prepare_stdout

if TYPE_CHECKING:
    from loopsat.certain import Certainty
    from loopsat.pipeline import Outcome


# click's exceptions, from the click typer uses (its own copy in recent versions).
_CLICK: Any = sys.modules[typer.BadParameter.__module__]
_NO_ARGS = getattr(_CLICK, "NoArgsIsHelpError", ())  # click 8.2 on: `loopsat` alone, answered by the help


class _OneLineErrors(typer.core.TyperGroup):
    """Usage mistakes as one line on stderr (every error is one line), where click draws a
    usage block and rich a panel; the exit status stays 2."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        def run(standalone: bool) -> Any:
            return super(_OneLineErrors, self).main(
                args, prog_name, complete_var, standalone, windows_expand_args=windows_expand_args, **extra
            )

        if not standalone_mode:
            return run(False)
        try:
            status = run(False)
        except _NO_ARGS as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except _CLICK.ClickException as exc:
            command = exc.ctx.command_path if isinstance(exc, _CLICK.UsageError) and exc.ctx else None
            hint = f" (see `{command} --help`)" if command else ""
            typer.echo(printable(f"error: {exc.format_message()}{hint}"), err=True)
            sys.exit(int(Exit.BAD_INPUT))
        except typer.Abort:  # end of input at a prompt, or Ctrl-C
            sys.exit(int(Exit.INTERRUPTED))
        sys.exit(status if isinstance(status, int) else 0)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # before typer, which makes it exit 1
            if not _reader_gone():
                raise
            _closed_output()


def _reader_gone() -> bool:
    """Whether stdout is a pipe whose reader has closed it (poll reports an error): a broken
    pipe of anything else (a batch worker's) is a bug to report, not the end of the output."""
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except (OSError, ValueError, AttributeError):  # no file behind stdout (a test's stand-in), or no poll
        return False


def _closed_output() -> NoReturn:
    """The reader of stdout went away (`loopsat solve ... | head -1`): end quietly, with the
    status of a C tool that SIGPIPE killed (docs/exit-status.md). SIGPIPE itself stays ignored,
    as Python sets it: the batch's pipes to its workers rely on BrokenPipeError. Stdout goes to
    /dev/null first, or the interpreter's last flush would complain on stderr."""
    discard_stdout()
    sys.exit(int(Exit.CLOSED_OUTPUT))


class _PlainUsage(typer.core.TyperCommand):
    """Usage lines as click and man pages write them, `loopsat solve [OPTIONS] FILE...`: typer
    braces a required argument (`{FILE...}`), which reads like a choice."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)
        return [piece[1:-1] if piece.startswith("{") and piece.endswith("}") else piece for piece in pieces]


app = typer.Typer(
    cls=_OneLineErrors,
    add_completion=False,
    no_args_is_help=True,
    help="Solve grid loop puzzles with CP-SAT and speak Knuth's exact-cover MCC format.",
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

# The choices come from the modules that implement them: the CLI knows no genre.
Genre = StrEnum("Genre", {name: name for name in READERS})  # type: ignore[misc]
Form = StrEnum("Form", {name: name for name in FORMS})  # type: ignore[misc]
Variant = StrEnum("Variant", {v: v for module in GENRES.values() for v in module.VARIANTS})  # type: ignore[misc]
_AUTO_VARIANT = Variant(GENRES[next(iter(GENRES))].VARIANTS[0])  # every genre's first: `auto`


_debug = False
_T = TypeVar("_T")


def _time_limit(value: float | None) -> float | None:
    """--time-limit as every command reads it (deadline.limit_seconds): inf is none, nan or a
    negative number a usage error."""
    from loopsat.deadline import limit_seconds

    try:
        return limit_seconds(value, "")
    except ValueError as exc:
        raise typer.BadParameter(str(exc).strip()) from None


def _fail(message: str, status: Exit) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(int(status))


def read_file(path: str, genre: str | None) -> list[Puzzle]:
    """Every puzzle in a file, URL or game ID (`-` is stdin): the API's `load`."""
    return load(path, genre)


def _print_version(wanted: bool) -> None:
    if wanted:
        from loopsat import __version__

        typer.echo(f"loopsat {__version__}")
        raise typer.Exit(int(Exit.SOLVED))


@app.callback()
def _root(
    debug: Annotated[bool, typer.Option("--debug", help="Show a traceback on internal errors.")] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    global _debug
    _debug = debug


@app.command(cls=_PlainUsage)
def solve(
    files: Annotated[
        list[str],
        typer.Argument(metavar="FILE...", help="Puzzle files (`-` for stdin; FILE#N: one data set), URLs or game IDs."),
    ],
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
    all_: Annotated[bool, typer.Option("--all", help="Print every solution.")] = False,
    count: Annotated[bool, typer.Option("--count", help="Print the number of solutions only.")] = False,
    limit: Annotated[
        int | None,
        typer.Option(min=1, metavar="N", help="At most N solutions; alone: list up to N (as --all --limit N)."),
    ] = None,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=_time_limit, help="Seconds per puzzle.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per puzzle (docs/json.md).")] = False,
    disjoint: Annotated[bool, typer.Option("--disjoint", help="Allow disjoint loops (DLX3's solutions).")] = False,
    strategy: Annotated[
        str,
        typer.Option(
            metavar="NAME",
            help="auto (default: measured fastest per puzzle), lazy (CP-SAT lazy loop cuts), circuit (CP-SAT "
            "AddCircuit), deduce (rules and probing, then lazy) or frontier (DP, --count only).",
        ),
    ] = Strategy.AUTO.value,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only a status line per puzzle.")] = False,
    as_mcc: Annotated[bool, typer.Option("--mcc", help="Read the files as MCC text (same as --genre mcc).")] = False,
    certain: Annotated[bool, typer.Option("--certain", help="Edges on every loop, on none, or undecided.")] = False,
    svg: Annotated[
        Path | None, typer.Option(metavar="OUT.svg", help="Draw the first solution (or with --certain the edges).")
    ] = None,
    memory_limit: Annotated[
        str | None,
        typer.Option(
            metavar="SIZE",
            help="Memory for counting by the DP, e.g. 4G (default: LOOPSAT_MEMORY_LIMIT, else half the available).",
        ),
    ] = None,
) -> None:
    """Find a solution and prove whether it is unique; or list (--all) or count (--count) them.

    --certain shows which edges every solution uses, none uses, or only some (`?` on the board).
    """
    from loopsat.certain import Interrupted as CertainInterrupted
    from loopsat.certain import board_edges, certain_edges
    from loopsat.frontier import NotCountable, Settings
    from loopsat.frontier.budget import budget, parse_size
    from loopsat.pipeline import Interrupted
    from loopsat.pipeline import solve as solve_puzzle
    from loopsat.progress import ProgressBar

    if all_ and count:
        _fail("error: --all and --count exclude each other", Exit.BAD_INPUT)
    if strategy not in set(Strategy):  # checked here, not by typer, to keep the error one line
        _fail(f"error: unknown strategy {strategy!r} (known: {', '.join(Strategy)})", Exit.BAD_INPUT)
    if strategy == Strategy.FRONTIER and not count:
        _fail("error: the frontier strategy only counts: add --count", Exit.BAD_INPUT)
    if certain and (all_ or count or limit is not None or disjoint):
        _fail("error: --certain excludes --all, --count, --limit and --disjoint", Exit.BAD_INPUT)
    if svg is not None and len(files) > 1:
        _fail("error: --svg draws one puzzle; give one file", Exit.BAD_INPUT)
    _refuse_overwriting(svg, files)
    memory = None  # read only to count: a bad LOOPSAT_MEMORY_LIMIT matters nowhere else
    if count or memory_limit is not None:
        try:
            memory = budget(None if memory_limit is None else parse_size(memory_limit))
        except ValueError as exc:
            _fail(f"error: --memory-limit: {exc}" if memory_limit is not None else f"error: {exc}", Exit.BAD_INPUT)
    mode = Mode.ALL if all_ or (limit is not None and not count) else Mode.COUNT if count else Mode.UNIQUE
    if as_mcc:
        genre = Genre(mcc_genre.GENRE)
    worst = Exit.SOLVED
    several = len(files) > 1
    for path in files:
        clock = Budget(time_limit)  # reading the file (10^6 MCC options: seconds) counts against its first puzzle
        try:
            with clock.bound():
                found = data_sets(path, genre.value if genre else None)
        except PuzzleError as exc:
            _bad_input(exc, path, as_json)
            worst = max(worst, Exit.BAD_INPUT)
            continue
        except TimeUp:
            _timed_out(path, "reading the file", as_json)
            worst = max(worst, Exit.TIMED_OUT)
            continue
        seconds = clock.left()
        if svg is not None and len(found) > 1:
            _fail(f"{printable(path)}:1:1: error: --svg draws one puzzle, this file holds {len(found)}", Exit.BAD_INPUT)
        several = several or len(found) > 1
        for puzzle in found:
            if isinstance(puzzle, PuzzleError):  # one bad data set: the others are solved
                _bad_input(puzzle, puzzle.path, as_json)
                worst = max(worst, Exit.BAD_INPUT)
                continue
            certainty = None
            # --all in text streams each solution as it is found (the drawings are the progress);
            # other modes print at the end.
            streaming = mode == Mode.ALL and not (as_json or quiet)
            if streaming and several:
                typer.echo(f"{puzzle.label}:")
            heard = _Heard(puzzle, streaming, mcc_genre.shows_options(puzzle, single_loop=not disjoint))
            interrupted = False
            if certain:
                try:
                    with ProgressBar(total=len(board_edges(puzzle)), shown=not as_json) as advance:
                        outcome, certainty = certain_edges(puzzle, time_limit=seconds, progress=advance)
                except CertainInterrupted as stop:
                    outcome, certainty, interrupted = stop.outcome, stop.certainty, True
            else:
                try:
                    shown = mode != Mode.UNIQUE and not as_json and not (streaming and sys.stdout.isatty())
                    with ProgressBar(shown=shown) as heard.advance:
                        outcome = solve_puzzle(
                            puzzle,
                            mode=mode,
                            limit=limit,
                            time_limit=seconds,
                            single_loop=not disjoint,
                            strategy=strategy,
                            progress=heard.add,
                            fallback=heard.fallback,
                            counting=Settings(memory, heard.sweeping),
                        )
                except NotCountable as exc:
                    typer.echo(f"{puzzle.label}:1:1: error: {exc}", err=True)
                    worst = max(worst, Exit.BAD_INPUT)
                    continue
                except Interrupted as stop:
                    outcome, interrupted = stop.outcome, True
            seconds = time_limit
            worst = max(worst, outcome.exit_status)
            if svg is not None and certainty:
                _write_svg(svg, puzzle, certainty.on, certainty.undecided)
            elif svg is not None:
                _write_svg(svg, puzzle, outcome.solutions[0] if outcome.solutions else ())
            if as_json:
                obj = outcome.to_json()
                if certain:
                    obj["certain"] = certainty.to_json(puzzle) if certainty else None
                typer.echo(json.dumps(obj))
            else:
                _print_outcome(puzzle, outcome, certainty, mode, heard, several, quiet, interrupted)
            if interrupted:
                raise typer.Exit(Exit.INTERRUPTED)
    raise typer.Exit(int(worst))


def _bad_input(error: PuzzleError, file: str, as_json: bool) -> None:
    """A file or data set that gave no puzzle: its located line on stderr; in the output, with
    --json its error object, else a bad data set's `FILE#N: error` in its place among the others."""
    typer.echo(str(error), err=True)
    if as_json:
        index = {} if error.index is None else {"index": error.index}
        typer.echo(json.dumps({"file": file, **index, "status": "error", "error": str(error)}))
    elif error.index is not None:
        typer.echo(f"{error.label}: error")


def _timed_out(file: str, doing: str, as_json: bool) -> None:
    """The time limit ran out outside the solve (reading a file, drawing it): a located line on
    stderr, with --json an object of status `unknown` in the puzzle's place."""
    message = f"{printable(file)}:1:1: time limit reached while {doing}"
    typer.echo(message, err=True)
    if as_json:
        typer.echo(json.dumps({"file": file, "status": "unknown", "complete": False, "error": message}))


class _Heard:
    """Hears each solution as the search finds it: advances the progress bar and, when
    `streaming`, draws the solution on stdout at once (--all can run for hours)."""

    def __init__(self, puzzle: Puzzle, streaming: bool, options: bool = False) -> None:
        self.puzzle, self.streaming = puzzle, streaming
        self.options = options  # print the chosen options (DLX3's form), not a board
        self.out = sys.stdout  # not rich's stand-in while a progress bar runs: that one writes to stderr
        self.streamed = 0
        self.advance: Callable[[str], None] = lambda _description: None  # the progress bar's, while one runs

    def add(self, count: int, solution: frozenset[Point]) -> None:
        from loopsat.pipeline import drawing

        self.advance(f"{self.puzzle.label}: {count:,} found")
        if self.streaming:
            text = _dlx3(count, solution) if self.options else _numbered(count, drawing(self.puzzle, solution))
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

        typer.echo(
            f"{self.puzzle.label}: the frontier DP does not apply: {why}; counting by enumeration "
            "instead (Ctrl-C stops it with the count so far)",
            err=True,
        )


def _print_outcome(
    puzzle: Puzzle,
    outcome: "Outcome",
    certainty: "Certainty | None",
    mode: Mode,
    heard: _Heard,
    several: bool,
    quiet: bool,
    interrupted: bool,
) -> None:
    """The text answer: drawings (those not streamed yet) and the status line."""
    from loopsat.pipeline import drawing

    if interrupted and heard.streaming:  # Ctrl-C may land between the search's tally and the drawing
        outcome = dataclasses.replace(outcome, count=heard.streamed, solutions=outcome.solutions[: heard.streamed])
    summary = certainty.summary() if certainty else _summary(outcome, mode, interrupted)
    if quiet or mode == Mode.COUNT:
        typer.echo(f"{puzzle.label}: {summary}" if several or quiet else summary)
        return
    if several and not heard.streaming:
        typer.echo(f"{puzzle.label}:")
    if certainty:
        typer.echo("\n".join(certainty.drawing(puzzle)))
    else:
        unshown: list[frozenset[Point] | None] = [*outcome.solutions[heard.streamed :]]
        if not unshown and not heard.streamed and not heard.options:
            unshown = [None]  # the bare board: no solution
        for number, solution in enumerate(unshown, start=heard.streamed + 1):
            if heard.options and solution is not None:
                typer.echo(_dlx3(number, solution), nl=False)
                continue
            board = drawing(puzzle, solution)
            if mode == Mode.ALL and solution:
                typer.echo(_numbered(number, board), nl=False)
            else:
                typer.echo("\n".join(board))
    typer.echo(summary)


def _numbered(number: int, board: list[str]) -> str:
    """One board of --all: `solution N`, the drawing, a blank line."""
    return f"solution {number}\n" + "\n".join(board) + "\n\n"


def _dlx3(number: int, solution: frozenset[Point]) -> str:
    """One solution of an MCC file as DLX3 prints it: `N:`, then each chosen option after a blank
    (in the file's order, without DLX3's `(k of d)`, which tells its search's path)."""
    from loopsat.model import option_lines

    return "".join([f"{number}:\n", *(f" {line}\n" for line in option_lines(solution) or ())])


def _summary(outcome: "Outcome", mode: Mode, interrupted: bool = False) -> str:
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


@app.command(cls=_PlainUsage)
def export(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Puzzle file (`-` for stdin; FILE#N: one data set).")],
    mcc: Annotated[
        bool, typer.Option("--mcc", help="Write Knuth's MCC text (required: the only format so far).")
    ] = False,
    variant: Annotated[Variant, typer.Option(help="Which of Knuth's generators to imitate.")] = _AUTO_VARIANT,
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="OUT", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Print the puzzle as MCC text, byte-identical to Knuth's generator."""
    if not mcc:
        _fail("error: name the format to export: --mcc (Knuth's MCC text, the only one so far)", Exit.BAD_INPUT)
    _refuse_overwriting(output, [file])
    try:
        puzzles = read_file(file, genre.value if genre else None)
        if len(puzzles) != 1:
            raise PuzzleError(file, 1, 1, f"MCC export takes one puzzle, this file holds {len(puzzles)}")
        text = export_mcc(puzzles[0], variant.value)
    except PuzzleError as exc:
        _fail(str(exc), Exit.BAD_INPUT)
    _write(output, text, "the MCC text")


@app.command(cls=_PlainUsage)
def render(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Puzzle file (`-` for stdin; FILE#N: one data set).")],
    solution: Annotated[
        bool, typer.Option("--solution", help="Solve it and draw the loop (the first of several).")
    ] = False,
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=_time_limit, help="Seconds for --solution.")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="OUT", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Draw the puzzle as SVG: board, clues, letters' regions, circles, and with --solution the loop.

    Without a unique solution the status goes to stderr (exit 1 for none, 3 for a time-out).
    """
    from loopsat.pipeline import solve as solve_puzzle

    _refuse_overwriting(output, [file])
    budget = Budget(time_limit)  # reading, solving and drawing: a 10^6-option MCC or a large SVG takes seconds
    doing = "reading the file"
    try:
        with budget.bound():
            puzzles = read_file(file, genre.value if genre else None)
        if len(puzzles) != 1:
            raise PuzzleError(file, 1, 1, f"render takes one puzzle, this file holds {len(puzzles)}")
        puzzle, status = puzzles[0], Exit.SOLVED
        loop: frozenset[Point] = frozenset()
        if solution:
            outcome = solve_puzzle(puzzle, time_limit=budget.left())
            loop, status = (outcome.solutions[0] if outcome.solutions else loop), outcome.exit_status
            if outcome.status != Status.UNIQUE:
                typer.echo(f"{puzzle.label}: {_summary(outcome, Mode.UNIQUE)}", err=True)
        doing = "drawing the picture"
        with budget.bound():
            picture = _svg(puzzle, loop)
    except PuzzleError as exc:
        _fail(str(exc), Exit.BAD_INPUT)
    except TimeUp:
        _timed_out(file, doing, False)
        raise typer.Exit(int(Exit.TIMED_OUT)) from None
    _write(output, picture, "the picture")
    raise typer.Exit(int(status))


def _write_svg(target: Path | None, puzzle: Puzzle, loop: Iterable[Point], undecided: Iterable[Point] = ()) -> None:
    """The puzzle's SVG picture to `target` (stdout when None)."""
    _write(target, _svg(puzzle, loop, undecided), "the picture")


def _svg(puzzle: Puzzle, loop: Iterable[Point], undecided: Iterable[Point] = ()) -> str:
    from loopsat import picture

    return picture.draw(GENRES[puzzle.genre].sketch(puzzle), loop, undecided)


def _write(target: Path | None, text: str, what: str, replace: bool = True) -> None:
    """`text` to the file `target` (stdout when None), whole or not at all (loopsat/safefile.py):
    a link there, or with `replace` False any file, is refused; so is an unwritable path (a
    usage error); a full disk or `ulimit -f` is exit 74."""
    if target is None:
        sys.stdout.write(text)
        return
    try:
        write_file(target, text.encode(), replace=replace)
    except OSError as exc:
        message = f"{printable(str(target))}:1:1: error: cannot write {what} ({exc.strerror or exc})"
        if write_failed(exc):
            raise OutputError(message) from None
        _fail(message, Exit.BAD_INPUT)


def _refuse_overwriting(target: Path | None, inputs: list[str]) -> None:
    """An output file that is one of the inputs would destroy it before (or while) it is read."""
    if target is None or not target.exists():
        return
    for path in inputs:
        if path != "-" and os.path.exists(path) and os.path.samefile(target, path):
            _fail(f"{printable(str(target))}:1:1: error: the output is the input {printable(path)}", Exit.BAD_INPUT)


@app.command(cls=_PlainUsage)
def slink(
    file: Annotated[str, typer.Argument(metavar="[FILE]", help="SLINK input (default: stdin).")] = "-",
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=_time_limit, help="Seconds per data set.")
    ] = None,
) -> None:
    """SPOJ SLINK: read the judge's input, print each data set's number and its loop drawn.

    A data set without a solution prints `no solution`, one with several `multiple solutions`
    (the judge promises exactly one); the exit status is then 1 (none) or 0.
    """
    from loopsat.pipeline import drawing
    from loopsat.pipeline import solve as solve_puzzle

    try:
        puzzles = read_file(file, "slink")
    except PuzzleError as exc:
        _fail(str(exc), Exit.BAD_INPUT)
    worst = Exit.SOLVED
    out = []
    for number, puzzle in enumerate(puzzles, start=1):  # a URL's puzzle has no data-set number
        outcome = solve_puzzle(puzzle, time_limit=time_limit)
        worst = max(worst, outcome.exit_status)
        out.append(f"{puzzle.index or number}")
        if outcome.status == Status.UNIQUE:
            out.extend(drawing(puzzle, outcome.solutions[0]))
        else:
            out.append(
                {Status.NONE: "no solution", Status.MULTIPLE: "multiple solutions"}.get(outcome.status, "unknown")
            )
    sys.stdout.write("\n".join(out) + "\n")
    raise typer.Exit(int(worst))


@app.command(cls=_PlainUsage)
def batch(
    directory: Annotated[str, typer.Argument(metavar="DIR", help="Folder of puzzle files, searched recursively.")],
    genre: Annotated[Genre | None, typer.Option(help="Genre of every file (then every file is read).")] = None,
    jobs: Annotated[int | None, typer.Option(min=1, metavar="N", help="Worker processes (default: CPU count).")] = None,
    report: Annotated[
        str | None, typer.Option(metavar="FILE", help="JSON Lines report (default: DIR/loopsat-report.jsonl).")
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Keep the report's answers; solve the rest.")] = False,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=_time_limit, help="Seconds per puzzle.")
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option(metavar="ADDRESS", help="Dask scheduler: tcp://HOST:8786, or `local`.")
    ] = None,
) -> None:
    """Solve every puzzle in a folder in parallel, one report line each (docs/json.md).

    One batch at a time writes a report; --resume keeps its answers and solves the rest.
    Progress and the summary go to stderr; the exit status is the worst puzzle's (docs/exit-status.md).
    """
    from loopsat.batch import BatchError, run_batch

    try:
        status = run_batch(
            directory,
            genre=genre.value if genre else None,
            jobs=jobs,
            report=report,
            resume=resume,
            time_limit=time_limit,
            scheduler=scheduler,
        )
    except BatchError as exc:
        _fail(f"error: {exc}", Exit.BAD_INPUT)
    raise typer.Exit(int(status))


@app.command(cls=_PlainUsage)
def convert(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="Puzzle file, URL or game ID (`-` for stdin; FILE#N: one data set).")
    ],
    to: Annotated[Form, typer.Option(help="Output format.")],
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
) -> None:
    """Print the puzzle as a puzz.link URL, a Tatham game ID or a board file: one per puzzle."""
    from loopsat.formats import convert as convert_puzzle

    try:
        texts = [convert_puzzle(puzzle, to.value) for puzzle in read_file(file, genre.value if genre else None)]
    except PuzzleError as exc:
        _fail(str(exc), Exit.BAD_INPUT)
    sys.stdout.write(("\n\n" if to.value in ("slither", "masyu") else "\n").join(texts) + "\n")


@app.command(cls=_PlainUsage)
def explain(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="Puzzle file, URL or game ID (`-` for stdin; FILE#N: one data set).")
    ],
    partial: Annotated[
        str | None, typer.Argument(metavar="[PARTIAL.json]", help="With --hint: the edges known so far.")
    ] = None,
    hint: Annotated[bool, typer.Option("--hint", help="Only the next step (after PARTIAL's edges).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object (docs/json.md).")] = False,
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
    svg: Annotated[
        Path | None, typer.Option(metavar="OUT.svg", help="Draw a step: what it read, what it decided.")
    ] = None,
    step: Annotated[
        int | None,
        typer.Option(min=1, metavar="N", help="With --svg: the step to draw (default: the first, or the hint)."),
    ] = None,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=_time_limit, help="Seconds for the whole of it.")
    ] = None,
) -> None:
    """The solving path as steps a person can follow, and the puzzle's difficulty: easy, normal,
    tricky, hard (the deduction alone, probing for hard) or search.

    PARTIAL is a JSON object with "h" and "v" strings as in `solve --json`: 1 on, 0 off, ? or . unknown.
    Exit 1 when the puzzle has no solution, 3 when --time-limit ran out first.
    """
    from loopsat import explain as explaining

    if partial is not None and not hint:
        _fail("error: a partial solution goes with --hint", Exit.BAD_INPUT)
    if step is not None and (svg is None or hint):
        _fail("error: --step goes with --svg, without --hint", Exit.BAD_INPUT)
    _refuse_overwriting(svg, [file, *([partial] if partial else [])])
    try:
        puzzles = read_file(file, genre.value if genre else None)
        if len(puzzles) != 1:
            raise PuzzleError(file, 1, 1, f"explain takes one puzzle, this file holds {len(puzzles)}")
        puzzle = puzzles[0]
        _check_explainable(puzzle)
        given = explaining.read_partial(partial, read_input(partial), puzzle) if partial is not None else {}
    except PuzzleError as exc:
        _fail(str(exc), Exit.BAD_INPUT)
    if hint:
        found, next_step = _in_time(puzzle, lambda: explaining.hint(puzzle, given, time_limit))
        if svg is not None and next_step is not None:
            _write(svg, explaining.picture(found, found.steps.index(next_step) + 1), "the picture")
        if as_json:
            typer.echo(json.dumps({"step": next_step and explaining.step_json(next_step), "solvable": found.solvable}))
        elif next_step is not None:
            typer.echo(explaining.step_text(next_step))
        else:
            typer.echo(
                "no next step: "
                + ("no solution" if not found.solvable else "every edge is known or only the search decides the rest")
            )
        raise typer.Exit(int(Exit.SOLVED if found.solvable else Exit.NO_SOLUTION))
    found = _in_time(puzzle, lambda: explaining.explain(puzzle, time_limit=time_limit))
    if svg is not None:
        if (step or 1) > len(found.steps):
            _fail(f"error: --step {step}: the explanation has {len(found.steps)} steps", Exit.BAD_INPUT)
        _write(svg, explaining.picture(found, step or 1), "the picture")
    typer.echo(json.dumps(found.to_json()) if as_json else "\n".join(found.text()))
    raise typer.Exit(int(Exit.SOLVED if found.solvable else Exit.NO_SOLUTION))


def _check_explainable(puzzle: Puzzle) -> None:
    from loopsat.limits import MAX_EXPLAIN_CELLS

    if puzzle.rows * puzzle.cols > MAX_EXPLAIN_CELLS:
        size = f"{puzzle.rows * puzzle.cols:,} cells ({puzzle.rows}×{puzzle.cols})"
        raise PuzzleError(puzzle.path, 1, 1, f"the board has {size}, more than explain takes ({MAX_EXPLAIN_CELLS:,})")


def _in_time(puzzle: Puzzle, work: Callable[[], _T]) -> _T:
    """`work`'s answer, or exit 3 when its time limit ran out first."""
    from loopsat.deadline import TimeUp

    try:
        return work()
    except TimeUp:
        _fail(f"{puzzle.label}: unknown (no answer within --time-limit)", Exit.TIMED_OUT)


@app.command(cls=_PlainUsage)
def generate(
    genre: Annotated[str, typer.Option(metavar="NAME", help="The genre: slitherlink or masyu.")],
    size: Annotated[str, typer.Option(metavar="RxC", help="Rows and columns of cells, e.g. 20x20.")],
    difficulty: Annotated[
        str | None,
        typer.Option(
            metavar="D",
            help="The grade (`explain`'s scale): 1 easy, 2 normal, 3 tricky, 4 hard (Tatham's levels), "
            "5 deep (probing), 6 search; a number or a name. Exit 1 when no loop tried gives it. "
            "Default: any (clues minimal).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(min=0, metavar="N", help="The seed: the same seed gives the same puzzle.")] = 0,
    count: Annotated[int, typer.Option(min=1, metavar="K", help="K puzzles, seeds SEED..SEED+K-1 (needs -o).")] = 1,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="DIR", help="Write GENRE-RxC-SEED files into DIR.")
    ] = None,
    symmetry: Annotated[
        str | None,
        typer.Option(metavar="S", help="The clue layout's: none, rot180, rot90, mirror (default rot180; Masyu none)."),
    ] = None,
    mask: Annotated[
        str | None,
        typer.Option(metavar="FILE", help="Where clues may go: a row per line, `.` none, else any."),
    ] = None,
    zeros: Annotated[
        str | None,
        typer.Option(metavar="PERCENT", help="The most 0s among the clues (Tatham's: 4); default: 0s go first; `any`."),
    ] = None,
    clues: Annotated[int | None, typer.Option(min=1, metavar="N", help="Stop thinning at N clues.")] = None,
    to: Annotated[str, typer.Option(metavar="FORM", help="file (the genre's format), url or tatham.")] = "file",
) -> None:
    """Make puzzles with exactly one solution and a minimal set of clues.

    One puzzle goes to stdout in its genre's file format, its clue count and grade to stderr;
    with -o each puzzle is a file DIR/GENRE-RxC-SEED.SUFFIX (an existing file is never
    overwritten) and a line per file goes to stdout. With --difficulty no clue can be removed
    without a second solution or a harder grade.
    """
    from loopsat.genres import SETTERS
    from loopsat.limits import MAX_CELLS
    from loopsat.progress import ProgressBar
    from loopsat.setter import generate as generating
    from loopsat.setter.taste import chosen

    if genre not in SETTERS:
        _fail(f"error: cannot generate {genre!r} puzzles (known: {', '.join(SETTERS)})", Exit.BAD_INPUT)
    shape = re.fullmatch(r"\s*(\d{1,9})\s*[x×]\s*(\d{1,9})\s*", size, re.IGNORECASE)
    if shape is None:
        _fail(f"error: --size {size!r}: expected ROWSxCOLS, e.g. 20x20", Exit.BAD_INPUT)
    rows, cols = int(shape[1]), int(shape[2])
    least = SETTERS[genre].MIN_SIDE
    if min(rows, cols) < least or rows * cols > MAX_CELLS:
        _fail(f"error: --size {size}: {genre} boards from {least}x{least} up to {MAX_CELLS:,} cells", Exit.BAD_INPUT)
    try:
        most = None if difficulty is None else generating.level(difficulty)
    except ValueError as exc:
        _fail(f"error: --difficulty: {exc}", Exit.BAD_INPUT)
    if count > 1 and output is None:
        _fail("error: --count writes files: add -o DIR", Exit.BAD_INPUT)
    if to not in ("file", "url", "tatham"):
        _fail(f"error: --to {to!r}: file, url or tatham", Exit.BAD_INPUT)
    try:
        taste = chosen(genre, rows, cols, symmetry=symmetry, mask=mask, zeros=zeros, clues=clues)
    except ValueError as exc:
        _fail(f"error: {exc}", Exit.BAD_INPUT)
    except PuzzleError as exc:
        _fail(str(exc), Exit.BAD_INPUT)
    seeds = range(seed, seed + count)
    suffix = None if to == "file" else ".url"
    if output is not None:
        if output.exists() and not output.is_dir():
            _fail(f"{printable(str(output))}:1:1: error: not a folder", Exit.BAD_INPUT)
        if taken := generating.first_taken(output, genre, rows, cols, seeds, suffix):
            _fail(f"{printable(str(output / taken))}:1:1: error: the file exists (not overwritten)", Exit.BAD_INPUT)
        try:
            output.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            where = printable(str(output))
            _fail(f"{where}:1:1: error: cannot make the folder ({exc.strerror or exc})", Exit.BAD_INPUT)
    for n in seeds:
        try:
            with ProgressBar() as advance:
                made = generating.generate(genre, rows, cols, difficulty=most, seed=n, progress=advance, taste=taste)
        except generating.Unmet as exc:
            _fail(f"error: {exc}", Exit.NO_SOLUTION)
        text = generating.file_text(made.puzzle, None if to == "file" else to)
        d = made.difficulty
        about = f"{made.clues} clues (of {made.dense_clues}), unique, {d.grade} ({d.steps} steps, {d.probes} probes)"
        if made.unproved:
            about += f"; not proved minimal: {made.unproved} clue(s) kept when their proof ran out of time"
        if output is None:
            sys.stdout.write(text)
            typer.echo(f"{made.puzzle.path}: {about}", err=True)
            continue
        target = output / generating.file_name(genre, rows, cols, n, suffix)
        _write(target, text, "the puzzle", replace=False)
        typer.echo(f"{printable(str(target))}: {about}")


@app.command(cls=_PlainUsage)
def serve(
    port: Annotated[int, typer.Option(min=0, max=65535, metavar="N", help="The port (0: any free one).")] = SERVE_PORT,
    open_: Annotated[bool, typer.Option("--open", help="Open the page in the web browser.")] = False,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=_time_limit, help="Seconds for each part of an analysis.")
    ] = SERVE_TIME_LIMIT,
) -> None:
    """The setter's cockpit: a local web page that checks the puzzle on every edit (docs/serve.md)."""
    from loopsat.serve import run

    raise typer.Exit(run(port, open_browser=open_, time_limit=time_limit))


@app.command(cls=_PlainUsage)
def fix(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="Puzzle file, URL or game ID (`-` for stdin; FILE#N: one data set).")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line and suggestion.")] = False,
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
) -> None:
    """The single clue additions and changes that make an ambiguous puzzle unique, or the clue
    removals that give a puzzle without a solution one, best first.

    Cells are (row, column) from 0. Exit 1 when no single clue does it; a unique puzzle needs none.
    """
    from loopsat import api

    try:
        puzzles = read_file(file, genre.value if genre else None)
        if len(puzzles) != 1:
            raise PuzzleError(file, 1, 1, f"fix takes one puzzle, this file holds {len(puzzles)}")
        found = api.fix(puzzles[0])
    except PuzzleError as exc:
        _fail(str(exc), Exit.BAD_INPUT)
    for suggestion in found:
        typer.echo(json.dumps(suggestion.to_json()) if as_json else suggestion.text())
    if not found:  # unique, or beyond one clue's repair
        status = api.solve(puzzles[0]).status
        if status != "unique":
            _fail(f"{puzzles[0].label}: {status}: no single clue added, changed or removed helps", Exit.NO_SOLUTION)
        if not as_json:
            typer.echo(f"{puzzles[0].label}: unique: nothing to fix")


@app.command(cls=_PlainUsage)
def check(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="Puzzle file, URL or game ID (`-` for stdin; FILE#N: one data set).")
    ],
    partial: Annotated[str, typer.Argument(metavar="PARTIAL.json", help="The player's lines, as `explain --hint`'s.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
) -> None:
    """Which of a player's lines break which rule, or whether the board can still be completed
    Exit 1 when a rule is broken or no solution extends the lines."""
    from loopsat.check import check as checking
    from loopsat.explain import read_partial

    try:
        puzzles = read_file(file, genre.value if genre else None)
        if len(puzzles) != 1:
            raise PuzzleError(file, 1, 1, f"check takes one puzzle, this file holds {len(puzzles)}")
        faults, completable = checking(puzzles[0], read_partial(partial, read_input(partial), puzzles[0]))
    except PuzzleError as exc:
        _fail(str(exc), Exit.BAD_INPUT)
    if as_json:
        typer.echo(json.dumps({"faults": [fault.to_json() for fault in faults], "completable": completable}))
    else:
        for fault in faults:
            typer.echo(fault.text())
        typer.echo("can still be completed" if completable else "can no longer be completed")
    raise typer.Exit(int(Exit.SOLVED if completable else Exit.NO_SOLUTION))


def main() -> None:
    """Entry point: turn every failure into one line and an exit status, never a traceback."""
    try:
        try:
            prepare_stdout()
            app(standalone_mode=True)
        finally:
            flush_stdout()  # here a failure is still reported; at exit it would be lost
    except OutputError as exc:
        _output_failed(str(exc))
    except VerificationError as exc:
        if _debug:
            traceback.print_exc()
        typer.echo(f"loopsat: internal error: a solution failed verification: {exc}", err=True)
        sys.exit(int(Exit.INTERNAL))
    except PuzzleError as exc:
        typer.echo(str(exc), err=True)
        sys.exit(int(Exit.BAD_INPUT))
    except KeyboardInterrupt:
        sys.exit(int(Exit.INTERRUPTED))
    except BrokenPipeError as exc:
        if _reader_gone():
            _closed_output()
        _internal_error(exc)
    except OSError as exc:
        if not write_failed(exc):  # reading is PuzzleError's: what is left is stdout's failed write
            _internal_error(exc)
        _output_failed(f"loopsat: error: cannot write the output ({exc.strerror or exc})")
    except Exception as exc:
        _internal_error(exc)


def _output_failed(message: str) -> NoReturn:
    """A write failed: say what, exit 74; what stdout still holds goes nowhere."""
    typer.echo(message, err=True)
    discard_stdout()
    sys.exit(int(Exit.IO_ERROR))


def _internal_error(exc: Exception) -> NoReturn:
    if _debug:
        traceback.print_exc()
    typer.echo(f"loopsat: internal error: {exc!r} (run with --debug for a traceback)", err=True)
    sys.exit(int(Exit.INTERNAL))
