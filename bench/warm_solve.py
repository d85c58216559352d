"""In-process cost of `loopsat.solve` once warm: each puzzle solved once to warm the caches,
then timed `--runs` times (CPU seconds, `time.process_time`); per set, the median over its
puzzles of each puzzle's median, and the max.

    python bench/warm_solve.py [--runs 5] [--sets slitherlink/20x20 masyu/10x10 ...] [FILE ...]
    python bench/warm_solve.py --vs OTHER_CHECKOUT [--rounds 5] [--sets ...]
    python bench/warm_solve.py --profile 20 bench/slitherlink/20x20/001.slither

`--vs` is a paired A/B: this checkout (A) and another one (B, a copy of the package's source
tree, e.g. `git archive`d), each set timed in a fresh process of each in turn, A B A B ...,
and the ratio A/B taken round by round, so that the machine's load drifting between rounds
moves both sides alike; it prints the median ratio with the lowest and highest. `--profile N`:
a cProfile of N warm solves of the first file given. Never asserts.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path

import loopsat

HERE = Path(__file__).parent
SLITHERLINK = ("slitherlink/20x20", "slitherlink/30x30", "slitherlink/40x40", "slitherlink/60x60")
SETS = (*SLITHERLINK, "masyu/10x10", "masyu/12x12", "masyu/ohmec")


def warm_times(path: Path, runs: int) -> list[float]:
    loopsat.solve(str(path))
    found = []
    for _ in range(runs):
        started = time.process_time()
        loopsat.solve(str(path))
        found.append(time.process_time() - started)
    return found


def set_medians(paths: list[Path], runs: int) -> tuple[float, float]:
    """The median over `paths` of each one's median warm time, and the max of those."""
    medians = [statistics.median(warm_times(p, runs)) for p in paths]
    return statistics.median(medians), max(medians)


def groups(sets: list[str], files: list[Path]) -> dict[str, list[Path]]:
    if files:
        return {str(f): [f] for f in files}
    return {name: sorted(p for p in (HERE / name).iterdir() if p.suffix in (".slither", ".masyu")) for name in sets}


def paired(args: argparse.Namespace) -> None:
    """A/B of this checkout against `args.vs`, each in its own process, round by round."""
    here = str(HERE.parent)
    for name in groups(args.sets, args.files):
        ratios: list[float] = []
        times: dict[str, list[float]] = {"A": [], "B": []}
        for _ in range(args.rounds):
            got = {}
            for side, root in (("A", here), ("B", args.vs)):
                env = {**os.environ, "PYTHONPATH": root}
                command = [sys.executable, str(Path(root) / "bench" / "warm_solve.py"), "--emit", "--runs"]
                command += [str(args.runs)] + ([name] if args.files else ["--sets", name])
                out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
                got[side] = json.loads(out.splitlines()[-1])[0]
                times[side].append(got[side])
            ratios.append(got["A"] / got["B"])
        a, b = statistics.median(times["A"]), statistics.median(times["B"])
        print(
            f"{name:22} A {1000 * a:8.2f} ms  B {1000 * b:8.2f} ms  A/B median {statistics.median(ratios):.3f}"
            f" (min {min(ratios):.3f}, max {max(ratios):.3f}, {args.rounds} rounds)"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sets", nargs="*", default=list(SETS))
    parser.add_argument("--profile", type=int, default=0)
    parser.add_argument("--vs", help="another checkout's root, for a paired A/B")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--emit", action="store_true", help="print the sets' [median, max] as JSON (for --vs)")
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args()
    if args.vs:
        paired(args)
        return
    if args.profile:
        path = str(args.files[0])
        loopsat.solve(path)
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(args.profile):
            loopsat.solve(path)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return
    for name, paths in groups(args.sets, args.files).items():
        median, most = set_medians(paths, args.runs)
        if args.emit:
            print(json.dumps([median, most]))
        else:
            print(f"{name:22} n={len(paths):3} median {1000 * median:8.2f} ms  max {1000 * most:8.2f} ms")


if __name__ == "__main__":
    main()
