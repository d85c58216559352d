"""Several searches for one answer at once, each in its own thread: the first to answer wins.

CP-SAT's time on a hard model is heavy-tailed, and the tail falls on different models for
different searches (another loop condition, inprocessing on or off). Running two of them side by
side costs twice the CPU but waits only for the faster, on one core as on two (time-shared, each
gets half: still better than guessing which one to run). CP-SAT's own portfolio (num_workers=2)
was much slower on these models (search.py). The answer is the same whoever wins: a loop, or
none; only a time-out depends on the machine.
"""

from __future__ import annotations

import queue
import signal
import threading
from collections.abc import Callable, Sequence

from loopsat.cpsat.encodings import Solution
from loopsat.cpsat.search import Search, TimedOut

Plan = Sequence[Callable[[], Search]]  # searches one thread makes and runs in turn


def race(plans: Sequence[Plan]) -> Solution | None:
    """The first answer of `find` among the plans: a solution, or None when one proved there is
    none. Each plan is run in its own thread, its searches in turn while each times out; raises
    TimedOut when every search of every plan did."""
    answers: queue.Queue[tuple[Solution | None] | BaseException | None] = queue.Queue()
    started: list[Search] = []
    lock = threading.Lock()
    over = threading.Event()

    def run(plan: Plan) -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # Ctrl-C is the main thread's
        try:
            for make in plan:
                with lock:
                    if over.is_set():
                        break
                    search = make()
                    started.append(search)
                try:
                    answers.put((search.find(),))
                    return
                except TimedOut:
                    continue
            answers.put(None)  # every search of the plan timed out, or the race was over
        except BaseException as error:  # raised again in the caller's thread
            answers.put(error)

    threads = [threading.Thread(target=run, args=(plan,), name="race", daemon=True) for plan in plans]
    for thread in threads:
        thread.start()
    try:
        for _ in threads:
            answer = answers.get()
            if isinstance(answer, BaseException):
                raise answer
            if answer is not None:
                return answer[0]
        raise TimedOut
    finally:
        over.set()
        with lock:
            for search in started:
                search.stop()
        for thread in threads:
            thread.join()
