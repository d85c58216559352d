"""The CP-SAT backend as a whole: what it imports, and how it stops."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from children import stop_on_terminal

from loopsat import mcc
from loopsat.cpsat import Search
from loopsat.genres import read_puzzles, slitherlink
from loopsat.puzzle import Puzzle
from loopsat.solver.pipeline import solve

PUZZLES = Path(__file__).parent.parent / "puzzles"


def test_a_cpsat_solve_loads_neither_pandas_nor_numpy() -> None:
    """OR-Tools' cp_model imports both (0.6 s of start-up): the backend writes the proto itself.
    A process of its own, since the test session may have imported them already."""
    path = PUZZLES / "slitherlink" / "pzprjs-5x5.slither"
    code = f"""
import sys
from loopsat.genres import read_puzzles
from loopsat.solver.pipeline import solve
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

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 0.5)
    try:
        with pytest.raises(Alarm):
            solve(Puzzle("slitherlink", "empty", ("." * 7,) * 7, {}), mode="count", strategy="circuit")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    # The CP-SAT thread has ended. Counted by its name, not by threading.active_count(): under
    # load that count once grew by a thread that was not the search's (a thread of the process
    # that some library started meanwhile), and the test failed for nothing.
    assert [thread for thread in threading.enumerate() if thread.name == "cp-sat"] == []


def test_ctrl_c_during_an_enumeration_ends_the_process_normally(tmp_path: Path) -> None:
    """CP-SAT's own SIGINT handler, called on the main thread while the search runs in another,
    aborted the process (`terminate called ... std::bad_function_call`, exit 134). stderr is a
    terminal, so the progress shows; SIGINT goes once loops are being found."""
    (tmp_path / "empty.slither").write_text(".......\n" * 7)
    args = ["solve", "--count", "--strategy", "circuit", "empty.slither"]
    done = stop_on_terminal(args, signal.SIGINT, when=" found", tmp_path=tmp_path)
    assert "terminate called" not in done.err, done.err
    assert done.status == 130, done.err
