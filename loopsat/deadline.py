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


# And again at this interval until the block ends: an exception raised inside a gc callback or a
# destructor is printed and dropped (seen under hypothesis), and the deadline must not be lost;
# nor does it ring inside an import, which it would leave half done (networkx then refused to
# load again: "Algorithm already exists in dispatch namespace", found by tests/test_fuzz.py).
RETRY = 0.25


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

    def ring(_signum: int, frame: FrameType | None) -> None:
        if armed and not _importing(frame):
            raise TimeUp

    started = time.monotonic()
    # TimeUp can land inside a section that holds signals off (cli._Heard blocks Ctrl-C while a
    # drawing is written) before it lets them through again: the mask is restored on the way out,
    # or Ctrl-C stays blocked for the rest of the process and the processes it starts.
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    previous = signal.signal(signal.SIGALRM, ring)
    outer, outer_interval = signal.setitimer(signal.ITIMER_REAL, seconds + GRACE, RETRY)
    try:
        yield
    finally:
        armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if outer:  # an enclosing timer keeps its own deadline (a tiny delay if it has passed)
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - started), 1e-3), outer_interval)


def _importing(frame: FrameType | None) -> bool:
    """Whether the main thread is inside an import (importlib's frames are on its stack)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False
