"""The redundant clues (`api.redundant`, loopsat/setter/redundant.py) against a brute force: each clue taken
away alone and the thinner puzzle solved. Each of the three searches is made to do the work."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopsat import api
from loopsat.puzzle import Puzzle
from loopsat.setter import redundant as clues
from loopsat.setter.board import Thinning

PUZZLES = Path(__file__).parent.parent / "puzzles"


def _brute(puzzle: Puzzle) -> dict[tuple[int, int], bool]:
    board = Thinning(puzzle, api.solve(puzzle).solutions[0].edges)
    return {
        cell: api.solve(board.setter.without(puzzle, [cell])).status == "unique" for cell in sorted(board.clues(puzzle))
    }


def _redundant(puzzle: Puzzle) -> dict[tuple[int, int], bool | None]:
    return dict(api.redundant(puzzle, api.solve(puzzle).solutions[0].edges, time_limit=60.0))


@pytest.mark.parametrize("name", ["slitherlink/puzzlink-6x6.slither", "masyu/ohmec-8x8.masyu"])
@pytest.mark.parametrize(("looks", "models"), [(True, 1), (False, 1), (False, 2)])
def test_the_redundant_clues_are_the_brute_forces(name, looks, models, monkeypatch):
    """Without the looks, CP-SAT's models find every witness the flips leave."""
    (puzzle,) = api.load(PUZZLES / name)
    monkeypatch.setattr(clues, "MODELS", models)
    if not looks:
        monkeypatch.setattr(Thinning, "shown_needed", lambda *_: False)
    assert _redundant(puzzle) == _brute(puzzle)


def test_each_flip_breaks_one_clue_alone_and_is_one_loop():
    """Every witness the flips give is a loop of the puzzle without that clue (the verifier)."""
    (puzzle,) = api.load(PUZZLES / "slitherlink/puzzlink-6x6.slither")
    loop = api.solve(puzzle).solutions[0].edges
    board = Thinning(puzzle, loop)
    laws = {cell: board.without(puzzle, cell)[1] for cell in sorted(board.clues(puzzle))}
    found = list(clues.flipped(laws, loop, clues.faces_of(board)))
    assert found  # a 6×6 has some clue a flip of a face or three shows needed
    for cell, witness in found:
        assert witness != loop
        assert board.loop_of(board.setter.without(puzzle, [cell]), witness)
        assert not board.loop_of(puzzle, witness)
    assert len({cell for cell, _ in found}) == len(found)
