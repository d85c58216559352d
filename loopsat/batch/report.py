"""The batch report: JSON Lines that survive any kill, and the resume logic that trusts them.

A line is written, flushed and fsync'd the moment its puzzle is answered, so a finished answer
is on disk before the next one is counted. A kill can therefore only tear the very last line;
`read_report` drops that torn tail, keeps every complete line byte for byte, and tells the batch
which puzzles (path, data-set index, content hash) are already answered; it writes nothing, so
the batch touches the file only once it has all it needs to start (its Dask cluster, say).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from loopsat.errors import OutputError, PuzzleError, printable, write_failed
from loopsat.safefile import LINK, Refused, append, lock_file, open_regular, write_all, write_file

Key = tuple[str, int | None, str | None]


def key_of(line: dict[str, Any]) -> Key:
    """What makes a line the answer to one puzzle: its file (relative to DIR), data set, content."""
    return line["path"], line.get("index"), line["sha256"]


class Report:
    """An append-only JSON Lines file whose every line is durable once `write` returns."""

    def __init__(self, path: Path, kept: list[bytes] | None) -> None:
        """Append to `path` as it is (`kept` None), or first replace it atomically by the `kept` lines."""
        self.path = path
        try:
            if kept is not None:
                write_file(path, b"".join(kept), replace=True)
            self._fd = append(path)
        except OSError as exc:
            if write_failed(exc):
                raise OutputError(f"{printable(str(path))}: error: cannot write the report ({exc.strerror})") from None
            raise _error(path, 1, f"cannot write the report ({exc.strerror or exc})") from None

    def write(self, line: dict[str, Any]) -> None:
        """One line, all of it or none: a failed write (a full disk, `ulimit -f`) is cut off,
        so the report stays whole lines, and raised as an OutputError."""
        end = os.lseek(self._fd, 0, os.SEEK_END)
        try:
            write_all(self._fd, json.dumps(line).encode() + b"\n")
            os.fsync(self._fd)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, end)
            raise OutputError(
                f"{printable(str(self.path))}: error: cannot write the report ({exc.strerror or exc}); "
                "it holds the answers before this one, and --resume goes on from there"
            ) from None

    def close(self) -> None:
        os.close(self._fd)


@contextmanager
def lock(path: Path) -> Iterator[None]:
    """Hold the report for one batch: a second batch on it would file every puzzle twice.

    The lock is `fcntl.flock` on `.NAME.lock` beside the report (the report itself is replaced,
    not rewritten, so its inode cannot hold a lock); ReportBusy when another process holds it.
    """
    where = path.with_name(f".{path.name}.lock")
    try:
        fd = lock_file(where)
    except Refused as exc:
        raise _error(where, 1, f"the report's lock file is {exc.strerror}; remove it") from None
    except OSError as exc:
        if os.path.lexists(where):  # something else is there (a folder)
            raise _error(where, 1, f"cannot open the report's lock file ({exc.strerror or exc})") from None
        raise _error(path, 1, f"cannot write the report ({exc.strerror or exc})") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ReportBusy(
                f"another loopsat batch is writing the report {path} (it holds {where}); "
                "wait for it to end, or name another --report"
            ) from None
        yield
    finally:
        os.close(fd)  # which releases the lock


class ReportBusy(Exception):
    """Another batch holds the report."""


def check_ours(path: Path) -> None:
    """Refuse to replace a file that is no loopsat report: a link, a device, or a file whose
    first line is no report line (a torn first line, a report killed at once, is one)."""
    try:
        data = _read(path, 4096)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _error(path, 1, f"cannot read the report ({exc.strerror or exc})") from None
    first, newline, _rest = data.partition(b"\n")
    if first.strip() and _parse(first) is None and (newline or not first.startswith(b"{")):
        raise _error(path, 1, "the file exists and is not a loopsat report (not overwritten); name another --report")


def _read(path: Path, most: int | None = None) -> bytes:
    """The report's bytes (the first `most`), never through a link, never from a FIFO or device."""
    try:
        fd = open_regular(path, os.O_RDONLY)
    except Refused as exc:
        if exc.strerror == LINK:
            raise _error(path, 1, "the report is a symbolic link (not followed); name the file itself") from None
        raise _error(path, 1, "the report is not a regular file; name another --report") from None
    try:
        with os.fdopen(fd, "rb", closefd=False) as file:
            return file.read() if most is None else file.read(most)
    finally:
        os.close(fd)


def read_report(path: Path, resume: bool, wanted: set[Key]) -> tuple[list[bytes] | None, dict[Key, dict[str, Any]]]:
    """What `Report(path, kept)` should start from, and the lines already answering a `wanted` puzzle.

    Without `resume` the report starts empty (`kept` = []). With it, a torn last line is cut off,
    lines of files since changed or removed are dropped, and the first line of each wanted puzzle
    is kept byte for byte; `kept` is None when that leaves the file as it is (append to it).
    """
    if not resume:
        check_ours(path)
        return [], {}
    data, lines = _complete_lines(path)
    kept: list[bytes] = []
    done: dict[Key, dict[str, Any]] = {}
    for raw, line in lines:
        key = key_of(line)
        if key in wanted and key not in done:
            kept.append(raw)
            done[key] = line
    return (None if b"".join(kept) == data else kept), done


def _complete_lines(path: Path) -> tuple[bytes, list[tuple[bytes, dict[str, Any]]]]:
    """The report's bytes, and every line but a torn last one, raw and parsed; bad lines elsewhere are errors."""
    try:
        data = _read(path)
    except FileNotFoundError:
        return b"", []
    except OSError as exc:
        raise _error(path, 1, f"cannot read the report ({exc.strerror or exc})") from None
    bodies = data.split(b"\n")
    if not bodies[-1]:
        bodies.pop()  # the final newline; a non-empty tail is a line the kill cut short
    lines = []
    for number, body in enumerate(bodies, start=1):
        line = _parse(body)
        if line is not None:
            lines.append((body + b"\n", line))
        elif body.strip() and number < len(bodies):
            raise _error(path, number, "not a loopsat report line; repair or delete it, or run without --resume")
    return data, lines


def _parse(raw: bytes) -> dict[str, Any] | None:
    try:
        line = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: brackets nested a thousand deep
        return None
    if not isinstance(line, dict) or not isinstance(line.get("path"), str) or "sha256" not in line:
        return None
    return line


def _error(path: Path, line: int, message: str) -> PuzzleError:
    return PuzzleError(printable(str(path)), line, 1, message)  # the report's name reaches the terminal
