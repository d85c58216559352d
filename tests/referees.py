"""The rules written out again, independent of loopsat's models, to judge brute-force edge sets;
and the hypothesis strategies of small boards those brute forces can afford."""

from __future__ import annotations

from hypothesis import strategies as st
from lattice import Edge

from loopsat.errors import VerificationError
from loopsat.genres import masyu
from loopsat.puzzle import Puzzle
from loopsat.verify import verify


def connected(edges: frozenset[Edge]) -> bool:
    if not edges:
        return False
    adjacent: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for a, b in edges:
        adjacent.setdefault(a, set()).add(b)
        adjacent.setdefault(b, set()).add(a)
    start = next(iter(adjacent))
    seen, todo = {start}, [start]
    while todo:
        for w in adjacent[todo.pop()] - seen:
            seen.add(w)
            todo.append(w)
    return len(seen) == len(adjacent)


def obeys(grid: list[str], letters: dict[str, int], edges: frozenset[Edge]) -> bool:
    """Slitherlink's clues and SuperSlitherlink's letters, on an edge set of corner pairs."""
    m, n = len(grid), len(grid[0])
    tally = dict.fromkeys(letters, 0)
    for i in range(m):
        for j in range(n):
            sides = {
                (i - 1, j): ((i, j), (i, j + 1)),
                (i + 1, j): ((i + 1, j), (i + 1, j + 1)),
                (i, j - 1): ((i, j), (i + 1, j)),
                (i, j + 1): ((i, j + 1), (i + 1, j + 1)),
            }
            ch = grid[i][j]
            on = {nb: side in edges for nb, side in sides.items()}
            if ch in "01234" and sum(on.values()) != int(ch):
                return False
            if ch in letters:
                for (a, b), used in on.items():
                    inside = 0 <= a < m and 0 <= b < n and grid[a][b] == ch
                    if used and inside:
                        return False
                    tally[ch] += used and not inside
    return tally == letters


@st.composite
def slitherlink_boards(draw: st.DrawFn) -> tuple[list[str], dict[str, int]]:
    m, n = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    cell = st.sampled_from("....0123" + "4ab")
    grid = ["".join(draw(st.lists(cell, min_size=n, max_size=n))) for _ in range(m)]
    present = sorted({ch for row in grid for ch in row if ch in "ab"})
    return grid, {k: draw(st.integers(0, 8)) for k in present}


def masyu_referee(puzzle: Puzzle, edges: frozenset[tuple[int, int]], single_loop: bool) -> bool:
    """Masyu's rules by loopsat's independent verifier, on an edge set of midpoints."""
    m, n = puzzle.rows, puzzle.cols
    h = ["".join("1" if (2 * i, 2 * j + 1) in edges else "0" for j in range(n - 1)) for i in range(m)]
    v = ["".join("1" if (2 * i + 1, 2 * j) in edges else "0" for j in range(n)) for i in range(m - 1)]
    try:
        verify(puzzle, h, v, single_loop=single_loop)
    except VerificationError:
        return False
    return True


@st.composite
def masyu_boards(draw: st.DrawFn) -> Puzzle:
    m, n = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    cells = st.sampled_from("....01")
    rows = ["".join(draw(cells) for _ in range(n)) for _ in range(m)]
    return masyu.parse("\n".join(rows).encode(), "t.masyu")[0]


@st.composite
def random_boards(draw: st.DrawFn, genre: str, max_rows: int, max_cols: int, cells: str, min_side: int = 1) -> Puzzle:
    """A board of `cells` characters; each letter `a` gets a random superclue."""
    rows, cols = draw(st.integers(min_side, max_rows)), draw(st.integers(min_side, max_cols))
    grid = tuple("".join(draw(st.lists(st.sampled_from(cells), min_size=cols, max_size=cols))) for _ in range(rows))
    letters = {ch: draw(st.integers(0, 8)) for ch in sorted({c for row in grid for c in row if c == "a"})}
    return Puzzle(genre, "random", grid, letters)


def verified_loops(puzzle: Puzzle) -> set[frozenset[tuple[int, int]]]:
    """Every single loop of the board that the verifier accepts, by brute force, as edge midpoints.

    A Slitherlink union must first obey the clues by `obeys` above (40 µs against the verifier's
    330 µs): the two referees must then both accept a loop, so a wrong one still shows."""
    from lattice import cycle_unions, midpoints

    from loopsat.genres import GENRES
    from loopsat.solver.outcome import bits

    genre = GENRES[puzzle.genre]
    unions = cycle_unions(*genre.tile_shape(puzzle))
    if puzzle.genre == "slitherlink":
        unions = [union for union in unions if obeys(list(puzzle.grid), puzzle.letters, union)]
    found = set()
    for union in unions:
        solution = midpoints(union)
        try:
            verify(puzzle, *bits(genre, puzzle, solution))
        except VerificationError:
            continue
        found.add(solution)
    return found
