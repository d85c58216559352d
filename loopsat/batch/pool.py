"""The process pool: workers the batch can afford to lose. `concurrent.futures` gives up on the
whole pool when one worker dies, so the pool here is its own, with a watchdog that replaces a
dead worker, retries its puzzle once, and kills a worker that overruns the time limit by more
than a grace period."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.context import ForkServerContext, SpawnContext

from loopsat.batch.lines import Answered, BatchError, Job, answer, failure
from loopsat.batch.report import Key
from loopsat.status import Status
from loopsat.workers import process_context

OVERRUN_GRACE = 5.0  # seconds the watchdog allows beyond the time limit (CP-SAT's own limit comes first)
# Imported once by the fork server: a new worker starts warm.
PRELOAD = ("loopsat.cpsat", "loopsat.solver.pipeline", "loopsat.api")
LONGEST_WAIT = 86400.0  # seconds; poll() takes at most 2**31 ms (24.8 days): `--time-limit 1e300` overflowed it


def _serve(conn: Connection) -> None:
    """A pool worker: say it is ready once CP-SAT is imported, then answer until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the batch, which stops the workers
    import loopsat.cpsat  # noqa: F401  (slow to import: before the watchdog's clock starts)

    parent = multiprocessing.parent_process()
    if parent is not None:  # an orphan would solve on, unseen, after a SIGKILL of the batch alone
        threading.Thread(target=lambda: (wait([parent.sentinel]), os._exit(1)), daemon=True).start()
    try:
        conn.send(None)
        while True:
            try:
                puzzle, time_limit = conn.recv()
            except EOFError:
                return
            conn.send(answer(puzzle, time_limit))
    except (BrokenPipeError, ConnectionResetError):  # the batch is gone (a SIGKILL): no one to tell
        return


@dataclass(eq=False)
class _Worker:
    """A worker process, its end of the pipe, and the job it is on (with when it began)."""

    context: ForkServerContext | SpawnContext
    ready: bool = False
    job: Job | None = None
    started: float = 0.0
    conn: Connection = field(init=False)
    process: multiprocessing.process.BaseProcess = field(init=False)

    def __post_init__(self) -> None:
        self.conn, theirs = self.context.Pipe()
        self.process = self.context.Process(target=_serve, args=(theirs,), daemon=True, name="loopsat-worker")
        self.process.start()
        theirs.close()  # so that the worker's death reads as end of file here

    def give(self, job: Job, time_limit: float | None) -> None:
        """Hand over a job. A worker that dies as it is handed one (after `pool_results` saw its
        pipe quiet) cannot take it; its pipe then reads as end of file, and the death is filed
        (and the job retried) like any other."""
        self.job, self.started = job, time.monotonic()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.conn.send((job.puzzle, time_limit))

    def stop(self) -> str:
        """Kill the process; how it ended, for messages."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()
        code = self.process.exitcode or 0
        return f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"


def pool_results(
    jobs: list[Job], workers: int, time_limit: float | None, warn: Callable[[str], None], grace: float = OVERRUN_GRACE
) -> Generator[Answered, None, None]:
    """Answers of `jobs` from `workers` processes, in completion order.

    A worker that dies (segfault, out-of-memory kill, a SIGKILL from outside) is replaced and its
    puzzle retried once, then filed as an error; one still running `time_limit` (plus 10% and a
    `grace` in seconds) after it began is killed and its puzzle filed as unknown.
    """
    from loopsat.api import Result

    context = process_context(PRELOAD)
    pending = deque(jobs)
    deaths: Counter[Key] = Counter()
    crew: list[_Worker] = []
    stillborn = 0
    overrun = None if time_limit is None else time_limit * 1.1 + grace
    try:
        while pending or any(worker.job for worker in crew):
            busy = sum(worker.job is not None for worker in crew)
            crew.extend(_Worker(context) for _ in range(min(workers, busy + len(pending)) - len(crew)))
            for worker in crew:
                # an idle worker sends nothing: one with something to read died (its pipe at end
                # of file), and is filed below without a job. Handed one, its death would count
                # against a puzzle it never saw: a retry given to the second of two workers killed
                # at once was filed as an error ("its worker died twice").
                if worker.ready and worker.job is None and pending and not worker.conn.poll():
                    worker.give(pending.popleft(), time_limit)
            running = [worker.started for worker in crew if worker.job is not None]
            timeout = None if overrun is None or not running else max(0.0, min(running) + overrun - time.monotonic())
            timeout = None if timeout is None else min(timeout, LONGEST_WAIT)
            answered = wait([worker.conn for worker in crew], timeout)
            for worker in list(crew):
                job = worker.job
                if worker.conn in answered:
                    try:
                        reply = worker.conn.recv()
                    except (EOFError, OSError):
                        crew.remove(worker)
                        why = worker.stop()
                        if job is None and not worker.ready:
                            stillborn += 1
                            if stillborn > workers + 2:
                                raise BatchError(f"worker processes die as they start ({why})") from None
                        elif job is not None and deaths[job.key] == 0:
                            deaths[job.key] += 1
                            warn(f"{job.puzzle.label}: worker {why}; retrying once")
                            pending.appendleft(job)
                        elif job is not None:
                            yield job, failure(job.puzzle, f"its worker died twice ({why})"), 0.0
                        continue
                    worker.ready, worker.job = True, None
                    if job is not None:
                        yield job, *reply
                elif job is not None and overrun is not None and time.monotonic() - worker.started >= overrun:
                    crew.remove(worker)
                    worker.stop()
                    spent = time.monotonic() - worker.started
                    warn(f"{job.puzzle.label}: killed after {spent:.1f} s (time limit {time_limit:g} s)")
                    yield job, Result(job.puzzle, Status.UNKNOWN, 0, False, seconds=spent).to_json(), spent
    finally:
        for worker in crew:
            worker.stop()
