"""Where a whole `loopsat solve --json` of a puzzle that needs search spends its CPU, phase by phase.

    python bench/solve_phases.py FILE [FILE ...] [--runs N]

Per puzzle, CPU seconds of: the whole process (`solve --json`, median of N runs); then in this
process, each puzzle set up as in a fresh one (the lattice's bare board and the rule tables'
cached answers dropped first): the board's set-up, the rules up to the probes, the probes (each
stage: without faces, full), the edges left open, and what `solve` runs next: the backtracking
(`pipeline.branch_nodes` decisions at most, where at most `pipeline.BRANCH_OPEN` edges are
open) or CP-SAT (the model from the deduction's tables, then the proof). CP-SAT's import is
printed once: a process pays it once, and only when it reaches CP-SAT. `rest` is the whole
process less the phases: the interpreter, the imports (CP-SAT's too where it is reached),
reading the file, the output.
Never asserts.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Sequence

import loopsat
from loopsat.deduce import board as deduce_board
from loopsat.deduce import branch, probe, reach, run
from loopsat.deduce import tables as deduce_tables
from loopsat.deduce.rules import Level, ProbeKind
from loopsat.solver import pipeline


def whole(path: str, runs: int) -> float:
    """Median CPU seconds of `loopsat solve --json PATH` as a child process."""
    spent = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "loopsat", "solve", "--json", path], capture_output=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(spent)


class Stages:
    """The CPU of each probe stage of the deductions run meanwhile (probe._probe_to_fixpoint)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.inner = probe._probe_to_fixpoint

    def __enter__(self) -> Stages:
        def timed(board: deduce_board.Board, suspects: Sequence[int], kind: ProbeKind) -> None:
            started = time.process_time()
            self.inner(board, suspects, kind)
            self.seconds["full" if kind.faces else "local"] += time.process_time() - started

        probe._probe_to_fixpoint = timed
        return self

    def __exit__(self, *_: object) -> None:
        probe._probe_to_fixpoint = self.inner


def phases(path: str) -> tuple[str, float]:
    """The in-process phases of one puzzle as one line, and their CPU seconds in all."""
    puzzle = loopsat.load(path)[0]
    deduce_board._bare_board.cache_clear()  # as in a fresh process
    deduce_tables.table.cache_clear()
    started = time.process_time()
    edges, rules, tables = run.setup(puzzle)
    deduce_board.Board(edges, tables, True, None, rules.levels)
    set_up = time.process_time() - started
    deduce_board._bare_board.cache_clear()
    deduce_tables.table.cache_clear()
    with Stages() as stages:
        started = time.process_time()
        deduced, board_left = run._deduced(puzzle, None, None, None, Level.SEARCH, None, (), True)
        deduced_in = time.process_time() - started
    probing = sum(stages.seconds.values())
    open_edges = len(deduced.edges) - len(deduced.fixed or ())
    shown = [
        f"set-up {set_up:.3f}",
        f"rules {deduced_in - set_up - probing:.3f}",
        *(f"{name} probes {seconds:.3f}" for name, seconds in stages.seconds.items()),
        f"open {open_edges}",
    ]
    spent = deduced_in
    if board_left is None or deduced.complete:
        return ", ".join(shown), spent
    if open_edges <= pipeline.BRANCH_OPEN:
        chooser = reach.Reaching(board_left)
        started = time.process_time()
        try:
            budget = pipeline.branch_nodes(len(board_left.value) - open_edges)
            found = branch.loops(board_left, 2, budget, chooser)
            outcome = f"{len(found)} loop(s)"
        except branch.OutOfNodes:
            outcome = "out of nodes"
        seconds = time.process_time() - started
        shown.append(f"backtracking {seconds:.3f} ({chooser.nodes} nodes, {outcome})")
        spent += seconds
        if outcome != "out of nodes":
            return ", ".join(shown), spent
    from loopsat.cpsat import Circuit, Search, Tabled

    started = time.process_time()
    fixed = deduced.fixed or {}
    search = Search(
        Tabled(deduced.edges, deduced.rules.tables, fixed, degrees=False), Circuit(), fixed=fixed, light_presolve=True
    )
    modelled = time.process_time()
    found_loops = len(list(search.stream(2)))
    proved = time.process_time()
    shown.append(f"CP-SAT model {modelled - started:.3f} proof {proved - modelled:.3f} ({found_loops} loop(s))")
    return ", ".join(shown), spent + proved - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--runs", type=int, default=3, help="whole-process runs per puzzle (median)")
    options = parser.parse_args()
    started = time.process_time()
    import loopsat.cpsat  # noqa: F401  (its import timed once, as a process pays it)

    print(f"CP-SAT import {time.process_time() - started:.3f} CPU-s, once per process that reaches it")
    for path in options.files:
        seconds = whole(path, options.runs)
        line, spent = phases(path)
        print(f"{path}: whole {seconds:.3f}, rest {seconds - spent:.3f}; {line}", flush=True)


if __name__ == "__main__":
    main()
