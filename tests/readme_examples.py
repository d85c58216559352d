"""The `$ loopsat ...` examples of the README and docs/: read them, run them, and (`--update`)
rewrite their output.

    python tests/readme_examples.py --update   # after a change of output, then review the diff

Each `$ ` line inside a fenced block is a shell command (the `loopsat` it names is this checkout's,
run as `python -m loopsat`); the lines under it, up to the next `$ ` line or the block's end, are
what it prints (stdout, then stderr). `$ time ...` lines show a measurement and are never run.
`batch` runs on a copy of puzzles/ so that its report lands in a temporary folder, and a command
that writes a file (`> g.mcc`) in an empty one: nothing is left in the checkout.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]  # every page whose examples are run
WRITES = re.compile(r"(?<![0-9&])>\s*[^\s&]")  # a redirection into a file (not 2>&1)
MEASURED = re.compile(r"\d+\.\d+ s\b|\"seconds\": \d+\.\d+")  # times differ between runs


@dataclass
class Example:
    line: int  # of the `$ ` line, counted from 1
    command: str
    output: list[str]


def examples(text: str) -> list[Example]:
    """Every example of the README's text, in order (`time` ones included: callers skip them)."""
    found: list[Example] = []
    fenced, current = False, None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            fenced, current = not fenced, None
        elif fenced and line.startswith("$ "):
            current = Example(number, line[2:], [])
            found.append(current)
        elif current is not None:
            current.output.append(line)
    return found


def python_examples(text: str) -> list[tuple[int, str, list[str]]]:
    """(line, code, printed lines) of every ```python block followed by the ```text block it prints."""
    blocks = re.finditer(r"^```python\n(.*?)^```\n\n```text\n(.*?)^```$", text, flags=re.S | re.M)
    return [(text.count("\n", 0, b.start()) + 1, b.group(1), b.group(2).splitlines()) for b in blocks]


def run_python(code: str) -> list[str]:
    """What a README Python example prints, run from the checkout's root."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    return [line.rstrip() for line in (done.stdout + done.stderr).splitlines()]


def run(command: str) -> list[str]:
    """The lines a README command prints today."""
    with tempfile.TemporaryDirectory() as scratch:
        cwd = ROOT
        if re.search(r"\bloopsat batch\b", command):
            cwd = Path(scratch)
            shutil.copytree(ROOT / "puzzles", cwd / "puzzles", ignore=shutil.ignore_patterns("*.jsonl"))
        elif WRITES.search(command):
            cwd = Path(scratch)
        script = f'loopsat() {{ "{sys.executable}" -m loopsat "$@"; }}\n{command}'
        env = {**os.environ, "COLUMNS": "100", "TERM": "dumb"}
        done = subprocess.run(["bash", "-c", script], cwd=cwd, capture_output=True, text=True, env=env, timeout=300)
    return [line.rstrip() for line in (done.stdout + done.stderr).splitlines()]


def normalised(lines: list[str]) -> list[str]:
    return [MEASURED.sub("N s", line).rstrip() for line in lines]


def update() -> None:
    """Rewrite every example's output with what its command prints now."""
    for document in DOCUMENTS:
        lines = document.read_text().splitlines()
        for example in reversed(examples("\n".join(lines))):
            if example.command.startswith("time "):
                continue
            start = example.line  # index of the first output line
            lines[start : start + len(example.output)] = run(example.command)
        document.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit(__doc__)
    update()
