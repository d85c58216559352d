"""Shared fixtures: the golden folders copied from Knuth's programs (tests/golden/)."""

from __future__ import annotations

import json
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def golden_dirs(prefixes: tuple[str, ...]) -> list[Path]:
    return sorted(d for d in GOLDEN.iterdir() if d.is_dir() and d.name.startswith(prefixes))


def counts(folder: Path) -> dict:
    return json.loads((folder / "counts.json").read_text())


def listed_solutions(folder: Path) -> list[frozenset[tuple[int, int]]]:
    """solutions.txt: one loop per line as Knuth's two-character edge names."""
    from loopsat.grid import decode

    lines = (folder / "solutions.txt").read_text().splitlines()
    return [frozenset((decode(t[0]), decode(t[1])) for t in line.split()) for line in lines if line]
