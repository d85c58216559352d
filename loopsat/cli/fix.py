"""`loopsat fix`: the single clue edits that make an ambiguous puzzle unique, or one without a
solution solvable (loopsat/setter/fix.py finds them)."""

import json
from typing import Annotated

import typer

from loopsat.cli.app import GenreOption, PlainUsage, PuzzleSource, app, fail, genre_name
from loopsat.errors import Exit, PuzzleError
from loopsat.status import Status


@app.command(cls=PlainUsage)
def fix(
    file: PuzzleSource,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line and suggestion.")] = False,
    genre: GenreOption = None,
) -> None:
    """The single clue additions and changes that make an ambiguous puzzle unique, or the clue
    removals that give a puzzle without a solution one, best first.

    Cells are (row, column) from 0. Exit 1 when no single clue does it; a unique puzzle needs none.
    """
    from loopsat import api

    try:
        puzzle = api.one(file, "fix", genre_name(genre))
        found = api.fix(puzzle)
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    for suggestion in found:
        typer.echo(json.dumps(suggestion.to_json()) if as_json else suggestion.text())
    if not found:  # unique, or beyond one clue's repair
        status = api.solve(puzzle).status
        if status != Status.UNIQUE:
            fail(f"{puzzle.label}: {status}: no single clue added, changed or removed helps", Exit.NO_SOLUTION)
        if not as_json:
            typer.echo(f"{puzzle.label}: unique: nothing to fix")
