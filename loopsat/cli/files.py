"""`loopsat export` and `render`: the puzzle as MCC text or as an SVG picture."""

from typing import Annotated

import typer

from loopsat.cli.app import (
    AUTO_VARIANT,
    GenreOption,
    OnePuzzleFile,
    OutputFile,
    PlainUsage,
    Variant,
    app,
    fail,
    genre_name,
    read_time_limit,
    refuse_overwriting,
)
from loopsat.cli.output import status_line, timed_out, write
from loopsat.deadline import Budget, TimeUp
from loopsat.errors import Exit, PuzzleError
from loopsat.status import Mode, Status


@app.command(cls=PlainUsage)
def export(
    file: OnePuzzleFile,
    mcc: Annotated[
        bool, typer.Option("--mcc", help="Write Knuth's MCC text (required: the only format so far).")
    ] = False,
    variant: Annotated[Variant, typer.Option(help="Which of Knuth's generators to imitate.")] = AUTO_VARIANT,
    genre: GenreOption = None,
    output: OutputFile = None,
) -> None:
    """Print the puzzle as MCC text, byte-identical to Knuth's generator."""
    from loopsat import api

    if not mcc:
        fail("error: name the format to export: --mcc (Knuth's MCC text, the only one so far)", Exit.BAD_INPUT)
    refuse_overwriting(output, [file])
    try:
        text = api.export_mcc(api.one(file, "MCC export", genre_name(genre)), variant.value)
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    write(output, text, "the MCC text")


@app.command(cls=PlainUsage)
def render(
    file: OnePuzzleFile,
    solution: Annotated[
        bool, typer.Option("--solution", help="Solve it and draw the loop (the first of several).")
    ] = False,
    genre: GenreOption = None,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=read_time_limit, help="Seconds for --solution.")
    ] = None,
    output: OutputFile = None,
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
            puzzle = api.one(file, "render", genre_name(genre))
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
