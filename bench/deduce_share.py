"""How much of each bench puzzle deduction alone decides: the share of edges fixed and its CPU time.

    python bench/deduce_share.py [--sets slitherlink/20x20 ...] [--rules]

Prints one line per puzzle (share of edges decided, whether each agrees with the manifest's loop,
CPU seconds of the deduction alone, imports excluded), then per set: puzzles decided completely,
median and max CPU seconds. `--rules` also counts the edges each named rule decided (the trace
is then on, and its cost in the times). Never asserts.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from pathlib import Path

from loopsat.deduce import Step, deduce
from loopsat.genres import GENRES

HERE = Path(__file__).parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", help="only these sets, e.g. slitherlink/40x40")
    parser.add_argument("--rules", action="store_true", help="count the edges each rule decided")
    options = parser.parse_args()
    manifest = json.loads((HERE / "manifest.json").read_text())
    per_set: dict[str, list[tuple[bool, float]]] = {}
    for entry in manifest["puzzles"]:
        name = str(Path(entry["file"]).parent)
        if options.sets and name not in options.sets:
            continue
        genre = GENRES[entry["genre"]]
        path = HERE / entry["file"]
        puzzle = genre.parse(path.read_bytes(), str(path))[0]
        edges = genre.cover(puzzle).edges.values()
        started = time.process_time()
        rules = genre.rules(puzzle)
        steps: list[Step] = []
        fixed = deduce(edges, rules.for_deduction(), trace=steps.append if options.rules else None, levels=rules.levels)
        cpu = time.process_time() - started
        fixed = fixed or {}
        solution = {e for e in edges if _on(entry["solution"], e)}
        wrong = sum(on != (e in solution) for e, on in fixed.items())
        share = len(fixed) / len(edges)
        per_set.setdefault(name, []).append((len(fixed) == len(edges), cpu))
        print(f"{entry['file']:<32} {share:7.1%} decided {wrong:3d} wrong {cpu:7.3f} CPU-s")
        by_rule = Counter(step.rule for step in steps for _ in step.decided)
        if by_rule:
            print("    " + ", ".join(f"{rule}: {count}" for rule, count in by_rule.most_common()))
    print(f"\n{'set':<20} {'complete':>9} {'median':>8} {'max':>8}")
    for name, runs in per_set.items():
        times = [cpu for _, cpu in runs]
        complete = sum(done for done, _ in runs)
        print(f"{name:<20} {complete:>4}/{len(runs):<4} {statistics.median(times):8.3f} {max(times):8.3f}")


def _on(solution: dict[str, list[str]], edge: tuple[int, int]) -> bool:
    """Whether the manifest's loop (the JSON's h/v bit strings) uses the edge."""
    x, y = edge
    if x % 2 == 0:
        return solution["h"][x // 2][y // 2] == "1"
    return solution["v"][x // 2][y // 2] == "1"


if __name__ == "__main__":
    main()
