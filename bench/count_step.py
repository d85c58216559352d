"""Where one step of the sorted sweep spends its time, per state: the count of a clued board runs
until the first step holding at least STATES states, and that step's parts are then timed on its
states (process time, best of three): the parts' lookup, the candidates' gathers, the joins'
re-pairing, the sort, the permutations and runs, and the merge of one residue row. Never asserts.

    python bench/count_step.py [--states N] FILE      (default 10,000,000: the clued 20×20's row 3)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from loopsat.api import data_sets
from loopsat.puzzle import Puzzle
from loopsat.solver.frontier import count, step, sweep
from loopsat.solver.frontier.budget import heap_kept


class _Found(Exception):
    def __init__(self, stage: step.Stage, keys: step.Keys) -> None:
        self.stage, self.keys = stage, keys


def _best(run: Callable[[], Any]) -> float:
    run()
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board")
    parser.add_argument("--states", type=int, default=10_000_000)
    args = parser.parse_args()
    plain = step.Stage.transition

    def caught(stage: step.Stage, keys: step.Keys, afford: Any = None) -> step.Transition:
        if stage.frontier.single_loop and keys.shape[1] >= args.states:
            raise _Found(stage, keys)
        return plain(stage, keys, afford)

    step.Stage.transition = caught  # type: ignore[method-assign,assignment]
    try:
        puzzle = data_sets(args.board, None)[0]
        if not isinstance(puzzle, Puzzle):
            raise SystemExit(f"{args.board}: {puzzle}")
        count(puzzle, memory=1 << 40)
        print("no step held that many states")
        return
    except _Found as found:
        stage, keys = found.stage, found.keys
    finally:
        step.Stage.transition = plain  # type: ignore[method-assign]
    with heap_kept():
        n = keys.shape[1]
        way, deltas, lookup = stage._ways(keys)
        base = keys[0] & stage.clear[0]
        chosen = [np.flatnonzero(way > 0), np.flatnonzero(way > 1)]
        candidates = np.concatenate([base[c] | deltas[k][0][lookup[c]] for k, c in enumerate(chosen)])
        joins = [(kind, base[c] | deltas[0][0][lookup[c]]) for kind in (1, 2) for c in [np.flatnonzero(way == -kind)]]
        order = np.argsort(candidates, kind="stable")
        move = stage.transition(keys)
        counts = np.ones((1, n), np.uint64)
        parts = {
            "whole transition": lambda: stage.transition(keys),
            "parts' lookup (_ways)": lambda: stage._ways(keys),
            "candidates' gathers": lambda: [base[c] | deltas[k][0][lookup[c]] for k, c in enumerate(chosen)],
            "joins re-paired": lambda: [step._rejoin(j, kind, stage.col, stage.frontier.cols) for kind, j in joins],
            "stable argsort": lambda: np.argsort(candidates, kind="stable"),
            "permutation, runs": lambda: np.flatnonzero(np.diff(candidates.take(order), prepend=-1)),
            "merge, one residue": lambda: sweep._merged(counts, move),
        }
        print(f"row {stage.row + 1}, column {stage.col + 1}: {n:,} states, {len(move.sources):,} candidates")
        for name, run in parts.items():
            seconds = _best(run)
            print(f"  {name:24s} {seconds * 1e3:8.1f} ms {seconds / n * 1e9:6.1f} ns a state")


if __name__ == "__main__":
    main()
