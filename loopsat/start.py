"""The `loopsat` command's first instructions: Ctrl-C and SIGTERM handled before anything heavy.

Importing the command line (typer, rich, the genres; OR-Tools later) takes 0.3-0.9 s under load,
and an interrupt in it printed a traceback or exited 70. This module imports nothing of its
own at the top, so the console script and `python -m loopsat` reach `main` at once; `main`
installs loopsat/signals.py's handlers, then imports the rest. Every stop ends here as exit 130
(SIGINT) or 143 (SIGTERM), without a traceback.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from types import FrameType

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (and re): the quick --help needs neither
if TYPE_CHECKING:
    from typing import NoReturn

_STOPPED = 130  # the status loopsat.cli gives a stop, and SIGINT's: SIGTERM's (143) is told apart here


def main(quick: bool = True) -> NoReturn:
    """Run the command line; a stop anywhere in it, its imports included, is a quiet exit.
    `quick`: by the quick start (cli/quick.py) where it applies; else typer's path throughout."""
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
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # closed by the shell (`>&-`): the command has said so on stderr
            continue
        with contextlib.suppress(OSError, ValueError):  # a closed or broken stream: the command said what it could
            stream.flush()
    if noted:
        code = 128 + noted[0]
    # Everything alive is exempt from the collections of the interpreter's shutdown, which swept
    # the whole heap for nothing the process still needs (the OS takes its memory back): 0.04 of
    # a 40×40's 0.24 CPU-s, 0.09 of a 60×60's 0.49. The flushes above and atexit still run.
    import gc

    gc.freeze()
    sys.exit(code)  # type: ignore[arg-type]
