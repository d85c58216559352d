"""An independent referee: checks a solution against the genre's rules as a person states them.

It reads the Puzzle and the solution's h/v bit strings (docs/json.md) and shares no code with the
model, the generators or the backend, so a bug there cannot hide itself here. That is why it
restates each genre's rules itself and looks genres up by name: this twin of the genre modules
is deliberate, the one place where the rules are written twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from loopsat.errors import VerificationError
from loopsat.puzzle import Puzzle

Vertex = tuple[int, int]


def verify(
    puzzle: Puzzle, h: list[str], v: list[str], *, single_loop: bool = True, options: Sequence[str] | None = None
) -> None:
    """Raise VerificationError unless (h, v) is one loop obeying every clue of `puzzle`.

    With `single_loop=False` (DLX3's solutions) any number of disjoint loops, none included, pass;
    on an MCC file, DLX3's rules alone: the exact cover and its colours. `options` (an MCC
    file's only) are the option lines the solution claims to choose: then that set is checked.
    """
    if puzzle.genre == "mcc":
        from loopsat.verify_mcc import mcc  # DLX3's rules: imported for an MCC file only

        mcc(puzzle, h, v, single_loop, options)
        return
    checks: dict[str, Callable[[Puzzle, list[str], list[str], bool], None]] = {
        "slitherlink": _slitherlink,
        "slink": _slitherlink,
        "masyu": _masyu,
    }
    checks[puzzle.genre](puzzle, h, v, single_loop)


def fail(message: str) -> None:
    raise VerificationError(message)


def checked_bits(h: list[str], v: list[str], rows: int, cols: int) -> int:
    """How many edges are on, after checking the bit strings' shape (a lattice of rows × cols
    points)."""
    if len(h) != rows or any(len(s) != cols - 1 for s in h):
        fail(f"h must be {rows} strings of {cols - 1} bits")
    if len(v) != rows - 1 or any(len(s) != cols for s in v):
        fail(f"v must be {rows - 1} strings of {cols} bits")
    bits = "".join(h + v)
    if not set(bits) <= {"0", "1"}:
        fail("edge bits must be 0 or 1")
    return bits.count("1")


def loop_edges(h: list[str], v: list[str]) -> list[tuple[Vertex, Vertex]]:
    """The on-edges, as pairs of points (`checked_bits` first)."""
    edges = [((i, j), (i, j + 1)) for i, s in enumerate(h) for j, ch in enumerate(s) if ch == "1"]
    edges += [((i, j), (i + 1, j)) for i, s in enumerate(v) for j, ch in enumerate(s) if ch == "1"]
    return edges


def _arms(h: list[str], v: list[str], point: Vertex) -> list[Vertex]:
    """The points joined to `point` by an on-edge: W, E, N, S (`cycles`' order)."""
    i, j = point
    found = []
    if j > 0 and h[i][j - 1] == "1":
        found.append((i, j - 1))
    if j < len(h[i]) and h[i][j] == "1":
        found.append((i, j + 1))
    if i > 0 and v[i - 1][j] == "1":
        found.append((i - 1, j))
    if i < len(v) and v[i][j] == "1":
        found.append((i + 1, j))
    return found


def _loops(h: list[str], v: list[str], on: int, single_loop: bool) -> None:
    """Check degree 2 everywhere on the path and (if asked) one connected cycle of all `on`
    edges: each row's points' degrees as bits of four ints (the edges left, right, up and down
    of each; none odd, none four), then one loop walked from its first edge. Listing every edge
    and every point's arms first (`cycles`, kept to say what is wrong) cost a fresh 60×60
    `solve --json` 283 page faults (1.1 MB touched) and 13.7 M of its 899 M instructions."""
    rows, down = len(h), 0
    for i, row in enumerate(h):
        up, down = down, int(v[i], 2) if i < rows - 1 else 0
        left, right = int("0" + row, 2), int(row + "0", 2)
        if left ^ right ^ up ^ down or left & right & up & down:
            cycles(loop_edges(h, v), single_loop)  # refuses a point of one, three or four
            return
    if not single_loop:
        return
    if not on:
        fail("no edge is on the loop")
    # one loop walked from its first edge east, a step (di, dj) at a time, never back
    i = start = next(i for i, row in enumerate(h) if "1" in row)
    j = first = h[start].index("1")
    di, dj, steps, last = 0, 1, 0, len(h[0])
    while True:
        i, j, steps = i + di, j + dj, steps + 1
        if j == first and i == start:
            break
        if dj != -1 and j < last and h[i][j] == "1":
            di, dj = 0, 1
        elif dj != 1 and j > 0 and h[i][j - 1] == "1":
            di, dj = 0, -1
        elif di != -1 and i < rows - 1 and v[i][j] == "1":
            di, dj = 1, 0
        else:
            di, dj = -1, 0
    if steps != on:
        cycles(loop_edges(h, v), single_loop)  # fails: more than one loop


def cycles(edges: list[tuple[Vertex, Vertex]], single_loop: bool) -> None:
    """Check degree 2 everywhere on the path and (if asked) one connected cycle."""
    if not edges and single_loop:
        fail("no edge is on the loop")
    adjacent: dict[Vertex, list[Vertex]] = {}
    for a, b in edges:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    for vertex, arms in adjacent.items():
        if len(arms) != 2:
            fail(f"point {vertex} has {len(arms)} loop edges, not 2")
    if not single_loop:
        return
    start = next(iter(adjacent))
    previous, current, steps = None, start, 0
    while True:
        a, b = adjacent[current]
        previous, current = current, (b if a == previous else a)
        steps += 1
        if current == start:
            break
    if steps != len(edges):
        fail(f"the edges form more than one loop (a cycle of {steps} of {len(edges)} edges)")


def _slitherlink(puzzle: Puzzle, h: list[str], v: list[str], single_loop: bool) -> None:
    m, n = puzzle.rows, puzzle.cols
    _loops(h, v, checked_bits(h, v, m + 1, n + 1), single_loop)

    def sides(i: int, j: int) -> dict[str, bool]:
        return {"N": h[i][j] == "1", "S": h[i + 1][j] == "1", "W": v[i][j] == "1", "E": v[i][j + 1] == "1"}

    letter_count: dict[str, int] = {}
    for i, row in enumerate(puzzle.grid):
        for j, ch in enumerate(row):
            if ch == ".":
                continue
            if ch in "01234":  # counted off the four bits, no dict: a 60×60's cells in 1.0 ms, not 1.75
                on = (h[i][j] + h[i + 1][j] + v[i][j] + v[i][j + 1]).count("1")
                if on != int(ch):
                    fail(f"cell ({i},{j}) has {on} loop edges, its clue is {ch}")
            else:
                around = sides(i, j)
                neighbours = {"N": (i - 1, j), "S": (i + 1, j), "W": (i, j - 1), "E": (i, j + 1)}
                for side, (a, b) in neighbours.items():
                    same = 0 <= a < m and 0 <= b < n and puzzle.grid[a][b] == ch
                    if same and around[side]:
                        fail(f"edge {side} of cell ({i},{j}) lies inside region {ch!r}")
                    if not same and around[side]:
                        letter_count[ch] = letter_count.get(ch, 0) + 1
    for letter, clue in puzzle.letters.items():
        if letter_count.get(letter, 0) != clue:
            fail(f"region {letter!r} has {letter_count.get(letter, 0)} boundary loop edges, its clue is {clue}")


def _masyu(puzzle: Puzzle, h: list[str], v: list[str], single_loop: bool) -> None:
    m, n = puzzle.rows, puzzle.cols
    _loops(h, v, checked_bits(h, v, m, n), single_loop)

    def straight(cell: Vertex) -> bool:
        """Whether the loop goes straight through `cell` (on it: its two loop edges are known)."""
        i, j = cell
        return (0 < j < n - 1 and h[i][j - 1] == "1" == h[i][j]) or (0 < i < m - 1 and v[i - 1][j] == "1" == v[i][j])

    for i, row in enumerate(puzzle.grid):
        for j, ch in enumerate(row):
            if ch == ".":
                continue
            cell = (i, j)
            arms = _arms(h, v, cell)
            if not arms:
                fail(f"circle at ({i},{j}) is not on the loop")
            if ch == "0":
                if not straight(cell):
                    fail(f"white circle at ({i},{j}) turns")
                if all(straight(nb) for nb in arms):
                    fail(f"white circle at ({i},{j}) has no turn next to it")
            else:
                if straight(cell):
                    fail(f"black circle at ({i},{j}) goes straight")
                for nb in arms:
                    if not straight(nb):
                        fail(f"black circle at ({i},{j}) turns again at {nb}")
