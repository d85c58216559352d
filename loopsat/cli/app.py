"""The `loopsat` command's frame: the typer app, usage errors as one line, the options every
command shares, and `main`, which turns every failure into one line and an exit status."""

# No `from __future__ import annotations` in the command modules: typer reads every parameter's
# annotation, and evaluating them as strings cost 12 ms of each start-up (get_command 15 ms -> 3 ms).

import os
import select
import sys
import traceback
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
import typer.core

from loopsat.errors import Exit, OutputError, PuzzleError, VerificationError, printable, write_failed
from loopsat.formats import FORMS
from loopsat.genres import READERS, VARIANTS_OF
from loopsat.stdio import discard_stdout, flush_stdout, prepare_stdout

# click's exceptions, from the click typer uses (its own copy in recent versions).
_CLICK: Any = sys.modules[typer.BadParameter.__module__]
_NO_ARGS = getattr(_CLICK, "NoArgsIsHelpError", ())  # click 8.2 on: `loopsat` alone, answered by the help


class _OneLineErrors(typer.core.TyperGroup):
    """Usage mistakes as one line on stderr (every error is one line), where click draws a
    usage block and rich a panel; the exit status stays 2."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        def run(standalone: bool) -> Any:
            return super(_OneLineErrors, self).main(
                args, prog_name, complete_var, standalone, windows_expand_args=windows_expand_args, **extra
            )

        if not standalone_mode:
            return run(False)
        try:
            status = run(False)
        except _NO_ARGS as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except _CLICK.ClickException as exc:
            command = exc.ctx.command_path if isinstance(exc, _CLICK.UsageError) and exc.ctx else None
            hint = f" (see `{command} --help`)" if command else ""
            typer.echo(printable(f"error: {exc.format_message()}{hint}"), err=True)
            sys.exit(int(Exit.BAD_INPUT))
        except typer.Abort:  # end of input at a prompt, or Ctrl-C
            sys.exit(int(Exit.INTERRUPTED))
        sys.exit(status if isinstance(status, int) else 0)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # before typer, which makes it exit 1
            if not _reader_gone():
                raise
            _closed_output()


def _reader_gone() -> bool:
    """Whether stdout is a pipe whose reader has closed it (poll reports an error): a broken
    pipe of anything else (a batch worker's) is a bug to report, not the end of the output."""
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except (OSError, ValueError, AttributeError):  # no file behind stdout (a test's stand-in), or no poll
        return False


def _closed_output() -> NoReturn:
    """The reader of stdout went away (`loopsat solve ... | head -1`): end quietly, with the
    status of a C tool that SIGPIPE killed (docs/exit-status.md). SIGPIPE itself stays ignored,
    as Python sets it: the batch's pipes to its workers rely on BrokenPipeError. Stdout goes to
    /dev/null first, or the interpreter's last flush would complain on stderr."""
    discard_stdout()
    sys.exit(int(Exit.CLOSED_OUTPUT))


class PlainUsage(typer.core.TyperCommand):
    """Usage lines as click and man pages write them, `loopsat solve [OPTIONS] FILE...`: typer
    braces a required argument (`{FILE...}`), which reads like a choice."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)
        return [piece[1:-1] if piece.startswith("{") and piece.endswith("}") else piece for piece in pieces]


app = typer.Typer(
    cls=_OneLineErrors,
    add_completion=False,
    no_args_is_help=True,
    help="Solve grid loop puzzles with CP-SAT and speak Knuth's exact-cover MCC format.",
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

# The choices come from the modules that implement them: the CLI knows no genre.
Genre = StrEnum("Genre", {name: name for name in READERS})  # type: ignore[misc]
# The FILE argument of every command that reads any puzzle source.
PuzzleSource = Annotated[
    str, typer.Argument(metavar="FILE", help="Puzzle file, URL or game ID (`-` for stdin; FILE#N: one data set).")
]
# --genre of every command that reads puzzles by their suffix.
GenreOption = Annotated[Genre | None, typer.Option("--genre", help="Genre, when the suffix does not tell.")]
# The FILE argument and -o of the commands that write one puzzle's text (export, render).
OnePuzzleFile = Annotated[
    str, typer.Argument(metavar="FILE", help="Puzzle file (`-` for stdin; FILE#N: one data set).")
]
OutputFile = Annotated[Path | None, typer.Option("-o", "--output", metavar="OUT", help="Write here instead of stdout.")]
Form = StrEnum("Form", {name: name for name in FORMS})  # type: ignore[misc]
Variant = StrEnum("Variant", {v: v for variants in VARIANTS_OF.values() for v in variants})  # type: ignore[misc]
AUTO_VARIANT = Variant(next(iter(VARIANTS_OF.values()))[0])  # every genre's first: `auto`


_debug = False  # --debug: tracebacks for internal errors


def read_time_limit(value: float | None) -> float | None:
    """--time-limit as every command reads it (deadline.limit_seconds): inf is none, nan or a
    negative number a usage error."""
    from loopsat.deadline import limit_seconds

    try:
        return limit_seconds(value, "")
    except ValueError as exc:
        raise typer.BadParameter(str(exc).strip()) from None


def fail(message: str, status: Exit) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(int(status))


def genre_name(genre: StrEnum | None) -> str | None:
    """--genre as the API takes it."""
    return None if genre is None else genre.value


def _print_version(wanted: bool) -> None:
    if wanted:
        from loopsat import __version__

        typer.echo(f"loopsat {__version__}")
        raise typer.Exit(int(Exit.SOLVED))


@app.callback()
def _root(
    debug: Annotated[bool, typer.Option("--debug", help="Show a traceback on internal errors.")] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    global _debug
    _debug = debug


def refuse_overwriting(target: Path | None, inputs: list[str]) -> None:
    """An output file that is one of the inputs would destroy it before (or while) it is read."""
    if target is None or not target.exists():
        return
    for path in inputs:
        if path != "-" and os.path.exists(path) and os.path.samefile(target, path):
            fail(f"{printable(str(target))}:1:1: error: the output is the input {printable(path)}", Exit.BAD_INPUT)


def main() -> None:
    """Entry point: turn every failure into one line and an exit status, never a traceback."""
    try:
        try:
            prepare_stdout()
            app(standalone_mode=True)
        finally:
            flush_stdout()  # here a failure is still reported; at exit it would be lost
    except OutputError as exc:
        _output_failed(str(exc))
    except VerificationError as exc:
        if _debug:
            traceback.print_exc()
        typer.echo(f"loopsat: internal error: a solution failed verification: {exc}", err=True)
        sys.exit(int(Exit.INTERNAL))
    except PuzzleError as exc:
        typer.echo(str(exc), err=True)
        sys.exit(int(Exit.BAD_INPUT))
    except KeyboardInterrupt:
        sys.exit(int(Exit.INTERRUPTED))
    except BrokenPipeError as exc:
        if _reader_gone():
            _closed_output()
        _internal_error(exc)
    except OSError as exc:
        if not write_failed(exc):  # reading is PuzzleError's: what is left is stdout's failed write
            _internal_error(exc)
        _output_failed(f"loopsat: error: cannot write the output ({exc.strerror or exc})")
    except Exception as exc:
        _internal_error(exc)


def _output_failed(message: str) -> NoReturn:
    """A write failed: say what, exit 74; what stdout still holds goes nowhere."""
    typer.echo(message, err=True)
    discard_stdout()
    sys.exit(int(Exit.IO_ERROR))


def _internal_error(exc: Exception) -> NoReturn:
    if _debug:
        traceback.print_exc()
    typer.echo(f"loopsat: internal error: {exc!r} (run with --debug for a traceback)", err=True)
    sys.exit(int(Exit.INTERNAL))
