"""The CP-SAT backend as a whole: what it imports, and how it stops."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest
from children import ctrl_c_heard

from loopsat import mcc
from loopsat.cpsat import Search
from loopsat.genres import read_puzzles, slitherlink
from loopsat.pipeline import solve
from loopsat.puzzle import Puzzle

PUZZLES = Path(__file__).parent.parent / "puzzles"


def test_a_cpsat_solve_loads_neither_pandas_nor_numpy() -> None:
    """OR-Tools' cp_model imports both (0.6 s of start-up): the backend writes the proto itself.
    A process of its own, since the test session may have imported them already."""
    path = PUZZLES / "slitherlink" / "pzprjs-5x5.slither"
    code = f"""
import sys
from loopsat.genres import read_puzzles
from loopsat.pipeline import solve
[puzzle] = read_puzzles({str(path)!r}, open({str(path)!r}, "rb").read())
assert solve(puzzle, strategy="lazy").status == "unique"
assert solve(puzzle, mode="count", strategy="circuit").count == 1
assert "loopsat.cpsat.search" in sys.modules
print(sorted({{name.split(".")[0] for name in sys.modules}} & {{"pandas", "numpy"}}))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"


def empty_board_mcc(rows: int, cols: int) -> Puzzle:
    """An empty Slitherlink board as MCC text, read back as an MCC puzzle (no genre's help)."""
    board = Puzzle("slitherlink", "board", ("." * cols,) * rows, {})
    text = mcc.write(slitherlink.cover(board)).encode()
    [puzzle] = read_puzzles("empty.mcc", text)
    return puzzle


def test_mcc_loops_are_counted_in_one_cpsat_run(monkeypatch: pytest.MonkeyPatch) -> None:
    def solve_again(*_: object) -> None:
        raise AssertionError("counting solved once per loop")

    monkeypatch.setattr(Search, "solutions", solve_again)
    puzzle = empty_board_mcc(3, 3)
    assert puzzle.genre == "mcc"
    outcome = solve(puzzle, mode="count")
    assert (outcome.count, outcome.complete) == (213, True)  # A140517(3), each loop verified


class Alarm(Exception):
    """What a SIGALRM handler raises in the main thread: a time-out of the caller's own."""


def test_an_exception_in_the_waiting_caller_stops_and_joins_the_search() -> None:
    """An empty 7×7 board has 603,841,648,931 loops: the enumeration is under way when the
    alarm rings, wherever the main thread is then (waiting for a loop, or verifying one)."""

    def ring(*_: object) -> None:
        raise Alarm

    before = threading.active_count()
    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 0.5)
    try:
        with pytest.raises(Alarm):
            solve(Puzzle("slitherlink", "empty", ("." * 7,) * 7, {}), mode="count", strategy="circuit")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert threading.active_count() == before  # the CP-SAT thread has ended


def test_ctrl_c_during_an_enumeration_ends_the_process_normally(tmp_path: Path) -> None:
    """CP-SAT's own SIGINT handler, called on the main thread while the search runs in another,
    aborted the process (`terminate called ... std::bad_function_call`, exit 134). stderr is a
    terminal, so the progress shows; SIGINT goes once loops are being found (or after 60 s)."""
    board = tmp_path / "empty.slither"
    board.write_text(".......\n" * 7)
    terminal, child_end = pty.openpty()
    fcntl.ioctl(child_end, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # rich draws nothing 0 wide
    command = [sys.executable, "-m", "loopsat", "solve", "--count", "--strategy", "circuit", str(board)]
    env = {**os.environ, "TERM": "xterm"}  # rich shows no live progress on a dumb terminal
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=child_end, env=env, preexec_fn=ctrl_c_heard)
    os.close(child_end)
    shown = b""

    def read_terminal(seconds: float) -> None:
        nonlocal shown
        if select.select([terminal], [], [], seconds)[0]:
            with contextlib.suppress(OSError):  # EIO once the process has closed its end
                shown += os.read(terminal, 65536)

    try:
        deadline = time.monotonic() + 60
        while b"found" not in shown and process.poll() is None and time.monotonic() < deadline:
            read_terminal(0.2)
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
        read_terminal(0.5)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(terminal)
    assert b"terminate called" not in shown, shown
    assert process.returncode == 130, shown
