"""`loopsat explain`: the solving path as steps, the grade, or with --hint the next step."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from loopsat.cli.app import Genre, PlainUsage, PuzzleSource, app, fail, read_one, read_time_limit, refuse_overwriting
from loopsat.cli.output import write
from loopsat.errors import Exit, PuzzleError
from loopsat.limits import read_input
from loopsat.puzzle import Puzzle

_T = TypeVar("_T")


@app.command(cls=PlainUsage)
def explain(
    file: PuzzleSource,
    partial: Annotated[
        str | None, typer.Argument(metavar="[PARTIAL.json]", help="With --hint: the edges known so far.")
    ] = None,
    hint: Annotated[bool, typer.Option("--hint", help="Only the next step (after PARTIAL's edges).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object (docs/json.md).")] = False,
    genre: Annotated[Genre | None, typer.Option(help="Genre, when the suffix does not tell.")] = None,
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
    from loopsat.solver import explain as explaining

    if partial is not None and not hint:
        fail("error: a partial solution goes with --hint", Exit.BAD_INPUT)
    if step is not None and (svg is None or hint):
        fail("error: --step goes with --svg, without --hint", Exit.BAD_INPUT)
    refuse_overwriting(svg, [file, *([partial] if partial else [])])
    try:
        puzzle = read_one(file, genre, "explain")
        puzzle = puzzle
        _check_explainable(puzzle)
        given = explaining.read_partial(partial, read_input(partial), puzzle) if partial is not None else {}
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    if hint:
        found, next_step = _in_time(puzzle, lambda: api.hint(puzzle, given, time_limit=time_limit))
        if svg is not None and next_step is not None:
            write(svg, explaining.picture(found, found.steps.index(next_step) + 1), "the picture")
        if as_json:
            typer.echo(json.dumps({"step": next_step and explaining.step_json(next_step), "solvable": found.solvable}))
        elif next_step is not None:
            typer.echo(explaining.step_text(next_step))
        elif given and not found.solvable:
            from loopsat.solver.check import faults

            for fault in faults(puzzle, given):
                typer.echo(fault.text())
            typer.echo("no next step: no solution has these lines")
        else:
            typer.echo(
                "no next step: "
                + ("no solution" if not found.solvable else "every edge is known or only the search decides the rest")
            )
        raise typer.Exit(int(Exit.SOLVED if found.solvable else Exit.NO_SOLUTION))
    found = _in_time(puzzle, lambda: api.explain(puzzle, time_limit=time_limit))
    if svg is not None:
        if (step or 1) > len(found.steps):
            fail(f"error: --step {step}: the explanation has {len(found.steps)} steps", Exit.BAD_INPUT)
        write(svg, explaining.picture(found, step or 1), "the picture")
    typer.echo(json.dumps(found.to_json()) if as_json else "\n".join(found.text()))
    raise typer.Exit(int(Exit.SOLVED if found.solvable else Exit.NO_SOLUTION))


def _check_explainable(puzzle: Puzzle) -> None:
    from loopsat.limits import MAX_EXPLAIN_CELLS

    if puzzle.rows * puzzle.cols > MAX_EXPLAIN_CELLS:
        size = f"{puzzle.rows * puzzle.cols:,} cells ({puzzle.rows}×{puzzle.cols})"
        raise PuzzleError(puzzle.path, 1, 1, f"the board has {size}, more than explain takes ({MAX_EXPLAIN_CELLS:,})")


def _in_time(puzzle: Puzzle, work: Callable[[], _T]) -> _T:
    """`work`'s answer, or exit 3 when its time limit ran out first."""
    try:
        return work()
    except TimeoutError:
        fail(f"{puzzle.label}: unknown (no answer within --time-limit)", Exit.TIMED_OUT)
