"""The one policy for work off the main thread: its signals blocked, no fork, the CPUs it may use."""

from __future__ import annotations

import os
import signal
from concurrent.futures import ThreadPoolExecutor

from loopsat import workers


def test_a_worker_thread_leaves_every_handled_signal_to_the_main_thread() -> None:
    with ThreadPoolExecutor(1, initializer=workers.leave_signals_to_main) as pool:
        mask = pool.submit(signal.pthread_sigmask, signal.SIG_BLOCK, ()).result()
    assert mask >= workers.MAIN_THREAD_SIGNALS
    assert {signal.SIGINT, signal.SIGTERM, signal.SIGALRM, signal.SIGUSR1} <= workers.MAIN_THREAD_SIGNALS


def test_processes_are_never_forked_from_this_one() -> None:
    assert workers.process_context().get_start_method() in ("forkserver", "spawn")


def test_pools_fit_the_cpus_this_process_may_use() -> None:
    allowed = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    assert workers.cpus() == (len(allowed) if allowed is not None else os.cpu_count() or 1)
