"""An independent referee: checks a solution against the genre's rules as a person states them.

It reads the Puzzle and the solution's h/v bit strings (docs/json.md) and shares no code with the
model, the generators or the backend, so a bug there cannot hide itself here. That is why it
restates each genre's rules itself and looks genres up by name: this twin of the genre modules
is deliberate, the one place where the rules are written twice.
"""

from __future__ import annotations

from collections.abc import Callable

from loopsat.errors import VerificationError
from loopsat.puzzle import Puzzle

Vertex = tuple[int, int]


def verify(puzzle: Puzzle, h: list[str], v: list[str], *, single_loop: bool = True) -> None:
    """Raise VerificationError unless (h, v) is one loop obeying every clue of `puzzle`.

    With `single_loop=False` (DLX3's solutions) any number of disjoint loops, none included, pass.
    """
    checks: dict[str, Callable[[Puzzle, list[str], list[str], bool], None]] = {
        "slitherlink": _slitherlink,
        "slink": _slitherlink,
        "masyu": _masyu,
        "mcc": _mcc,
    }
    checks[puzzle.genre](puzzle, h, v, single_loop)


def _fail(message: str) -> None:
    raise VerificationError(message)


def _loop_edges(h: list[str], v: list[str], rows: int, cols: int) -> list[tuple[Vertex, Vertex]]:
    """The on-edges of a lattice of rows × cols points, after checking the bit strings' shape."""
    if len(h) != rows or any(len(s) != cols - 1 for s in h):
        _fail(f"h must be {rows} strings of {cols - 1} bits")
    if len(v) != rows - 1 or any(len(s) != cols for s in v):
        _fail(f"v must be {rows - 1} strings of {cols} bits")
    if any(ch not in "01" for s in h + v for ch in s):
        _fail("edge bits must be 0 or 1")
    edges = [((i, j), (i, j + 1)) for i, s in enumerate(h) for j, ch in enumerate(s) if ch == "1"]
    edges += [((i, j), (i + 1, j)) for i, s in enumerate(v) for j, ch in enumerate(s) if ch == "1"]
    return edges


def _cycles(edges: list[tuple[Vertex, Vertex]], single_loop: bool) -> dict[Vertex, list[Vertex]]:
    """Check degree 2 everywhere on the path and (if asked) one connected cycle; return adjacency."""
    if not edges and single_loop:
        _fail("no edge is on the loop")
    adjacent: dict[Vertex, list[Vertex]] = {}
    for a, b in edges:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    for vertex, arms in adjacent.items():
        if len(arms) != 2:
            _fail(f"point {vertex} has {len(arms)} loop edges, not 2")
    if not single_loop:
        return adjacent
    start = next(iter(adjacent))
    previous, current, steps = None, start, 0
    while True:
        a, b = adjacent[current]
        previous, current = current, (b if a == previous else a)
        steps += 1
        if current == start:
            break
    if steps != len(edges):
        _fail(f"the edges form more than one loop (a cycle of {steps} of {len(edges)} edges)")
    return adjacent


def _mcc(puzzle: Puzzle, h: list[str], v: list[str], single_loop: bool) -> None:
    """Loops on the tile lattice, using only edges the MCC's item line declares (secondary items
    named by two coordinate characters); the exact cover itself is the solver's business."""
    edges = _loop_edges(h, v, puzzle.rows, puzzle.cols)
    _cycles(edges, single_loop)
    digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    item_line = next(line for line in puzzle.lines if line.strip() and not line.lstrip().startswith("|"))
    declared = set(item_line.partition("|")[2].split())
    for a, b in edges:
        x, y = a[0] + b[0], a[1] + b[1]  # the edge's midpoint in doubled coordinates
        if digits[x] + digits[y] not in declared:
            _fail(f"edge ({x},{y}) is no item of the MCC")


def _slitherlink(puzzle: Puzzle, h: list[str], v: list[str], single_loop: bool) -> None:
    m, n = puzzle.rows, puzzle.cols
    _cycles(_loop_edges(h, v, m + 1, n + 1), single_loop)

    def sides(i: int, j: int) -> dict[str, bool]:
        return {"N": h[i][j] == "1", "S": h[i + 1][j] == "1", "W": v[i][j] == "1", "E": v[i][j + 1] == "1"}

    letter_count: dict[str, int] = {}
    for i, row in enumerate(puzzle.grid):
        for j, ch in enumerate(row):
            around = sides(i, j)
            if ch in "01234":
                if sum(around.values()) != int(ch):
                    _fail(f"cell ({i},{j}) has {sum(around.values())} loop edges, its clue is {ch}")
            elif ch != ".":
                neighbours = {"N": (i - 1, j), "S": (i + 1, j), "W": (i, j - 1), "E": (i, j + 1)}
                for side, (a, b) in neighbours.items():
                    same = 0 <= a < m and 0 <= b < n and puzzle.grid[a][b] == ch
                    if same and around[side]:
                        _fail(f"edge {side} of cell ({i},{j}) lies inside region {ch!r}")
                    if not same and around[side]:
                        letter_count[ch] = letter_count.get(ch, 0) + 1
    for letter, clue in puzzle.letters.items():
        if letter_count.get(letter, 0) != clue:
            _fail(f"region {letter!r} has {letter_count.get(letter, 0)} boundary loop edges, its clue is {clue}")


def _masyu(puzzle: Puzzle, h: list[str], v: list[str], single_loop: bool) -> None:
    m, n = puzzle.rows, puzzle.cols
    adjacent = _cycles(_loop_edges(h, v, m, n), single_loop)

    def straight(cell: Vertex) -> bool:
        a, b = adjacent[cell]
        return a[0] == b[0] or a[1] == b[1]

    for i, row in enumerate(puzzle.grid):
        for j, ch in enumerate(row):
            if ch == ".":
                continue
            cell = (i, j)
            if cell not in adjacent:
                _fail(f"circle at ({i},{j}) is not on the loop")
            if ch == "0":
                if not straight(cell):
                    _fail(f"white circle at ({i},{j}) turns")
                if all(straight(nb) for nb in adjacent[cell]):
                    _fail(f"white circle at ({i},{j}) has no turn next to it")
            else:
                if straight(cell):
                    _fail(f"black circle at ({i},{j}) goes straight")
                for nb in adjacent[cell]:
                    if not straight(nb):
                        _fail(f"black circle at ({i},{j}) turns again at {nb}")
