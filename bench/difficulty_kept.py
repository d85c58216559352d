"""How often `generate --difficulty D` gets D from its first loop, and how many loops it draws
(setter/generate.py's ATTEMPTS): per genre, size and level, over seeds.

    python bench/difficulty_kept.py [GENRE RxC ...] [--seeds N]   (default: both genres, 7x7 10x10)
"""

from __future__ import annotations

import argparse
import resource
from collections import Counter

from loopsat.setter.generate import Unmet, generate
from loopsat.solver.explain import GRADES


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", default=["slitherlink", "7x7", "masyu", "7x7", "slitherlink", "10x10"])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--levels", default="1,2,3,4")
    args = parser.parse_args()
    for genre, size in zip(args.boards[::2], args.boards[1::2], strict=True):
        rows, cols = (int(side) for side in size.split("x"))
        for level in (int(n) for n in args.levels.split(",")):
            loops: Counter[int] = Counter()
            started = cpu()
            for seed in range(args.seeds):
                try:
                    loops[generate(genre, rows, cols, difficulty=level, seed=seed).loops] += 1
                except Unmet:
                    loops[0] += 1
            spent = (cpu() - started) / args.seeds
            tally = " ".join(f"{n or 'unmet'}:{k}" for n, k in sorted(loops.items()))
            print(f"{genre} {size} {GRADES[level - 1]}: loops drawn {tally}; {spent:.1f} CPU-s a puzzle", flush=True)


if __name__ == "__main__":
    main()
