"""`loopsat batch`: a folder of puzzles solved in parallel (loopsat/batch.py does the work)."""

from typing import Annotated

import typer

from loopsat.cli.app import Genre, PlainUsage, app, fail, read_time_limit
from loopsat.errors import Exit


@app.command(cls=PlainUsage)
def batch(
    directory: Annotated[str, typer.Argument(metavar="DIR", help="Folder of puzzle files, searched recursively.")],
    genre: Annotated[Genre | None, typer.Option(help="Genre of every file (then every file is read).")] = None,
    jobs: Annotated[int | None, typer.Option(min=1, metavar="N", help="Worker processes (default: CPU count).")] = None,
    report: Annotated[
        str | None, typer.Option(metavar="FILE", help="JSON Lines report (default: DIR/loopsat-report.jsonl).")
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Keep the report's answers; solve the rest.")] = False,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=read_time_limit, help="Seconds per puzzle.")
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option(metavar="ADDRESS", help="Dask scheduler: tcp://HOST:8786, or `local`.")
    ] = None,
) -> None:
    """Solve every puzzle in a folder in parallel, one report line each (docs/json.md).

    One batch at a time writes a report; --resume keeps its answers and solves the rest.
    Progress and the summary go to stderr; the exit status is the worst puzzle's (docs/exit-status.md).
    """
    from loopsat.batch import BatchError, run_batch

    try:
        status = run_batch(
            directory,
            genre=genre.value if genre else None,
            jobs=jobs,
            report=report,
            resume=resume,
            time_limit=time_limit,
            scheduler=scheduler,
        )
    except BatchError as exc:
        fail(f"error: {exc}", Exit.BAD_INPUT)
    raise typer.Exit(int(status))
