"""setter.dense for Masyu, the seed `loopsat generate --genre masyu` thins: one loop, proved by paths other
than the deduction dense() relies on; every circle holds on it and no loop cell could take one
more; a seed gives one board; clue_cells and without agree; the annealer counts what it keeps."""

from __future__ import annotations

import random
from dataclasses import replace

import networkx as nx
import pytest

from loopsat.errors import VerificationError
from loopsat.genres import GENRES, masyu
from loopsat.grid import Edges, Point, edge_ends
from loopsat.puzzle import Puzzle
from loopsat.setter.dense import dense
from loopsat.setter.generate import JUDGE
from loopsat.setter.loopgen import Annealer
from loopsat.setter.region import Region
from loopsat.solver import frontier
from loopsat.solver.outcome import bits
from loopsat.solver.pipeline import solve
from loopsat.verify import verify

BOARDS = [(6, 6, 0), (6, 6, 1), (7, 9, 2), (8, 8, 3), (10, 10, 4), (9, 5, 5)]


def made(rows: int, cols: int, seed: int) -> tuple[Puzzle, Edges]:
    return dense(masyu, rows, cols, random.Random(seed), JUDGE)


def with_circle(puzzle: Puzzle, cell: Point, colour: str) -> Puzzle:
    grid = [list(row) for row in puzzle.grid]
    grid[cell[0]][cell[1]] = colour
    lines = tuple("".join(row) for row in grid)
    return replace(puzzle, grid=lines, lines=lines)


@pytest.mark.parametrize(("rows", "cols", "seed"), BOARDS)
def test_one_loop_by_the_search_and_by_counting(rows: int, cols: int, seed: int) -> None:
    puzzle, loop = made(rows, cols, seed)
    assert (puzzle.rows, puzzle.cols) == (rows, cols)
    by_search = solve(puzzle, strategy="circuit")  # AddCircuit, no deduction
    assert by_search.status == "unique"
    assert by_search.solutions == [loop]
    assert frontier.count(puzzle) == 1


@pytest.mark.parametrize(("rows", "cols", "seed"), BOARDS[:3])
def test_every_circle_holds_and_no_loop_cell_could_take_one_more(rows: int, cols: int, seed: int) -> None:
    puzzle, loop = made(rows, cols, seed)
    genre = GENRES["masyu"]
    verify(puzzle, *bits(genre, puzzle, loop))
    on_loop = {(x // 2, y // 2) for x, y in loop} | {((x + 1) // 2, (y + 1) // 2) for x, y in loop}
    assert set(masyu.clue_cells(puzzle)) <= on_loop
    for cell in sorted(on_loop - set(masyu.clue_cells(puzzle))):
        for colour in "01":
            with pytest.raises(VerificationError):
                verify(with_circle(puzzle, cell, colour), *bits(genre, puzzle, loop))


def test_a_seed_gives_one_board() -> None:
    assert made(8, 8, 7) == made(8, 8, 7)
    assert made(8, 8, 7)[0].grid != made(8, 8, 8)[0].grid


def test_clue_cells_and_without_agree() -> None:
    puzzle, _ = made(7, 7, 1)
    cells = masyu.clue_cells(puzzle)
    assert cells == sorted(cells)
    assert all(puzzle.grid[i][j] in "01" for i, j in cells)
    assert masyu.without(puzzle, []) == puzzle
    assert masyu.clue_cells(masyu.without(puzzle, cells)) == []
    dropped = cells[::3]
    thinner = masyu.without(puzzle, dropped)
    assert masyu.clue_cells(thinner) == [c for c in cells if c not in dropped]
    assert all(thinner.grid[i][j] == puzzle.grid[i][j] for i, j in masyu.clue_cells(thinner))
    assert masyu.parse("\n".join(thinner.grid).encode(), "x.masyu")[0].grid == thinner.grid


def test_too_small_a_board_is_refused() -> None:
    with pytest.raises(ValueError, match="3×3"):
        made(2, 6, 0)


@pytest.mark.parametrize("seed", range(3))
def test_the_annealer_keeps_one_loop_and_counts_it(seed: int) -> None:
    grower = Annealer(Region(9, 11), random.Random(seed), masyu.loop_bias())
    grower.run(20 * 9 * 11, 1.0)
    region = grower.region
    loop = nx.Graph()
    for i, j in region.points(0, 0, 8, 10):
        north, west, east, south = region.arms(i, j)
        assert north + west + east + south in (0, 2)
        loop.add_edges_from(((i, j), (i + di, j + dj)) for (di, dj), arm in (((0, 1), east), ((1, 0), south)) if arm)
    assert nx.is_connected(loop)
    assert all(degree == 2 for _, degree in loop.degree)
    assert loop.number_of_nodes() == grower.length
    clued = masyu.clued(9, 11, region.edges())  # what the puzzle gets, read off the edges anew
    assert sum(clued.grid[i][j] == "." for i, j in loop.nodes) == grower.flaws


@pytest.mark.parametrize("seed", range(3))
def test_the_annealer_counts_the_holes_a_capped_repair_costs(seed: int) -> None:
    grower = Annealer(Region(7, 8), random.Random(seed), masyu.loop_bias())
    grower.run(20 * 7 * 8, 1.0)
    on = {(x // 2, y // 2) for edge in grower.region.edges() for x, y in edge_ends(edge)}
    holes = {(i, j) for i in range(6) for j in range(7) if not on & {(i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)}}
    assert grower.holes(0, 0, 6, 7) == len(holes)
    assert grower.holes(-1, -1, 2, 3) == sum(i <= 2 and j <= 3 for i, j in holes)  # a window, clipped
