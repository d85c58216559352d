"""Tatham's own puzzles at each of his levels (tests/data/tatham, made by his generator: see
bench/tatham_grades.py) and how loopsat grades them."""

from __future__ import annotations

from pathlib import Path

from loopsat.cli import read_file
from loopsat.solver.explain import explain

FOLDER = Path(__file__).parent / "data" / "tatham"
# Each genre's levels as Tatham names them, in order, then loopsat's own above them.
SCALES = {
    "loopy": ("easy", "normal", "tricky", "hard", "deep", "search"),
    "pearl": ("easy", "tricky", "deep", "search"),
}
LETTERS = {"e": "easy", "n": "normal", "t": "tricky", "h": "hard"}


def graded() -> dict[str, dict[str, list[str]]]:
    """genre → Tatham's level → loopsat's grade of each of his puzzles at that level."""
    found: dict[str, dict[str, list[str]]] = {}
    for path in sorted(FOLDER.glob("*.url")):
        genre, letter = path.stem.split("-")
        grades = []
        for puzzle in read_file(str(path), None):
            difficulty = explain(puzzle).difficulty
            grades.append(difficulty.grade if difficulty is not None else "none")
        found.setdefault(genre, {})[LETTERS[letter]] = grades
    for rows in found.values():  # easy first
        ordered = sorted(rows.items(), key=lambda item: list(LETTERS.values()).index(item[0]))
        rows.clear()
        rows.update(ordered)
    return found


def agreement(rows: dict[str, list[str]], genre: str) -> tuple[float, float]:
    """The share of puzzles loopsat grades at Tatham's level, and within one level of it."""
    scale = SCALES[genre]
    pairs = [
        (scale.index(level), scale.index(grade) if grade in scale else 99)
        for level, grades in rows.items()
        for grade in grades
    ]
    exact = sum(a == b for a, b in pairs) / len(pairs)
    near = sum(abs(a - b) <= 1 for a, b in pairs) / len(pairs)
    return exact, near
