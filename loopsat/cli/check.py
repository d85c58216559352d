"""`loopsat check`: which of a player's lines break which rule, or whether the board can still
be completed (loopsat/solver/check.py)."""

import json
from typing import Annotated

import typer

from loopsat.cli.app import GenreOption, PlainUsage, PuzzleSource, app, fail, genre_name
from loopsat.errors import Exit, PuzzleError
from loopsat.genres import saved_game


@app.command(cls=PlainUsage)
def check(
    file: PuzzleSource,
    partial: Annotated[
        str | None,
        typer.Argument(
            metavar="[PARTIAL]",
            help="The player's lines: h/v JSON, pzprv3 or a Tatham save (default: FILE, when it is a .sav).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
    genre: GenreOption = None,
) -> None:
    """Which of a player's lines break which rule, or whether the board can still be completed
    (or is solved). PARTIAL is the JSON's h/v object, puzz.link's pzprv3 file or Tatham's save
    file; a save alone is both. Exit 1 when a rule is broken or no solution extends the lines."""
    from loopsat import api

    if partial is None and not saved_game(file):
        fail("error: check needs the player's lines (PARTIAL), unless FILE is a Tatham save (.sav)", Exit.BAD_INPUT)
    try:
        checked = api.check(api.one(file, "check", genre_name(genre)), partial or file)
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    typer.echo(json.dumps(checked.to_json()) if as_json else checked.text())
    raise typer.Exit(int(Exit.SOLVED if checked.completable else Exit.NO_SOLUTION))
