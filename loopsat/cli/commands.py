"""The whole command line: importing this registers every command on the typer app, in the
order `--help` lists them (each module's import registers its own)."""

# isort: off
from loopsat.cli import solve as _solve  # noqa: F401
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
from loopsat.cli.app import Form, Genre, Variant, app, main

__all__ = ["Form", "Genre", "Variant", "app", "main"]
