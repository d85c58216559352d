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
PYTHON = [
    (document.relative_to(ROOT).as_posix(), *found)
    for document in DOCUMENTS
    for found in python_examples(document.read_text())
]


@pytest.mark.parametrize(("page", "example"), CHECKED, ids=[f"{page}:{example.line}" for page, example in CHECKED])
def test_readme_example(page: str, example: Example) -> None:
    actual = run(example.command)
    assert normalised(actual) == normalised(example.output), (
        f"{page} line {example.line}: `{example.command}` now prints (python tests/readme_examples.py --update):\n"
        + "\n".join(actual)
    )


@pytest.mark.parametrize(("page", "line", "code", "printed"), PYTHON, ids=[f"{p}:{n}" for p, n, _, _ in PYTHON])
def test_readme_python_example(page: str, line: int, code: str, printed: list[str]) -> None:
    assert run_python(code) == printed, f"{page} line {line}: the Python example's output changed"
