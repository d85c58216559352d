"""Progress on stderr when it is a terminal, nothing on a pipe: stdout stays the answer."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from loopsat.signals import held

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any


class ProgressBar:
    """A rich bar with a total (batch: puzzles done) or a running count without one (enumeration).

    Entering yields `advance(description)`; a count calls it once per item, so its redraws are
    kept to ten a second. Nothing shows for an empty total or when `shown` is False.
    """

    def __init__(self, console: Any = None, total: int | None = None, *, shown: bool = True) -> None:
        self.bar = None
        self.counting = total is None
        if shown and sys.stderr.isatty() and total != 0:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                SpinnerColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            if total is None:
                columns: tuple = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
            else:
                columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), TextColumn("{task.description}"))
            self.bar = Progress(*columns, console=console or Console(stderr=True), transient=total is None)
            self.task = self.bar.add_task("", total=total)

    def __enter__(self) -> Callable[[str], None]:
        if self.bar is None:
            return lambda _description: None
        bar, task, counting, drawn = self.bar, self.task, self.counting, [0.0]

        def advance(description: str) -> None:
            now = time.monotonic()
            if not counting or now - drawn[0] > 0.1:
                bar.update(task, advance=1, description=description)
                drawn[0] = now

        # A stop raised half way through start() left the cursor hidden (tests/test_stops.py),
        # and stop() then failed on what start() had not done yet: it starts whole, then stops.
        try:
            with held():
                bar.start()
        except BaseException:
            bar.stop()
            raise
        return advance

    def __exit__(self, *_: object) -> None:
        if self.bar is not None:
            with held():  # a stop now comes after the cursor is shown again
                self.bar.stop()
