"""`generate --difficulty` keeps Tatham's word: a puzzle made at a level is graded exactly that
level, and on loopsat's own puzzles (tests/data/tatham/loopsat-made.txt) the grade is the one his
graders gave them (his binaries are not in CI: their verdicts are stored)."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopsat.deduce import GRADES, Level
from loopsat.formats import decode
from loopsat.setter.generate import complete, generate, graded
from loopsat.setter.taste import default

MADE = Path(__file__).parent / "data" / "tatham" / "loopsat-made.txt"
RATED = [line.split() for line in MADE.read_text().splitlines() if line and not line.startswith("#")]


@pytest.mark.parametrize(("grade", "game_id"), RATED, ids=[f"{grade}-{n}" for n, (grade, _) in enumerate(RATED)])
def test_loopsat_grades_its_puzzles_as_tatham_did(grade: str, game_id: str) -> None:
    assert graded(decode(game_id, "made")).grade == grade


@pytest.mark.parametrize("wanted", [Level.EASY, Level.NORMAL, Level.TRICKY, Level.HARD], ids=lambda level: level.grade)
def test_generated_slitherlink_is_graded_the_level_asked(wanted: Level) -> None:
    made = generate("slitherlink", 7, 7, seed=2, difficulty=wanted, taste=default("slitherlink"))
    assert made.difficulty.level == wanted == graded(made.puzzle).level
    assert complete(made.puzzle, wanted)
    if wanted > Level.EASY:  # and not a level below: the generator refuses a board that easy
        assert not complete(made.puzzle, Level(wanted - 1)), GRADES[wanted - 2]
