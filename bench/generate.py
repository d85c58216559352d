"""The generator's rows of `make bench`: `loopsat generate` timed as a whole process at the sizes
and grades of the speed targets, Tatham's generator (Debian's sgt-puzzles: `sgt-loopy
--generate`, `sgt-pearl --generate`) timed the same way in the same run where installed, and the
agreement row: for each of Tatham's levels (Loopy's and Pearl's), puzzles generated with
`--difficulty` at that level, graded by his own grader (build/peers/loopy-solver and
pearl-solver, built by bench/peers_build.sh with -DSTANDALONE_SOLVER), the share he rates the same.

    python bench/generate.py [--rows all|none|LABEL...] [--agreement N] [--size RxC] [--timeout S]

Never asserts; bench/run.py calls `run` and prints the targets beside the figures.
"""

from __future__ import annotations

import argparse
import functools
import shutil
import subprocess
import sys
import time
from collections import Counter

from run import PEERS, child_cpu, run_one

# (label, `loopsat generate` arguments (seed 1, the command line's taste), Tatham's parameters
# (None: his generator has no such puzzle), the target in whole-process CPU-s)
ROWS = (
    ("Slitherlink 20x20 hard", ["slitherlink", "20x20", "--difficulty", "hard"], ("loopy", "20x20t0dh"), 2.0),
    ("Slitherlink 40x40 hard", ["slitherlink", "40x40", "--difficulty", "hard"], ("loopy", "40x40t0dh"), 30.0),
    ("Masyu 20x20 tricky", ["masyu", "20x20", "--difficulty", "tricky"], ("pearl", "20x20dt"), 10.0),
    ("Masyu 40x40 tricky", ["masyu", "40x40", "--difficulty", "tricky"], ("pearl", "40x40dt"), 60.0),
    ("minimal Slitherlink 40x40", ["slitherlink", "40x40"], None, 300.0),
)
# each genre's levels as Tatham names them, and his grader of that genre (build/peers/)
AGREEMENT = {
    "slitherlink": (("easy", "normal", "tricky", "hard"), "loopy-solver"),
    "masyu": (("easy", "tricky"), "pearl-solver"),
}
print = functools.partial(print, flush=True)  # each row as it is measured: the whole takes an hour


def tatham(game: str) -> str | None:
    """Debian's sgt-puzzles binary for `game` (loopy, pearl), where installed."""
    return shutil.which(f"sgt-{game}") or shutil.which(f"sgt-{game}", path="/usr/games")


def time_tatham(game: str, params: str, timeout: float) -> tuple[float, bool]:
    """Whole-process CPU-s of Tatham's generator making one puzzle (seed 1), and whether it made
    one in `timeout` seconds (his Pearl makes no 14×14 in 90 s)."""
    binary = tatham(game)
    assert binary is not None
    before = child_cpu()
    try:
        done = subprocess.run([binary, "--generate", "1", f"{params}#loopsat1"], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return timeout, False
    return child_cpu() - before, done.returncode == 0


def run_rows(labels: list[str] | None, timeout: float, peer_timeout: float) -> dict[str, dict]:
    """Each row in its own process, then Tatham's where installed."""
    print(f"\n{'generate --seed 1':<28} {'CPU-s':>8} {'wall s':>8} {'target':>7}  result")
    rows: dict[str, dict] = {}
    for label, (genre, size, *more), peer, target in ROWS:
        if labels is not None and label not in labels:
            continue
        started = time.perf_counter()
        cpu, done = run_one(["generate", "--genre", genre, "--size", size, "--seed", "1", *more], timeout)
        wall = time.perf_counter() - started
        summary = done.stderr.strip().split(": ", 1)[-1] if done and done.returncode == 0 else "timeout/error"
        rows[label] = {"cpu": cpu, "wall": wall, "target": target, "result": summary}
        print(f"{label:<28} {cpu:8.2f} {wall:8.2f} {target:7.1f}  {summary}")
        if peer is not None and tatham(peer[0]) is not None:
            his, made = time_tatham(*peer, peer_timeout)
            rows[label] |= {"tatham_cpu": his if made else None}
            said = f"{his:8.2f}" if made else f"none in {peer_timeout:.0f} s"
            print(f"{'':<28} {said:>8}  Tatham's sgt-{peer[0]} --generate {peer[1]}")
    return rows


def tatham_grade(game_id: str, grader: str = "loopy-solver") -> str:
    """Tatham's grade of a game ID, lower case ("harder than hard", "ambiguous": beyond his levels)."""
    done = subprocess.run([str(PEERS / grader), "-g", game_id], capture_output=True, text=True, timeout=60)
    said = done.stdout.strip().removeprefix("Difficulty rating: ").lower()
    return "beyond" if said.startswith(("harder than hard", "ambiguous")) else said or "error"


def agreement(count: int, rows: int, cols: int) -> dict[str, dict]:
    """For each level of each genre whose grader is built, `count` puzzles generated at it
    (seeds 1..count, the command line's taste) and Tatham's grades of them; the share he rates
    the same."""
    from loopsat.setter.generate import Unmet, file_text, generate, level
    from loopsat.setter.taste import default

    found: dict[str, dict] = {}
    for genre, (levels, grader) in AGREEMENT.items():
        if not (PEERS / grader).exists():
            print(f"\nagreement: {genre} skipped (build/peers/{grader} not built: bench/peers_build.sh tatham DIR)")
            continue
        print(f"\nagreement: {genre} {rows}x{cols}, {count} a level, graded by Tatham's {grader} -g")
        rated: dict[str, dict] = {}
        same = total = 0
        taste = default(genre)
        for name in levels:
            grades: Counter[str] = Counter()
            for seed in range(1, count + 1):
                try:
                    made = generate(genre, rows, cols, seed=seed, difficulty=level(name), taste=taste)
                except Unmet:
                    grades["unmet"] += 1
                    continue
                grades[tatham_grade(file_text(made.puzzle, "tatham").strip(), grader)] += 1
            rated[name] = dict(grades)
            same, total = same + grades[name], total + count
            print(f"  loopsat {name:<7} Tatham {dict(grades)}: {grades[name] / count:.0%} the same")
        rated["share"] = {"same": same / total if total else 0.0}
        print(f"  all levels: {same} of {total} ({same / total:.0%}) rated the same; target 90 %")
        found[genre] = rated
    return found


def run(labels: list[str] | None, agreement_count: int, size: str, timeout: float, peer_timeout: float) -> dict:
    """The generate rows, then the agreement row where Tatham's grader is built."""
    results: dict = {"rows": run_rows(labels, timeout, peer_timeout)}
    if agreement_count:
        rows, cols = map(int, size.split("x"))
        results["agreement"] = agreement(agreement_count, rows, cols)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", nargs="*", help="row labels (default all; none: only the agreement)")
    parser.add_argument("--agreement", type=int, default=5, help="puzzles a level (0: no agreement row)")
    parser.add_argument("--size", default="10x10", help="of the agreement's puzzles")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds a row")
    parser.add_argument("--peer-timeout", type=float, default=120.0, help="wall seconds for Tatham's generator")
    options = parser.parse_args()
    labels = None if options.rows is None else [] if options.rows == ["none"] else options.rows
    run(labels, options.agreement, options.size, options.timeout, options.peer_timeout)


if __name__ == "__main__":
    sys.exit(main())
