"""loopsat's grade names Tatham's level on puzzles his own generator made at each level
(tests/data/tatham; how they were made: bench/tatham_grades.py)."""

from __future__ import annotations

import pytest
from tatham import SCALES, agreement, graded

# Measured on the stored set: Loopy 60 of 60 exactly, Pearl 24 of 24 (each level holds his
# solver's reasoning at it: deduce/pairs.py, the Pearl patterns). A rule that drifts a level
# fails the exact share first.
EXACT, NEAR = 0.95, 1.0


@pytest.fixture(scope="module")
def grades() -> dict[str, dict[str, list[str]]]:
    return graded()


@pytest.mark.parametrize("genre", sorted(SCALES))
def test_grades_name_tathams_levels(grades: dict[str, dict[str, list[str]]], genre: str) -> None:
    exact, near = agreement(grades[genre], genre)
    assert exact >= EXACT and near >= NEAR, grades[genre]


def test_every_level_is_met(grades: dict[str, dict[str, list[str]]]) -> None:
    """Each of his levels is graded his way more often than any other way: no level collapses
    into its neighbour."""
    for genre, rows in grades.items():
        for level, found in rows.items():
            assert max(set(found), key=found.count) == level, (genre, level, found)
