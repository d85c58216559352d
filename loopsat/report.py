"""The batch report: JSON Lines that survive any kill, and the resume logic that trusts them.

A line is written, flushed and fsync'd the moment its puzzle is answered, so a finished answer
is on disk before the next one is counted. A kill can therefore only tear the very last line;
`read_report` drops that torn tail, keeps every complete line byte for byte, and tells the batch
which puzzles (path, data-set index, content hash) are already answered; it writes nothing, so
the batch touches the file only once it has all it needs to start (its Dask cluster, say).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any, BinaryIO

from loopsat.errors import PuzzleError, printable

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
                draft = path.with_name(f".{path.name}.tmp")  # a dot file: never taken for a puzzle
                with draft.open("wb") as out:
                    out.write(b"".join(kept))
                    _sync(out)
                os.replace(draft, path)
            self._file: BinaryIO = path.open("ab")
        except OSError as exc:
            raise _error(path, 1, f"cannot write the report ({exc.strerror or exc})") from None
        with contextlib.suppress(OSError):  # make the file's directory entry durable too (POSIX)
            folder = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)

    def write(self, line: dict[str, Any]) -> None:
        self._file.write(json.dumps(line).encode() + b"\n")
        _sync(self._file)

    def close(self) -> None:
        self._file.close()


def _sync(file: BinaryIO) -> None:
    file.flush()
    os.fsync(file.fileno())


def read_report(path: Path, resume: bool, wanted: set[Key]) -> tuple[list[bytes] | None, dict[Key, dict[str, Any]]]:
    """What `Report(path, kept)` should start from, and the lines already answering a `wanted` puzzle.

    Without `resume` the report starts empty (`kept` = []). With it, a torn last line is cut off,
    lines of files since changed or removed are dropped, and the first line of each wanted puzzle
    is kept byte for byte; `kept` is None when that leaves the file as it is (append to it).
    """
    if not resume:
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
        data = path.read_bytes()
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
    except ValueError:
        return None
    if not isinstance(line, dict) or not isinstance(line.get("path"), str) or "sha256" not in line:
        return None
    return line


def _error(path: Path, line: int, message: str) -> PuzzleError:
    return PuzzleError(printable(str(path)), line, 1, message)  # the report's name reaches the terminal
