"""The cockpit's server-side work for a run of edits, without a browser: each of the first N clues
(spread over the board as bench/serve_latency.py spreads them) cleared in turn and the board put
through the worker's analysis, up to its hint and grade, or with `--tail` up to an ambiguous
board's last certain edge and usage colours (a unique board stops before its redundant clues).
Time the whole process from outside, for example:

    /usr/bin/time -v python bench/serve_edits.py bench/slitherlink/20x20/001.slither 5 --tail
"""

from __future__ import annotations

import argparse
from pathlib import Path

from loopsat.serve import worker


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("edits", type=int)
    parser.add_argument("--tail", action="store_true", help="on to the last certain edge and the usage colours")
    args = parser.parse_args()
    rows = [line for line in args.file.read_text().splitlines() if line and not line.startswith("!")]
    clues = [(i, j) for i, row in enumerate(rows) for j, ch in enumerate(row) if ch != "."]
    for n in range(args.edits):
        i, j = clues[(n * 7919) % len(clues)]
        edited = [row[:j] + "." + row[j + 1 :] if k == i else row for k, row in enumerate(rows)]
        board = {"genre": "slitherlink", "rows": edited, "letters": {}}
        for kind, _ in worker.analyse(board, worker.Limits(60.0)):
            if kind == (worker.BACKGROUND if not args.tail else "usage") or kind in ("clue", "clues"):
                break


if __name__ == "__main__":
    main()
