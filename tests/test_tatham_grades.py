"""loopsat's grade names Tatham's level on puzzles his own generator made at each level
(tests/data/tatham; how they were made: bench/tatham_grades.py)."""

from __future__ import annotations

import pytest
from tatham import SCALES, agreement, graded

# Measured on the stored set: Loopy 48 of 60 exactly (his Easy, Normal and Tricky all; his Hard
# mostly graded tricky), Pearl 20 of 24; every puzzle within one level.
EXACT, NEAR = 0.80, 0.90


@pytest.fixture(scope="module")
def grades() -> dict[str, dict[str, list[str]]]:
    return graded()


@pytest.mark.parametrize("genre", sorted(SCALES))
def test_grades_name_tathams_levels(grades: dict[str, dict[str, list[str]]], genre: str) -> None:
    exact, near = agreement(grades[genre], genre)
    assert exact >= EXACT and near >= NEAR, grades[genre]


def test_every_level_is_met(grades: dict[str, dict[str, list[str]]]) -> None:
    """Each of his levels is graded his way more often than any other way: no level collapses
    into its neighbour, except that his Hard may read as Tricky (a finer rule is missing)."""
    for genre, rows in grades.items():
        for level, found in rows.items():
            if level != "hard":
                assert max(set(found), key=found.count) == level, (genre, level, found)
