"""Every CP-SAT run happens in a worker thread while the caller waits, interruptibly.

CP-SAT's own Ctrl-C handling is off (`catch_sigint_signal`): it installs a C signal handler that
calls a thread_local std::function, so a SIGINT delivered to the main thread while the search
runs in another thread calls an empty function and aborts the process (`terminate called after
throwing an instance of 'std::bad_function_call'`, exit 134), and when a solve ends it resets
SIGINT to SIG_DFL, which removes Python's handler. Instead the caller waits on a queue, where
Python's signal handlers still run: an exception that reaches it (KeyboardInterrupt, an alarm's
time-out) stops the search, joins the worker and propagates.
"""

from __future__ import annotations

import queue
import sys
import threading
import weakref
from collections.abc import Callable, Generator
from typing import Any, TypeVar

from ortools.sat.python import cp_model_helper as cmh

from loopsat.cpsat.proto import Model
from loopsat.signals import held
from loopsat.workers import leave_signals_to_main

T = TypeVar("T")
# Loops the search may run ahead of its consumer (which verifies each, slower) before it waits:
# a bound on memory, not a speed knob. `solve --all -q` of an empty 4×4 (9,349 loops) took the
# same CPU and peak memory with 16, 1024 or 65,536 (1.04× and 0.95× of 1024, within noise, 70 MB).
HANDOVER = 1024
_FINISHED = object()


class _Hand(cmh.SolutionCallback):
    """Hands each solution, as `read` makes it, to the consumer; stops the search at `limit`."""

    def __init__(self, read: Callable[[cmh.SolutionCallback], object], handed: _Handover, limit: int | None) -> None:
        super().__init__()
        self.read, self.handed, self.left = read, handed, limit

    def OnSolutionCallback(self) -> None:  # the name CP-SAT calls
        self.handed.put(self.read(self))
        if self.left is not None:
            self.left -= 1
            if self.left <= 0:
                self.StopSearch()


class _Handover:
    """A queue of at most `size` items from the search's thread to its consumer, made of C-level
    queues alone: an exception that a signal handler raises in the consumer's wait (Ctrl-C, the
    time limit's alarm) ends that wait cleanly. queue.Queue's Python-level Condition, cut by one,
    could be left with its lock released: "RuntimeError: release unlocked lock" then replaced the
    exception (tests/test_cpsat_backend.py, under load)."""

    def __init__(self, size: int) -> None:
        self._items: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._room: queue.SimpleQueue[None] = queue.SimpleQueue()  # one token per free place
        for _ in range(size):
            self._room.put(None)

    def put(self, item: object) -> None:
        """From the search's thread: wait for a free place (its consumer is the slower)."""
        self._room.get()
        self._items.put(item)

    def finish(self) -> None:
        """From the search's thread, last: _FINISHED, which never waits for a place."""
        self._items.put(_FINISHED)

    def get(self, timeout: float | None = None) -> Any:
        """From the consumer: the next item (queue.Empty after `timeout` seconds)."""
        item = self._items.get(timeout=timeout)
        self._room.put(None)  # (a place lost to an exception between the two calls is one of HANDOVER)
        return item


class Stopper:
    """Stops, from any thread, the CP-SAT runs handed to it: the one going on, and every later
    one at once (it then ends without an answer, as if out of time)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: list[cmh.SolveWrapper] = []
        self.stopped = False

    def stop(self) -> None:
        with self._lock:
            self.stopped = True
            for wrapper in self._running:
                wrapper.stop_search()

    def _started(self, wrapper: cmh.SolveWrapper) -> None:
        with self._lock:
            self._running.append(wrapper)
            if self.stopped:
                wrapper.stop_search()  # a stop before the search starts holds too

    def _ended(self, wrapper: cmh.SolveWrapper) -> None:
        with self._lock:
            self._running.remove(wrapper)


def run(
    model: Model,
    parameters: cmh.SatParameters,
    read: Callable[[cmh.SolutionCallback], T] | None = None,
    limit: int | None = None,
    stopper: Stopper | None = None,
) -> Generator[T, None, cmh.CpSolverResponse]:
    """One CP-SAT search; yields `read` of each solution when given (enumeration), then returns
    the response. Closing the generator early, an exception while it waits, or `stopper` stops
    the search.
    """
    parameters.catch_sigint_signal = False
    wrapper = cmh.SolveWrapper()
    wrapper.set_parameters(parameters)
    stopper = stopper or Stopper()
    stopper._started(wrapper)
    handed = _Handover(HANDOVER)  # what `read` makes, then _FINISHED
    if read is not None:
        hand = _Hand(read, handed, limit)
        wrapper.add_solution_callback(hand)
    outcome: list[cmh.CpSolverResponse | BaseException] = []

    def search() -> None:
        # Ctrl-C (and SIGTERM) is the main thread's alone. Linux hands a process's SIGINT to another thread
        # while the main one blocks it (cli.output.Heard does, while a drawing is written), and the
        # C handler there marks it pending for the main thread, which then raised it mid-write:
        # tests/test_interrupt.py once saw 481 drawings under "interrupted after 480 solutions".
        leave_signals_to_main()
        try:
            outcome.append(wrapper.solve(model.proto))
        except BaseException as error:  # a bug in `read`: raised again in the caller's thread
            outcome.append(error)
        finally:
            handed.finish()

    worker = threading.Thread(target=search, name="cp-sat", daemon=True)
    # Left unfinished (an API user's iterator kept in a variable past the end of the program),
    # this generator is closed only while the interpreter is torn down, when the search's
    # callback into Python would abort the process: `weakref.finalize` stops and joins it at
    # exit (its atexit hook), or as soon as the generator is dropped.
    ending = _Ending()
    finalizer = weakref.finalize(ending, _end, wrapper, worker, handed)
    try:
        with held():  # a stop inside start() would leave a thread that nothing joins
            worker.start()
        while (item := handed.get()) is not _FINISHED:
            yield item
    finally:
        finalizer.detach()
        late = _end(wrapper, worker, handed)
        stopper._ended(wrapper)
        if late is not None and isinstance(sys.exc_info()[1], (GeneratorExit, type(None))):
            raise late  # nothing else on its way up (a close is no error): this one must be heard
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


class _Ending:
    """What a search's finalizer is attached to: dropped with the generator's frame."""


def _end(wrapper: cmh.SolveWrapper, worker: threading.Thread, handed: _Handover) -> BaseException | None:
    """Stop the search and wait for its thread (`_wait_for`); nothing to wait for when never started."""
    wrapper.stop_search()  # a stop before the search starts holds too: it then returns at once
    return _wait_for(worker, handed) if worker.ident is not None else None


def _wait_for(worker: threading.Thread, handed: _Handover) -> BaseException | None:
    """Until the stopped search has ended, so that no CP-SAT thread outlives its caller (one that
    calls back into a finalizing interpreter aborts the process). The queue is drained for a
    callback blocked on it. An exception meanwhile (an interrupt, an alarm) does not cut the wait
    short: the first is returned, for the caller to raise unless another is on its way already."""
    late: BaseException | None = None
    while worker.is_alive():
        try:
            handed.get(timeout=0.05)
        except queue.Empty:
            pass
        except BaseException as error:  # kept, and raised by the caller
            late = late or error
    worker.join()
    return late


def solve(model: Model, parameters: cmh.SatParameters, stopper: Stopper | None = None) -> cmh.CpSolverResponse:
    """One CP-SAT search for a single solution, waited for interruptibly."""
    try:
        next(run(model, parameters, stopper=stopper))  # without `read` nothing is yielded: the search's end returns
    except StopIteration as finished:
        response: cmh.CpSolverResponse = finished.value
        return response
    raise AssertionError("a search without `read` yielded a solution")
