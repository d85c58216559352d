"""puzz.link (pzprjs) URLs of Slitherlink (`slither`) and Masyu (`mashu`).

`https://<any host and path>?[type=editor&]<pid>[_edit]/[v:/][<flag>/]<cols>/<rows>/<body>`;
the encodings are pzprjs's `decode4Cell` (Slitherlink) and `decodeCircle` (Masyu), as
docs/puzzlink.md describes them. Decoding is as lenient as pzprjs where that is harmless
(trailing text, a bare digit for a clue in the last cell, `f`) and strict where pzprjs would
silently give another puzzle (a truncated body, the `f` flag's variant rules). Encoding matches
pzprjs byte for byte, so the URL opens on puzz.link.
"""

from __future__ import annotations

import re

from loopsat.formats.link import SLITHERLINK_LIKE, Link, board, cells_of
from loopsat.puzzle import Puzzle, check_cells

PIDS = {"slither": "slitherlink", "slitherlink": "slitherlink", "mashu": "masyu", "masyu": "masyu", "pearl": "masyu"}
_URL_PID = {"slitherlink": "slither", "slink": "slither", "masyu": "mashu"}
_OPTION = re.compile(r"[A-Za-z_]+=[^&/]*&")  # `type=editor&` before the pid
_SIZE = re.compile(r"[1-9]\d{0,4}")
_BASE27 = "0123456789abcdefghijklmnopq"
_TRITS = ".01"  # pzprjs's circle numbers 0 none, 1 white, 2 black as `.masyu` characters


def decode(link: Link, index: int | None = None) -> Puzzle:
    """The puzzle of a puzz.link URL."""
    text = link.text
    pos = text.find("?") + 1
    if not pos:
        raise link.error(len(text), "expected `?` and the puzzle type, as in https://puzz.link/p?slither/10/10/...")
    while option := _OPTION.match(text, pos):
        pos = option.end()
    parts: list[tuple[str, int]] = []
    for piece in text[pos:].split("/"):
        parts.append((piece, pos))
        pos += len(piece) + 1
    pid, at = parts.pop(0)
    genre = PIDS.get(pid.removesuffix("_edit").removesuffix("_play"))
    if genre is None:
        raise link.error(at, f"unsupported puzzle type {pid!r} (loopsat reads slither and mashu URLs)")
    if parts and parts[0][0].startswith("v:"):
        variant, at = parts.pop(0)
        if variant != "v:":
            raise link.error(at + 2, f"unsupported variant {variant[2:]!r}: loopsat solves plain {genre} only")
    if parts and not parts[0][0].isdigit():  # pzprjs: a non-numeric segment is the puzzle flag
        flag, at = parts.pop(0)
        if "f" in flag:
            visited = "vertex" if genre == "slitherlink" else "cell"
            raise link.error(
                at + flag.index("f"), f"flag `f` (every {visited} on the loop) is a variant, not plain {genre}"
            )
    size_at = parts[0][1] if parts else len(text)
    cols, rows = _size(link, parts, "columns"), _size(link, parts, "rows")
    check_cells(link.path, link.line, link.col + size_at, rows, cols)
    body = link.tail(parts[0][1] if parts else len(text))  # the rest, slashes and all, as pzprjs joins it
    cells = _slither_cells(body, rows * cols) if genre == "slitherlink" else _masyu_cells(body, rows * cols)
    return board(genre, cells, cols, link, index)


def encode(puzzle: Puzzle) -> str:
    """The URL pzprjs would write for `puzzle`, on puzz.link."""
    cells = cells_of(puzzle, "puzz.link")
    body = _slither_body(cells) if puzzle.genre in SLITHERLINK_LIKE else _masyu_body(cells)
    return f"https://puzz.link/p?{_URL_PID[puzzle.genre]}/{puzzle.cols}/{puzzle.rows}/{body}"


def _size(link: Link, parts: list[tuple[str, int]], what: str) -> int:
    if not parts:
        raise link.error(len(link.text), f"expected the number of {what} (the URL reads pid/cols/rows/body)")
    piece, at = parts.pop(0)
    if not _SIZE.fullmatch(piece):
        raise link.error(at, f"the number of {what} must be a whole number from 1 to 99999, found {piece!r}")
    return int(piece)


def _slither_cells(body: Link, total: int) -> list[str]:
    """decode4Cell: a clue digit may swallow the one or two blank cells after it; g-z are blank runs."""
    cells: list[str] = []
    for at, ch in enumerate(body.text):
        if len(cells) >= total:
            break
        if "0" <= ch <= "4":
            cells.append(ch)
        elif "5" <= ch <= "9":
            cells += [str(int(ch) - 5), "."]
        elif "a" <= ch <= "e":
            cells += [str(ord(ch) - ord("a")), ".", "."]
        elif "f" <= ch <= "z":  # pzprjs: `f` is no code but still takes a cell
            cells += ["."] * max(1, int(ch, 36) - 15)
        elif ch == ".":
            body.warn(at, "a `?` clue (number hidden) has no Slitherlink form; read as an empty cell")
            cells.append(".")
        else:
            raise body.error(at, f"unexpected {ch!r} in a slither body (clues 0-9 a-e, blank runs g-z)")
    if len(cells) < total:
        raise body.error(len(body.text), f"the URL ends after {len(cells)} of the board's {total} cells")
    return cells[:total]


def _masyu_cells(body: Link, total: int) -> list[str]:
    """decodeCircle: one base-27 digit per three cells, the first cell most significant."""
    cells: list[str] = []
    for at in range(-(-total // 3)):
        if at >= len(body.text):
            raise body.error(at, f"the URL ends after {len(cells)} of the board's {total} cells")
        value = _BASE27.find(body.text[at].lower())
        if value < 0:
            raise body.error(at, f"unexpected {body.text[at]!r} in a mashu body (base-27 digits 0-9 a-q)")
        cells += [_TRITS[value // 9], _TRITS[value // 3 % 3], _TRITS[value % 3]]
    return cells[:total]


def _slither_body(cells: list[str]) -> str:
    """encode4Cell: a clue swallows the blanks up to the next clue (at most two), blank runs are g-z."""
    out: list[str] = []
    blanks = c = 0
    while c < len(cells):
        if cells[c] == ".":
            blanks, c = blanks + 1, c + 1
            if blanks == 20:
                out.append("z")
                blanks = 0
            continue
        if blanks:
            out.append(_run(blanks))
            blanks = 0
        clue = int(cells[c])
        if c + 1 < len(cells) and cells[c + 1] != ".":
            out.append(str(clue))
            c += 1
        elif c + 2 < len(cells) and cells[c + 2] != ".":
            out.append(str(clue + 5))
            c += 2
        else:
            out.append("abcde"[clue])
            c += 3
    if blanks:
        out.append(_run(blanks))
    return "".join(out)


def _run(blanks: int) -> str:
    return "ghijklmnopqrstuvwxyz"[blanks - 1]


def _masyu_body(cells: list[str]) -> str:
    trits = [_TRITS.index(ch) for ch in cells] + [0, 0]
    return "".join(_BASE27[9 * trits[k] + 3 * trits[k + 1] + trits[k + 2]] for k in range(0, len(cells), 3))
