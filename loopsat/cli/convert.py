"""`loopsat convert`: the puzzle as a URL, a game ID or a board file."""

import sys
from typing import Annotated

import typer

from loopsat.cli.app import Form, GenreOption, PlainUsage, PuzzleSource, app, fail, genre_name
from loopsat.errors import Exit, PuzzleError


@app.command(cls=PlainUsage)
def convert(
    file: PuzzleSource,
    to: Annotated[Form, typer.Option(help="Output format.")],
    genre: GenreOption = None,
) -> None:
    """Print the puzzle as a puzz.link URL, a Tatham game ID or a board file: one per puzzle."""
    from loopsat import api

    try:
        texts = [api.convert(puzzle, to.value) for puzzle in api.load(file, genre_name(genre))]
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    sys.stdout.write(("\n\n" if to.value in ("slither", "masyu") else "\n").join(texts) + "\n")
