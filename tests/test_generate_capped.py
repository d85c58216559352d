"""What `generate --difficulty` relies on instead of a search: the deduction with no rule above a
level decides every edge exactly when the puzzle's grade is at most that level (so a capped
deduction proves the loop unique and the grade in one run), on Tatham's own puzzles of every
level and on loopsat's generated ones."""

from __future__ import annotations

import pytest
from tatham import FOLDER

from loopsat.cli import read_file
from loopsat.deduce import GRADES, Level
from loopsat.genres import SETTERS
from loopsat.puzzle import Puzzle
from loopsat.setter.board import Thinning
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


def test_masyu_thinned_below_tricky_is_thinned_again_to_it() -> None:
    """7×7 seed 9 thinned to Easy on all 8 loops in a random order (exit 1); the loop thinned
    again, the clues beside another stretch of the loop first, comes out Tricky."""
    heard: list[str] = []
    made = generate("masyu", 7, 7, seed=9, difficulty=Level.TRICKY, progress=heard.append)
    assert made.difficulty.level == Level.TRICKY == graded(made.puzzle).level
    assert decided(made.puzzle, Level.TRICKY) and not decided(made.puzzle, Level.EASY)
    assert any(text.startswith("thinning again") for text in heard)


def test_beside_itself_is_a_loop_point_next_to_one_it_does_not_join() -> None:
    # a 3×4 lattice of points, the loop round its rim with a notch up from the bottom middle:
    # row 0 ....  row 1 ....  row 2 .. ..  (every point on it)
    path = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3), (2, 2), (1, 2), (1, 1), (2, 1), (2, 0), (1, 0)]
    loop = frozenset((a + c, b + d) for (a, b), (c, d) in zip(path, path[1:] + path[:1], strict=True))
    board = Thinning(SETTERS["masyu"].clued(3, 4, loop), loop)
    beside = {(i, j) for i in range(3) for j in range(4) if board.beside_itself((i, j))}
    # brute force: a loop point with a neighbour on the loop that is not next to it along the loop
    along = {point: {path[k - 1], path[(k + 1) % len(path)]} for k, point in enumerate(path)}
    expected = {
        (i, j)
        for i, j in path
        if any(
            (i + di, j + dj) in along and (i + di, j + dj) not in along[(i, j)]
            for di, dj in ((0, 1), (1, 0), (0, -1), (-1, 0))
        )
    }
    assert beside == expected == set(path) - {(0, 0), (0, 3), (2, 0), (2, 3)}
