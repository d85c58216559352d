"""Masyu's default search (the deduction, then AddCircuit over what it left open, one CP-SAT run
stopped at the second loop) against lazy cuts and a brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from lattice import cycle_unions, midpoints
from referees import masyu_boards, masyu_referee

from loopsat.genres import masyu
from loopsat.puzzle import Puzzle
from loopsat.solver.pipeline import Status, deduction, solve

# 8×8, unique; the deduction decides 35 of its 112 edges (`generate --difficulty hard` seed 25 less
# the clue at tile (4, 5), as bench/needs_search.py makes them).
OPEN = "....1..1\n........\n...0....\n.....0.1\n..1.....\n0..10..0\n........\n.0...1..\n"


def board(text: str) -> Puzzle:
    return masyu.parse(text.encode(), "t.masyu")[0]


def test_the_board_needs_the_search() -> None:
    found = deduction(board(OPEN))
    assert found.fixed is not None and not found.complete


@pytest.mark.parametrize("text", [OPEN, OPEN.replace("1", ".", 1), OPEN.replace("0", ".", 1)])
def test_auto_agrees_with_lazy_cuts(text: str) -> None:
    puzzle = board(text)
    auto, lazy = solve(puzzle), solve(puzzle, strategy="lazy")
    assert auto.status == lazy.status and auto.count == lazy.count
    if auto.status == Status.UNIQUE:
        assert auto.solutions == lazy.solutions


@settings(max_examples=40, deadline=None)
@given(masyu_boards())
def test_auto_equals_a_brute_force(puzzle: Puzzle) -> None:
    unions = [midpoints(union) for union in cycle_unions(puzzle.rows, puzzle.cols)]
    loops = {s for s in unions if s and masyu_referee(puzzle, s, single_loop=True)}
    outcome = solve(puzzle)
    assert outcome.status == {0: Status.NONE, 1: Status.UNIQUE}.get(len(loops), Status.MULTIPLE)
    assert set(outcome.solutions) <= loops and len(outcome.solutions) == min(len(loops), 2)


@pytest.mark.parametrize("text", [OPEN.replace("1", ".", 1), OPEN.replace("0", ".", 2)])
def test_the_tables_model_finds_a_second_loop(text: str) -> None:
    """After the deduction, a uniqueness check searches the deduction's own tables (cpsat.tabled),
    never the cover: on boards with several loops it finds two, as the whole cover's circuit does."""
    puzzle = board(text)
    auto, cover = solve(puzzle), solve(puzzle, strategy="circuit")
    assert auto.status == cover.status == Status.MULTIPLE
    assert len(set(auto.solutions)) == 2


@pytest.mark.parametrize("degrees", [True, False])
def test_the_tables_model_under_either_loop_condition(degrees: bool) -> None:
    """The tables model states the vertex degrees itself for lazy cuts; the circuit states them."""
    from loopsat.cpsat import Circuit, LazyCuts, Search, Tabled

    puzzle = board(OPEN.replace("0", ".", 1))  # 71 loops
    found = deduction(puzzle)
    assert found.fixed is not None
    model = Tabled(found.edges, found.rules.tables, found.fixed, degrees=degrees)
    search = Search(model, LazyCuts() if degrees else Circuit(), fixed=found.fixed)
    loops = set(search.solutions() if degrees else search.stream())
    assert len(loops) == 71 and loops == set(solve(puzzle, mode="all", strategy="circuit").solutions)
