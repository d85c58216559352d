"""A time-out or a stop raised where Python drops exceptions is still raised in the work.

Python prints and drops an exception raised in a gc callback, a destructor or a weakref callback
("Exception ignored in ..."); hypothesis times every collection with a gc callback. The time
limit's alarm (loopsat/deadline.py) or a Ctrl-C / SIGTERM (loopsat/signals.py) that lands there
must neither be lost nor printed. The signal is made to arrive there, not waited for: the work
after it would sleep for minutes if it were lost.
"""

from __future__ import annotations

import gc
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from loopsat import signals
from loopsat.deadline import TimeUp, deadline


class _Rings:
    """An object whose destructor is where the signal arrives."""

    def __init__(self, signum: int) -> None:
        self.signum = signum

    def __del__(self) -> None:
        signal.raise_signal(self.signum)


def _in_a_gc_callback(signum: int) -> None:
    def ring(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            signal.raise_signal(signum)  # its handler runs here, before raise_signal returns

    gc.callbacks.append(ring)
    try:
        gc.collect()
    finally:
        gc.callbacks.remove(ring)


def _in_a_destructor(signum: int) -> None:
    _Rings(signum)  # dropped at once


PLACES = [_in_a_gc_callback, _in_a_destructor]


@contextmanager
def _unraisable() -> Iterator[list[sys.UnraisableHookArgs]]:
    """What reaches the unraisable-exception hook (which would print it) in the block."""
    heard: list[sys.UnraisableHookArgs] = []
    previous = sys.unraisablehook
    sys.unraisablehook = heard.append
    try:
        yield heard
    finally:
        sys.unraisablehook = previous


@pytest.mark.parametrize("arrive", PLACES)
def test_a_time_out_there_is_raised_in_the_work(arrive: Callable[[int], None]) -> None:
    with _unraisable() as printed, pytest.raises(TimeUp), deadline(60.0):  # its own alarm is far off
        arrive(signal.SIGALRM)
        time.sleep(120)  # TimeUp cuts it short
    assert printed == []


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("arrive", PLACES)
def test_a_stop_there_is_raised_in_the_work(arrive: Callable[[int], None], signum: int) -> None:
    handlers = {stop: signal.getsignal(stop) for stop in signals.STOPS}
    heard = list(signals.heard)
    with _unraisable() as printed:
        try:
            signals.install()  # as the command line does: its handlers and its hook
            with pytest.raises(KeyboardInterrupt):
                arrive(signum)
                time.sleep(120)  # the stop cuts it short
        finally:
            for stop, handler in handlers.items():
                signal.signal(stop, handler)
            signals.heard[:] = heard
    assert printed == []
