"""`loopsat check`: which of a player's lines break which rule, or whether the board can still
be completed (loopsat/solver/check.py)."""

import json
from typing import Annotated

import typer

from loopsat.cli.app import Genre, PlainUsage, PuzzleSource, app, fail, read_one
from loopsat.errors import Exit, PuzzleError
from loopsat.limits import read_input


@app.command(cls=PlainUsage)
def check(
    file: PuzzleSource,
    partial: Annotated[
        str, typer.Argument(metavar="PARTIAL.json", help="The player's lines: h/v JSON, pzprv3 or a Tatham save.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
) -> None:
    """Which of a player's lines break which rule, or whether the board can still be completed
    (or is solved). PARTIAL is the JSON's h/v object, puzz.link's pzprv3 file or Tatham's save file. Exit 1 when
    a rule is broken or no solution extends the lines."""
    from loopsat.solver.check import check as checking
    from loopsat.solver.check import solved
    from loopsat.solver.explain import read_partial

    try:
        puzzle = read_one(file, genre, "check")
        given = read_partial(partial, read_input(partial), puzzle)
        faults, completable = checking(puzzle, given)
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    done = completable and solved(puzzle, given)
    if as_json:
        faulted = [fault.to_json() for fault in faults]
        typer.echo(json.dumps({"faults": faulted, "completable": completable, "solved": done}))
    else:
        for fault in faults:
            typer.echo(fault.text())
        typer.echo("solved" if done else "can still be completed" if completable else "can no longer be completed")
    raise typer.Exit(int(Exit.SOLVED if completable else Exit.NO_SOLUTION))
