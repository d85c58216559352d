"""The benchmark: every puzzle of bench/manifest.json solved and proved unique in its own process.

Prints per set and strategy: solved/n, wrong answers (compared with the manifest's loop),
median and max CPU seconds of the whole process (start-up and imports included), and the ratio
to the default strategy. When puzzlekit is installed (the `bench` extra), a row `puzzlekit` per
set times that peer the same way (bench/peers.py; it finds a loop without proving it unique).
Never asserts; results also go to bench/results.json.

    python bench/run.py [--sets slitherlink/40x40 ...] [--strategies lazy ...] [--timeout S] [--peer-timeout S]
"""

from __future__ import annotations

import argparse
import importlib.util
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


def run_process(command: list[str], timeout: float) -> tuple[float, subprocess.CompletedProcess[str] | None]:
    """Run one Python process; its whole CPU time (user + system), and what it printed."""
    before = child_cpu()
    try:
        done = subprocess.run([sys.executable, *command], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return timeout, None
    return child_cpu() - before, done


def run_one(args: list[str], timeout: float) -> tuple[float, subprocess.CompletedProcess[str] | None]:
    """Run one loopsat process."""
    return run_process(["-m", "loopsat", *args], timeout)


def run_peer(entry: dict, timeout: float) -> tuple[float, dict | None]:
    """Run puzzlekit on one puzzle; a timeout, its own or ours, costs the whole cap."""
    cpu, done = run_process([str(HERE / "peers.py"), str(HERE / entry["file"]), "--time-limit", str(timeout)], timeout)
    answer = json.loads(done.stdout) if done and done.returncode == 0 else None
    return (timeout if answer is None or answer["status"] == "timeout" else cpu), answer


def print_row(name: str, label: str, row: dict) -> None:
    print(
        f"{name:<18} {label:<10} {row['solved']:>3}/{row['n']:<3} {row['wrong']:>6} "
        f"{row['median']:8.2f} {row['max']:8.2f} {row['ratio']:6.2f}"
    )


def main() -> None:
    from loopsat.solve import STRATEGIES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", help="only these sets, e.g. slitherlink/40x40")
    searching = [s for s in STRATEGIES if s != "frontier"]  # frontier only counts
    parser.add_argument("--strategies", nargs="*", default=searching)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per puzzle")
    parser.add_argument("--peer-timeout", type=float, default=60.0, help="seconds per puzzle for a peer")
    parser.add_argument("--no-peers", action="store_true", help="skip puzzlekit even when installed")
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

    peers = not options.no_peers and importlib.util.find_spec("puzzlekit") is not None
    if not peers:
        print("peers: skipped" if options.no_peers else "peers: puzzlekit not installed (pip install '.[bench]')")
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
            row["ratio"] = median / default_median
            results["sets"].setdefault(name, {})[strategy] = row
            print_row(name, strategy, row)
        if peers and entries[0]["genre"] in ("slitherlink", "masyu"):
            runs = [(entry, *run_peer(entry, options.peer_timeout)) for entry in entries]
            found = [(entry, answer["solution"]) for entry, _, answer in runs if answer and answer["solution"]]
            times = [cpu for _, cpu, _ in runs]
            solved = sum(solution == entry["solution"] for entry, solution in found)
            median = statistics.median(times)
            row = {"solved": solved, "n": len(entries), "wrong": len(found) - solved, "median": median}
            row |= {"max": max(times), "ratio": median / default_median, "timeout": options.peer_timeout}
            results["sets"][name]["puzzlekit"] = row
            print_row(name, "puzzlekit", row)
    results["finished"] = time.strftime("%Y-%m-%d %H:%M:%S")
    options.out.write_text(json.dumps(results, indent=1) + "\n")
    print(f"\nresults: {options.out}")


if __name__ == "__main__":
    main()
