"""Standard output that never fails in silence: closed, full, or cut short by `ulimit -f`."""

from __future__ import annotations

import io
import os
import sys

from loopsat.errors import Exit, OutputError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (and re): the quick --help needs neither
if TYPE_CHECKING:
    from typing import Any


def prepare_stdout() -> None:
    """Check standard output before anything is done, and make its failures raise.

    Closed (`>&-`), Python has no sys.stdout and every print would vanish; worse, the next file
    opened would take descriptor 1 and receive what was meant for stdout. Under PYTHONUNBUFFERED,
    sys.stdout writes straight to a FileIO, and its text layer drops the rest of a short write (a
    full disk, `ulimit -f`) without a word: a BufferedWriter writes the rest and raises. Line
    buffering keeps the output as prompt as unbuffered (the drawings of `solve --all` stream).
    """
    if sys.stdout is None:
        raise OutputError("loopsat: error: standard output is closed (use >/dev/null to discard the output)")
    old = sys.stdout
    if isinstance(old, io.TextIOWrapper) and isinstance(old.buffer, io.FileIO):
        encoding, errors = old.encoding, old.errors
        raw = old.detach()  # the old wrapper no longer owns descriptor 1: collecting it closes nothing
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=encoding, errors=errors, line_buffering=True)


def flush_stdout() -> None:
    """Flush standard output now, where a failure can still be reported (at exit it would not be)."""
    if sys.stdout is not None:
        sys.stdout.flush()


def discard_stdout() -> None:
    """Point descriptor 1 at /dev/null, so that the interpreter's last flush of what could not
    be written neither complains on stderr nor changes the exit status (to 120)."""
    _to_devnull(sys.stdout)


def _to_devnull(stream: Any) -> None:
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):  # closed, or a test's stand-in with no descriptor
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def stderr_console() -> Any:
    """rich's Console on stderr, for messages and tables. When its reader has gone (`loopsat
    batch DIR 2>&1 | head -1`) loopsat ends as for a closed stdout, quietly with exit 141
    (docs/exit-status.md), where rich's own Console exits 1."""
    from rich.console import Console

    class Quiet(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            for stream in (sys.stdout, sys.stderr):
                _to_devnull(stream)
            raise SystemExit(int(Exit.CLOSED_OUTPUT))

    return Quiet(stderr=True)
