"""Starting a `loopsat` process that a test will interrupt, and waiting for what it shows."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

STOPS = {signal.SIGINT, signal.SIGTERM}
PATIENCE = 120.0  # seconds to wait for an event the test needs: only a broken process takes that long


def ctrl_c_heard() -> None:
    """`preexec_fn` for a child the test sends SIGINT: a shell's background job (`make test &`,
    `nohup ... &`) starts with SIGINT ignored, the child would inherit that, and Python keeps an
    ignored SIGINT ignored; the tests then waited a minute for a child that never heard it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stops_held() -> None:
    """`preexec_fn` for a child to be stopped at any instant: SIGINT and SIGTERM heard, and
    blocked until loopsat has installed its handlers (its first instructions, loopsat/start.py):
    a stop sent earlier, while the interpreter itself starts, waits for them."""
    ctrl_c_heard()
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)


@dataclass
class Stopped:
    """How a stopped `loopsat` ended: its exit status, stdout, and stderr as its terminal got it."""

    status: int
    out: str
    err: str


def stop_on_terminal(
    args: Sequence[str],
    signum: int,
    *,
    when: str | Callable[[int], bool] | None,
    tmp_path: Path,
    after: float = 0.0,
) -> Stopped:
    """Run `python -m loopsat ARGS` in `tmp_path` with stderr on a terminal (a pseudo-terminal:
    progress shows), stdout to a file, in a session of its own; send `signum` once stderr or
    stdout shows `when` (or `when(pid)` holds; None: at once) and `after` more seconds; then
    wait for its end. No process of its session may be left behind (generate's helper process,
    a batch's worker)."""
    out_path = tmp_path / "out.txt"
    master, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    with out_path.open("w") as stdout:
        process = subprocess.Popen(
            [sys.executable, "-m", "loopsat", *args],
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=terminal,
            preexec_fn=stops_held,
            start_new_session=True,
            cwd=tmp_path,  # short names in the progress line, which a narrow terminal cuts
            env={**os.environ, "COLUMNS": "200"},
        )
    os.close(terminal)
    err = bytearray()
    try:

        def seen() -> bool:
            if callable(when):
                return when(process.pid)
            return when is None or when in err.decode(errors="replace") + out_path.read_text()

        assert _read_until(master, err, seen), f"it ended first: {bytes(err[-500:])!r}"
        time.sleep(after)  # an instant of the test's choosing: any instant must stop it alike
        process.send_signal(signum)
        _read_until(master, err, lambda: False)  # to the end: every process of it has closed the terminal
        status = process.wait(timeout=PATIENCE)
    finally:
        os.close(master)
        process.kill()
        process.wait()
    _assert_session_gone(process.pid)
    return Stopped(status, out_path.read_text(), err.decode(errors="replace"))


def _read_until(master: int, err: bytearray, seen: Callable[[], bool]) -> bool:
    """Read the terminal into `err` until `seen()` (True) or its end (False); AssertionError
    after PATIENCE."""
    waited = time.monotonic() + PATIENCE
    while not seen():
        assert time.monotonic() < waited, f"nothing seen after {PATIENCE} s: {bytes(err[-500:])!r}"
        if select.select([master], [], [], 0.1)[0]:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: every writer has closed the terminal
                return False
            if not chunk:
                return False
            err += chunk
    return True


def children_of(pid: int) -> list[int]:
    """The live processes whose parent is `pid`."""
    return [child for child in _pids() if _stat(child)[1:2] == [str(pid)]]


def _assert_session_gone(session: int) -> None:
    """No process of the session is left (give a dying one PATIENCE to go)."""
    waited = time.monotonic() + PATIENCE
    while left := [pid for pid in _pids() if _session_of(pid) == session]:
        assert time.monotonic() < waited, f"processes left behind: {left}"
        time.sleep(0.05)


def _pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def _stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the name: state, parent, group, session, ... ([] when
    gone, or a zombie, whose parent has only to reap it)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return []
    return [] if fields[0] == "Z" else fields


def _session_of(pid: int) -> int | None:
    fields = _stat(pid)
    return int(fields[3]) if fields else None
