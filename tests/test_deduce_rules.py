"""The named rules of the deduction: every step holds in every loop, hard puzzles need no search,
and the undo logs of chains and colours restore exactly what was there."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from goldens import golden_dirs, listed_solutions
from hypothesis import given, settings
from hypothesis import strategies as st
from referees import random_boards, verified_loops

from loopsat.deduce import Step, deduce
from loopsat.deduce import rules as named
from loopsat.deduce.chains import Chains
from loopsat.deduce.colours import Colours
from loopsat.deduce.rules import Contradiction
from loopsat.genres import GENRES, masyu, masyu_shapes, slitherlink
from loopsat.grid import Point
from loopsat.puzzle import Puzzle

DATA = Path(__file__).parent / "data" / "deduce"
KNOWN_RULES = {
    named.CLUE,
    named.VERTEX_DEGREE,
    named.NO_SUCH_EDGE,
    named.NO_PREMATURE_LOOP,
    named.LOOP_CLOSED,
    named.PARITY,
    named.PAIR_AT_A_DOT,
    named.PAIRS_ALONG_A_DIAGONAL,
    named.RELATED_LINES,
    *named.PROBES,
    "white circle",
    "black circle",
    *(f"{digit} clue" for digit in range(5)),
    slitherlink.ADJACENT_THREES,
    slitherlink.DIAGONAL_THREES,
    masyu_shapes.WHITE_AXIS,
    masyu_shapes.BLACK_PAIR,
}


def traced(puzzle: Puzzle) -> tuple[dict[Point, bool] | None, list[Step], list[Point]]:
    genre = GENRES[puzzle.genre]
    edges = list(genre.cover(puzzle).edges.values())
    tables = genre.rules(puzzle).for_deduction()
    steps: list[Step] = []
    return deduce(edges, tables, trace=steps.append), steps, edges


def assert_agrees(fixed: dict[Point, bool] | None, steps: list[Step], solutions: set[frozenset[Point]]) -> None:
    """Each step and the result hold in every solution, and every step names a known rule."""
    for step in steps:
        assert step.rule.removesuffix(named.ONE_SHORT).removesuffix(named.AT_A_CORNER) in KNOWN_RULES, step
        for solution in solutions:
            for edge, on in step.decided:
                assert on == (edge in solution), step
    if fixed is None:
        assert not solutions
        return
    for solution in solutions:
        assert all(on == (edge in solution) for edge, on in fixed.items())


@settings(max_examples=60, deadline=None)
@given(random_boards("slitherlink", 3, 4, "....0123", min_side=2))
def test_every_slitherlink_step_holds_in_every_loop(puzzle: Puzzle) -> None:
    fixed, steps, _ = traced(puzzle)
    assert_agrees(fixed, steps, verified_loops(puzzle))


@settings(max_examples=60, deadline=None)
@given(random_boards("masyu", 4, 5, "........01", min_side=2))
def test_every_masyu_step_holds_in_every_loop(puzzle: Puzzle) -> None:
    fixed, steps, _ = traced(puzzle)
    assert_agrees(fixed, steps, verified_loops(puzzle))


@pytest.mark.parametrize("folder", golden_dirs(("slither", "masyu", "slink", "super")), ids=lambda f: f.name)
def test_deduction_agrees_with_every_listed_golden_loop(folder: Path) -> None:
    genre = masyu if folder.name.startswith("masyu") else slitherlink
    puzzle = genre.parse((folder / "puzzle.txt").read_bytes(), "puzzle.txt")[0]
    fixed, steps, _ = traced(puzzle)
    solutions = set(listed_solutions(folder))
    if fixed is not None or solutions:
        assert_agrees(fixed, steps, solutions)


def manifest_loop(solution: dict[str, list[str]], edges: list[Point]) -> frozenset[Point]:
    """The JSON's h/v bit strings as the set of edges on the loop."""
    return frozenset(
        (x, y) for x, y in edges if (solution["h"] if x % 2 == 0 else solution["v"])[x // 2][y // 2] == "1"
    )


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.iterdir() if p.suffix in (".slither", ".masyu")))
def test_tatham_puzzles_are_deduced_completely(name: str) -> None:
    """Tatham's Hard Slitherlink and Tricky Pearl (bench/) need no search: every edge is decided,
    as in the generator's unique loop, and the trace decides every edge the result holds."""
    path = DATA / name
    genre = masyu if path.suffix == ".masyu" else slitherlink
    puzzle = genre.parse(path.read_bytes(), str(path))[0]
    fixed, steps, edges = traced(puzzle)
    loop = manifest_loop(json.loads((DATA / "solutions.json").read_text())[name]["solution"], edges)
    assert fixed is not None and len(fixed) == len(edges)
    assert {edge for edge, on in fixed.items() if on} == loop
    assert_agrees(fixed, steps, {loop})
    assert {edge for step in steps for edge, _ in step.decided} >= set(edges)


@settings(max_examples=40, deadline=None)
@given(random_boards("slitherlink", 4, 5, "....0123", min_side=2))
def test_a_trace_changes_nothing_and_holds_every_decision(puzzle: Puzzle) -> None:
    """Tracing or not, the same edges are decided; each decided edge has a step that decided it."""
    fixed, steps, edges = traced(puzzle)
    tables = GENRES[puzzle.genre].rules(puzzle).for_deduction()
    assert deduce(edges, tables) == fixed
    if fixed is not None:
        decided = {edge: on for step in steps for edge, on in step.decided}
        assert all(decided[edge] == on for edge, on in fixed.items())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(0, 1)), max_size=20))
def test_colours_undo_to_any_mark(joins: list[tuple[int, int, int]]) -> None:
    """Merges logged after a mark are taken back exactly, and a relation once known stays consistent."""
    edge_faces = [(f, f + 1) for f in range(8)]
    face_edges = [[k for k, pair in enumerate(edge_faces) if f in pair] for f in range(9)]
    colours = Colours(9, face_edges, edge_faces)
    value = [-1] * len(edge_faces)
    history = []
    for f, g, differ in joins:
        history.append((len(colours.log), list(colours.leader), list(colours.flip)))
        try:
            colours.join(f, g, differ, value)
        except Contradiction:
            assert colours.relation(f, g) == 1 - differ
            continue
        assert colours.relation(f, g) == differ
    for mark, leader, flip in reversed(history):
        colours.restore(mark)
        assert (colours.leader, colours.flip) == (leader, flip)


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(6)), st.integers(0, 6))
def test_chains_close_only_the_whole_loop(order: list[int], kept: int) -> None:
    """A hexagon's edges added in any order: only the last closes the loop; a chord never may.
    Taking back all but the first `kept` leaves the chains those alone make."""
    ring = [(k, (k + 1) % 6) for k in range(6)]
    chains = Chains(6)
    for n, k in enumerate(order):
        made = chains.add(k, *ring[k])
        assert (made is None) == (n == 5)
    with pytest.raises(Contradiction):
        chains.add(6, 0, 3)
    chains.take_back(order[kept:], [1] * 6, ring)
    fresh = Chains(6)
    for k in order[:kept]:
        fresh.add(k, *ring[k])
    assert chains.ends() == fresh.ends() and chains.degree == fresh.degree
    assert (chains.on, chains.closed_by) == (fresh.on, fresh.closed_by) == (kept, -1 if kept < 6 else order[5])
    if kept < 6:  # and it goes on as the fresh one does
        assert chains.add(order[kept], *ring[order[kept]]) == fresh.add(order[kept], *ring[order[kept]])


def test_tatham_generated_game_ids_need_no_search() -> None:
    """Game IDs from `sgt-loopy --generate N 10x10t0dh` (and 25x25), `sgt-pearl --generate N
    10x10dt` (Debian sgt-puzzles 20230122): Tatham's generator makes them unique for his own
    solver, so loopsat's deduction must decide every edge, and the verifier accepts the loop."""
    from loopsat.formats import url
    from loopsat.solver.pipeline import solve

    path = DATA / "tatham-generated.url"
    for puzzle in url.parse(path.read_bytes(), str(path)):
        genre = GENRES[puzzle.genre]
        edges = list(genre.cover(puzzle).edges.values())
        fixed = deduce(edges, genre.rules(puzzle).tables)
        assert fixed is not None and len(fixed) == len(edges), puzzle.label
        assert solve(puzzle, strategy="deduce").status == "unique", puzzle.label


def test_auto_proves_a_tatham_slitherlink_without_ortools() -> None:
    """`auto` deduces first at every size, and a complete deduction imports no OR-Tools."""
    path = str(DATA / "tatham-hard-20x20-b.slither")
    code = (
        "import sys; from loopsat.cli import read_file; from loopsat.solver.pipeline import solve\n"
        f"assert all(solve(p).status == 'unique' for p in read_file({path!r}, None))\n"
        "assert 'ortools' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
