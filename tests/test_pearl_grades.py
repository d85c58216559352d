"""Tatham's Pearl levels grade apart: the median difficulty of his Easy 8×8 boards is below that
of his Tricky ones (tests/data/difficulty, `sgt-pearl --generate 15 '8x8dX#17X'`)."""

from __future__ import annotations

import statistics
from pathlib import Path

from loopsat.cli import read_file
from loopsat.solver.explain import explain

FOLDER = Path(__file__).parent / "data" / "difficulty"


def median_level(name: str) -> float:
    return statistics.median(explain(p).difficulty.level for p in read_file(str(FOLDER / name), None))


def test_easy_pearls_grade_below_tricky_ones() -> None:
    easy, tricky = median_level("pearl-8x8-de.url"), median_level("pearl-8x8-dt.url")
    assert easy < tricky
    assert easy <= 2  # Tatham's Easy reasoning is levels 1-2's: circles joined with neighbouring cells
