"""`loopsat solve` as typer reads it; cli/solving.py does the work."""

from pathlib import Path
from typing import Annotated

import typer

from loopsat.cli.app import GenreOption, PlainUsage, app, genre_name, read_time_limit
from loopsat.cli.solving import run
from loopsat.status import Strategy


@app.command(cls=PlainUsage)
def solve(
    files: Annotated[
        list[str],
        typer.Argument(metavar="FILE...", help="Puzzle files (`-` for stdin; FILE#N: one data set), URLs or game IDs."),
    ],
    genre: GenreOption = None,
    all_: Annotated[bool, typer.Option("--all", help="Print every solution.")] = False,
    count: Annotated[bool, typer.Option("--count", help="Print the number of solutions only.")] = False,
    limit: Annotated[
        int | None,
        typer.Option(min=1, metavar="N", help="At most N solutions; alone: list up to N (as --all --limit N)."),
    ] = None,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=read_time_limit, help="Seconds per puzzle.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per puzzle (docs/json.md).")] = False,
    disjoint: Annotated[bool, typer.Option("--disjoint", help="Allow disjoint loops (DLX3's solutions).")] = False,
    strategy: Annotated[
        Strategy,
        typer.Option(
            metavar="NAME",
            help="auto (default: measured fastest per puzzle), lazy (CP-SAT lazy loop cuts), circuit (CP-SAT "
            "AddCircuit), deduce (rules and probing, then lazy) or frontier (DP, --count only).",
        ),
    ] = Strategy.AUTO,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only a status line per puzzle.")] = False,
    as_mcc: Annotated[bool, typer.Option("--mcc", help="Read the files as MCC text (same as --genre mcc).")] = False,
    certain: Annotated[bool, typer.Option("--certain", help="Edges on every loop, on none, or undecided.")] = False,
    svg: Annotated[
        Path | None, typer.Option(metavar="OUT.svg", help="Draw the first solution (or with --certain the edges).")
    ] = None,
    memory_limit: Annotated[
        str | None,
        typer.Option(
            metavar="SIZE",
            help="Memory for counting by the DP, e.g. 4G (default: LOOPSAT_MEMORY_LIMIT, else half the available).",
        ),
    ] = None,
) -> None:
    """Find a solution and prove whether it is unique; or list (--all) or count (--count) them.

    --certain shows which edges every solution uses, none uses, or only some (`?` on the board).
    """
    run(
        files,
        genre=genre_name(genre),
        all_=all_,
        count=count,
        limit=limit,
        time_limit=time_limit,
        as_json=as_json,
        disjoint=disjoint,
        strategy=strategy,
        quiet=quiet,
        as_mcc=as_mcc,
        certain=certain,
        svg=svg,
        memory_limit=memory_limit,
    )
