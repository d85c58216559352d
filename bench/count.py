"""Exact counting by the frontier DP against the DP as it was before: `loopsat solve --count` on
empty boards or puzzle files, each in its own process.

Prints per board its count, the whole process's CPU seconds (user + system, start-up and imports
included) and peak RSS, the same for the old DP (its module checked out of git at OLD into a
temporary folder and run on the same board), their ratio, and whether the counts agree. On an
empty board (`--sorted`) also the sweep with sorted keys that clued boards take, run on it as if
it had clues: the ratio of the indexed sweep to it. Empty boards are the DP's worst case: clues
only prune its states. An empty n×n board's count is OEIS A140517(n), checked where known here.
Never asserts.

    python bench/count.py [--genre slitherlink|masyu] [--disjoint] [--old REV | --no-old] [--sorted]
                          [ROWSxCOLS | FILE ...]      (default: the empty 12x12 13x14 14x13)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SUFFIX = {"slitherlink": ".slither", "masyu": ".masyu"}
# The last commit of the DP with sorted int64 keys and counts in 2³² limbs.
OLD = "7ed9c4a"
OLD_MODULE = "loopsat/frontier.py"  # where it lived at OLD
# OEIS A140517 (cycles of an n×n board's grid graph), n = 0..12: the tests' copy.
A140517 = tuple(
    int(line)
    for line in (Path(__file__).parents[1] / "tests" / "data" / "oeis" / "A140517.txt").read_text().splitlines()
    if not line.startswith("#")
)
OLD_DRIVER = """
import sys
sys.path.insert(0, sys.argv[1])
import old_frontier
from old_frontier import count
old_frontier.MAX_WIDTH = 21  # its keys' first word holds 2·(21 + 1) arm bits: the new DP's widest
from loopsat.api import data_sets
puzzle = data_sets(sys.argv[2], None)[0]
print(count(puzzle, single_loop=sys.argv[3] == "single"))
"""


SORTED_DRIVER = """
import sys
from loopsat.solver.frontier.layout import Frontier
from loopsat.solver.frontier.sweep import Sweep
cols, rows = sorted(int(side) for side in sys.argv[1:3])  # the sweep runs along the shorter side
print(Sweep(Frontier(rows, cols, [], sys.argv[3] == "single"), 1 << 40, None).run())
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", default=["12x12", "13x14", "14x13"])
    parser.add_argument("--genre", choices=sorted(SUFFIX), default="slitherlink")
    parser.add_argument("--disjoint", action="store_true", help="count DLX3's disjoint loops")
    parser.add_argument("--old", default=OLD, metavar="REV", help=f"the git revision of the old DP (default {OLD})")
    parser.add_argument("--no-old", action="store_true", help="run the new DP only")
    parser.add_argument("--sorted", action="store_true", help="and the sorted-key sweep on empty boards")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        old = None if args.no_old else _check_out_old(args.old, Path(folder))
        for board in args.boards:
            path, known = Path(board), None
            if not path.is_file():
                rows, cols = (int(side) for side in board.split("x"))
                path = Path(folder) / f"empty-{board}{SUFFIX[args.genre]}"
                path.write_text("\n".join("." * cols for _ in range(rows)) + "\n")
                if rows == cols and not args.disjoint:
                    n = rows if args.genre == "slitherlink" else rows - 1
                    known = A140517[n] if n < len(A140517) else None
            command = [sys.executable, "-m", "loopsat", "solve", "--count", str(path)]
            found, cpu, rss = _measure(command + ["--disjoint"] * args.disjoint)
            line = f"{board}: {found}  new {cpu:.2f} CPU-s {rss:.0f} MB"
            if old is not None:
                style = "disjoint" if args.disjoint else "single"
                was, old_cpu, old_rss = _measure([sys.executable, "-c", OLD_DRIVER, str(old), str(path), style])
                agree = "agree" if was == found else f"DISAGREE (old {was})"
                line += f"  old {old_cpu:.2f} CPU-s {old_rss:.0f} MB  ratio {cpu / old_cpu:.2f}  {agree}"
            if args.sorted and not Path(board).is_file():
                style = "disjoint" if args.disjoint else "single"
                extra = 1 if args.genre == "slitherlink" else 0  # the lattice: corners, or tiles
                lattice = [str(int(side) + extra) for side in board.split("x")]
                was, by_cpu, by_rss = _measure([sys.executable, "-c", SORTED_DRIVER, *lattice, style])
                agree = "agree" if was == found else f"DISAGREE (sorted {was})"
                line += f"  sorted {by_cpu:.2f} CPU-s {by_rss:.0f} MB  ratio {cpu / by_cpu:.2f}  {agree}"
            if known is not None:
                line += "  A140517 " + ("ok" if found == str(known) else f"WRONG (OEIS {known})")
            print(line, flush=True)


def _measure(command: list[str]) -> tuple[str, float, float]:
    """(what it printed, CPU-s, peak RSS in MB) of one child process, from its own rusage."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    out, err = process.stdout.read(), process.stderr.read()
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0  # reaped here, with its rusage: Popen must not wait for it again
    text = out.strip() or (err.strip().splitlines() or [""])[-1]
    return text, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _check_out_old(revision: str, folder: Path) -> Path | None:
    """The old DP's module, from git, as old_frontier.py in a folder of its own (None: no git)."""
    done = subprocess.run(["git", "show", f"{revision}:{OLD_MODULE}"], capture_output=True, text=True)
    if done.returncode:
        print(f"no old DP to compare with: {done.stderr.strip()}", file=sys.stderr)
        return None
    (folder / "old").mkdir()
    (folder / "old" / "old_frontier.py").write_text(done.stdout)
    return folder / "old"


if __name__ == "__main__":
    main()
