"""The `loopsat` command line: app.py is the typer frame, one module per command registers it on
the app (commands.py imports them all), output.py prints, quick.py starts `loopsat solve` and
`loopsat --help` without typer. The package itself imports nothing: its names (`app`, `main`,
the choices) load the whole command line on first use, so that the quick start stays quick."""

from __future__ import annotations

import sys
import types

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the quick --help needs none of it
if TYPE_CHECKING:
    from typing import Any

    from loopsat.cli.commands import Form, Genre, Variant, app, main

__all__ = ["Form", "Genre", "Variant", "app", "main", "read_file"]


def __getattr__(name: str) -> Any:
    """The command line's names, imported on first use (PEP 562); `read_file` is the name
    scripts knew for `loopsat.load`."""
    if name == "read_file":
        from loopsat.api import load

        return load
    if name not in __all__:
        raise AttributeError(f"module 'loopsat.cli' has no attribute {name!r}")
    from loopsat.cli import commands

    return getattr(commands, name)


class _CommandLine(types.ModuleType):
    """The package, whose `app` is the typer app: importing the module cli/app.py would bind the
    name to that module (it did not when this package imported the app eagerly)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if not (name == "app" and isinstance(value, types.ModuleType)):
            super().__setattr__(name, value)


sys.modules[__name__].__class__ = _CommandLine
