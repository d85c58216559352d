"""`loopsat slink`: SPOJ's SLINK judge input in, its expected output out."""

import sys
from typing import Annotated

import typer

from loopsat.cli.app import PlainUsage, app, fail, read_file, read_time_limit
from loopsat.errors import Exit, PuzzleError
from loopsat.status import Status


@app.command(cls=PlainUsage)
def slink(
    file: Annotated[str, typer.Argument(metavar="[FILE]", help="SLINK input (default: stdin).")] = "-",
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=read_time_limit, help="Seconds per data set.")
    ] = None,
) -> None:
    """SPOJ SLINK: read the judge's input, print each data set's number and its loop drawn.

    A data set without a solution prints `no solution`, one with several `multiple solutions`
    (the judge promises exactly one); the exit status is then 1 (none) or 0.
    """
    from loopsat.api import solve as solve_puzzle
    from loopsat.genres import slink as slink_genre

    try:
        puzzles = read_file(file, slink_genre.GENRE)
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    worst = Exit.SOLVED
    out = []
    for number, puzzle in enumerate(puzzles, start=1):  # a URL's puzzle has no data-set number
        result = solve_puzzle(puzzle, time_limit=time_limit)
        worst = max(worst, result.exit_status)
        out.append(f"{puzzle.index or number}")
        if result.status == Status.UNIQUE:
            out.append(result.text().removesuffix("\n"))
        else:
            out.append(
                {Status.NONE: "no solution", Status.MULTIPLE: "multiple solutions"}.get(result.status, Status.UNKNOWN)
            )
    sys.stdout.write("\n".join(out) + "\n")
    raise typer.Exit(int(worst))
