"""The `loopsat` command's frame: the typer app, usage errors as one line, the options every
command shares, and `main`, which turns every failure into one line and an exit status."""

# No `from __future__ import annotations` in the command modules: typer reads every parameter's
# annotation, and evaluating them as strings cost 12 ms of each start-up (get_command 15 ms -> 3 ms).

import sys
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.core

from loopsat.cli import guard
from loopsat.cli.guard import fail as fail
from loopsat.cli.guard import refuse_overwriting as refuse_overwriting
from loopsat.errors import Exit, printable
from loopsat.formats import FORMS
from loopsat.genres import READERS, VARIANTS_OF

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
            if not guard.reader_gone():
                raise
            guard.closed_output()


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


def read_time_limit(value: float | None) -> float | None:
    """--time-limit as every command reads it (deadline.limit_seconds): inf is none, nan or a
    negative number a usage error."""
    from loopsat.deadline import limit_seconds

    try:
        return limit_seconds(value, "")
    except ValueError as exc:
        raise typer.BadParameter(str(exc).strip()) from None


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
    guard.debug = debug


def main() -> None:
    """Entry point: turn every failure into one line and an exit status, never a traceback."""
    guard.guarded(lambda: app(standalone_mode=True))
