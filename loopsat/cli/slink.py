"""`loopsat slink`: SPOJ's SLINK judge input in, its expected output out."""

import sys
from typing import Annotated

import typer

from loopsat.cli.app import PlainUsage, app, fail, read_time_limit
from loopsat.cli.output import judged
from loopsat.errors import Exit, PuzzleError


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
    from loopsat import api
    from loopsat.genres import slink as slink_genre

    try:
        puzzles = api.load(file, slink_genre.GENRE)
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    worst = Exit.SOLVED
    out = []
    for number, puzzle in enumerate(puzzles, start=1):  # a URL's puzzle has no data-set number
        result = api.solve(puzzle, time_limit=time_limit)
        worst = max(worst, result.exit_status)
        out.append(judged(puzzle.index or number, result))
    sys.stdout.write("".join(out))
    raise typer.Exit(int(worst))
