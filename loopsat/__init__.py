"""loopsat: grid loop puzzles as Knuth's exact-cover problems, solved with CP-SAT.

The Python API (loopsat/api.py): `load`, `data_sets`, `parse`, `solve`, `solutions`, `count`, `grade`,
`fix`, `export_mcc`, `to_url`, `svg`, and the types `Puzzle`, `Result`, `Solution`, `PuzzleError`. They
are imported on first use, so that `import loopsat` (and the command line's start-up) stays light.
"""

from __future__ import annotations

# Nothing imported here that the interpreter has not: the command's start-up runs this first,
# before it can handle Ctrl-C (loopsat/start.py), and typing alone took 20 ms of it.
TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from typing import Any

    from loopsat.api import (
        Result,
        Solution,
        count,
        data_sets,
        export_mcc,
        fix,
        grade,
        load,
        parse,
        solutions,
        solve,
        svg,
        to_url,
    )
    from loopsat.errors import PuzzleError
    from loopsat.puzzle import Puzzle

__version__ = "0.1.0"
__all__ = [
    "Puzzle",
    "PuzzleError",
    "Result",
    "Solution",
    "__version__",
    "count",
    "data_sets",
    "export_mcc",
    "fix",
    "grade",
    "load",
    "parse",
    "solutions",
    "solve",
    "svg",
    "to_url",
]
_HOME = {"Puzzle": "loopsat.puzzle", "PuzzleError": "loopsat.errors"}


def __getattr__(name: str) -> Any:
    """Import the API on first use (PEP 562)."""
    if name not in __all__ or name == "__version__":
        raise AttributeError(f"module 'loopsat' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_HOME.get(name, "loopsat.api")), name)
