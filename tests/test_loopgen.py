"""The setter's one loop generator (setter/loopgen.py) under both genres' bias hooks: every loop
it draws or reshapes is one simple loop on the board's lattice, checked by a union-find written
here (no code of the generator's), and each hook gives what its genre asked."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loopsat.genres import SETTERS, masyu, slitherlink
from loopsat.grid import Point
from loopsat.setter.loopgen import Annealed, Annealer, Grown, grow
from loopsat.setter.region import Region

SIDES = st.integers(min_value=3, max_value=9)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def one_loop(edges: frozenset[Point], points: tuple[int, int]) -> bool:
    """Edges (doubled coordinates) on a lattice of `points` rows × cols that make one cycle:
    every end met twice, and one piece by a union-find."""
    ends: dict[Point, int] = {}
    leader: dict[Point, Point] = {}

    def find(v: Point) -> Point:
        while leader.setdefault(v, v) != v:
            v = leader[v]
        return v

    for x, y in edges:
        a, b = ((x - 1, y), (x + 1, y)) if x % 2 else ((x, y - 1), (x, y + 1))
        for end in (a, b):
            ends[end] = ends.get(end, 0) + 1
            assert 0 <= end[0] <= 2 * points[0] - 2 and 0 <= end[1] <= 2 * points[1] - 2, end
        leader[find(a)] = find(b)
    return bool(edges) and set(ends.values()) == {2} and len({find(v) for v in ends}) == 1


@settings(max_examples=40, deadline=None)
@given(rows=SIDES, cols=SIDES, seed=SEEDS)
def test_slitherlink_loops_run_along_the_cells(rows: int, cols: int, seed: int) -> None:
    loop = slitherlink.loop_bias().draw(rows, cols, random.Random(seed))
    assert not loop.reshapable
    assert one_loop(loop.edges(), (rows + 1, cols + 1))
    assert len(loop.region.squares()) <= round(slitherlink.REGION_SHARE * rows * cols)


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 9), cols=st.integers(1, 9), seed=SEEDS, share=st.floats(0, 1), candidates=st.integers(1, 4))
def test_any_growth_gives_one_loop_around_the_cells_it_grew(
    rows: int, cols: int, seed: int, share: float, candidates: int
) -> None:
    region = Region(rows + 1, cols + 1)
    grow(region, random.Random(seed), round(share * rows * cols), candidates)
    squares = region.squares()
    assert 1 <= len(squares) <= max(1, round(share * rows * cols))
    assert one_loop(region.edges(), (rows + 1, cols + 1))
    hook = Grown(centres=False, share=share, candidates=candidates)  # the same growth, as a genre asks it
    assert hook.draw(rows, cols, random.Random(seed)).edges() == region.edges()


@settings(max_examples=25, deadline=None)
@given(
    rows=SIDES,
    cols=SIDES,
    seed=SEEDS,
    moves=st.integers(0, 400),
    focus=st.lists(st.tuples(st.integers(-2, 10), st.integers(-2, 10))),
)
def test_masyu_loops_run_through_cell_centres_and_stay_one_when_reshaped(
    rows: int, cols: int, seed: int, moves: int, focus: list[Point]
) -> None:
    loop = Annealer(Region(rows, cols), random.Random(seed), masyu.loop_bias())
    loop.run(moves, 1.0)
    assert one_loop(loop.edges(), (rows, cols))
    assert loop.length == len(loop.edges())  # a cycle has as many points as edges
    loop.reshape(sorted(focus))
    assert one_loop(loop.edges(), (rows, cols))
    bare = masyu.clued(rows, cols, loop.edges())
    on_loop = {(x // 2, y // 2) for x, y in loop.edges()} | {((x + 1) // 2, (y + 1) // 2) for x, y in loop.edges()}
    assert sum(bare.grid[i][j] == "." for i, j in on_loop) == loop.flaws


def test_the_masyu_hook_draws_the_same_loop_for_the_same_seed() -> None:
    first, again = (masyu.loop_bias().draw(6, 7, random.Random(4)).edges() for _ in range(2))
    assert first == again
    assert one_loop(first, (6, 7))


@pytest.mark.parametrize("genre", sorted(SETTERS))
def test_a_setter_genre_hands_hooks_and_never_reaches_the_solver(genre: str) -> None:
    module = SETTERS[genre]
    assert isinstance(module.loop_bias(), Grown | Annealed)
    assert not hasattr(module, "dense")
    tree = ast.parse(Path(inspect.getfile(module)).read_text())  # type: ignore[arg-type]
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    outside = ("loopsat.solver", "loopsat.cpsat", "loopsat.setter")  # of the setter, the loop generator only
    assert not {name for name in imported if name and name.startswith(outside) and name != "loopsat.setter.loopgen"}
