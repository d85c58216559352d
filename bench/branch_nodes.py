"""How many decisions solve()'s backtracking needs to prove a loop unique after the deduction.

    python bench/branch_nodes.py FILE [FILE ...] [--cap N]

For each puzzle the deduction leaves open: the open edges, then per way of choosing the edge to
branch on (`Nearest`, solve()'s, and `_choice`, the first chain end in reading order) the
decisions and CPU seconds to find every loop up to two, or `>N` when it needs more than the
cap. The pipeline's BRANCH_NODES is chosen from these. Never asserts.
"""

from __future__ import annotations

import argparse
import time

import loopsat
from loopsat.deduce import branch
from loopsat.deduce.probe import deduced_board
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
    for label in ("nearest", "first"):
        for nodes in (16, 64, 256, 1024, 4096, 16384, 65536):  # the least budget that is enough
            if nodes > cap:
                shown.append(f"{label} >{cap}")
                break
            choose = branch.Nearest(board) if label == "nearest" else branch._choice
            started = time.process_time()
            try:
                found = branch.loops(board, 2, nodes, choose)
            except branch.OutOfNodes:
                continue
            shown.append(f"{label} ≤{nodes} ({len(found)} loops, {time.process_time() - started:.3f} s)")
            break
    return ", ".join(shown)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--cap", type=int, default=4096)
    options = parser.parse_args()
    for path in options.files:
        print(f"{path}: {decisions(path, options.cap)}", flush=True)


if __name__ == "__main__":
    main()
