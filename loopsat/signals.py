"""Ctrl-C and SIGTERM as one clean stop: exit 130 or 143, never a traceback nor a crash.

The command line installs `stop_handler` for both signals (loopsat/start.py). It raises
KeyboardInterrupt (Terminated for SIGTERM), so every path that stops cleanly on Ctrl-C (the
count so far, the progress bar's cursor restored, the CP-SAT threads joined) does the same on
SIGTERM. Raised inside an import it would leave the module half initialised: an interrupt in
OR-Tools' initialisation became ImportError('initialization failed'), exit 70, or a segfault.
There it is put off: sent again to the main thread a moment later, until it lands outside.
"""

from __future__ import annotations

import _thread
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from loopsat import plain_signal as signal  # without its enums

STOPS = frozenset({signal.SIGINT, signal.SIGTERM})
_HELD = STOPS | {signal.SIGALRM}  # and the time limit's alarm (loopsat/deadline.py)
# An interrupt that lands in an import is raised again this long after: an import is a few
# milliseconds, OR-Tools' the longest (0.3-0.9 s under load), so a stop is late by at most this.
IMPORT_RETRY = 0.05

heard: list[int] = []  # the stop signals the main thread has raised as exceptions, in order


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled as Ctrl-C is; the process then exits 143 (128 + SIGTERM)."""


def status() -> int:
    """The exit status of a stopped command: 143 after a SIGTERM, else 130 (128 + SIGINT)."""
    return 128 + signal.SIGTERM if signal.SIGTERM in heard else 128 + signal.SIGINT


def importing(frame: FrameType | None) -> bool:
    """Whether the main thread is inside an import (importlib's frames are on its stack)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def running(frame: FrameType | None, code: object) -> bool:
    """Whether `code` (a function's __code__) runs in `frame` or one of its callers."""
    while frame is not None:
        if frame.f_code is code:
            return True
        frame = frame.f_back
    return False


def stop_handler(signum: int, frame: FrameType | None) -> None:
    """SIGINT raises KeyboardInterrupt, SIGTERM Terminated; inside an import (or the hook of
    dropped exceptions, where it would be lost), a moment later."""
    if importing(frame) or running(frame, _HeardAgain.__call__.__code__):
        later(signum)
        return
    heard.append(signum)
    raise Terminated if signum == signal.SIGTERM else KeyboardInterrupt


def later(signum: int) -> None:
    """Send `signum` to the main thread again after IMPORT_RETRY seconds. A real signal, not
    _thread.interrupt_main, which only sets a flag: a main thread blocked by then (waiting for
    CP-SAT's next loop, minutes away) did not see it until it woke (tests/test_dropped.py). A bare
    _thread, not threading's Timer: threading is not imported by a plain solve (5 M instructions
    of a 5×5's 190 M), and importing it here, in a handler, could meet it half imported."""
    _thread.start_new_thread(_send_later, (_main[0], signum))


def _send_later(main: int, signum: int) -> None:
    time.sleep(IMPORT_RETRY)
    signal.pthread_kill(main, signum)


_main: list[int] = []  # the main thread's ident, noted by install(): only it may set handlers


def install() -> None:
    """`stop_handler` for SIGINT and SIGTERM, where the process does not ignore them (a shell's
    background job starts with SIGINT ignored, and it stays so), and neither blocked."""
    _main[:] = [_thread.get_ident()]
    for signum in STOPS:
        if signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, stop_handler)
    # Blocked, they would never stop it: a mask is inherited from the parent, and one that held
    # Ctrl-C off when it started a child (as the CLI's sections once leaked it) hung three tests.
    # Tests also start loopsat with them blocked, to stop it at an instant of their choosing
    # after this line: a stop sent before is raised here.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
    sys.unraisablehook = _HeardAgain(sys.unraisablehook)


class _HeardAgain:
    """An unraisable-exception hook that raises a dropped stop again in the main thread's work:
    a KeyboardInterrupt raised in a gc callback, a destructor or a weakref callback is printed
    ("Exception ignored in ...") and dropped by Python, and the stop would be lost. It is sent
    again a moment later (`later`): sent at once, it was raised in this hook, and lost there."""

    def __init__(self, previous: Callable[[sys.UnraisableHookArgs], object]) -> None:
        self.previous = previous

    def __call__(self, what: sys.UnraisableHookArgs) -> None:
        if isinstance(what.exc_value, KeyboardInterrupt) and heard:
            later(heard[-1])
        else:
            self.previous(what)


@contextmanager
def held() -> Iterator[None]:
    """Put SIGINT, SIGTERM and SIGALRM off until the block ends, then raise them: for lines that
    must not be cut (a thread started and not yet joinable, a drawing half written).

    Python's handlers are swapped, not the thread's signal mask: a signal blocked in the main
    thread is delivered to another one, whose handler then runs in the main thread all the same.
    Off the main thread (no handler runs there) the block just runs.
    """
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []

    def note(signum: int, _frame: FrameType | None) -> None:
        pending.append(signum)

    previous = {signum: signal.getsignal(signum) for signum in _HELD}
    for signum, handler in previous.items():
        if callable(handler):  # SIG_DFL ends the process, SIG_IGN ignores: nothing to put off
            signal.signal(signum, note)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            if callable(handler):
                signal.signal(signum, handler)
        for late in dict.fromkeys(pending):
            _thread.interrupt_main(late)  # type: ignore[arg-type]  # a number: its stub asks the enum


_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def die_with(parent: int) -> None:
    """Make this (child) process die with its `parent`, even of a SIGKILL: PR_SET_PDEATHSIG on
    Linux, for the thread that forked it (so fork from the main thread); elsewhere nothing. A
    parent gone before the call has made this process an orphan: it ends at once."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)
