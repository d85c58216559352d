"""`loopsat explain`: the solving path as steps, the grade, or with --hint the next step."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from loopsat.cli.app import (
    GenreOption,
    PlainUsage,
    PuzzleSource,
    app,
    fail,
    genre_name,
    read_time_limit,
    refuse_overwriting,
)
from loopsat.cli.output import write
from loopsat.errors import Exit, PuzzleError
from loopsat.genres import saved_game
from loopsat.puzzle import Puzzle

_T = TypeVar("_T")


@app.command(cls=PlainUsage)
def explain(
    file: PuzzleSource,
    partial: Annotated[
        str | None,
        typer.Argument(
            metavar="[PARTIAL.json]", help="With --hint: the edges known so far (a .sav FILE: its own moves)."
        ),
    ] = None,
    hint: Annotated[bool, typer.Option("--hint", help="Only the next step (after PARTIAL's edges).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object (docs/json.md).")] = False,
    genre: GenreOption = None,
    svg: Annotated[
        Path | None, typer.Option(metavar="OUT.svg", help="Draw a step: what it read, what it decided.")
    ] = None,
    step: Annotated[
        int | None,
        typer.Option(min=1, metavar="N", help="With --svg: the step to draw (default: the first, or the hint)."),
    ] = None,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=read_time_limit, help="Seconds for the whole of it.")
    ] = None,
) -> None:
    """The solving path as steps a person can follow, and the puzzle's difficulty: easy, normal,
    tricky, hard (the deduction alone, probing for hard) or search.

    PARTIAL is a JSON object with "h" and "v" strings as in `solve --json`: 1 on, 0 off, ? or . unknown.
    Exit 1 when the puzzle has no solution, 3 when --time-limit ran out first.
    """
    from loopsat import api

    if partial is not None and not hint:
        fail("error: a partial solution goes with --hint", Exit.BAD_INPUT)
    if step is not None and (svg is None or hint):
        fail("error: --step goes with --svg, without --hint", Exit.BAD_INPUT)
    refuse_overwriting(svg, [file, *([partial] if partial else [])])
    if hint and partial is None and saved_game(file):
        partial = file  # a Tatham save is the puzzle and the player's board: the hint goes on from it
    try:
        puzzle = api.one(file, "explain", genre_name(genre))
        if hint:
            found = _in_time(puzzle, lambda: api.hint(puzzle, partial, time_limit=time_limit))
        else:
            explained = _in_time(puzzle, lambda: api.explain(puzzle, time_limit=time_limit))
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    if hint:
        if svg is not None and (picture := found.svg()) is not None:
            write(svg, picture, "the picture")
        typer.echo(json.dumps(found.to_json()) if as_json else found.text())
        raise typer.Exit(int(Exit.SOLVED if found.explanation.solvable else Exit.NO_SOLUTION))
    if svg is not None:
        if (step or 1) > len(explained.steps):
            fail(f"error: --step {step}: the explanation has {len(explained.steps)} steps", Exit.BAD_INPUT)
        write(svg, explained.svg(step or 1), "the picture")
    typer.echo(json.dumps(explained.to_json()) if as_json else "\n".join(explained.text()))
    raise typer.Exit(int(Exit.SOLVED if explained.solvable else Exit.NO_SOLUTION))


def _in_time(puzzle: Puzzle, work: Callable[[], _T]) -> _T:
    """`work`'s answer, or exit 3 when its time limit ran out first."""
    try:
        return work()
    except TimeoutError:
        fail(f"{puzzle.label}: unknown (no answer within --time-limit)", Exit.TIMED_OUT)
