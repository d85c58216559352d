"""The examples of the README and docs/ are real: each `$ loopsat ...` line, run, prints the lines
under it.

Real processes are the point (pipes into `head` and `sed`, the shell's globbing). Only measured
seconds are normalised. `python tests/readme_examples.py --update` rewrites the outputs.
"""

from __future__ import annotations

import pytest
from readme_examples import DOCUMENTS, ROOT, Example, examples, normalised, python_examples, run, run_python

CHECKED = [
    (document.relative_to(ROOT).as_posix(), example)
    for document in DOCUMENTS
    for example in examples(document.read_text())
    if not example.command.startswith("time ")
]
PLACES: dict[str, list[tuple[str, Example]]] = {}  # a command shown on several pages is run once
for page, example in CHECKED:
    PLACES.setdefault(example.command, []).append((page, example))
PYTHON = [
    (document.relative_to(ROOT).as_posix(), *found)
    for document in DOCUMENTS
    for found in python_examples(document.read_text())
]


@pytest.mark.parametrize("places", PLACES.values(), ids=[f"{p[0][0]}:{p[0][1].line}" for p in PLACES.values()])
def test_readme_example(places: list[tuple[str, Example]]) -> None:
    """Each command prints the same on every run (seeded; measured seconds normalised)."""
    actual = run(places[0][1].command)
    for page, example in places:
        assert normalised(actual) == normalised(example.output), (
            f"{page} line {example.line}: `{example.command}` now prints (python tests/readme_examples.py --update):\n"
            + "\n".join(actual)
        )


@pytest.mark.parametrize(("page", "line", "code", "printed"), PYTHON, ids=[f"{p}:{n}" for p, n, _, _ in PYTHON])
def test_readme_python_example(page: str, line: int, code: str, printed: list[str]) -> None:
    assert run_python(code) == printed, f"{page} line {line}: the Python example's output changed"
