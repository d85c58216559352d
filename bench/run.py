"""The benchmark: every puzzle of bench/manifest.json solved and proved unique in its own process.

Prints per set and strategy: solved/n, wrong answers (compared with the manifest's loop),
median and max CPU seconds of the whole process (start-up and imports included; for the default
strategy and the built peers each puzzle's median of `--runs` runs, taken in rounds over the set,
the other strategies once), and the ratio to the default strategy. When puzzlekit is installed
(the `bench` extra), a row `puzzlekit` per set times that peer once a puzzle (bench/peers.py; it
finds a loop without proving it unique).
Peers built by bench/peers_build.sh (Tatham's standalone solvers, cspuz_core's CLI) get a row
each where they take the set's genre, with loopsat ÷ peer (medians); unbuilt ones are skipped.
Then `loopsat.solve` in this process, warm (bench/inprocess.py: median and max ms per set, and
÷ Tatham's whole process where his row was measured). Then exact counts (bench/count/: empty
boards by the frontier DP, an empty 4×4 as MCC by CP-SAT enumeration), `loopsat generate`
(bench/generate.py: seed 1, whole process CPU-s, beside Tatham's generator; the share of
generated puzzles his grader rates at the level asked), and last the targets of the speed
issue, each with what this run measured.
Never asserts; results also go to bench/results.json. Only the generator:
`python bench/run.py --sets none --no-counts --no-peers`.

    python bench/run.py [--sets slitherlink/40x40 ...] [--strategies lazy ...] [--timeout S] [--peer-timeout S]
                        [--runs N] [--no-counts] [--no-generate] [--no-inprocess]
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
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

from loopsat.safefile import write_file

T = TypeVar("T")
HERE = Path(__file__).parent
PEERS = HERE.parent / "build" / "peers"  # what bench/peers_build.sh builds
# (row label, binary in PEERS, the genres it takes, the form it reads: loopsat.formats.FORMS)
BUILT_PEERS = (
    ("tatham", "loopy-solver", ("slitherlink",), "tatham"),
    ("tatham", "pearl-solver", ("masyu",), "tatham"),
    ("cspuz_core", "cspuz-run-solver", ("slitherlink", "masyu"), "url"),
)
PEER_FAILURES = ("Unable", "inconsistent", "ambiguous")  # what Tatham's solvers say when they give up
# (label, arguments after `loopsat solve --count`, the exact count or None where only a pair must agree)
COUNTS = (
    ("empty 12x12", ["--genre", "slitherlink", "count/empty-12x12.slither"], 36954917962039884953387868334644457),
    ("empty 13x14", ["--genre", "slitherlink", "count/empty-13x14.slither"], None),
    ("empty 14x13", ["--genre", "slitherlink", "count/empty-14x13.slither"], None),
    ("empty 4x4 --mcc", ["--mcc", "count/empty-4x4.mcc"], 9349),
)
# The speed issue's targets, whole process CPU-s: (label, where in results, statistic, bound).
TARGETS = (
    ("loopsat --help", ("startup", "loopsat --help"), None, 0.06),
    ("loopsat solve 5x5", ("startup", "solve 5x5"), None, 0.06),
    ("Slitherlink 20x20 median", ("sets", "slitherlink/20x20", "auto"), "median", 0.3),
    ("Slitherlink 40x40 median", ("sets", "slitherlink/40x40", "auto"), "median", 0.15),
    ("Slitherlink 60x60 max", ("sets", "slitherlink/60x60", "auto"), "max", 0.26),  # Tatham's whole process
    ("Masyu 12x12 median", ("sets", "masyu/12x12", "auto"), "median", 0.15),
    ("Masyu 40x58", ("sets", "masyu/40x58", "auto"), "max", 0.5),
    ("--count empty 12x12", ("counts", "empty 12x12"), "cpu", 5.0),
    ("--count empty 13x14", ("counts", "empty 13x14"), "cpu", 60.0),
    ("--count --mcc empty 4x4", ("counts", "empty 4x4 --mcc"), "cpu", 5.0),
    ("25x30 needing search max", ("sets", "slitherlink/25x30", "auto"), "max", 0.6),
    ("generate Slitherlink 20x20 hard", ("generate", "rows", "Slitherlink 20x20 hard"), "cpu", 2.0),
    ("generate Slitherlink 40x40 hard", ("generate", "rows", "Slitherlink 40x40 hard"), "cpu", 30.0),
    ("generate Masyu 20x20 tricky", ("generate", "rows", "Masyu 20x20 tricky"), "cpu", 10.0),
    ("generate Masyu 40x40 tricky", ("generate", "rows", "Masyu 40x40 tricky"), "cpu", 60.0),
    ("generate minimal Slitherlink 40x40", ("generate", "rows", "minimal Slitherlink 40x40"), "cpu", 300.0),
    ("hard Masyu 25x25 median", ("sets", "masyu/25x25", "auto"), "median", 0.15),
    ("hard Masyu 25x25 max", ("sets", "masyu/25x25", "auto"), "max", 0.45),
    ("in process Masyu 10x10 median", ("inprocess", "masyu/10x10"), "median", 0.005),
    ("in process Masyu 12x12 median", ("inprocess", "masyu/12x12"), "median", 0.005),
    ("in process Slitherlink 60x60 max", ("inprocess", "slitherlink/60x60"), "max", 0.25),
    ("in process ÷ Tatham, worst set", ("inprocess_worst_over_tatham",), None, 2.0),
)


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


def built_peer(entry: dict, binary: Path, form: str, timeout: float) -> tuple[float, bool]:
    """Time one peer built by bench/peers_build.sh on one puzzle, as its whole process; whether it
    says it solved it (its own verdict: the answer is not compared). A timeout costs the cap."""
    from loopsat.formats import convert
    from loopsat.genres import read_puzzles

    path = HERE / entry["file"]
    text = entry.get("tatham_game_id") if form == "tatham" else None
    text = text or convert(read_puzzles(str(path), path.read_bytes())[0], form)
    before = child_cpu()
    try:
        done = subprocess.run([str(binary), text], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return timeout, False
    said = done.stdout
    solved = "Answer Status: Unique" in said if form == "url" else not any(w in said for w in PEER_FAILURES)
    return child_cpu() - before, done.returncode == 0 and solved


def in_rounds(entries: list[dict], rounds: int, run: Callable[[dict], tuple[float, T]]) -> list[tuple[float, T]]:
    """Each entry run `rounds` times, a round over all of them at a time (the machine's drift
    spread over every entry alike): its median CPU time, and what its first run gave."""
    runs = [[run(entry) for entry in entries] for _ in range(rounds)]
    return [(statistics.median(cpu for cpu, _ in each), each[0][1]) for each in zip(*runs, strict=True)]


def run_built_peers(
    name: str, entries: list[dict], default_median: float, timeout: float, rounds: int
) -> dict[str, dict]:
    """A row per peer of bench/peers_build.sh that is built and takes this set's genre."""
    rows: dict[str, dict] = {}
    for label, binary, genres, form in BUILT_PEERS:
        if entries[0]["genre"] not in genres or not (PEERS / binary).exists():
            continue
        runs = in_rounds(entries, rounds, partial(built_peer, binary=PEERS / binary, form=form, timeout=timeout))
        times = [cpu for cpu, _ in runs]
        median = statistics.median(times)
        row = {"solved": sum(ok for _, ok in runs), "n": len(entries), "wrong": 0, "median": median}
        whole = row["solved"] == len(entries)  # a peer that gave up on some has no ratio to speak of
        row |= {"max": max(times), "ratio": median / default_median}
        row["loopsat_over_peer"] = default_median / median if whole and median else None
        rows[label] = row
        print_row(name, label, row)
        ratio = f"{row['loopsat_over_peer']:.2f} (medians)" if whole else f"- ({label} solved {row['solved']})"
        print(f"{'':<18} loopsat ÷ {label}: {ratio}")
    return rows


def print_row(name: str, label: str, row: dict) -> None:
    print(
        f"{name:<18} {label:<10} {row['solved']:>3}/{row['n']:<3} {row['wrong']:>6} "
        f"{row['median']:8.2f} {row['max']:8.2f} {row['ratio']:6.2f}"
    )


def run_counts(timeout: float) -> dict[str, dict]:
    """Each exact count in its own process; a wrong number is reported, never asserted."""
    print(f"\n{'count':<18} {'CPU-s':>8}  result")
    rows: dict[str, dict] = {}
    for label, args, expected in COUNTS:
        cpu, done = run_one(["solve", "--count", *args[:-1], str(HERE / args[-1])], timeout)
        answer = done.stdout.strip() if done and done.returncode == 0 else None
        rows[label] = {"cpu": cpu, "count": answer}
        if answer is None:
            verdict = "timeout/error"
        else:
            verdict = "" if expected is None else "ok" if answer == str(expected) else "WRONG"
        print(f"{label:<18} {cpu:8.2f}  {answer} {verdict}")
    pair = [rows[label]["count"] for label in ("empty 13x14", "empty 14x13")]
    print(f"13x14 and 14x13 {'agree' if pair[0] is not None and pair[0] == pair[1] else 'DISAGREE'}")
    return rows


def run_inprocess(results: dict, sets: dict[str, list[dict]]) -> None:
    """bench/inprocess.py's table on the sets run, beside Tatham's rows of this run (where he
    solved every puzzle of the set)."""
    import inprocess

    tatham = {}
    for name, rows in results["sets"].items():
        row = rows.get("tatham")
        if row is not None:
            tatham[name] = row["median"] if row["solved"] == row["n"] else None
    rows = inprocess.table(sets, inprocess.RUNS, tatham, None)
    results["inprocess"] = rows
    ratios = [row["over_tatham"] for row in rows.values() if row["over_tatham"] is not None]
    if ratios:
        results["inprocess_worst_over_tatham"] = max(ratios)


def run_generate(timeout: float, peer_timeout: float) -> dict:
    """The generator's rows and the agreement with Tatham's grader (bench/generate.py)."""
    import generate

    return generate.run(None, 5, "10x10", timeout, peer_timeout)


def print_targets(results: dict) -> None:
    """The speed issue's targets beside this run's numbers (`-` where the run did not measure it)."""
    print(f"\n{'target':<34} {'measured':>9} {'bound':>7}")
    for label, path, statistic, bound in TARGETS:
        found: object = results
        for key in path:
            found = found.get(key, {}) if isinstance(found, dict) else {}
        value = found.get(statistic) if isinstance(found, dict) and statistic else found
        if not isinstance(value, float | int):
            print(f"{label:<34} {'-':>9} {bound:7.3f}")
            continue
        print(f"{label:<34} {value:9.3f} {bound:7.3f} {'met' if value <= bound else 'MISSED'}")


def compile_bytecode() -> None:
    """Compile loopsat's modules as `pip install` does for an installed package. An editable
    install run with PYTHONDONTWRITEBYTECODE=1 (this machine sets it) otherwise compiles every
    module of every process: 30-60 ms of each run's start-up that no installed loopsat pays."""
    import compileall

    import loopsat

    compileall.compile_dir(Path(loopsat.__file__).parent, quiet=1)


def main() -> None:
    from loopsat.solver.pipeline import STRATEGIES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", help="only these sets, e.g. slitherlink/40x40")
    searching = [s for s in STRATEGIES if s != "frontier"]  # frontier only counts
    parser.add_argument("--strategies", nargs="*", default=searching)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per puzzle")
    parser.add_argument("--peer-timeout", type=float, default=60.0, help="seconds per puzzle for a peer")
    # Three: the speed targets are stated as medians of 3 runs; a single run takes every
    # interruption of the machine in full (interference only adds time, never takes it away).
    parser.add_argument("--runs", type=int, default=3, help="runs per puzzle: default strategy, built peers")
    parser.add_argument("--no-peers", action="store_true", help="skip puzzlekit even when installed")
    parser.add_argument("--no-counts", action="store_true", help="skip the exact counts")
    parser.add_argument("--no-generate", action="store_true", help="skip `loopsat generate`")
    parser.add_argument("--no-inprocess", action="store_true", help="skip the in-process table")
    parser.add_argument("--out", type=Path, default=HERE / "results.json")
    options = parser.parse_args()
    manifest = json.loads((HERE / "manifest.json").read_text())
    sets: dict[str, list[dict]] = {}
    for entry in manifest["puzzles"]:
        sets.setdefault(str(Path(entry["file"]).parent), []).append(entry)
    results: dict[str, dict] = {"machine": {"python": sys.version.split()[0]}, "startup": {}, "sets": {}}
    compile_bytecode()

    for label, args in (
        ("loopsat --help", ["--help"]),
        ("export --mcc 10x10", ["export", "--mcc", str(HERE / "startup-10x10.slither")]),
        ("solve 5x5", ["solve", str(HERE / "startup-5x5.slither")]),
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
    built = [binary for _, binary, _, _ in BUILT_PEERS if (PEERS / binary).exists()]
    if not options.no_peers:
        print(f"peers built by bench/peers_build.sh: {', '.join(built) or 'none (skipped)'}")
    print(f"\n{'set':<18} {'strategy':<10} {'solved':>7} {'wrong':>6} {'median':>8} {'max':>8} {'ratio':>6}")
    for name, entries in sets.items():
        if options.sets and name not in options.sets:
            continue
        default_median = None
        for strategy in options.strategies:
            times, solved, wrong = [], 0, 0
            rounds = options.runs if strategy == options.strategies[0] else 1

            def solve(entry: dict, strategy: str = strategy) -> tuple[float, subprocess.CompletedProcess[str] | None]:
                return run_one(["solve", "--json", "--strategy", strategy, str(HERE / entry["file"])], options.timeout)

            for entry, (cpu, done) in zip(entries, in_rounds(entries, rounds, solve), strict=True):
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
        if not options.no_peers and default_median is not None:
            results["sets"][name] |= run_built_peers(name, entries, default_median, options.peer_timeout, options.runs)
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
    if not options.no_inprocess:
        run_inprocess(results, {name: entries for name, entries in sets.items() if name in results["sets"]})
    if not options.no_counts:
        results["counts"] = run_counts(options.timeout)
    if not options.no_generate:
        results["generate"] = run_generate(max(options.timeout, 1800.0), options.peer_timeout)
    print_targets(results)
    results["finished"] = time.strftime("%Y-%m-%d %H:%M:%S")
    write_file(options.out, (json.dumps(results, indent=1) + "\n").encode(), replace=True)
    print(f"\nresults: {options.out}")


if __name__ == "__main__":
    main()
