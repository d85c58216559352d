"""`loopsat generate --difficulty` over a run of seeds, each a whole process: whether it made a
puzzle, its CPU-s, and the grade Tatham's grader gives it (build/peers/, bench/peers_build.sh),
where built. The figures of a difficulty that some seeds cannot meet (Masyu 10×10 tricky seed 2
once found none in 8 loops).

    python bench/generate_seeds.py GENRE RxC DIFFICULTY [--seeds 1-20] [--timeout S]

Never asserts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter

from generate import AGREEMENT, tatham_grade
from run import PEERS, run_one


def seeds(text: str) -> list[int]:
    """`A-B` (both included) or one seed."""
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("genre", choices=sorted(AGREEMENT))
    parser.add_argument("size")
    parser.add_argument("difficulty")
    parser.add_argument("--seeds", type=seeds, default=seeds("1-20"))
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds a seed")
    options = parser.parse_args()
    grader = PEERS / AGREEMENT[options.genre][1]
    made: list[float] = []
    rated: Counter[str] = Counter()
    for seed in options.seeds:
        args = ["generate", "--genre", options.genre, "--size", options.size, "--seed", str(seed)]
        cpu, done = run_one([*args, "--difficulty", options.difficulty, "--to", "tatham"], options.timeout)
        if done is None or done.returncode != 0:
            said = "timeout" if done is None else done.stderr.strip().splitlines()[-1]
            print(f"seed {seed:>3} {cpu:7.2f} CPU-s  none: {said}", flush=True)
            continue
        made.append(cpu)
        grade = tatham_grade(done.stdout.strip(), grader.name) if grader.exists() else "not graded"
        rated[grade] += 1
        print(f"seed {seed:>3} {cpu:7.2f} CPU-s  Tatham: {grade}", flush=True)
    count = len(options.seeds)
    if made:
        spread = f"median {statistics.median(made):.2f}, max {max(made):.2f} CPU-s"
        print(f"made {len(made)} of {count} ({spread}); Tatham's grades {dict(rated)}")
    else:
        print(f"made 0 of {count}")


if __name__ == "__main__":
    sys.exit(main())
