"""loopsat: grid loop puzzles as Knuth's exact-cover problems, solved with CP-SAT.

The Python API (loopsat/api.py): `load`, `data_sets`, `parse`, `solve`, `solutions`, `count`, `export_mcc`,
`to_url`, `svg`, `fix`, and the types `Puzzle`, `Result`, `Solution`, `PuzzleError`. They are imported
on first use, so that `import loopsat` (and the command line's start-up) stays light.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from loopsat.api import (
        Result,
        Solution,
        count,
        data_sets,
        export_mcc,
        fix,
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
    return getattr(importlib.import_module(_HOME.get(name, "loopsat.api")), name)
