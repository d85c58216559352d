"""`loopsat check`: which of a player's lines break which rule, or whether the board can still
be completed (loopsat/solver/check.py)."""

import json
from typing import Annotated

import typer

from loopsat.cli.app import GenreOption, PlainUsage, PuzzleSource, app, fail, genre_name
from loopsat.errors import Exit, PuzzleError


@app.command(cls=PlainUsage)
def check(
    file: PuzzleSource,
    partial: Annotated[str, typer.Argument(metavar="PARTIAL.json", help="The player's lines, as `explain --hint`'s.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
    genre: GenreOption = None,
) -> None:
    """Which of a player's lines break which rule, or whether the board can still be completed.
    Exit 1 when a rule is broken or no solution extends the lines."""
    from loopsat import api

    try:
        faults, completable = api.check(api.one(file, "check", genre_name(genre)), partial)
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    if as_json:
        typer.echo(json.dumps({"faults": [fault.to_json() for fault in faults], "completable": completable}))
    else:
        for fault in faults:
            typer.echo(fault.text())
        typer.echo("can still be completed" if completable else "can no longer be completed")
    raise typer.Exit(int(Exit.SOLVED if completable else Exit.NO_SOLUTION))
