"""The cockpit's redundant clues of unique puzzles, without a browser: for each file, the wall
time from the start of the pass (the badge's solve already made) to each clue settled, and its
last; with `--check`, the answers against the plain per-clue proof (slow). Time the whole process
from outside for paired runs, for example:

    /usr/bin/time -v python bench/redundant_pass.py bench/slitherlink/20x20/001.slither
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from loopsat import api


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--quiet", action="store_true", help="print nothing")
    args = parser.parse_args()
    for path in args.files:
        (puzzle,) = api.parse(path.read_text(), None, path=str(path))
        result = api.solve(puzzle, quick=True)
        if result.status != "unique":
            if not args.quiet:
                print(f"{path}: {result.status}, skipped")
            continue
        start = time.monotonic()
        answers = []
        for cell, goes in api.redundant(puzzle, result.solutions[0].edges, time_limit=60.0):
            answers.append((time.monotonic() - start, cell, goes))
        if not args.quiet:
            gone = sum(goes is True for _, _, goes in answers)
            unsettled = sum(goes is None for _, _, goes in answers)
            half = answers[len(answers) // 2][0] if answers else 0.0
            print(
                f"{path}: {len(answers)} clues, {gone} go, {unsettled} unsettled; "
                f"half settled {half:.2f} s, last {answers[-1][0]:.2f} s"
            )


if __name__ == "__main__":
    main()
