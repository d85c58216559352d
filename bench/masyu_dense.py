"""CPU seconds of setter.dense for Masyu (the seed `loopsat generate --genre masyu` thins), per board and
seed, with what it made: the loop's share of the board, its circles, and how often the solver
passed in was called (the deduction proves the loop unique first; the solver only confirms).

    python bench/masyu_dense.py [ROWSxCOLS ...] [--seeds N]    (default: 30x30 40x40, 3 seeds)
"""

from __future__ import annotations

import argparse
import random
import resource

from loopsat.genres import masyu
from loopsat.grid import Edges
from loopsat.puzzle import Puzzle
from loopsat.setter.dense import dense
from loopsat.setter.generate import Solver


class Counting(Solver):
    """The generator's solver, counting the calls of its search."""

    calls = 0

    def solutions(self, puzzle: Puzzle) -> list[Edges]:
        self.calls += 1
        return super().solutions(puzzle)


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", default=["30x30", "40x40"])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    for board in args.boards:
        rows, cols = (int(side) for side in board.split("x"))
        for seed in range(args.seeds):
            judge = Counting()
            started = cpu()
            puzzle, loop = dense(masyu, rows, cols, random.Random(seed), judge)
            calls = judge.calls
            seconds = cpu() - started
            share = len(loop) / (rows * cols)
            circles = len(masyu.clue_cells(puzzle))
            made = f"loop on {share:.0%} of the board, {circles} circles, solver called {calls}×"
            print(f"{board} seed {seed}: {seconds:.2f} CPU-s, {made}")


if __name__ == "__main__":
    main()
