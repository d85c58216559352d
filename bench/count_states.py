"""States per row of the sorted sweep on clued boards, with the lookahead and without: the
most states the count holds in each row, its CPU seconds and peak RSS, each run in its own
process (a run without the lookahead may stop at its memory budget: the rows it reached are
printed). Never asserts.

    python bench/count_states.py [--memory SIZE] FILE ...      (SIZE: as --memory-limit, 4G)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

DRIVER = """
import json, sys
from loopsat.api import data_sets
from loopsat.solver.frontier import NotCountable, count
from loopsat.solver.frontier.budget import parse_size
rows, ahead = {}, {}
def heard(line):
    kind = ahead if line.startswith("looking ahead") else rows
    head, states = line.rsplit(": ", 1)
    row = int(head.split("row ")[1].split("/")[0])
    kind[row] = max(kind.get(row, 0), int(states.split()[0].replace(",", "")))
puzzle = data_sets(sys.argv[1], None)[0]
try:
    found = str(count(puzzle, memory=parse_size(sys.argv[2]), progress=heard, lookahead=sys.argv[3] == "on"))
except NotCountable as stop:
    found = f"stopped: {stop}"
print(json.dumps({"count": found, "rows": rows, "ahead": ahead}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="+")
    parser.add_argument("--memory", default="4G", help="the count's memory budget (default 4G)")
    args = parser.parse_args()
    for board in args.boards:
        runs = {}
        for ahead in ("on", "off"):
            process = subprocess.Popen(
                [sys.executable, "-c", DRIVER, board, args.memory, ahead], stdout=subprocess.PIPE, text=True
            )
            assert process.stdout is not None
            out = process.stdout.read()
            _, _, usage = os.wait4(process.pid, 0)
            process.returncode = 0  # reaped here, with its rusage
            runs[ahead] = (json.loads(out), usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)
        (on, on_cpu, on_rss), (off, off_cpu, off_rss) = runs["on"], runs["off"]
        print(f"{board}: lookahead {on_cpu:.2f} CPU-s {on_rss:.0f} MB, without {off_cpu:.2f} CPU-s {off_rss:.0f} MB")
        print(f"  count: {on['count']}" + ("" if on["count"] == off["count"] else f"  without: {off['count']}"))
        print("  row   states with   without   turned sweep")
        for row in sorted({*map(int, on["rows"]), *map(int, off["rows"])}):
            cells = [on["rows"].get(str(row)), off["rows"].get(str(row)), on["ahead"].get(str(row))]
            print(f"  {row:3d}" + "".join(f"{cell:>13,}" if cell is not None else f"{'-':>13}" for cell in cells))


if __name__ == "__main__":
    main()
