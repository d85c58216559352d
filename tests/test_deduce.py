"""Deduction: what it fixes holds in every loop a brute force finds; every strategy answers alike."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
from goldens import golden_dirs, golden_puzzle
from hypothesis import given, settings
from hypothesis import strategies as st
from referees import random_boards, verified_loops

from loopsat import loops
from loopsat.deduce import deduce
from loopsat.deduce.board import Board
from loopsat.deduce.rules import CLUE, Rule
from loopsat.genres import GENRES
from loopsat.grid import edge_ends, lattice_edges
from loopsat.puzzle import Puzzle
from loopsat.solver.pipeline import STRATEGIES, solve

ROOT = Path(__file__).parent.parent
SEARCHING = [s for s in STRATEGIES if s != "frontier"]


def check(puzzle: Puzzle) -> None:
    genre = GENRES[puzzle.genre]
    truth = verified_loops(puzzle)
    fixed = deduce(genre.cover(puzzle).edges.values(), genre.rules(puzzle).tables)
    if fixed is None:
        assert not truth
    else:
        for solution in truth:
            assert all(on == (edge in solution) for edge, on in fixed.items())
    for strategy in SEARCHING:
        outcome = solve(puzzle, mode="all", strategy=strategy)
        assert outcome.complete and set(outcome.solutions) == truth, strategy


@settings(max_examples=80, deadline=None)
@given(random_boards("slitherlink", 3, 4, "......0123" + "4a"))
def test_slitherlink_deductions_hold_in_every_loop(puzzle: Puzzle) -> None:
    check(puzzle)


@settings(max_examples=80, deadline=None)
@given(random_boards("masyu", 4, 4, "........01"))
def test_masyu_deductions_hold_in_every_loop(puzzle: Puzzle) -> None:
    check(puzzle)


@pytest.mark.parametrize("folder", golden_dirs(("slither", "masyu", "slink")), ids=lambda f: f.name)
def test_every_strategy_answers_the_goldens_alike(folder: Path) -> None:
    puzzle = golden_puzzle(folder)
    answers = {s: solve(puzzle, strategy=s) for s in SEARCHING}
    first = answers["lazy"]
    for strategy, outcome in answers.items():
        assert (outcome.status, outcome.count) == (first.status, first.count), strategy
        if first.status == "unique":
            assert outcome.solutions == first.solutions, strategy


@pytest.mark.parametrize(
    "path",
    [
        "puzzles/masyu/tatham-12x12.masyu",
        "puzzles/masyu/loopsat-40x58.masyu",
        "puzzles/slink/spoj-sample.slink",
        "puzzles/slitherlink/pzprjs-5x5.slither",
    ],
)
def test_deduced_puzzles_never_load_cpsat(path: str) -> None:
    """A complete deduction is a proof: no OR-Tools import, no search."""
    # a real process: only a fresh interpreter shows which modules solving imported
    code = (
        "import sys; from loopsat.cli import read_file; from loopsat.solver.pipeline import solve\n"
        f"assert all(solve(p).status == 'unique' for p in read_file({path!r}, None))\n"
        "assert 'ortools' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.sets(st.integers(0, 60)))
def test_short_cycles_are_every_cycle_of_six_edges_or_fewer(rows: int, cols: int, dropped: set[int]) -> None:
    edges = [e for k, e in enumerate(lattice_edges(rows, cols)) if k not in dropped]
    graph = nx.Graph()
    graph.add_edges_from((*edge_ends(e), {"mid": e}) for e in edges)
    expected = set()
    for cycle in nx.simple_cycles(graph, length_bound=6):
        pairs = zip(cycle, cycle[1:] + cycle[:1], strict=True)
        expected.add(frozenset(graph.edges[a, b]["mid"] for a, b in pairs))
    found = loops.short_cycles(edges)
    assert len(found) == len(expected) and set(found) == expected


def test_rules_with_the_same_patterns_over_different_widths_each_force_their_whole_scope() -> None:
    """Boards share one table per pattern set; the table must also be per width, or the wider
    rule never forces its last edge (the empty pattern over 2 edges, then over 3), and only a
    probe would find it."""
    edges = list(lattice_edges(4, 4))
    narrow, wide = tuple(edges[:2]), tuple(edges[10:13])
    rules = [Rule(narrow, frozenset({(0, 0)})), Rule(wide, frozenset({(0, 0, 0)}))]
    board = Board(edges, rules, single_loop=False)
    board.settle((), CLUE, ())  # propagation alone
    assert all(board.value[board.index[edge]] == 0 for edge in narrow + wide)
