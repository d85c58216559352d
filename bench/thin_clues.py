"""A Slitherlink board with some of a puzzle's clues kept, chosen at random: the ambiguous draft
a setter counts. Prints the board; never asserts.

    python bench/thin_clues.py FILE KEEP [--seed S] > OUT.slither
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="a .slither file, one row a line")
    parser.add_argument("keep", type=int, help="how many of its clues to keep")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = args.file.read_text().split()
    clued = [(i, j) for i, row in enumerate(rows) for j, c in enumerate(row) if c != "."]
    kept = set(random.Random(args.seed).sample(clued, min(args.keep, len(clued))))
    for i, row in enumerate(rows):
        print("".join(c if (i, j) in kept else "." for j, c in enumerate(row)))


if __name__ == "__main__":
    main()
