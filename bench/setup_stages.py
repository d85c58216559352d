"""One stage of a fresh process's way to a deduction board, then an exit at once (os._exit: no
shutdown, no board freed), so that an instruction count of each stage, less the one before it,
is what that stage costs (docs/startup.md, "The board's set-up"):

    valgrind --tool=callgrind python bench/setup_stages.py FILE STAGE

STAGE: `read` (the imports and the puzzle read), `setup` (the genre's rules too), `lay` (the
bare lattice too), `clues` (the board without its clues' corner rules), `board` (all of it).
Run it outside the source tree after `python -m compileall loopsat`, PYTHONHASHSEED=0. The
cycle collector is off, as the deduction runs it. Never asserts.
"""

from __future__ import annotations

import gc
import os
import sys

from loopsat import api
from loopsat.deduce import corners
from loopsat.deduce import run as deduce_run
from loopsat.deduce.board import Board
from loopsat.grid import tile_extent

STAGES = ("read", "setup", "lay", "clues", "board")


def main() -> None:
    path, stage = sys.argv[1], sys.argv[2]
    if stage not in STAGES:
        sys.exit(f"setup_stages: STAGE is one of {', '.join(STAGES)}")
    gc.disable()
    kept: list[object] = []  # what a stage made, alive at the exit
    puzzle = api.one(path, "setup_stages")
    if stage != "read":
        edges, rules, tables = deduce_run.setup(puzzle)
        kept.append(tables)
        if stage == "lay":
            bare = Board.__new__(Board)
            bare._lay(*tile_extent(edges))
            kept.append(bare)
        elif stage in ("clues", "board"):
            if stage == "clues":
                corners.add_corners = lambda *_: None  # type: ignore[assignment]
            kept.append(Board(edges, tables, True, None, rules.levels))
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
