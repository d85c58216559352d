"""`loopsat export` and `render`: the puzzle as MCC text or as an SVG picture."""

from pathlib import Path
from typing import Annotated

import typer

from loopsat.cli.app import (
    AUTO_VARIANT,
    Genre,
    PlainUsage,
    Variant,
    app,
    fail,
    read_one,
    read_time_limit,
    refuse_overwriting,
)
from loopsat.cli.output import status_line, timed_out, write
from loopsat.deadline import Budget, TimeUp
from loopsat.errors import Exit, PuzzleError
from loopsat.status import Mode, Status


@app.command(cls=PlainUsage)
def export(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Puzzle file (`-` for stdin; FILE#N: one data set).")],
    mcc: Annotated[
        bool, typer.Option("--mcc", help="Write Knuth's MCC text (required: the only format so far).")
    ] = False,
    variant: Annotated[Variant, typer.Option(help="Which of Knuth's generators to imitate.")] = AUTO_VARIANT,
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="OUT", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Print the puzzle as MCC text, byte-identical to Knuth's generator."""
    if not mcc:
        fail("error: name the format to export: --mcc (Knuth's MCC text, the only one so far)", Exit.BAD_INPUT)
    refuse_overwriting(output, [file])
    try:
        puzzle = read_one(file, genre, "MCC export")
        from loopsat.api import export_mcc

        text = export_mcc(puzzle, variant.value)
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    write(output, text, "the MCC text")


@app.command(cls=PlainUsage)
def render(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Puzzle file (`-` for stdin; FILE#N: one data set).")],
    solution: Annotated[
        bool, typer.Option("--solution", help="Solve it and draw the loop (the first of several).")
    ] = False,
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=read_time_limit, help="Seconds for --solution.")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="OUT", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Draw the puzzle as SVG: board, clues, letters' regions, circles, and with --solution the loop.

    Without a unique solution the status goes to stderr (exit 1 for none, 3 for a time-out).
    """
    from loopsat import api

    refuse_overwriting(output, [file])
    budget = Budget(time_limit)  # reading, solving and drawing: a 10^6-option MCC or a large SVG takes seconds
    doing = "reading the file"
    try:
        with budget.bound():
            puzzle = read_one(file, genre, "render")
        status = Exit.SOLVED
        loop = None
        if solution:
            result = api.solve(puzzle, time_limit=budget.left())
            loop, status = (result.solutions[0] if result.solutions else None), result.exit_status
            if result.status != Status.UNIQUE:
                typer.echo(f"{puzzle.label}: {status_line(result, Mode.UNIQUE)}", err=True)
        doing = "drawing the picture"
        with budget.bound():
            picture = api.svg(puzzle, loop)
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    except TimeUp:
        timed_out(file, doing, False)
        raise typer.Exit(int(Exit.TIMED_OUT)) from None
    write(output, picture, "the picture")
    raise typer.Exit(int(status))
