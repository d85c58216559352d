"""`loopsat serve`: the setter's web page (loopsat/serve.py runs it)."""

from typing import Annotated

import typer

from loopsat.cli.app import PlainUsage, app, read_time_limit
from loopsat.serve import PORT as SERVE_PORT
from loopsat.serve import TIME_LIMIT as SERVE_TIME_LIMIT


@app.command(cls=PlainUsage)
def serve(
    port: Annotated[int, typer.Option(min=0, max=65535, metavar="N", help="The port (0: any free one).")] = SERVE_PORT,
    open_: Annotated[bool, typer.Option("--open", help="Open the page in the web browser.")] = False,
    time_limit: Annotated[
        float | None, typer.Option(metavar="S", callback=read_time_limit, help="Seconds for each part of an analysis.")
    ] = SERVE_TIME_LIMIT,
) -> None:
    """The setter's cockpit: a local web page that checks the puzzle on every edit (docs/serve.md)."""
    from loopsat.serve import run

    raise typer.Exit(run(port, open_browser=open_, time_limit=time_limit))
