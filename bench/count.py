"""Exact counting by the frontier DP: `loopsat solve --count` on empty boards or puzzle files,
each in its own process.

Prints per board its count and the CPU seconds of the whole process (user + system, start-up
and imports included). Empty boards are the DP's worst case: clues only prune its states. A
board and its transpose must agree. Never asserts.

    python bench/count.py [--genre slitherlink|masyu] [--disjoint] [ROWSxCOLS | FILE ...]
    (default: the empty 12x12 13x14 14x13)
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

SUFFIX = {"slitherlink": ".slither", "masyu": ".masyu"}


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", default=["12x12", "13x14", "14x13"])
    parser.add_argument("--genre", choices=sorted(SUFFIX), default="slitherlink")
    parser.add_argument("--disjoint", action="store_true", help="count DLX3's disjoint loops")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for board in args.boards:
            path = Path(board)
            if not path.is_file():
                rows, cols = (int(side) for side in board.split("x"))
                path = Path(folder) / f"empty-{board}{SUFFIX[args.genre]}"
                path.write_text("\n".join("." * cols for _ in range(rows)) + "\n")
            command = [sys.executable, "-m", "loopsat", "solve", "--count", str(path)]
            before = child_cpu()
            done = subprocess.run(command + ["--disjoint"] * args.disjoint, capture_output=True, text=True)
            found = done.stdout.strip() or done.stderr.strip()
            print(f"{board}: {child_cpu() - before:.2f} CPU-s  {found}", flush=True)


if __name__ == "__main__":
    main()
