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
    edges: each point's degree from its arms' bits (`_arm_codes`), then one loop walked from its
    first point. Listing every edge and every point's arms first (`cycles`, kept to say what is
    wrong) cost a fresh 60×60 `solve --json` 283 page faults (1.1 MB touched) and 13.7 M of
    its 899 M instructions; a walk reading the bit strings at each step, 6 M."""
    codes = _arm_codes(h, v)
    if codes.translate(None, _DEGREE_0_OR_2):  # some point of one, three or four loop edges
        cycles(loop_edges(h, v), single_loop)  # (says which)
        return
    if not single_loop:
        return
    if not on:
        fail("no edge is on the loop")
    cols = len(h[0]) + 1
    step = [0, 1, -1, 0, -cols, 0, 0, 0, cols]  # by arm: the next point's place
    back = [0, _WEST, _EAST, 0, _SOUTH, 0, 0, 0, _NORTH]  # by arm: the arm it arrives by there
    # the loop's first point, row by row, has an arm east and one south: walked east from it,
    # at each point leaving by its other arm
    point = start = len(codes) - len(codes.lstrip(b"\0"))
    arm, steps = _EAST, 0
    while True:
        point += step[arm]
        steps += 1
        if point == start:
            break
        arm = codes[point] ^ back[arm]
    if steps != on:
        cycles(loop_edges(h, v), single_loop)  # fails: more than one loop


_EAST, _WEST, _NORTH, _SOUTH = 1, 2, 4, 8
_DEGREE_0_OR_2 = bytes(
    [0, _EAST | _WEST, _EAST | _NORTH, _WEST | _NORTH, _EAST | _SOUTH, _WEST | _SOUTH, _NORTH | _SOUTH]
)
_BYTES = bytes.maketrans(b"01", b"\0\1")  # a bit string's characters as bytes 0 and 1


def _bytes_number(bits: str) -> int:
    """A bit string as a number whose bytes are its bits: numbers of such bytes add position
    by position while no sum passes 255."""
    return int.from_bytes(bits.encode().translate(_BYTES), "big")


def _arm_codes(h: list[str], v: list[str]) -> bytes:
    """Each point's loop edges as bits (`_EAST`...), row by row: each row's four kinds of arm
    added as `_bytes_number`s (a 60×60's 3 721 points in a few dozen operations a row)."""
    rows, codes = len(h), bytearray()
    for i, row in enumerate(h):
        east, west = _bytes_number(row + "0"), _bytes_number("0" + row)
        north = _bytes_number(v[i - 1]) if i else 0
        south = _bytes_number(v[i]) if i < rows - 1 else 0
        codes += (_EAST * east + _WEST * west + _NORTH * north + _SOUTH * south).to_bytes(len(row) + 1, "big")
    return bytes(codes)


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
    _loops(h, v, checked_bits(h, v, puzzle.rows + 1, puzzle.cols + 1), single_loop)
    letter_count: dict[str, int] = {}
    for i, row in enumerate(puzzle.grid):
        if not _plain_row_holds(h, v, i, row):  # (most rows hold: then checked at once)
            _row_clues(puzzle, h, v, i, letter_count)  # what is wrong, where; letters' regions
    for letter, clue in puzzle.letters.items():
        if letter_count.get(letter, 0) != clue:
            fail(f"region {letter!r} has {letter_count.get(letter, 0)} boundary loop edges, its clue is {clue}")


def _plain_row_holds(h: list[str], v: list[str], i: int, row: str) -> bool:
    """Whether row i of cells is digit clues and blanks alone, each clue's cell with that many
    loop edges: its cells as bytes of numbers, their counts (`_counted`, a blank's made 255 by
    an or) against its clues (a blank's 255). Cell by cell (`_row_clues`), a 60×60's 3 600
    took 0.6 ms (8 M instructions)."""
    clues = row.encode()
    if clues.translate(None, b".01234"):
        return False
    blanks = int.from_bytes(clues.translate(_BLANKS), "big")
    return _counted(h, v, i) | blanks == int.from_bytes(clues.translate(_CLUES), "big")


_CLUES = bytes.maketrans(b".01234", b"\xff\0\1\2\3\4")  # a row's cells as bytes: a clue's count, a blank 255
_BLANKS = bytes.maketrans(b".01234", b"\xff\0\0\0\0\0")  # a blank's 255, a clue's 0


def _counted(h: list[str], v: list[str], i: int) -> int:
    """Row i's cells' loop edges, a byte each (`_bytes_number`): their tops, bottoms and sides."""
    return _bytes_number(h[i]) + _bytes_number(h[i + 1]) + _bytes_number(v[i][:-1]) + _bytes_number(v[i][1:])


def _row_clues(puzzle: Puzzle, h: list[str], v: list[str], i: int, letter_count: dict[str, int]) -> None:
    """Row i's clues, cell by cell: a digit's count of loop edges, a letter's region's edges."""
    m, n = puzzle.rows, puzzle.cols

    def sides(i: int, j: int) -> dict[str, bool]:
        return {"N": h[i][j] == "1", "S": h[i + 1][j] == "1", "W": v[i][j] == "1", "E": v[i][j + 1] == "1"}

    for j, ch in enumerate(puzzle.grid[i]):
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
