"""The `loopsat` command: options in, exit statuses out. It wires modules and knows no genre."""

from __future__ import annotations

import json
import sys
import traceback
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from loopsat.errors import Exit, PuzzleError, VerificationError
from loopsat.genres import GENRES, genre_of
from loopsat.puzzle import Puzzle, check_mcc_size

if TYPE_CHECKING:
    from loopsat.solve import Outcome

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Solve grid loop puzzles with CP-SAT and speak Knuth's exact-cover MCC format.",
    pretty_exceptions_enable=False,
)

Genre = Enum("Genre", {name: name for name in GENRES}, type=str)  # type: ignore[misc]


class Variant(str, Enum):
    auto = "auto"
    super = "super"
    general = "general"
    plain = "plain"


_debug = False


def _fail(message: str, status: Exit) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(int(status))


def read_file(path: str, genre: str | None) -> list[Puzzle]:
    """Every puzzle in a file (`-` is stdin); a PuzzleError for anything unreadable."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        raise PuzzleError(path, 1, 1, f"cannot read the file ({exc.strerror or exc})") from None
    return genre_of(path, data, genre).parse(data, path)


@app.callback()
def _root(
    debug: Annotated[bool, typer.Option("--debug", help="Show a traceback on internal errors.")] = False,
) -> None:
    global _debug
    _debug = debug


@app.command()
def solve(
    files: Annotated[list[str], typer.Argument(help="Puzzle files (`-` for stdin).")],
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
    all_: Annotated[bool, typer.Option("--all", help="Print every solution.")] = False,
    count: Annotated[bool, typer.Option("--count", help="Print the number of solutions only.")] = False,
    limit: Annotated[int | None, typer.Option(min=1, help="Stop after this many solutions.")] = None,
    time_limit: Annotated[float | None, typer.Option(min=0.0, help="Seconds per puzzle.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per puzzle (SPEC §5).")] = False,
    disjoint: Annotated[bool, typer.Option(help="Allow disjoint loops (DLX3's solutions).")] = False,
    strategy: Annotated[str, typer.Option(help="Loop strategy.")] = "lazy",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only a status line per puzzle.")] = False,
) -> None:
    """Find a solution and prove whether it is unique; or list (--all) or count (--count) them."""
    from loopsat.solve import STRATEGIES, drawing
    from loopsat.solve import solve as solve_puzzle

    if all_ and count:
        _fail("error: --all and --count exclude each other", Exit.BAD_INPUT)
    if strategy not in STRATEGIES:
        _fail(f"error: unknown strategy {strategy!r} (known: {', '.join(STRATEGIES)})", Exit.BAD_INPUT)
    mode = "all" if all_ else "count" if count else "unique"
    worst = Exit.SOLVED
    several = len(files) > 1
    for path in files:
        try:
            puzzles = read_file(path, genre.value if genre else None)
        except PuzzleError as exc:
            typer.echo(str(exc), err=True)
            if as_json:
                typer.echo(json.dumps({"file": path, "status": "error", "error": str(exc)}))
            worst = max(worst, Exit.BAD_INPUT)
            continue
        several = several or len(puzzles) > 1
        for puzzle in puzzles:
            outcome = solve_puzzle(
                puzzle, mode=mode, limit=limit, time_limit=time_limit, single_loop=not disjoint, strategy=strategy
            )
            worst = max(worst, outcome.exit_status)
            if as_json:
                typer.echo(json.dumps(outcome.to_json()))
                continue
            summary = _summary(outcome, mode)
            if quiet or count:
                typer.echo(f"{puzzle.label}: {summary}" if several or quiet else summary)
                continue
            if several:
                typer.echo(f"{puzzle.label}:")
            for solution in outcome.solutions or [None]:
                typer.echo("\n".join(drawing(puzzle, solution)))
            typer.echo(summary)
    raise typer.Exit(int(worst))


def _summary(outcome: Outcome, mode: str) -> str:
    """The status line of a puzzle: its count for --count, else what was proved."""
    if mode == "count":
        return str(outcome.count) if outcome.complete else f"{outcome.count} (incomplete: limit or time limit reached)"
    if outcome.status == "unknown":
        found = "a solution was found but " if outcome.count else ""
        return f"unknown ({found}stopped by --limit or --time-limit)"
    return {"unique": "unique", "multiple": "multiple", "none": "no solution"}[outcome.status]


@app.command()
def export(
    file: Annotated[str, typer.Argument(help="Puzzle file (`-` for stdin).")],
    mcc: Annotated[bool, typer.Option("--mcc", help="Write Knuth's MCC text (the only format so far).")] = True,
    variant: Annotated[Variant, typer.Option(help="Which of Knuth's generators to imitate.")] = Variant.auto,
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write here instead of stdout.")] = None,
) -> None:
    """Print the puzzle as MCC text, byte-identical to Knuth's generator."""
    from loopsat import mcc as mcc_text

    try:
        puzzles = read_file(file, genre.value if genre else None)
        if len(puzzles) != 1:
            raise PuzzleError(file, 1, 1, f"MCC export takes one puzzle, this file holds {len(puzzles)}")
        puzzle = puzzles[0]
        module = GENRES[puzzle.genre]
        if variant.value not in module.VARIANTS:
            raise PuzzleError(file, 1, 1, f"variant {variant.value!r} does not apply to {puzzle.genre}")
        check_mcc_size(puzzle, module.MCC_MAX)
        text = mcc_text.write(module.cover(puzzle, variant.value))
    except PuzzleError as exc:
        _fail(str(exc), Exit.BAD_INPUT)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text)


@app.command()
def slink(
    file: Annotated[str, typer.Argument(help="SLINK input (default: stdin).")] = "-",
    time_limit: Annotated[float | None, typer.Option(min=0.0, help="Seconds per data set.")] = None,
) -> None:
    """SPOJ SLINK: read the judge's input, print each data set's number and its loop drawn.

    A data set without a solution prints `no solution`, one with several `multiple solutions`
    (the judge promises exactly one); the exit status is then 1 (none) or 0.
    """
    from loopsat.solve import drawing
    from loopsat.solve import solve as solve_puzzle

    try:
        puzzles = read_file(file, "slink")
    except PuzzleError as exc:
        _fail(str(exc), Exit.BAD_INPUT)
    worst = Exit.SOLVED
    out = []
    for puzzle in puzzles:
        outcome = solve_puzzle(puzzle, time_limit=time_limit)
        worst = max(worst, outcome.exit_status)
        out.append(f"{puzzle.index}")
        if outcome.status == "unique":
            out.extend(drawing(puzzle, outcome.solutions[0]))
        else:
            out.append({"none": "no solution", "multiple": "multiple solutions"}.get(outcome.status, "unknown"))
    sys.stdout.write("\n".join(out) + "\n")
    raise typer.Exit(int(worst))


def main() -> None:
    """Entry point: turn every failure into one line and an exit status, never a traceback."""
    try:
        app(standalone_mode=True)
    except VerificationError as exc:
        if _debug:
            traceback.print_exc()
        typer.echo(f"loopsat: internal error: a solution failed verification: {exc}", err=True)
        sys.exit(int(Exit.INTERNAL))
    except PuzzleError as exc:
        typer.echo(str(exc), err=True)
        sys.exit(int(Exit.BAD_INPUT))
    except (KeyboardInterrupt, BrokenPipeError):
        sys.exit(130)
    except Exception as exc:
        if _debug:
            traceback.print_exc()
        typer.echo(f"loopsat: internal error: {exc!r} (run with --debug for a traceback)", err=True)
        sys.exit(int(Exit.INTERNAL))
