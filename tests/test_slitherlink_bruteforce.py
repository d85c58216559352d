"""Random small boards: the solver's counts equal a brute force written here from the rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lattice import Edge, cycle_unions

from loopsat.cpsat import LoopSolver
from loopsat.genres import slitherlink
from loopsat.pipeline import solve
from loopsat.puzzle import Puzzle


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
def boards(draw: st.DrawFn) -> tuple[list[str], dict[str, int]]:
    m, n = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    cell = st.sampled_from("....0123" + "4ab")
    grid = ["".join(draw(st.lists(cell, min_size=n, max_size=n))) for _ in range(m)]
    present = sorted({ch for row in grid for ch in row if ch in "ab"})
    return grid, {k: draw(st.integers(0, 8)) for k in present}


@given(boards())
@settings(max_examples=120, deadline=None)
def test_counts_equal_brute_force(board: tuple[list[str], dict[str, int]]) -> None:
    grid, letters = board
    puzzle = Puzzle("slitherlink", "random", tuple(grid), letters, ())
    good = [e for e in cycle_unions(len(grid) + 1, len(grid[0]) + 1) if obeys(grid, letters, e)]
    single = sum(1 for e in good if connected(e))
    outcome = solve(puzzle, mode="all")  # every solution passes the independent verifier
    assert outcome.complete and outcome.count == single
    assert solve(puzzle, mode="count", strategy="circuit").count == single
    for strategy in ("auto", "lazy"):  # auto counts by the frontier DP when there are no letters
        assert solve(puzzle, mode="count", single_loop=False, strategy=strategy).count == len(good)
        assert solve(puzzle, mode="count", strategy=strategy).count == single
    general = slitherlink.cover(puzzle, "general")
    assert sum(1 for _ in LoopSolver(general).solutions()) == single
    if not letters:
        plain = slitherlink.cover(puzzle, "plain")
        assert sum(1 for _ in LoopSolver(plain, single_loop=False).solutions()) == len(good)


def test_empty_boards_count_grid_cycles() -> None:
    """OEIS A140517: cycles in the n×n grid graph of (n+1)² points... for n = 1, 2, 3."""
    for n, cycles in ((1, 1), (2, 13), (3, 213)):
        puzzle = Puzzle("slitherlink", "empty", ("." * n,) * n, {}, ())
        assert solve(puzzle, mode="count", strategy="lazy").count == cycles
        assert solve(puzzle, mode="count", strategy="frontier").count == cycles
