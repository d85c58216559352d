"""Each dot's arms and each cell's sides as one small int, kept up to date as edges are decided,
for the pairs' levels (deduce/pairs.py, tricky.py, relations.py) to look their plans up by
(deduce/dots.py, cells.py). A look read the four values into a tuple (an itemgetter, or four
subscripts) and found its plan by that tuple in a dict (hashed, then compared): 1 670
instructions, against 170 for a subscript of a list of codes and one of a list of plans
(callgrind, 23 000 looks). A 60×60 solve makes some 55 000 looks, and decides 7 320 edges,
each of which adds to four codes here.

A code is sum((s[i] + 1) * 3**i) over the four states s (N, E, S, W; -1 open, 0 off, 1 on; off
the lattice: off), from 0 to 80: int objects Python keeps made, never allocated."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter

from loopsat.deduce.tables import UNKNOWN, Moves, Table

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.board import Board

# a clue's cell as the pairs' levels read it: its clue, sides N, E, S, W, corners' dlines NE, SE,
# SW, NW (faces.Face), and where its code is in a board's codes (`cell_at`)
CodedFace = tuple[int, tuple[int, int, int, int], tuple[int, int, int, int], int]

# each code's four states, N, E, S, W
STATES: list[tuple[int, int, int, int]] = [(c % 3 - 1, c // 3 % 3 - 1, c // 9 % 3 - 1, c // 27 - 1) for c in range(81)]


def code_of(states: Sequence[int]) -> int:
    """The code of four states, N, E, S, W."""
    n, e, s, w = states
    return n + 3 * e + 9 * s + 27 * w + 40


def cell_at(dots: int, cols: int, north_west: int) -> int:
    """Where in a board's codes the cell whose north-west dot is `north_west` has its own."""
    return dots + cols + north_west


@lru_cache(maxsize=8)  # as faces.geometry: a batch of boards of mixed sizes keeps a few
def open_codes(rows: int, cols: int) -> list[int]:
    """The codes of a rows × cols lattice of dots whose every edge is open: each dot's (arms off
    the lattice are off), then `cols` places no cell has, then each cell's by its north-west dot
    (`cell_at`; a dot in the last row or column has none: its place is never read). Copied by
    each board; a row's pattern repeated, not worked out dot by dot."""
    middle = [0] * cols
    middle[0] += 27  # the west arm off the lattice
    middle[-1] += 3  # the east one
    if rows == 1:
        dots = [c + 1 + 9 for c in middle]
    else:
        dots = [c + 1 for c in middle] + middle * (rows - 2) + [c + 9 for c in middle]
    return dots + [0] * (cols + rows * cols)


Weights = tuple[int, int, int, int, int]  # `weights`' entry for one direction and value


def weights(codes: list[int], cols: int) -> tuple[tuple[Weights, Weights], tuple[Weights, Weights], int]:
    """What an edge decided adds to the codes of its ends a < b and of the two cells beside it,
    by its direction (across, down) and value: to a, to b, to the cell of a, and to the other
    cell, with the offset of its place from a; and the offset of the cell of a (`cell_at`'s 0). An edge across from a to
    a + 1 is a's east arm, the west one of a + 1, the north side of the cell of a and the south
    one of the cell of a - cols; one down from a to a + cols is a's south arm, the north one of
    a + cols, the west side of the cell of a and the east one of the cell of a - 1 (a cell on the
    border's other side has a place never read). Counted as `queues.run_by_level` takes each
    edge decided: by arithmetic, no table an edge made."""
    dots = (len(codes) - cols) // 2
    above, left = dots, dots + cols - 1  # the offsets of the cells of a - cols and a - 1
    across = tuple((3 * bit, 27 * bit, bit, 9 * bit, above) for bit in (1, 2))
    down = tuple((9 * bit, bit, 27 * bit, 3 * bit, left) for bit in (1, 2))
    return across, down, cell_at(dots, cols, 0)  # type: ignore[return-value]


def counted(
    rows: int, cols: int, edges: Sequence[int], value: Sequence[int], ends: Sequence[tuple[int, int]]
) -> list[int]:
    """The codes of a rows × cols lattice that count `edges` (decided), as `queues.run_by_level`
    counts each edge it takes (there inlined): worked out anew where a board is undone outside
    probes (`Board._unassign`), whose propagation may have stopped at a clash between taking an
    edge and counting it."""
    codes = open_codes(rows, cols).copy()
    across, down, below = weights(codes, cols)
    for k in edges:
        a, b = ends[k]
        wa, wb, wc, wd, other = down[value[k]] if b - a == cols else across[value[k]]
        codes[a] += wa
        codes[b] += wb
        codes[a + below] += wc
        codes[a + other] += wd
    return codes


# Rules' moves by the code of the dot or cell they read, UNKNOWN until first met: a vertex rule's
# by its table and arms on the lattice (N, E, S, W), read ascending; any other's by its table,
# read only where it is a clue over a cell's four sides, in the layout's order (N, W, E, S), or
# that clue's guarded rule
Memo = list[Moves | None]
_DOT_MOVES: dict[tuple[Table, tuple[bool, bool, bool, bool]], Memo] = {}
# (every table a clue or a corner rule has, read or not: those of a process are few, `tab.table`'s
# cache; made only for the tables of rules read by a code, the set-up took 0.7 M instructions more)
_MOVES: dict[Table, Memo] = {}
_VERTICES: dict[tuple[int, int], tuple[list[int | None], list[Memo]]] = {}  # `_vertices`, by lattice size


def coded_rules(board: Board) -> tuple[list[int | None], list[Memo]]:
    """By rule, its place in `board.codes` (None where the Easy lane reads it by its edges'
    values: queues.run_by_level), and its moves by the code there: every vertex rule, and every
    clue over a cell's four sides with its guarded (one-short) rules, which read the same. The
    guarded rules' places and every rule's moves are mapped in C, not looped over, and kept in
    two lists, not a tuple a rule (a fresh 60×60 `solve --json`, its 4 262 guarded rules and
    5 917 clue and corner rules: 739.1 M → 737.8 M instructions, 4 823 → 4 708 page faults)."""
    rows, cols = board.shape
    first, clues, tables = board.vertex_rules, board.clue_rules, board.rule_tables
    places, dot_moves = _vertices(rows, cols, tables)
    at = places.copy()
    width, cells = 2 * cols - 1, cell_at(rows * cols, cols, 0)
    for scope, _ in board.rules[first:clues]:
        place = None
        if len(scope) == 4:  # a cell's sides as the layout lists them, as faces.count_faces tells
            north, west, east, south = scope
            if east == west + 1 == north + cols and south == north + width and north % width < cols - 1:
                place = cells + north // width * cols + north % width
        at.append(place)
    count, guards = len(board.rules), board.guards
    if list(guards) == list(range(clues, count)):  # every rule after the clues' a guarded one, in order
        at += map(at.__getitem__, map(itemgetter(0), guards.values()))
    else:
        at += [None] * (count - clues)
        for rule, (clue, _, _) in guards.items():
            at[rule] = at[clue]
    others = tables[first:]
    for table in set(others).difference(_MOVES):
        _MOVES[table] = [UNKNOWN] * len(STATES)
    moves = dot_moves.copy()
    moves += map(_MOVES.__getitem__, others)
    return at, moves


def _vertices(rows: int, cols: int, tables: Sequence[Table]) -> tuple[list[int | None], list[Memo]]:
    """`coded_rules`' part for the vertex rules of a lattice whose rules are its dots in order,
    each a table over its arms ascending (`tables`, by rule; none where some dot has no arm, a
    lattice of one dot): the dots of a row of one kind (first, middle, last) share a pattern."""
    found = _VERTICES.get((rows, cols))
    if found is None:
        if rows * cols < 2:
            return [], []
        kinds = []
        for r in dict.fromkeys((0, min(1, rows - 1), rows - 1)):
            row = []
            for c in range(cols):
                on_lattice = (r > 0, c < cols - 1, r < rows - 1, c > 0)
                row.append(_DOT_MOVES.setdefault((tables[r * cols + c], on_lattice), [UNKNOWN] * len(STATES)))
            kinds.append(row)
        moves = kinds[0] + kinds[1] * (rows - 2) + kinds[-1] if rows > 1 else kinds[0]
        places: list[int | None] = list(range(rows * cols))  # a dot's code is at its number
        found = _VERTICES[rows, cols] = places, moves
    return found
