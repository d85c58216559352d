"""A player's lines as Simon Tatham's Loopy (square grid) and Pearl save them (Game > Save).

A save file is a list of records `KEY:LENGTH:VALUE` (the key padded to 8 characters, the value
exactly LENGTH bytes): the game, its parameters and description, then one MOVE, SOLVE or RESTART
record per state after the first, and STATEPOS, the state on screen (later ones were undone).
Replaying the moves up to STATEPOS gives the board the player saw.

Loopy's moves name edges by their index in his grid library's list, which for the square grid
is the order in which its faces, row by row, first meet them, each face's sides clockwise from
the top: `<index>y` a line, `n` a cross, `u` neither. Pearl keeps per cell a mask of lines and
one of crosses (right 1, up 2, left 4, down 8); a move names a mask and a cell: `L` adds lines,
`N` removes them, `R` sets them (and clears those crosses), `F` flips them, `M` flips crosses.
A hint (`H`) is the work of Tatham's solver, which cannot be replayed here.
"""

from __future__ import annotations

import re

from loopsat.errors import PuzzleError
from loopsat.formats import tatham
from loopsat.formats.link import Link, family
from loopsat.grid import Point
from loopsat.puzzle import DataSet, Puzzle

GENRE = "save"  # `--genre save`: a file of any name
MAGIC = b"SAVEFILE:41:Simon Tatham's Portable Puzzle Collection"
_GAMES = {"Loopy": "slitherlink", "Pearl": "masyu"}
_RECORD = re.compile(rb"([A-Z ]{8}):(\d{1,9}):")
_LOOPY_MOVE = re.compile(r"(\d+)([ynu])")
_PEARL_MOVE = re.compile(r"([LNRFM])(\d+),(\d+),(\d+)")
_SIDES = ((1, 0, 1), (2, -1, 0), (4, 0, -1), (8, 1, 0))  # Pearl's side bits: (bit, row step, column step)
_Record = tuple[str, str, int]  # key, value, line


def is_save(data: bytes) -> bool:
    """Whether the data is a save file of Tatham's puzzles."""
    return data.startswith(MAGIC)


def sniff(lines: list[str]) -> bool:
    """A file of Tatham's puzzles whatever its name (contract.Reader)."""
    return bool(lines) and lines[0].startswith(MAGIC.decode())


def parse(data: bytes, path: str) -> list[DataSet]:
    """The puzzle a save file plays (contract.Reader): `loopsat solve game.sav`."""
    records = _records(path, data)
    return [_puzzle(path, records, {key: (value, line) for key, value, line in records})]


def _puzzle(path: str, records: list[_Record], found: dict[str, tuple[str, int]]) -> Puzzle:
    game, line = found.get("GAME", ("", 1))
    if game not in _GAMES:
        raise PuzzleError(path, line, 1, f"a save file of {game or 'no game'!r}: loopsat reads Loopy's and Pearl's")
    for key in ("PARAMS", "DESC", "STATEPOS"):
        if key not in found:
            raise PuzzleError(path, records[-1][2] if records else 1, 1, f"the save file has no {key} record")
    (params, line), (desc, _) = found["PARAMS"], found["DESC"]
    return tatham.decode(Link(f"{params}:{desc}", path, line, 1), genre=_GAMES[game])


def lines(path: str, data: bytes, puzzle: Puzzle) -> dict[Point, bool]:
    """The edges drawn (True) and crossed (False) on the board the save file shows."""
    records = _records(path, data)
    found = {key: (value, line) for key, value, line in records}
    saved = _puzzle(path, records, found)
    if saved.genre != family(puzzle.genre):
        raise PuzzleError(path, found["GAME"][1], 1, f"a save file of {found['GAME'][0]!r}, not of this {puzzle.genre}")
    if saved.grid != puzzle.grid:
        raise PuzzleError(path, found["DESC"][1], 1, "the save file's puzzle is not this one")
    game = found["GAME"][0]
    position, line = found["STATEPOS"]
    if not position.isdigit():
        raise PuzzleError(path, line, 1, f"STATEPOS is {position!r}, not a number")
    moves = [record for record in records if record[0] in ("MOVE", "SOLVE", "RESTART")][: int(position) - 1]
    if game == "Loopy":
        return _loopy(path, moves, puzzle)
    return _pearl(path, moves, puzzle)


def _records(path: str, data: bytes) -> list[_Record]:
    """The records, each value read by its stated length."""
    records = []
    at, line = 0, 1
    while at < len(data):
        if data[at] in b"\r\n":
            line += data[at] == ord("\n")
            at += 1
            continue
        head = _RECORD.match(data, at)
        if head is None:
            raise PuzzleError(path, line, 1, "expected a save record, `KEY     :LENGTH:VALUE`")
        end = head.end() + int(head[2])
        if end > len(data):
            raise PuzzleError(path, line, 1, f"the record ends before its {int(head[2])} bytes")
        try:
            value = data[head.end() : end].decode("ascii")
        except UnicodeDecodeError:
            raise PuzzleError(path, line, 1, "a save record holds bytes that are not ASCII") from None
        records.append((head[1].decode().strip(), value, line))
        at = end
    return records


def loopy_edges(rows: int, cols: int) -> list[Point]:
    """Loopy's square-grid edges in his index order: each face's sides clockwise from the top,
    those not met before (a top only on the first row, a left only in the first column)."""
    edges = []
    for i in range(rows):
        for j in range(cols):
            top, left = [(2 * i, 2 * j + 1)] if i == 0 else [], [(2 * i + 1, 2 * j)] if j == 0 else []
            edges += [*top, (2 * i + 1, 2 * j + 2), (2 * i + 2, 2 * j + 1), *left]
    return edges


def _loopy(path: str, moves: list[_Record], puzzle: Puzzle) -> dict[Point, bool]:
    edges = loopy_edges(puzzle.rows, puzzle.cols)
    given: dict[Point, bool] = {}
    for key, move, line in moves:
        if key == "RESTART":
            given.clear()
            continue
        pos = 1 if move.startswith("S") else 0  # S: the solution shown
        while pos < len(move):
            step = _LOOPY_MOVE.match(move, pos)
            if step is None or int(step[1]) >= len(edges):
                raise PuzzleError(path, line, 1, f"not a Loopy move on this board: {move[pos : pos + 12]!r}")
            if step[2] == "u":
                given.pop(edges[int(step[1])], None)
            else:
                given[edges[int(step[1])]] = step[2] == "y"
            pos = step.end()
    return given


def _pearl(path: str, moves: list[_Record], puzzle: Puzzle) -> dict[Point, bool]:
    drawn: dict[Point, int] = {}  # per cell (row, col), Tatham's masks
    crossed: dict[Point, int] = {}
    for key, move, line in moves:
        if key == "RESTART":
            drawn.clear()
            crossed.clear()
            continue
        for part in move.split(";"):
            if part in ("", "S"):  # S: the solution shown, the moves follow
                continue
            step = _PEARL_MOVE.fullmatch(part)
            if step is None:
                reason = "a hint (H), which only Tatham's solver can replay" if part == "H" else "not a Pearl move"
                raise PuzzleError(path, line, 1, f"{reason}: {part!r}")
            kind, mask, col, row = step[1], int(step[2]), int(step[3]), int(step[4])
            if mask > 15 or row >= puzzle.rows or col >= puzzle.cols:
                raise PuzzleError(path, line, 1, f"not a Pearl move on this board: {part!r}")
            cell, now = (row, col), drawn.get((row, col), 0)
            if kind == "M":
                crossed[cell] = crossed.get(cell, 0) ^ mask
                continue
            drawn[cell] = {"L": now | mask, "N": now & ~mask, "R": mask, "F": now ^ mask}[kind]
            if kind == "R":
                crossed[cell] = crossed.get(cell, 0) & ~mask
    given: dict[Point, bool] = {}
    for masks, on in ((crossed, False), (drawn, True)):  # a line drawn wins over a cross
        for (row, col), mask in masks.items():
            for bit, di, dj in _SIDES:
                if mask & bit and 0 <= row + di < puzzle.rows and 0 <= col + dj < puzzle.cols:
                    given[(2 * row + di, 2 * col + dj)] = on
    return given
