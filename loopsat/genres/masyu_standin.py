"""A STAND-IN Masyu setter (contract.Setter) until the real one in masyu.py is merged: the
boundary of a random region (slitherlink.region) as the loop, every circle it allows placed,
a new region drawn until the circles allow that loop only. Fine for small boards; the real
setter (bench/make_masyu.py's idea, folded into masyu.py) makes 30×30 boards."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace

from loopsat.genres import masyu, slitherlink
from loopsat.grid import Point, edge_ends
from loopsat.puzzle import Puzzle


def dense(
    rows: int, cols: int, rng: random.Random, solutions: Callable[[Puzzle], list[frozenset[Point]]]
) -> tuple[Puzzle, frozenset[Point]]:
    """Every circle the loop allows: white on a straight tile beside a turn, black on a turn
    whose arms go straight on."""
    while True:
        loop = slitherlink.boundary(slitherlink.region(rows - 1, cols - 1, rng))
        arms: dict[Point, list[Point]] = {}
        for edge in loop:
            for tile in edge_ends(edge):
                arms.setdefault(tile, []).append(edge)
        grid = [["."] * cols for _ in range(rows)]
        for tile in arms:
            ahead = [next(t for t in edge_ends(edge) if t != tile) for edge in arms[tile]]
            if _straight(arms[tile]) != all(_straight(arms[t]) for t in ahead):
                grid[tile[0] // 2][tile[1] // 2] = "1" if all(_straight(arms[t]) for t in ahead) else "0"
        board = tuple("".join(row) for row in grid)
        puzzle = Puzzle(masyu.GENRE, f"masyu-{rows}x{cols}", board, {}, board)
        if len(solutions(puzzle)) == 1:
            return puzzle, loop


def _straight(arms: list[Point]) -> bool:
    (a, b), (c, d) = arms
    return a == c or b == d


def clue_cells(puzzle: Puzzle) -> list[Point]:
    return [(i, j) for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row) if ch != "."]


def without(puzzle: Puzzle, cells: Iterable[Point]) -> Puzzle:
    grid = [list(row) for row in puzzle.grid]
    for i, j in cells:
        grid[i][j] = "."
    board = tuple("".join(row) for row in grid)
    return replace(puzzle, grid=board, lines=board)
