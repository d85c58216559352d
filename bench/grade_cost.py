"""What the grade costs: in-process `loopsat.solve` (which grades, as `solve --json` does), warm,
on the bench's Masyu 10×10 and 12×12 boards, and the part of it that reads the grade.

python bench/grade_cost.py [--rounds N]

The grade is a reading of the deduction's trail (loopsat/deduce/run.py): `Deduction.grade` on
the deduction `solve` ran. Prints per set the median milliseconds of each.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import loopsat
from loopsat.solver.pipeline import solve as pipeline_solve

BENCH = Path(__file__).parent


def _ms(run: object, puzzles: list[loopsat.Puzzle], rounds: int) -> float:
    """Median milliseconds of one call, over every puzzle and round (after a warm-up round)."""
    times = []
    for n in range(rounds + 1):
        for puzzle in puzzles:
            started = time.process_time()
            run(puzzle)  # type: ignore[operator]
            if n:
                times.append(time.process_time() - started)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    for size in ("10x10", "12x12"):
        puzzles = [p for path in sorted((BENCH / "masyu" / size).glob("*.masyu")) for p in loopsat.load(path)]
        graded = _ms(loopsat.solve, puzzles, rounds)
        trails = {id(p): pipeline_solve(p).deduced for p in puzzles}
        reading = _ms(lambda p, trails=trails: trails[id(p)].grade(), puzzles, rounds)  # type: ignore[union-attr]
        print(
            f"masyu {size} ({len(puzzles)} boards): loopsat.solve {graded:.2f} ms, the grade's reading {reading:.3f} ms"
        )


if __name__ == "__main__":
    main()
