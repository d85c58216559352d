"""The golden folders copied from Knuth's programs (tests/golden/): their puzzles, counts and loops."""

from __future__ import annotations

import json
from pathlib import Path

from loopsat.genres import GENRES
from loopsat.grid import decode
from loopsat.puzzle import Puzzle

GOLDEN = Path(__file__).parent / "golden"


def golden_dirs(prefixes: tuple[str, ...]) -> list[Path]:
    return sorted(d for d in GOLDEN.iterdir() if d.is_dir() and d.name.startswith(prefixes))


def counts(folder: Path) -> dict:
    return json.loads((folder / "counts.json").read_text())


def listed_solutions(folder: Path) -> list[frozenset[tuple[int, int]]]:
    """solutions.txt: one loop per line as Knuth's two-character edge names."""
    lines = (folder / "solutions.txt").read_text().splitlines()
    return [frozenset((decode(t[0]), decode(t[1])) for t in line.split()) for line in lines if line]


def golden_puzzle(folder: Path) -> Puzzle:
    genre = "masyu" if folder.name.startswith("masyu_") else "slitherlink"
    return GENRES[genre].parse((folder / "puzzle.txt").read_bytes(), "puzzle.txt")[0]
