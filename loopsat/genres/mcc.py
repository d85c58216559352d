"""Any MCC file as a puzzle: Knuth's items and options as they stand, loops on their edge items.

Solver writers pipe MCC between programs; this reads one (our exports, Knuth's generators'
output, hand-made files) so that `solve`, `batch` and `export` take it like a puzzle file.
Secondary items whose two-character names are coordinates with an odd sum are the edges; the
board is the lattice of tiles they join (rows × cols below are tiles, not cells).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from loopsat import mcc
from loopsat.deduce import Rules
from loopsat.genres import VARIANTS_OF
from loopsat.grid import Point, tile_extent
from loopsat.model import ExactCover
from loopsat.puzzle import Puzzle, decode_text

if TYPE_CHECKING:
    from loopsat.output.picture import Sketch

GENRE = "mcc"
VARIANTS = VARIANTS_OF[GENRE]
MCC_MAX = 31  # tiles up to coordinate 60: every name stays one character per coordinate
# `auto`: lazy cuts at once. An MCC file gives the deduction no clue tables, only the loop's own
# rules: deducing first cost 1.06× and 1.11× the CPU of lazy cuts alone on Tatham's hard 10×10
# and 20×20 exported by `export --mcc` (paired whole-process runs of `loopsat solve -q
# --strategy deduce` against `--strategy lazy`, 9 pairs each).
DEDUCE_FIRST_CELLS = 0
AUTO_CIRCUIT = False
BRANCH_WALK = False  # never deduces first, so never backtracks after it


def parse(data: bytes, path: str) -> list[Puzzle]:
    """One puzzle: the MCC text, checked by the MCC reader, with its tile lattice."""
    text = decode_text(data, path)  # not text_lines: its trimming would change the MCC's bytes
    rows, cols = tile_extent(_read(text, path).edges.values())  # no edges (MASYU-DLX's `abort`): 1×1, no loop
    return [Puzzle(GENRE, path, ("." * cols,) * rows, {}, tuple(text.split("\n")))]


def sniff(lines: list[str]) -> bool:
    """A first line that is a `|` comment: Knuth's generators always start with one."""
    return bool(lines) and lines[0].startswith("| ")


def cover(puzzle: Puzzle, variant: str = "auto") -> ExactCover:
    return _read("\n".join(puzzle.lines), puzzle.path)


@lru_cache(maxsize=1)
def _read(text: str, path: str) -> ExactCover:
    """The last MCC read, kept: `solve` reads the file in `parse` and models it in `cover`.

    Kept here rather than on the Puzzle, which crosses to batch workers by pickle: pickling a
    30×30 `general` export's model took 0.26 CPU-s and 2.8 MB in the batch's one main process,
    reading it again 0.25 CPU-s in the worker (bench/mcc_read.py). Nothing changes a cover.
    """
    return mcc.read(text, path)


def rules(puzzle: Puzzle) -> Rules:
    """No clue tables: deduction has only degrees and the loop, the search checks the items."""
    return Rules([], whole=False)


def tile_shape(puzzle: Puzzle) -> tuple[int, int]:
    return puzzle.rows, puzzle.cols


def labels(puzzle: Puzzle) -> dict[Point, str]:
    """No clues to show: the MCC's items are not drawn."""
    return {}


def sketch(puzzle: Puzzle) -> Sketch:
    from loopsat.output.picture import Sketch  # imported to draw only

    return Sketch(tile_shape(puzzle), ())


def shows_options(puzzle: Puzzle, *, single_loop: bool) -> bool:
    """Whether an answer shows the options chosen (DLX3's form) rather than a board: for any
    MCC file's DLX3 solutions (disjoint loops, or none, say little drawn) and for a file with
    no edge items, which has no board to draw."""
    return puzzle.genre == GENRE and (not single_loop or not cover(puzzle).edges)
