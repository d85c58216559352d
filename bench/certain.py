"""`solve --certain` on ambiguous boards: a bench Slitherlink with some clues blanked out.

    python bench/certain.py [--file slitherlink/30x30/001.slither] [--blank 40] [--seed 1]
        [--time-limit SECONDS] [--rounds N]

Blanks `--blank` clues chosen by `--seed` (so the board has several loops), then prints the
board's size, the on/off/undecided counts, the loops met, and the CPU seconds of
`certain_edges` (every thread, imports excluded). Run it with PYTHONPATH pointing at an older
checkout to compare the two on the same board; `--rounds` overrides loopsat.solver.certain.ROUNDS.
Never asserts.
"""

from __future__ import annotations

import argparse
import random
import resource
from pathlib import Path

from loopsat.genres import GENRES
from loopsat.solver import certain
from loopsat.solver.certain import certain_edges

HERE = Path(__file__).parent


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", default="slitherlink/30x30/001.slither", help="a bench/ puzzle")
    parser.add_argument("--blank", type=int, default=40, help="how many clues to blank out")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float)
    parser.add_argument("--rounds", type=int, help="wide rounds before edge by edge (default: ROUNDS)")
    options = parser.parse_args()
    path = HERE / options.file
    genre = GENRES["slitherlink"]
    grid = [list(row) for row in path.read_text().split()]
    clues = [(i, j) for i, row in enumerate(grid) for j, ch in enumerate(row) if ch != "."]
    for i, j in random.Random(options.seed).sample(clues, options.blank):
        grid[i][j] = "."
    text = "\n".join("".join(row) for row in grid) + "\n"
    puzzle = genre.parse(text.encode(), f"{options.file} -{options.blank} clues (seed {options.seed})")[0]
    if options.rounds is not None:
        certain.ROUNDS = options.rounds
    before = cpu_seconds()
    outcome, certainty = certain_edges(puzzle, time_limit=options.time_limit)
    spent = cpu_seconds() - before
    print(f"{puzzle.path}: {puzzle.rows}x{puzzle.cols}, {outcome.count} loops met, ", end="")
    print(certainty.summary() if certainty else outcome.status, end="")
    print(f", {spent:.2f} CPU-s")


if __name__ == "__main__":
    main()
