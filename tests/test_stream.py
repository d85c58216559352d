"""`loopsat.solutions()` streams from the search (pipeline.stream): the caller may stop it at any
solution, and stopping it stops and joins the CP-SAT thread."""

from __future__ import annotations

import gc
import signal
import threading
import time
from itertools import islice
from pathlib import Path

import pytest

import loopsat
from loopsat.solver.pipeline import Mode, Stopped, stream

# An empty 12×12 Slitherlink board has about 10^20 loops: listing them first would never end.
EMPTY = loopsat.parse(("." * 12 + "\n") * 12, "slitherlink")[0]


def searching() -> list[str]:
    return [thread.name for thread in threading.enumerate() if thread.name == "cp-sat"]


def test_the_first_solution_comes_at_once_and_dropping_the_iterator_stops_the_search() -> None:
    first = next(loopsat.solutions(EMPTY))  # the iterator is dropped at once
    gc.collect()
    assert len(first.h) == 13 and "1" in "".join(first.h)
    assert searching() == []


def test_break_after_three_stops_the_search() -> None:
    found = []
    for solution in loopsat.solutions(EMPTY):
        found.append(solution)
        if len(found) == 3:
            break
    gc.collect()
    assert len({solution.edges for solution in found}) == 3
    assert searching() == []


def test_close_joins_the_search_while_it_runs() -> None:
    solutions = loopsat.solutions(EMPTY)
    assert len(list(islice(solutions, 5))) == 5
    assert searching() == ["cp-sat"]  # paused between solutions, not finished
    solutions.close()
    assert searching() == []


def test_the_time_limit_never_rings_in_the_callers_code() -> None:
    """The caller dawdles past the limit after a solution: no TimeUp is raised in its sleep, and
    the stream then ends, incomplete (the solutions CP-SAT queued meanwhile are not handed out)."""
    (board,) = loopsat.parse(("." * 6 + "\n") * 6, "slitherlink")  # 10^8 loops or so
    found = stream(board, mode=Mode.ALL, time_limit=0.5)
    with pytest.raises(StopIteration) as finished:
        while True:
            next(found)
            time.sleep(1.2)  # past the limit and its alarm's grace
    outcome = finished.value.value
    assert not outcome.complete and outcome.count <= 1
    assert searching() == []


def test_an_interrupt_thrown_in_carries_what_was_yielded() -> None:
    found = stream(EMPTY, mode=Mode.ALL)
    yielded = list(islice(found, 4))
    with pytest.raises(Stopped) as stopped:
        found.throw(KeyboardInterrupt())
    assert stopped.value.outcome.solutions == yielded
    assert searching() == []


def test_streamed_solutions_are_the_listed_ones() -> None:
    (puzzle,) = loopsat.parse("2..\n...\n", "slitherlink")
    listed = loopsat.solve(puzzle, mode="all").solutions
    assert {s.edges for s in loopsat.solutions(puzzle)} == {s.edges for s in listed}
    assert len(listed) > 3


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the thread's signal mask from /proc")
def test_the_search_thread_leaves_ctrl_c_to_the_main_thread() -> None:
    """SIGINT blocked in the CP-SAT thread, so that the main thread's blocking it (while the CLI
    writes a drawing) holds it off, rather than the kernel handing it to the search thread."""
    solutions = loopsat.solutions(EMPTY)
    next(solutions)
    (thread,) = [thread for thread in threading.enumerate() if thread.name == "cp-sat"]
    status = Path(f"/proc/self/task/{thread.native_id}/status").read_text()
    blocked = int(status.split("SigBlk:")[1].split()[0], 16)
    solutions.close()
    assert blocked & (1 << (signal.SIGINT - 1))
