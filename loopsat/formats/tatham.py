"""Simon Tatham's game IDs: Loopy on the square grid (`10x10t0:...`) and Pearl (`10x10:...`).

An ID is `PARAMS:DESC`. PARAMS is `W` or `WxH` (columns first), then Loopy's grid type `tN`
(0 is the square grid), a difficulty `dX`, Pearl's `n`. DESC lists the cells row by row: a
Loopy clue `0`-`4`, a Pearl `B` (black) or `W` (white), and in both a letter `a`-`z` for a run
of 1-26 empty cells. Loopy always writes `tN`, so an ID without it is Pearl, unless its
description has clue digits (Loopy before grid types existed).
"""

from __future__ import annotations

import re

from loopsat.formats.link import SLITHERLINK_LIKE, Link, board, cells_of
from loopsat.puzzle import Puzzle, check_cells

_SIZE = re.compile(r"(\d{1,5})(?:x(\d{1,5}))?")
_FLAG = re.compile(r"t(\d{1,3})|d[a-z]|n")
# Loopy's grid types, by their number in `tN`.
_GRIDS = ("square", "triangular", "honeycomb", "snub-square", "Cairo", "great-hexagonal", "octagonal", "kites",
          "floret", "dodecagonal", "great-dodecagonal", "Penrose kite/dart", "Penrose rhombs")  # fmt: skip
_LOOPY = {ch: ch for ch in "01234"}
_PEARL = {"W": "0", "B": "1"}


def decode(link: Link, index: int | None = None, genre: str | None = None) -> Puzzle:
    """The puzzle of a game ID; `genre` settles an ID without `tN` (Tatham's page names the game)."""
    text = link.text
    found = re.search(r"[:#]", text)
    if found is None:
        raise link.error(len(text), "expected `:` and the game description after the parameters")
    if found.group() == "#":
        raise link.error(
            found.start(), "`#` starts a random seed, not a game description; give the game ID (Game > Specific)"
        )
    size = _SIZE.match(text)
    if size is None:
        raise link.error(0, "expected the board size, as in 10x10t0:...")
    cols, rows = int(size[1]), int(size[2] or size[1])
    if not cols or not rows:
        raise link.error(0, f"a {cols}x{rows} board has no cells")
    check_cells(link.path, link.line, link.col, rows, cols)
    pos = size.end()
    grid_type = None
    while pos < found.start():
        flag = _FLAG.match(text, pos)
        if flag is None:
            raise link.error(pos, f"unexpected {text[pos]!r} in the game parameters")
        if flag[1] is not None:
            grid_type = int(flag[1])
            if grid_type:
                name = _GRIDS[grid_type] if grid_type < len(_GRIDS) else f"number {grid_type}"
                raise link.error(pos, f"unsupported grid type t{grid_type} ({name}): loopsat reads square grids, t0")
        pos = flag.end()
    desc = link.tail(found.end())
    if grid_type is None and genre is None:
        genre = "slitherlink" if any(ch.isdigit() for ch in desc.text) else "masyu"
    if grid_type is not None or genre == "slitherlink":
        cells = _cells(desc, rows * cols, _LOOPY, "Loopy", "clues 0-4")
        return board("slitherlink", cells, cols, link, index)
    return board("masyu", _cells(desc, rows * cols, _PEARL, "Pearl", "B black, W white"), cols, link, index)


def encode(puzzle: Puzzle) -> str:
    """The game ID Tatham's Loopy (square grid) or Pearl prints for `puzzle`."""
    cells = cells_of(puzzle, "Tatham game ID")
    if puzzle.genre in SLITHERLINK_LIKE:
        return f"{puzzle.cols}x{puzzle.rows}t0:{_desc(cells, _LOOPY)}"
    return f"{puzzle.cols}x{puzzle.rows}:{_desc(cells, _PEARL)}"


def _cells(desc: Link, total: int, symbols: dict[str, str], game: str, clues: str) -> list[str]:
    cells: list[str] = []
    for at, ch in enumerate(desc.text):
        if "a" <= ch <= "z":
            cells += ["."] * (ord(ch) - ord("a") + 1)
        elif ch in symbols:
            cells.append(symbols[ch])
        else:
            raise desc.error(at, f"unexpected {ch!r} in a {game} description ({clues}, a-z for 1-26 empty cells)")
        if len(cells) > total:
            raise desc.error(at, f"the description is longer than the board's {total} cells")
    if len(cells) < total:
        raise desc.error(len(desc.text), f"the description ends after {len(cells)} of the board's {total} cells")
    return cells


def _desc(cells: list[str], symbols: dict[str, str]) -> str:
    letter = {value: key for key, value in symbols.items()}
    out: list[str] = []
    blanks = 0
    for ch in [*cells, ""]:  # a sentinel flushes the last run
        if ch == ".":
            blanks += 1
            if blanks < 26:
                continue
        if blanks:
            out.append(chr(ord("a") + blanks - 1))
            blanks = 0
        if ch in letter:
            out.append(letter[ch])
    return "".join(out)
