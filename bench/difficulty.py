"""The median difficulty level `loopsat explain` gives each of Tatham's Loopy and Pearl levels,
and what reading the grade costs next to the deduction it reads.

python bench/difficulty.py            (the puzzles: tests/data/difficulty, `sgt-loopy --generate 9 '7x7t0dX#17X'`,
                                       `sgt-pearl --generate 15 '8x8dX#17X'`)
python bench/difficulty.py FILE...    (CPU-s of the deduction and of grading it, e.g. on
                                       `sgt-loopy --generate 1 '40x40t0de#5' > e40.url`)
"""

from __future__ import annotations

import resource
import statistics
import sys
from pathlib import Path

from loopsat import deduce
from loopsat.cli import read_file
from loopsat.solver.explain import explain

FOLDER = Path(__file__).parent.parent / "tests" / "data" / "difficulty"


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cost(path: str) -> None:
    for puzzle in read_file(path, None):
        started = cpu()
        found = deduce.puzzle(puzzle)
        deduced = cpu()
        difficulty = found.grade()
        graded = difficulty.grade if difficulty is not None else "no grade"
        print(f"{puzzle.label}: deduce {deduced - started:.2f} CPU-s, grade {cpu() - deduced:.2f} CPU-s ({graded})")


if __name__ == "__main__":
    for path in sys.argv[1:]:
        cost(path)
    if len(sys.argv) == 1:
        levels_of = (("Easy", "e"), ("Normal", "n"), ("Tricky", "t"), ("Hard", "h"))
        for game, board, names in (("Loopy", "loopy-7x7", levels_of), ("Pearl", "pearl-8x8", levels_of[::2])):
            for name, letter in names:
                levels = [
                    int(explain(p).difficulty.level)  # type: ignore[union-attr]
                    for p in read_file(str(FOLDER / f"{board}-d{letter}.url"), None)
                ]
                print(f"Tatham {game} {name}: levels {sorted(levels)}, median {statistics.median(levels)}")
