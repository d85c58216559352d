"""The `loopsat` command line: app.py is the frame, one module per command registers it on the
app, output.py prints. Importing the package registers every command, in the order `--help`
lists them."""

# isort: off
from loopsat.cli import solve as _solve  # noqa: F401  (each import registers its commands)
from loopsat.cli import files as _files  # noqa: F401
from loopsat.cli import slink as _slink  # noqa: F401
from loopsat.cli import batch as _batch  # noqa: F401
from loopsat.cli import convert as _convert  # noqa: F401
from loopsat.cli import explain as _explain  # noqa: F401
from loopsat.cli import generate as _generate  # noqa: F401
from loopsat.cli import serve as _serve  # noqa: F401
from loopsat.cli import fix as _fix  # noqa: F401
from loopsat.cli import check as _check  # noqa: F401

# isort: on
from typing import Any

from loopsat.cli.app import Form, Genre, Variant, app, main

__all__ = ["Form", "Genre", "Variant", "app", "main", "read_file"]


def __getattr__(name: str) -> Any:
    """`read_file`, the name scripts knew for `loopsat.load`: the API loads on first use only."""
    if name != "read_file":
        raise AttributeError(f"module 'loopsat.cli' has no attribute {name!r}")
    from loopsat.api import load

    return load
