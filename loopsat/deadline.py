"""A time limit on the whole of one puzzle, not only on CP-SAT's part of it.

CP-SAT stops itself at its `max_time_in_seconds`, but the Python around it (the frontier DP,
deduction, building the model) would run on: an empty 12×12 `--count --time-limit 5` once took
41 s. An interval timer's SIGALRM raises TimeUp in whatever Python code the main thread runs.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from types import FrameType

from loopsat import plain_signal as signal  # without its enums
from loopsat.signals import importing, running

# The alarm rings this long after the deadline, so that CP-SAT, told the deadline itself, stops
# first and cleanly whenever it is the one running; the alarm is for Python that overruns.
ALARM_GRACE = 0.5


# And again at this interval until the block ends: it does not ring inside an import, which it
# would leave half done (networkx then refused to load again: "Algorithm already exists in
# dispatch namespace", found by tests/test_fuzz.py), and library code may catch and drop it.
ALARM_RETRY = 0.25

# A TimeUp raised inside a gc callback, a destructor or a weakref callback is dropped by Python
# and printed as "Exception ignored in ..." (seen under hypothesis, whose gc callback times every
# collection). The deadline hears of it through sys.unraisablehook, says nothing, and rings again
# this soon: such a callback has ended by then (the next ring then lands in the work itself).
ALARM_AGAIN = 1e-3


# A limit longer than this is none: a year is no limit on one puzzle, and setitimer's timeval
# overflowed at 1e19 s (OverflowError, exit 70, in every command and the API).
FOREVER = 365 * 24 * 3600.0


class TimeUp(Exception):
    """The puzzle's time limit ran out in Python code."""


def limit_seconds(value: float | str | None, name: str = "time limit") -> float | None:
    """A time limit as given (a number or its text) in seconds; None for none, as are `inf` and
    anything beyond FOREVER. The one reading of a limit: every command and the API use it.
    ValueError, naming `name`, for nan, a negative number or no number at all."""
    if value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} {value!r}: expected a number of seconds") from None
    if math.isnan(number) or number < 0:
        raise ValueError(f"{name} {value!r}: expected a number of seconds, 0 or more (inf: none)")
    return None if number > FOREVER else number


class Budget:
    """One time limit spent on the steps of a command in turn (reading, solving, drawing)."""

    def __init__(self, limit: float | None) -> None:
        self.limit = limit_seconds(limit)
        self.started = time.monotonic()

    def left(self) -> float | None:
        """The seconds left (None: no limit)."""
        return None if self.limit is None else max(0.0, self.limit - (time.monotonic() - self.started))

    def bound(self) -> AbstractContextManager[None]:
        """A `deadline` of the seconds left: TimeUp in the block once they are spent."""
        return deadline(self.left())


@contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    """Raise TimeUp in the block once `seconds` (+ ALARM_GRACE) have passed.

    Only the main thread receives signals: elsewhere (or without SIGALRM) this does nothing and
    CP-SAT's own limit is all there is. An enclosing alarm and its handler are restored after.
    """
    if seconds is not None and not seconds <= FOREVER:  # inf, or a timer setitimer cannot set
        seconds = None
    if seconds is None or not hasattr(signal, "setitimer") or not _main_thread():
        yield
        return
    armed = True

    def ring(_signum: int, frame: FrameType | None) -> None:
        if armed and not importing(frame) and not running(frame, dropped.__code__):
            raise TimeUp

    unraisable = sys.unraisablehook

    def dropped(what: sys.UnraisableHookArgs) -> None:
        if armed and isinstance(what.exc_value, TimeUp):
            signal.setitimer(signal.ITIMER_REAL, ALARM_AGAIN, ALARM_RETRY)
        else:
            unraisable(what)

    started = time.monotonic()
    # TimeUp can land inside a section that holds signals off (cli.output.Heard blocks Ctrl-C while a
    # drawing is written) before it lets them through again: the mask is restored on the way out,
    # or Ctrl-C stays blocked for the rest of the process and the processes it starts.
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    previous = signal.signal(signal.SIGALRM, ring)
    outer, outer_interval = signal.setitimer(signal.ITIMER_REAL, seconds + ALARM_GRACE, ALARM_RETRY)
    sys.unraisablehook = dropped
    try:
        yield
    finally:
        armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        if sys.unraisablehook is dropped:  # another hook set in the block is not ours to undo
            sys.unraisablehook = unraisable
        signal.signal(signal.SIGALRM, previous)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if outer:  # an enclosing timer keeps its own deadline (a tiny delay if it has passed)
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - started), 1e-3), outer_interval)


def _main_thread() -> bool:
    """Whether this is the main thread (threading is imported here: a solve without a time limit
    never asks, and its import is 5 M instructions of a 5×5's 190 M)."""
    import threading

    return threading.current_thread() is threading.main_thread()
