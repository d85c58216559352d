"""A time limit on the whole of one puzzle, not only on CP-SAT's part of it.

CP-SAT stops itself at its `max_time_in_seconds`, but the Python around it (the frontier DP,
deduction, building the model) would run on: an empty 12×12 `--count --time-limit 5` once took
41 s. An interval timer's SIGALRM raises TimeUp in whatever Python code the main thread runs.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

# The alarm rings this long after the deadline, so that CP-SAT, told the deadline itself, stops
# first and cleanly whenever it is the one running; the alarm is for Python that overruns.
GRACE = 0.5


class TimeUp(Exception):
    """The puzzle's time limit ran out in Python code."""


@contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    """Raise TimeUp in the block once `seconds` (+ GRACE) have passed.

    Only the main thread receives signals: elsewhere (or without SIGALRM) this does nothing and
    CP-SAT's own limit is all there is. An enclosing alarm and its handler are restored after.
    """
    if seconds is None or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    armed = True

    def ring(_signum: int, _frame: FrameType | None) -> None:
        if armed:
            raise TimeUp

    started = time.monotonic()
    previous = signal.signal(signal.SIGALRM, ring)
    outer, outer_interval = signal.setitimer(signal.ITIMER_REAL, seconds + GRACE)
    try:
        yield
    finally:
        armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:  # an enclosing timer keeps its own deadline (a tiny delay if it has passed)
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - started), 1e-3), outer_interval)
