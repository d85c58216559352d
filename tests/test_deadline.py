"""--time-limit bounds the whole puzzle, not only CP-SAT.

The puzzles here are slow by construction, on any machine: the frontier DP's work grows about
3× per vertex of width (an empty 14×14 board: 6.9 CPU-s), so an empty 16×16 takes about a
minute or more; a 300×300 Masyu leaves CP-SAT no time
after its model is built, however fast that is. The only time asserted is a generous
bound on the hang itself: without the deadline these would run for minutes, not fail.
"""

from __future__ import annotations

import signal
import threading
import time

import pytest
from typer.testing import CliRunner

from loopsat import cli
from loopsat.deadline import TimeUp, deadline
from loopsat.puzzle import Puzzle
from loopsat.solver.pipeline import solve

HANG = 60.0  # seconds: far below the unbounded runs, far above a time limit of 0.5 s
UNCOUNTABLE = 16  # the side of an empty board the DP counts in no less than about a minute


def _empty(genre: str, rows: int, cols: int) -> Puzzle:
    return Puzzle(genre, "empty", ("." * cols,) * rows)


@pytest.mark.parametrize(
    ("puzzle", "mode", "strategy"),
    [
        (_empty("slitherlink", UNCOUNTABLE, UNCOUNTABLE), "count", "frontier"),  # the DP
        (_empty("slitherlink", UNCOUNTABLE, UNCOUNTABLE), "count", "auto"),  # the DP, then nothing else
        (_empty("masyu", 300, 300), "unique", "auto"),  # building the model
    ],
)
def test_the_time_limit_bounds_python_work_too(puzzle: Puzzle, mode: str, strategy: str) -> None:
    started = time.monotonic()
    outcome = solve(puzzle, mode=mode, strategy=strategy, time_limit=0.5)
    assert time.monotonic() - started < HANG
    assert not outcome.complete and outcome.status == "unknown" and outcome.exit_status == 3


def test_the_cli_reports_the_time_out_with_exit_3(tmp_path) -> None:
    path = tmp_path / "empty.slither"
    path.write_text(("." * UNCOUNTABLE + "\n") * UNCOUNTABLE)
    done = CliRunner().invoke(cli.app, ["solve", "--count", "--strategy", "frontier", "--time-limit", "0.5", str(path)])
    assert done.exit_code == 3
    assert done.stdout == "no count (incomplete: limit or time limit reached)\n"


def test_the_deadline_restores_the_handler_and_an_enclosing_timer() -> None:
    def outer(_signum: int, _frame: object) -> None:
        raise AssertionError("the enclosing alarm rang early")

    previous = signal.signal(signal.SIGALRM, outer)
    try:
        signal.setitimer(signal.ITIMER_REAL, 30.0)
        with pytest.raises(TimeUp), deadline(0.01):
            time.sleep(5)
        assert signal.getsignal(signal.SIGALRM) is outer
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 20.0 < left <= 30.0
        with deadline(10.0):
            pass
        assert signal.getsignal(signal.SIGALRM) is outer and signal.getitimer(signal.ITIMER_REAL)[0] > 20.0
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_time_out_inside_a_section_that_holds_ctrl_c_off_lets_it_through_again() -> None:
    """The CLI blocks SIGINT while it writes a drawing; TimeUp raised there, before the section
    unblocks it, must not leave Ctrl-C blocked (the processes started later inherit the mask:
    three Ctrl-C tests of one CI run hung that way)."""
    with pytest.raises(TimeUp), deadline(0.01):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        time.sleep(5)  # the time-out lands before the section lets Ctrl-C through
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, ())


def test_off_the_main_thread_the_deadline_does_nothing() -> None:
    seen: list[object] = []

    def work() -> None:
        with deadline(0.01):
            time.sleep(0.6)
            seen.append(signal.getsignal(signal.SIGALRM))

    before = signal.getsignal(signal.SIGALRM)
    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert seen == [before]
