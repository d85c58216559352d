"""The median difficulty level `loopsat explain` gives each of Tatham's Loopy levels.

python bench/difficulty.py  (the puzzles: tests/data/difficulty, `sgt-loopy --generate 9 '7x7t0dX#17X'`)
"""

from __future__ import annotations

import statistics
from pathlib import Path

from loopsat.cli import read_file
from loopsat.explain import explain

FOLDER = Path(__file__).parent.parent / "tests" / "data" / "difficulty"

if __name__ == "__main__":
    for name, letter in (("Easy", "e"), ("Normal", "n"), ("Tricky", "t"), ("Hard", "h")):
        levels = [explain(p).difficulty.level for p in read_file(str(FOLDER / f"loopy-7x7-d{letter}.url"), None)]
        print(f"Tatham {name}: levels {sorted(levels)}, median {statistics.median(levels)}")
