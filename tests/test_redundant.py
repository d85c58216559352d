"""The redundant clues (`api.redundant`, loopsat/setter/redundant.py) against a brute force: each clue taken
away alone and the thinner puzzle solved. Each of the three searches is made to do the work."""

from __future__ import annotations

import os
import signal
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


def _redundant(puzzle: Puzzle, helper: bool = False) -> dict[tuple[int, int], bool | None]:
    return dict(api.redundant(puzzle, api.solve(puzzle).solutions[0].edges, time_limit=60.0, helper=helper))


def _without(monkeypatch, *stages: str) -> None:
    """Leave out the cheaper `stages` (flips, looks, backtracking), so that the later ones do their work."""
    if "flips" in stages:
        monkeypatch.setattr(clues, "flipped", lambda *_: iter(()))
    if "looks" in stages:
        monkeypatch.setattr(Thinning, "loop_near", lambda *_: None)
    if "backtracking" in stages:
        monkeypatch.setattr(clues, "NODES", 0)


@pytest.mark.parametrize("name", ["slitherlink/puzzlink-6x6.slither", "masyu/ohmec-8x8.masyu"])
@pytest.mark.parametrize("left_out", [(), ("flips",), ("flips", "looks"), ("flips", "looks", "backtracking")], ids=repr)
def test_the_redundant_clues_are_the_brute_forces(name, left_out, monkeypatch):
    """Each stage alone after those left out settles every clue as the brute force does: the
    looks and the backtracking give witnesses, the backtracking proofs too, CP-SAT both."""
    (puzzle,) = api.load(PUZZLES / name)
    _without(monkeypatch, *left_out)
    assert _redundant(puzzle) == _brute(puzzle)


def test_a_helper_process_shares_the_questions(monkeypatch):
    """The helper's answers (a process of its own, from the back of the list) are the brute
    force's too, on a board too small to start one unasked."""
    (puzzle,) = api.load(PUZZLES / "slitherlink/puzzlink-6x6.slither")
    monkeypatch.setattr(clues, "HELP_FROM", 0)
    monkeypatch.setattr(clues, "cpus", lambda: 2)
    asked: list[tuple[str, tuple[int, int]]] = []
    ask = clues._Helper.ask
    monkeypatch.setattr(clues._Helper, "ask", lambda self, *question: asked.append(question) or ask(self, *question))
    _without(monkeypatch, "flips")
    assert _redundant(puzzle, helper=True) == _brute(puzzle)
    assert {stage for stage, _ in asked} == {clues.LOOKED, clues.PROVED}


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


def test_a_helper_killed_midway_leaves_its_questions_to_this_process(monkeypatch):
    """The helper process killed from outside after its first questions: what it held and all
    that follows is answered here, the same answers."""
    (puzzle,) = api.load(PUZZLES / "slitherlink/puzzlink-6x6.slither")
    monkeypatch.setattr(clues, "HELP_FROM", 0)
    monkeypatch.setattr(clues, "cpus", lambda: 2)
    asked: list[int] = []
    ask = clues._Helper.ask

    def killing(self, *question):
        asked.append(1)
        if len(asked) == 3:
            for process in list(self.pool._processes.values()):
                os.kill(process.pid, signal.SIGKILL)
                process.join()
        return ask(self, *question)

    monkeypatch.setattr(clues._Helper, "ask", killing)
    _without(monkeypatch, "flips")
    assert _redundant(puzzle, helper=True) == _brute(puzzle)
    assert len(asked) >= 3


def test_no_helper_process_unless_asked(monkeypatch):
    """A plain call never starts a process of its own (a script without the main-module guard
    must not see a helper fail), whatever the board's size."""
    (puzzle,) = api.load(PUZZLES / "slitherlink/puzzlink-6x6.slither")
    monkeypatch.setattr(clues, "HELP_FROM", 0)
    monkeypatch.setattr(clues, "cpus", lambda: 2)
    monkeypatch.setattr(clues, "_Helper", None)  # calling it would fail the test
    assert _redundant(puzzle) == _brute(puzzle)
