"""setter/gather.py: thinning by batches the screen gathers leaves a puzzle the capped deduction
decides, every clue of it held and needed at that cap (brute force over each clue), with the
screen or without it (every batch then goes to the whole deduction, whose failures are found by
halves)."""

from __future__ import annotations

import random
from collections import deque

import pytest

from loopsat.deduce import Level
from loopsat.genres import SETTERS
from loopsat.setter.board import Orbit, Thinning
from loopsat.setter.dense import dense
from loopsat.setter.gather import complete, step
from loopsat.setter.generate import JUDGE


@pytest.mark.parametrize("screened", [True, False], ids=["screened", "unscreened"])
def test_steps_leave_every_clue_needed_at_the_cap(monkeypatch: pytest.MonkeyPatch, screened: bool) -> None:
    setter, cap = SETTERS["masyu"], Level.TRICKY
    puzzle, solution = dense(setter, 7, 7, random.Random(2), JUDGE)
    assert complete(puzzle, cap)
    board = Thinning(puzzle, solution)
    if not screened:
        monkeypatch.setattr(Thinning, "screened", lambda *_args: True)
    order: list[Orbit] = [(cell,) for cell in setter.clue_cells(puzzle)]
    random.Random(0).shuffle(order)
    queue, batch, held = deque(order), 16, []
    while queue:
        puzzle, batch, stopped = step(board, puzzle, queue, batch, 64, cap, 6)
        held += stopped
    assert complete(puzzle, cap)
    assert sorted(cell for (cell,) in held) == sorted(setter.clue_cells(puzzle))
    assert len(held) < len(order)
    for (cell,) in held:
        assert not complete(setter.without(puzzle, [cell]), cap), cell


def test_orbits_put_back_are_taken_unscreened_and_the_puzzle_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    setter, cap = SETTERS["masyu"], Level.TRICKY
    made, solution = dense(setter, 8, 8, random.Random(3), JUDGE)
    screens: list[int] = []
    screened = Thinning.screened

    def counted(*args: object, **kwargs: object) -> bool:
        screens[-1] += 1
        return screened(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Thinning, "screened", counted)
    results = []
    for sure in (None, set()):
        screens.append(0)
        board, puzzle = Thinning(made, solution), made
        order: list[Orbit] = [(cell,) for cell in setter.clue_cells(made)]
        random.Random(1).shuffle(order)
        queue, batch, held = deque(order), 16, []
        while queue:
            puzzle, batch, stopped = step(board, puzzle, queue, batch, 64, cap, 2, sure)
            held += stopped
        results.append((puzzle.grid, held))
    assert results[0] == results[1]
    assert screens[1] < screens[0], screens
