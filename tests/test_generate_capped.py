"""What `generate --difficulty` relies on instead of a search: the deduction with no rule above a
level decides every edge exactly when the puzzle's grade is at most that level (so a capped
deduction proves the loop unique and the grade in one run), on Tatham's own puzzles of every
level and on loopsat's generated ones."""

from __future__ import annotations

import pytest
from tatham import FOLDER

from loopsat.cli import read_file
from loopsat.deduce import GRADES, Level
from loopsat.puzzle import Puzzle
from loopsat.setter.generate import complete, decided, generate, graded
from loopsat.setter.taste import default

SMALL = [
    puzzle
    for path in sorted(FOLDER.glob("*.url"))
    for puzzle in read_file(str(path), None)
    if puzzle.rows <= 8  # the 7×7 and 8×8 ones: cheap
]


@pytest.mark.parametrize("puzzle", SMALL, ids=lambda puzzle: f"{puzzle.genre}-{puzzle.path}")
def test_capped_deduction_completes_at_the_grade_and_above(puzzle: Puzzle) -> None:
    grade = graded(puzzle).level
    for cap in list(Level)[:-1]:
        assert complete(puzzle, cap) == (grade <= cap), (GRADES[cap - 1], grade.grade)


@pytest.mark.parametrize("genre", ["slitherlink", "masyu"])
def test_generated_with_a_difficulty_is_decided_at_it_and_not_below(genre: str) -> None:
    made = generate(genre, 7, 7, seed=1, difficulty=Level.TRICKY, taste=default(genre))
    assert made.difficulty.level == Level.TRICKY
    assert decided(made.puzzle, Level.TRICKY)
    assert not decided(made.puzzle, Level.NORMAL)
