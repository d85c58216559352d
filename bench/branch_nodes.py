"""How many decisions solve()'s backtracking needs to prove a loop unique after the deduction.

    python bench/branch_nodes.py FILE [FILE ...] [--cap N]

For each puzzle the deduction leaves open: the open edges, then per way of choosing the edge to
branch on (`Reaching`, solve()'s; `Nearest`, the same without its walk; `_choice`, the first
chain end in reading order) the nodes visited and CPU seconds to find every loop up to two, or
`>N` when it takes more than N decisions. The pipeline's BRANCH_NODES and BRANCH_OPEN are
chosen from these. Never asserts.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import loopsat
from loopsat.deduce import branch
from loopsat.deduce.board import Board
from loopsat.deduce.probe import deduced_board
from loopsat.deduce.reach import Reaching
from loopsat.deduce.rules import Contradiction
from loopsat.deduce.run import setup


def decisions(path: str, cap: int) -> str:
    """The open edges and, per chooser, the decisions and CPU seconds of the proof."""
    puzzle = loopsat.load(path)[0]
    edges, rules, tables = setup(puzzle)
    try:
        board = deduced_board(edges, tables, True, None, None, None, rules.levels)
    except Contradiction:
        return "no loop"
    shown = [f"{sum(v < 0 for v in board.value)} open"]
    for label in ("reaching", "nearest", "first"):
        visits = [0]
        chooser: Callable[[Board], int]
        if label == "first":
            chooser = lambda board, visits=visits: _visit(visits, branch._choice(board))  # noqa: E731
        else:
            chooser = _counted(Reaching if label == "reaching" else branch.Nearest, visits)(board)

        started = time.process_time()
        try:
            found = branch.loops(board, 2, cap, chooser)
        except branch.OutOfNodes:
            shown.append(f"{label} >{cap}")
            continue
        shown.append(f"{label} {visits[0]} nodes ({len(found)} loops, {time.process_time() - started:.3f} s)")
    return ", ".join(shown)


def _counted(kind: type[branch.Nearest], visits: list[int]) -> type[branch.Nearest]:
    """`kind`, counting its calls in `visits`: still a Nearest, so that `branch.loops` lets a
    learning one learn (a function around it hid it, and Reaching's counts were without it)."""

    class Counted(kind):  # type: ignore[valid-type,misc]
        def __call__(self, board: Board) -> int:
            visits[0] += 1
            return int(super().__call__(board))

    return Counted


def _visit(visits: list[int], choice: int) -> int:
    visits[0] += 1
    return choice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--cap", type=int, default=4096)
    options = parser.parse_args()
    for path in options.files:
        print(f"{path}: {decisions(path, options.cap)}", flush=True)


if __name__ == "__main__":
    main()
