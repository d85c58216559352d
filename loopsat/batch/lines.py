"""A batch's units: the job (one puzzle and where its answer is filed) and its report line, which
a worker (a pool process or a Dask worker) computes, and which also names whose fault an error is."""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from loopsat.batch.report import Key
from loopsat.errors import Exit, PuzzleError, VerificationError, printable
from loopsat.puzzle import Puzzle
from loopsat.status import Status

ERROR = "error"  # a report line's status when the file or puzzle gave no answer: beside Status's four


class BatchError(Exception):
    """A usage problem found before any puzzle is solved (exit status 2)."""

    def __str__(self) -> str:
        return printable(super().__str__())  # it names files, and may quote Dask's many-line errors


@dataclass(frozen=True)
class Job:
    """One puzzle to solve and where its answer is filed: the file relative to DIR, its content hash."""

    puzzle: Puzzle
    path: str
    sha256: str

    @property
    def key(self) -> Key:
        return self.path, self.puzzle.index, self.sha256


Answered = tuple[Job, dict[str, Any], float]  # a job, its report object, the CPU seconds it took


class Fault(StrEnum):
    """Whose fault an error line is (its `fault` field): the input's (exit 2) or loopsat's (70)."""

    INPUT = "input"
    INTERNAL = "internal"


def bad_line(root: Path, path: Path, error: PuzzleError, sha256: str | None = None) -> dict[str, Any]:
    """The report line of a file, folder or data set that gave no puzzle: an input fault."""
    index = {} if error.index is None else {"index": error.index}
    line = {"file": str(path), **index, "status": ERROR, "error": str(error), "fault": Fault.INPUT}
    return filed(line, path.relative_to(root).as_posix(), sha256)


def filed(line: dict[str, Any], path: str, sha256: str | None) -> dict[str, Any]:
    """The line with where its puzzle is filed: the path relative to DIR, the content hash."""
    return {**line, "path": path, "sha256": sha256}


def answer(puzzle: Puzzle, time_limit: float | None) -> tuple[dict[str, Any], float]:
    """Solve one puzzle (in a pool worker or a Dask worker): its `solve --json` object and CPU seconds.

    Whatever goes wrong inside loopsat becomes an error line, so one puzzle never sinks the batch.
    """
    import loopsat.cpsat  # noqa: F401  (a Dask worker's first puzzle: keep CP-SAT's import out of its CPU time)
    from loopsat.api import solve

    started = time.process_time()
    try:
        line = solve(puzzle, time_limit=time_limit).to_json()
    except MemoryError:
        line = failure(puzzle, "out of memory")
    except VerificationError as exc:
        line = failure(puzzle, f"a solution failed verification: {exc}")
    except Exception as exc:
        line = failure(puzzle, repr(exc))
    return line, time.process_time() - started


def failure(puzzle: Puzzle, why: str) -> dict[str, Any]:
    """The error line of a puzzle loopsat read but could not solve (an internal error: exit 70)."""
    line: dict[str, Any] = {"file": puzzle.path, "genre": puzzle.genre, "rows": puzzle.rows, "cols": puzzle.cols}
    if puzzle.index is not None:
        line["index"] = puzzle.index
    return {**line, "status": ERROR, "error": f"{puzzle.label}: internal error: {why}", "fault": Fault.INTERNAL}


def line_exit(line: dict[str, Any]) -> Exit:
    """docs/exit-status.md for one report line: bad input 2, no answer in time 3, loopsat's own failure 70."""
    if line["status"] == ERROR:
        return Exit.INTERNAL if line.get("fault") == Fault.INTERNAL else Exit.BAD_INPUT
    return Exit.TIMED_OUT if line["status"] == Status.UNKNOWN else Exit.SOLVED
