"""loopsat: grid loop puzzles as Knuth's exact-cover problems, solved with CP-SAT.

The Python API (loopsat/api.py): `load`, `data_sets`, `parse`, `solve`, `solutions`, `count`, `grade`,
`certain`, `explain`, `hint`, `check`, `generate`, `taste`, `fix`, `redundant`, `export_mcc`, `convert`,
`to_url`, `drawing`, `svg`, `edges`; the types `Puzzle`, `Result`, `Solution`, the errors `PuzzleError`,
`NotCountable`, `Unmet`, `Interrupted`, and the enums `Mode`, `Status`, `Strategy`. They are imported
on first use (`dir(loopsat)` lists them all the same), so that `import loopsat` (and the command
line's start-up) stays light.
"""

from __future__ import annotations

# Nothing imported here that the interpreter has not: the command's start-up runs this first,
# before it can handle Ctrl-C (loopsat/start.py), and typing alone took 20 ms of it.
TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from typing import Any

    from loopsat.api import (
        Interrupted,
        Result,
        Solution,
        certain,
        check,
        convert,
        count,
        data_sets,
        drawing,
        edges,
        explain,
        export_mcc,
        fix,
        generate,
        grade,
        hint,
        load,
        parse,
        redundant,
        solutions,
        solve,
        svg,
        taste,
        to_url,
    )
    from loopsat.errors import NotCountable, PuzzleError, Unmet
    from loopsat.puzzle import Puzzle
    from loopsat.status import Mode, Status, Strategy

__version__ = "0.1.0"
__all__ = [
    "Interrupted",
    "Mode",
    "NotCountable",
    "Puzzle",
    "PuzzleError",
    "Result",
    "Solution",
    "Status",
    "Strategy",
    "Unmet",
    "__version__",
    "certain",
    "check",
    "convert",
    "count",
    "data_sets",
    "drawing",
    "edges",
    "explain",
    "export_mcc",
    "fix",
    "generate",
    "grade",
    "hint",
    "load",
    "parse",
    "redundant",
    "solutions",
    "solve",
    "svg",
    "taste",
    "to_url",
]
_HOME = {
    "Puzzle": "loopsat.puzzle",
    "PuzzleError": "loopsat.errors",
    "NotCountable": "loopsat.errors",
    "Unmet": "loopsat.errors",
    "Mode": "loopsat.status",
    "Status": "loopsat.status",
    "Strategy": "loopsat.status",
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
