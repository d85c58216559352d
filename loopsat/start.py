"""The `loopsat` command's first instructions: Ctrl-C and SIGTERM handled before anything heavy.

Importing the command line (typer, rich, the genres; OR-Tools later) takes 0.3-0.9 s under load,
and an interrupt in it printed a traceback or exited 70. This module imports nothing of its
own at the top, so the console script and `python -m loopsat` reach `main` at once; `main`
installs loopsat/signals.py's handlers, then imports the rest. Every stop ends here as exit 130
(SIGINT) or 143 (SIGTERM), without a traceback.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from types import FrameType

from loopsat import plain_signal as signal  # without its enums (nothing else of loopsat's)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (and re): the quick --help needs neither
if TYPE_CHECKING:
    from typing import NoReturn

_STOPPED = 130  # the status loopsat.cli gives a stop, and SIGINT's: SIGTERM's (143) is told apart here
# The collector's first generation runs every GEN0 allocations, not Python's 700: the imports
# allocate tens of thousands of objects that all live on, and the collections that kept sweeping
# them cost 2 % of a 5×5 `solve --json` (callgrind: 193.6M instructions, 189.5M with 20,000,
# 189.0M with the collector off) and 0.6 % of a 40×40 (1026.8M, 1020.4M). Garbage cycles wait
# at most that many allocations longer (a few MB).
GEN0 = 20_000


def main(quick: bool = True) -> NoReturn:
    """Run the command line; a stop anywhere in it, its imports included, is a quiet exit.
    `quick`: by the quick start (cli/quick.py) where it applies; else typer's path throughout."""
    gc.set_threshold(GEN0)
    try:
        from loopsat import signals

        signals.install()
        if quick:
            from loopsat.cli.quick import main as command
        else:
            from loopsat.cli import main as command

        command()
        code: object = 0
    except KeyboardInterrupt:
        code = _stop_status()
    except SystemExit as done:
        code = _stop_status() if done.code == _STOPPED else done.code
    _leave(code)


def _stop_status() -> int:
    signals = sys.modules.get("loopsat.signals")
    return signals.status() if signals is not None and hasattr(signals, "status") else _STOPPED


def _leave(code: object) -> NoReturn:
    """Flush the output and exit with `code`. A stop from here on is only noted (raised, it would
    print a traceback over finished output); one heard before the output is flushed makes the
    status 130 or 143, as a stop at any earlier instant would."""
    noted: list[int] = []

    def note(signum: int, _frame: FrameType | None) -> None:
        noted.append(signum)

    for signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, note)
    flushed = True
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # closed by the shell (`>&-`): the command has said so on stderr
            continue
        flushed = False
        with contextlib.suppress(OSError, ValueError):  # a closed or broken stream: the command said what it could
            stream.flush()
            flushed = True
    if noted:
        code = 128 + noted[0]
    if flushed and type(code) is int and _nothing_left():
        os._exit(code)
    # Everything alive is exempt from the collections of the interpreter's shutdown, which swept
    # the whole heap for nothing the process still needs (the OS takes its memory back): 0.04 of
    # a 40×40's 0.24 CPU-s, 0.09 of a 60×60's 0.49. The flushes above and atexit still run.
    gc.freeze()
    sys.exit(code)  # type: ignore[arg-type]


def _nothing_left() -> bool:
    """Whether the interpreter's shutdown has nothing to do but free memory the OS takes back: the
    quick start served the command (typer's commands write files and start workers), no thread
    was started (threading not imported), no exit hook waits (atexit's count, CPython's), and no
    profiler or tracer reads the run at its end. Then the process ends at once: its shutdown,
    module by module, cost a fresh 5×5 `solve --json` 4.8 M of its 148.6 M instructions and a
    60×60 6.8 M (callgrind)."""
    import atexit

    waiting = getattr(atexit, "_ncallbacks", None)
    return (
        "typer" not in sys.modules
        and "threading" not in sys.modules
        and waiting is not None
        and waiting() == 0
        and sys.gettrace() is None
        and sys.getprofile() is None
    )
