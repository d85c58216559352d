"""The benchmark: every puzzle of bench/manifest.json solved and proved unique in its own process.

Prints per set and strategy: solved/n, wrong answers (compared with the manifest's loop),
median and max CPU seconds of the whole process (start-up and imports included), and the ratio
to the default strategy. Never asserts; results also go to bench/results.json.

    python bench/run.py [--sets slitherlink/40x40 ...] [--strategies lazy ...] [--timeout S]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_one(args: list[str], timeout: float) -> tuple[float, subprocess.CompletedProcess[str] | None]:
    """Run one loopsat process; its whole CPU time (user + system), and what it printed."""
    before = child_cpu()
    try:
        done = subprocess.run([sys.executable, "-m", "loopsat", *args], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return timeout, None
    return child_cpu() - before, done


def main() -> None:
    from loopsat.solve import STRATEGIES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", help="only these sets, e.g. slitherlink/40x40")
    parser.add_argument("--strategies", nargs="*", default=list(STRATEGIES))
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per puzzle")
    parser.add_argument("--out", type=Path, default=HERE / "results.json")
    options = parser.parse_args()
    manifest = json.loads((HERE / "manifest.json").read_text())
    sets: dict[str, list[dict]] = {}
    for entry in manifest["puzzles"]:
        sets.setdefault(str(Path(entry["file"]).parent), []).append(entry)
    results: dict[str, dict] = {"machine": {"python": sys.version.split()[0]}, "startup": {}, "sets": {}}

    for label, args in (
        ("loopsat --help", ["--help"]),
        ("export --mcc 10x10", ["export", "--mcc", str(HERE / "startup-10x10.slither")]),
    ):
        cpu = min(run_one(args, 60)[0] for _ in range(3))
        results["startup"][label] = cpu
        print(f"{label:<24} {cpu:6.2f} CPU-s (best of 3)")

    slink_file = HERE / "slink" / "twenty-20x20.slink"
    cpu, done = run_one(["slink", str(slink_file)], 600)
    frames = [line for line in done.stdout.splitlines() if line and set(line) == {"#"}] if done else []
    boards = len(frames) // 2
    results["slink"] = {"file": slink_file.name, "boards_drawn": boards, "cpu": cpu}
    print(f"{'slink 20 boards 20x20':<24} {cpu:6.2f} CPU-s in all, {cpu / 20:.3f} per board ({boards}/20 drawn)")

    print(f"\n{'set':<18} {'strategy':<10} {'solved':>7} {'wrong':>6} {'median':>8} {'max':>8} {'ratio':>6}")
    for name, entries in sets.items():
        if options.sets and name not in options.sets:
            continue
        default_median = None
        for strategy in options.strategies:
            times, solved, wrong = [], 0, 0
            for entry in entries:
                cpu, done = run_one(
                    ["solve", "--json", "--strategy", strategy, str(HERE / entry["file"])], options.timeout
                )
                times.append(cpu)
                if done is None or done.returncode != 0:
                    continue
                answer = json.loads(done.stdout)
                if answer["status"] == "unique" and answer["solutions"] == [entry["solution"]]:
                    solved += 1
                else:
                    wrong += 1
            median = statistics.median(times)
            default_median = default_median or median
            row = {"solved": solved, "n": len(entries), "wrong": wrong, "median": median, "max": max(times)}
            results["sets"].setdefault(name, {})[strategy] = row
            print(
                f"{name:<18} {strategy:<10} {solved:>3}/{len(entries):<3} {wrong:>6} "
                f"{median:8.2f} {max(times):8.2f} {median / default_median:6.2f}"
            )
    results["finished"] = time.strftime("%Y-%m-%d %H:%M:%S")
    options.out.write_text(json.dumps(results, indent=1) + "\n")
    print(f"\nresults: {options.out}")


if __name__ == "__main__":
    main()
