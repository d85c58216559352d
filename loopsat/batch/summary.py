"""The batch's tally (every current report line, this run's CPU time, the exit status) and the
summary tables it prints on stderr at the end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from loopsat.batch.lines import ERROR, line_exit
from loopsat.errors import Exit, printable
from loopsat.status import ANSWERED, Status

STATUSES = (*ANSWERED, Status.UNKNOWN, ERROR)  # the summary's columns, in this order


@dataclass
class Tally:
    """Every current line of the report (the resumed ones, then those `add`ed), this run's CPU
    time; owns the exit status."""

    lines: list[dict[str, Any]] = field(default_factory=list)
    cpu: float = 0.0
    new: int = 0

    def add(self, line: dict[str, Any], cpu: float = 0.0) -> None:
        self.lines.append(line)
        self.cpu += cpu
        self.new += 1

    @property
    def exit_status(self) -> Exit:
        return max((line_exit(line) for line in self.lines), default=Exit.SOLVED)

    def counts(self) -> str:
        seen = Counter(line["status"] for line in self.lines)
        return " ".join(f"{status} {seen[status]}" for status in STATUSES if seen[status])


def summary(console: Any, warn: Callable[[str], None], tally: Tally, wall: float, report_path: Path) -> None:
    """Counts by genre and status, the times, the slowest puzzles; on stderr, stdout stays clean.

    Names (paths, and genres of resumed lines) go into the tables as Text, never as markup.
    """
    from rich.table import Table
    from rich.text import Text

    by_genre: dict[str, Counter[str]] = {}
    for line in tally.lines:
        by_genre.setdefault(line.get("genre", "(bad input)"), Counter())[line["status"]] += 1
    table = Table(title=f"loopsat batch: {len(tally.lines)} puzzles", title_justify="left")
    table.add_column("genre")
    for status in (*STATUSES, "total"):
        table.add_column(status, justify="right")
    for name, seen in sorted(by_genre.items()):
        table.add_row(Text(printable(name)), *(str(seen[status] or "") for status in STATUSES), str(seen.total()))
    everything = sum(by_genre.values(), Counter())
    table.add_row("all", *(str(everything[s] or "") for s in STATUSES), str(len(tally.lines)), style="bold")
    console.print(table)
    resumed = len(tally.lines) - tally.new
    warn(
        f"{tally.new} filed now, {resumed} already in the report; wall {wall:.1f} s, CPU {tally.cpu:.1f} s "
        f"(this run); report: {report_path}"
    )
    timed = sorted((line for line in tally.lines if "seconds" in line), key=lambda line: -line["seconds"])[:5]
    if timed:
        slowest = Table(title="slowest", title_justify="left")
        slowest.add_column("puzzle", overflow="fold")
        for name in ("genre", "size", "status", "seconds"):
            slowest.add_column(name, justify="right" if name == "seconds" else "left")
        for line in timed:
            label = line["path"] if "index" not in line else f"{line['path']}#{line['index']}"
            size = f"{line['rows']}×{line['cols']}"
            cells = (label, line["genre"], size, line["status"])
            slowest.add_row(*(Text(printable(str(cell))) for cell in cells), f"{line['seconds']:.2f}")
        console.print(slowest)
