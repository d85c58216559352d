"""The quick start: `loopsat solve FILE...`, `loopsat --help` and `--version` without typer.

typer and click were half of a small puzzle's whole run (callgrind: 153M of 446M instructions for
a 5×5; `--help` 333M in all). Here only argument lists whose reading by typer is certain are
served: `solve` with files and the simple options below, each given as its own word with a
valid value, and the top-level `--help` rendered ahead (cli/helptext.py). Anything else (another
command, a `--opt=value`, `--`, a bad value, `--help` of a command, a completion request) goes to
typer unchanged, which then says what it says. The options are the solve command's own
(cli/solve.py); tests/test_quick.py holds this reading to click's on generated argument lists
and both whole paths to the same output, so a change to one that the other lacks fails there.
"""

from __future__ import annotations

import importlib
import os
import sys
import types

from loopsat.cli import guard

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the quick --help needs none of it
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# solve's boolean options: the word, the parameter of cli/solving.run it sets.
FLAGS = {
    "--json": "as_json",
    "--quiet": "quiet",
    "-q": "quiet",
    "--all": "all_",
    "--count": "count",
    "--certain": "certain",
    "--disjoint": "disjoint",
    "--mcc": "as_mcc",
}


def _genre(text: str) -> str:
    from loopsat.genres import READERS

    if text not in READERS:
        raise ValueError(text)
    return text


def _strategy(text: str) -> Any:
    from loopsat.status import Strategy

    return Strategy(text)


def _limit(text: str) -> int:
    number = int(text)  # as click's IntRange(min=1) reads it
    if number < 1:
        raise ValueError(text)
    return number


def _time_limit(text: str) -> float | None:
    from loopsat.deadline import limit_seconds

    return limit_seconds(float(text), "")  # click's float, then the option's callback


# solve's options that take a value: the word, the parameter, how typer would read the value
# (ValueError: typer is left to say what is wrong with it).
VALUED: dict[str, tuple[str, Callable[[str], Any]]] = {
    "--genre": ("genre", _genre),
    "--strategy": ("strategy", _strategy),
    "--limit": ("limit", _limit),
    "--time-limit": ("time_limit", _time_limit),
}


def solve_arguments(words: list[str]) -> tuple[list[str], dict[str, Any]] | None:
    """The files and the options (by cli/solving.run's parameter names) of `loopsat solve WORDS`,
    or None where this reading is not certain to be typer's."""
    files: list[str] = []
    options: dict[str, Any] = {}
    rest = iter(words)
    for word in rest:
        if word in FLAGS:
            options[FLAGS[word]] = True
        elif word in VALUED:
            value = next(rest, None)
            if value is None or value.startswith("-"):
                return None
            name, read = VALUED[word]
            try:
                options[name] = read(value)
            except ValueError:
                return None
        elif word.startswith("-") and word != "-":
            return None
        else:
            files.append(word)
    return (files, options) if files else None


def _job(argv: list[str]) -> Callable[[], None] | None:
    """What to run for `argv`, or None for typer."""
    if any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return None  # a shell's completion request: typer's
    if argv == ["--help"]:
        from loopsat.cli import helptext

        text = helptext.cached(_program_name())
        return None if text is None else lambda: guard.echo(text, nl=False)
    if argv == ["--version"]:
        from loopsat import __version__

        return lambda: guard.echo(f"loopsat {__version__}")
    debug = False
    while argv[:1] == ["--debug"]:
        argv, debug = argv[1:], True
    if argv[:1] != ["solve"] or (read := solve_arguments(argv[1:])) is None:
        return None
    files, options = read
    guard.debug = debug

    def solve() -> None:
        _defer("inspect")
        _defer("copy")
        from loopsat.cli.solving import run

        run(files, **options)

    return solve


def _defer(name: str) -> None:
    """Import the standard module `name` on first use of one of its names, not at its import.
    dataclasses imports inspect (and with it ast, dis and tokenize: 22 M of a 5×5 solve's 294 M
    instructions) for one call, made only for a class without a docstring; and copy (with
    weakref, and a search of the path for Jython's `org.python.core`: 3.7 M) for `asdict` and
    `astuple` alone, which a solve never calls."""
    if name in sys.modules:
        return

    class Deferred(types.ModuleType):
        def __getattr__(self, attribute: str) -> Any:
            if sys.modules.get(name) is self:
                del sys.modules[name]
            return getattr(importlib.import_module(name), attribute)

    sys.modules[name] = Deferred(name)


def _program_name() -> str | None:
    """The name click gives the program in a usage line, in the two ways `loopsat` is started;
    None for any other."""
    package = getattr(sys.modules["__main__"], "__package__", None)
    base = os.path.basename(sys.argv[0])
    if not package and base == "loopsat":
        return "loopsat"
    if package == "loopsat" and base == "__main__.py":
        return "python -m loopsat"
    return None


def main() -> None:
    """Run the process's arguments quickly where it can, else through typer."""
    job = _job(sys.argv[1:])
    if job is None:
        from loopsat.cli import main as command

        command()
        return
    guard.guarded(lambda: _as_typer_would(job))


def _as_typer_would(job: Callable[[], None]) -> None:
    """Run `job`, ending as typer's path ends a command that raises these: end of input as a
    stop, a broken pipe as its reader gone (exit 141) or else click's exit 1."""
    import errno

    from loopsat.errors import Exit
    from loopsat.stdio import discard_stdout

    try:
        job()
    except EOFError:
        guard.echo(err=True)
        raise SystemExit(int(Exit.INTERRUPTED)) from None
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        if guard.reader_gone():
            guard.closed_output()
        discard_stdout()
        raise SystemExit(1) from None  # click's status for a broken pipe that is not stdout's reader
