"""loopsat: grid loop puzzles as Knuth's exact-cover problems, solved with CP-SAT.

The Python API (loopsat/api.py): `load`, `data_sets`, `parse`, `solve`, `solutions`, `count`, `grade`,
`hint`, `generate`, `fix`, `export_mcc`, `to_url`, `svg`; the types `Puzzle`, `Result`, `Solution`,
`PuzzleError`, and the enums `Mode`, `Status`, `Strategy`. They are imported on first use
(`dir(loopsat)` lists them all the same), so that `import loopsat` (and the command line's start-up)
stays light. `certain` and `explain` are loopsat.api's only: here their names are the modules
loopsat.solver.certain and loopsat.solver.explain, which the import system binds on the package when they
load (a name here would mean the function or the module by the order of imports).
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
        generate,
        grade,
        hint,
        load,
        parse,
        solutions,
        solve,
        svg,
        to_url,
    )
    from loopsat.errors import PuzzleError
    from loopsat.puzzle import Puzzle
    from loopsat.solver.pipeline import Mode, Status, Strategy

__version__ = "0.1.0"
__all__ = [
    "Mode",
    "Puzzle",
    "PuzzleError",
    "Result",
    "Solution",
    "Status",
    "Strategy",
    "__version__",
    "count",
    "data_sets",
    "export_mcc",
    "fix",
    "generate",
    "grade",
    "hint",
    "load",
    "parse",
    "solutions",
    "solve",
    "svg",
    "to_url",
]
_HOME = {
    "Puzzle": "loopsat.puzzle",
    "PuzzleError": "loopsat.errors",
    "Mode": "loopsat.solver.pipeline",
    "Status": "loopsat.solver.pipeline",
    "Strategy": "loopsat.solver.pipeline",
}


def __getattr__(name: str) -> Any:
    """Import the API on first use (PEP 562)."""
    if name not in __all__ or name == "__version__":
        raise AttributeError(f"module 'loopsat' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_HOME.get(name, "loopsat.api")), name)


def __dir__() -> list[str]:
    """The API's names with the module's own: what `dir(loopsat)` and completion show, before
    any of them is imported."""
    return sorted({*globals(), *__all__})
