"""What every command shares and typer need not be imported for: printing a line, failing with a
status, and `guarded`, which turns every failure into one line and an exit status, never a
traceback. The quick start (cli/quick.py) runs `loopsat solve` through these without typer."""

from __future__ import annotations

import os
import sys

from loopsat.errors import Exit, OutputError, PuzzleError, VerificationError, printable, write_failed
from loopsat.stdio import discard_stdout, flush_stdout, prepare_stdout

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the quick --help needs none of it
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import NoReturn

debug = False  # --debug: tracebacks for internal errors


def echo(message: str = "", err: bool = False, nl: bool = True) -> None:
    """`message` on stdout (stderr with `err`), flushed, as click's echo writes text: an ANSI
    escape sequence is stripped where the stream is not a terminal (loopsat prints none of its
    own; a puzzle's text might), so the quick start and typer's path print the same bytes."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    text = message + "\n" if nl else message
    if "\x1b" in text and not _isatty(stream):
        import re

        text = re.sub(r"\033\[[;?0-9]*[a-zA-Z]", "", text)  # click's strip_ansi
    if text:
        stream.write(text)
    stream.flush()


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except Exception:  # as click's isatty: a stand-in without one is no terminal
        return False


def fail(message: str, status: Exit) -> NoReturn:
    """`message` on stderr, then exit with `status` (typer's path and the quick start alike)."""
    echo(message, err=True)
    raise SystemExit(int(status))


def refuse_overwriting(target: Path | None, inputs: list[str]) -> None:
    """An output file that is one of the inputs would destroy it before (or while) it is read."""
    if target is None or not target.exists():
        return
    for path in inputs:
        if path != "-" and os.path.exists(path) and os.path.samefile(target, path):
            fail(f"{printable(str(target))}:1:1: error: the output is the input {printable(path)}", Exit.BAD_INPUT)


def guarded(run: Callable[[], object]) -> None:
    """Run the command line: every failure one line on stderr and an exit status."""
    try:
        try:
            prepare_stdout()
            run()
        finally:
            flush_stdout()  # here a failure is still reported; at exit it would be lost
    except OutputError as exc:
        _output_failed(str(exc))
    except VerificationError as exc:
        _traceback()
        echo(f"loopsat: internal error: a solution failed verification: {exc}", err=True)
        sys.exit(int(Exit.INTERNAL))
    except PuzzleError as exc:
        echo(str(exc), err=True)
        sys.exit(int(Exit.BAD_INPUT))
    except KeyboardInterrupt:
        sys.exit(int(Exit.INTERRUPTED))
    except BrokenPipeError as exc:
        if reader_gone():
            closed_output()
        _internal_error(exc)
    except OSError as exc:
        if not write_failed(exc):  # reading is PuzzleError's: what is left is stdout's failed write
            _internal_error(exc)
        _output_failed(f"loopsat: error: cannot write the output ({exc.strerror or exc})")
    except Exception as exc:
        _internal_error(exc)


def reader_gone() -> bool:
    """Whether stdout is a pipe whose reader has closed it (poll reports an error): a broken
    pipe of anything else (a batch worker's) is a bug to report, not the end of the output."""
    import select

    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except (OSError, ValueError, AttributeError):  # no file behind stdout (a test's stand-in), or no poll
        return False


def closed_output() -> NoReturn:
    """The reader of stdout went away (`loopsat solve ... | head -1`): end quietly, with the
    status of a C tool that SIGPIPE killed (docs/exit-status.md). SIGPIPE itself stays ignored,
    as Python sets it: the batch's pipes to its workers rely on BrokenPipeError. Stdout goes to
    /dev/null first, or the interpreter's last flush would complain on stderr."""
    discard_stdout()
    sys.exit(int(Exit.CLOSED_OUTPUT))


def _output_failed(message: str) -> NoReturn:
    """A write failed: say what, exit 74; what stdout still holds goes nowhere."""
    echo(message, err=True)
    discard_stdout()
    sys.exit(int(Exit.IO_ERROR))


def _internal_error(exc: Exception) -> NoReturn:
    _traceback()
    echo(f"loopsat: internal error: {exc!r} (run with --debug for a traceback)", err=True)
    sys.exit(int(Exit.INTERNAL))


def _traceback() -> None:
    """With --debug, the traceback of the exception being handled."""
    if debug:
        import traceback

        traceback.print_exc()
