"""The command line, the cockpit's adapter and the batch call the API, never the solver, the setter
or the deduction behind it: read from each module's imports (those for type checking aside)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "loopsat"
CALLERS = sorted([*(ROOT / "cli").glob("*.py"), ROOT / "serve" / "adapter.py", *(ROOT / "batch").glob("*.py")])
BEHIND_THE_API = ("loopsat.solver", "loopsat.setter", "loopsat.deduce", "loopsat.cpsat.search")


def imported(tree: ast.AST) -> list[str]:
    """The modules a module imports when it runs (an `if TYPE_CHECKING:` block only names types)."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.extend([node.module, *(f"{node.module}.{alias.name}" for alias in node.names)])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


@pytest.mark.parametrize("module", CALLERS, ids=[str(path.relative_to(ROOT)) for path in CALLERS])
def test_the_callers_of_the_api_import_nothing_behind_it(module: Path) -> None:
    reached = [name for name in imported(ast.parse(module.read_text())) if name.startswith(BEHIND_THE_API)]
    assert reached == [], f"{module.name} reaches past loopsat.api: {reached}"


def test_the_check_sees_an_import_inside_a_function() -> None:
    code = "\n".join(
        [
            "from typing import TYPE_CHECKING",
            "if TYPE_CHECKING:",
            "    import loopsat.solver",
            "def f():",
            "    from loopsat.setter import fix",
        ]
    )
    assert imported(ast.parse(code)) == ["typing", "typing.TYPE_CHECKING", "loopsat.setter", "loopsat.setter.fix"]
