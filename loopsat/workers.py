"""Work off the main thread, one policy for all of it: signals stay the main thread's, a child
process is never forked from a parent that runs threads, and pools are sized to the CPUs this
process may use. `ahead` is the one worker thread with its answers handed back in order (the
generator's looks near held clues run in it).
"""

from __future__ import annotations

import os
import queue
import signal
import threading
from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, TypeVar

from loopsat.signals import STOPS, held

if TYPE_CHECKING:
    from multiprocessing.context import ForkServerContext, SpawnContext

# Every signal loopsat handles in Python: Ctrl-C and SIGTERM (signals.py), the time limit's
# alarm (deadline.py), the server's stop of a request (serve/worker.py). Python runs handlers in
# the main thread only; a worker thread that let one in would have it marked pending there at a
# moment of the kernel's choosing, and CP-SAT's own SIGINT handler aborts the process when one
# lands on a thread it did not expect.
MAIN_THREAD_SIGNALS = STOPS | {signal.SIGALRM, signal.SIGUSR1}
T = TypeVar("T")
R = TypeVar("R")


def leave_signals_to_main() -> None:
    """Block MAIN_THREAD_SIGNALS in the calling thread: the first line of every worker thread
    (a thread pool's initializer, a Thread's target)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, MAIN_THREAD_SIGNALS)


def process_context(preload: Iterable[str] = ()) -> ForkServerContext | SpawnContext:
    """Start processes from a fork server that has imported `preload` once (quick to start
    more), else by spawning: never a fork of this process, whose other threads may hold a lock
    (a progress bar's, the logging module's) at that moment, held for ever in the child."""
    import multiprocessing  # only here: a thread's user need not import it

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(preload))
    return context


def cpus() -> int:
    """The CPUs this process may run on (its affinity mask, which a container or `taskset`
    narrows), not the machine's count."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def ahead(answer: Callable[[T], R], items: list[T]) -> Generator[R, None, None]:
    """`answer` of each item in turn, worked out ahead in a daemon thread that leaves signals to
    the main thread; an exception there is raised again here, and closing the generator stops
    the thread at its next item."""
    answers: queue.Queue[tuple[R] | BaseException] = queue.Queue()
    stop = threading.Event()

    def work() -> None:
        leave_signals_to_main()
        for item in items:
            if stop.is_set():
                return
            try:
                answers.put((answer(item),))
            except BaseException as error:  # raised again in the caller's thread
                answers.put(error)
                return

    with held():  # started whole, so that the `finally` below stops it
        threading.Thread(target=work, name="ahead", daemon=True).start()
    try:
        for _ in items:
            got = answers.get()
            if isinstance(got, BaseException):
                raise got
            yield got[0]
    finally:
        stop.set()
