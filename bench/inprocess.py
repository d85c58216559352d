"""In process: `loopsat.solve` warm on every bench set, beside Tatham's whole process.

A whole `loopsat solve` pays the interpreter, the imports, the file and the output each time;
a program that calls the library pays them once. Per set of bench/manifest.json, each puzzle is
read, solved once (the imports and the caches warmed), then solved RUNS more times, each timed
with `time.process_time`: its median is the puzzle's figure, and the set's row gives the median
and the max of those (ms), the puzzles whose answer is not the manifest's unique loop (`wrong`),
and loopsat ÷ Tatham: the set's median over his whole process's median (bench/run.py's
`built_peer`: his standalone solver as bench/peers_build.sh builds it) where he solves every
puzzle of the set; `-` where he is not built, gives up on some, or was not asked for.
Never asserts. bench/run.py prints this table with its own (Tatham's medians from its peer rows).

    python bench/inprocess.py [--sets masyu/10x10 ...] [--runs 5] [--no-peers]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import loopsat

HERE = Path(__file__).parent
RUNS = 5  # timed solves per puzzle after the warm one: their median is the puzzle's figure


def sets_of(manifest: dict) -> dict[str, list[dict]]:
    """The manifest's puzzles by set (the folder of each file)."""
    sets: dict[str, list[dict]] = {}
    for entry in manifest["puzzles"]:
        sets.setdefault(str(Path(entry["file"]).parent), []).append(entry)
    return sets


def warm(entry: dict, runs: int) -> tuple[float, bool]:
    """The median CPU seconds of `runs` solves of one puzzle after a first, untimed one, and
    whether the answer is the manifest's unique loop."""
    puzzle = loopsat.load(str(HERE / entry["file"]))[0]
    result = loopsat.solve(puzzle)
    spent = []
    for _ in range(runs):
        started = time.process_time()
        result = loopsat.solve(puzzle)
        spent.append(time.process_time() - started)
    solution = {"h": list(result.solutions[0].h), "v": list(result.solutions[0].v)} if result.solutions else None
    right = result.status == "unique" and solution == entry["solution"]
    return statistics.median(spent), right


def tatham_median(entries: list[dict], timeout: float) -> float | None:
    """Tatham's whole-process median CPU seconds on the set, None where his solver is not built
    for the genre or gives up on some puzzle."""
    from run import BUILT_PEERS, PEERS, built_peer

    for label, binary, genres, form in BUILT_PEERS:
        if label == "tatham" and entries[0]["genre"] in genres and (PEERS / binary).exists():
            runs = [built_peer(entry, PEERS / binary, form, timeout) for entry in entries]
            return statistics.median(cpu for cpu, _ in runs) if all(ok for _, ok in runs) else None
    return None


def table(
    sets: dict[str, list[dict]], runs: int, tatham: dict[str, float | None], measure: float | None
) -> dict[str, dict]:
    """Print the in-process table and return its rows. `tatham`: each set's whole-process median
    already measured (None: he gave up or is not built); `measure`: a timeout to measure him where
    a set is missing there, None not to."""
    print(f"\n{'in process (warm)':<18} {'solved':>7} {'wrong':>6} {'median ms':>10} {'max ms':>8} {'÷ tatham':>9}")
    rows: dict[str, dict] = {}
    for name, entries in sets.items():
        timed = [warm(entry, runs) for entry in entries]
        spent = [seconds for seconds, _ in timed]
        wrong = sum(not right for _, right in timed)
        median = statistics.median(spent)
        peer = tatham.get(name) if name in tatham or measure is None else tatham_median(entries, measure)
        ratio = median / peer if peer else None
        row = {"n": len(entries), "wrong": wrong, "median": median, "max": max(spent), "runs": runs}
        rows[name] = row | {"tatham": peer, "over_tatham": ratio}
        shown = f"{ratio:9.2f}" if ratio is not None else f"{'-':>9}"
        print(
            f"{name:<18} {len(entries) - wrong:>3}/{len(entries):<3} {wrong:>6} "
            f"{1000 * median:10.1f} {1000 * max(spent):8.1f} {shown}"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", help="only these sets, e.g. masyu/10x10")
    parser.add_argument("--runs", type=int, default=RUNS, help="timed solves per puzzle (median)")
    parser.add_argument("--no-peers", action="store_true", help="no ratio to Tatham")
    parser.add_argument("--peer-timeout", type=float, default=60.0, help="seconds per puzzle for Tatham")
    options = parser.parse_args()
    sets = sets_of(json.loads((HERE / "manifest.json").read_text()))
    chosen = {name: entries for name, entries in sets.items() if not options.sets or name in options.sets}
    table(chosen, options.runs, {}, None if options.no_peers else options.peer_timeout)


if __name__ == "__main__":
    main()
