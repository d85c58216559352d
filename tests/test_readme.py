"""The README's examples are real: each `$ loopsat ...` line, run, prints the lines under it.

Real processes are the point (pipes into `head` and `sed`, the shell's globbing). Only measured
seconds are normalised. `python tests/readme_examples.py --update` rewrites the outputs.
"""

from __future__ import annotations

import pytest
from readme_examples import README, Example, examples, normalised, python_examples, run, run_python

CHECKED = [example for example in examples(README.read_text()) if not example.command.startswith("time ")]


@pytest.mark.parametrize("example", CHECKED, ids=[f"line{example.line}" for example in CHECKED])
def test_readme_example(example: Example) -> None:
    actual = run(example.command)
    assert normalised(actual) == normalised(example.output), (
        f"README.md line {example.line}: `{example.command}` now prints (python tests/readme_examples.py --update):\n"
        + "\n".join(actual)
    )


@pytest.mark.parametrize(("line", "code", "printed"), python_examples(README.read_text()))
def test_readme_python_example(line: int, code: str, printed: list[str]) -> None:
    assert run_python(code) == printed, f"README.md line {line}: the Python example's output changed"
