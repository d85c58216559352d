"""What setting up the deduction's board costs, in a fresh process: the first board of a lattice
size (nothing of it known yet), parts of it, and a second board of the same puzzle.

    python bench/board_setup.py [FILE ...]      (default: bench/slitherlink/60x60/*)

CPU seconds, the cycle collector off as the deduction runs it. Never asserts.
"""

from __future__ import annotations

import gc
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from loopsat import api
from loopsat.deduce import blocks, layout
from loopsat.deduce import run as deduce_run
from loopsat.deduce.board import Board

HERE = Path(__file__).parent
PARTS = ("_lay", "_add_clues")  # the bare lattice, the clues with their joins
SHAPED = "blocks.shape_joins"  # the corner joins


def timed(spent: Counter[str], name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any) -> Any:
        started = time.process_time()
        try:
            return method(*args)
        finally:
            spent[name] += time.process_time() - started

    return run


def main() -> None:
    files = sys.argv[1:] or sorted(str(p) for p in (HERE / "slitherlink" / "60x60").glob("*.slither"))
    spent: Counter[str] = Counter()
    for name in PARTS:
        setattr(layout.Layout, name, timed(spent, name, getattr(layout.Layout, name)))
    blocks.shape_joins = timed(spent, SHAPED, blocks.shape_joins)  # type: ignore[assignment]
    gc.disable()
    for path in files:
        edges, rules, tables = deduce_run.setup(api.one(path, "board_setup"))
        row = []
        for turn in ("first", "second"):
            spent.clear()
            started = time.process_time()
            Board(edges, tables, True, None, rules.levels)
            parts = " ".join(f"{name} {spent[name]:.4f}" for name in (*PARTS, SHAPED))
            row.append(f"{turn} {time.process_time() - started:.4f} ({parts})")
        print(f"{Path(path).name}: " + "; ".join(row))


if __name__ == "__main__":
    main()
