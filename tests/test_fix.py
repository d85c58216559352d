"""`loopsat fix`: every suggestion re-solved by the frontier DP (no CP-SAT, no deduction), and on
small boards the list checked against every single clue edit tried by brute force."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from loopsat.api import fix, parse
from loopsat.genres import SETTERS
from loopsat.grid import Point
from loopsat.puzzle import Puzzle
from loopsat.setter.generate import file_text, generate
from loopsat.solver import frontier


@cache
def minimal(genre: str, side: int, seed: int) -> Puzzle:
    return generate(genre, side, side, seed=seed).puzzle


def brute_force(puzzle: Puzzle) -> set[tuple[str, Point, str | None]]:
    """Every single clue edit that makes `puzzle` unique (or, without a solution, every removal
    that gives it one), each counted by the frontier DP."""
    setter = SETTERS[puzzle.genre]
    clues = set(setter.clue_cells(puzzle))
    found: set[tuple[str, Point, str | None]] = set()
    if frontier.count(puzzle) == 0:
        for cell in clues:
            if frontier.count(setter.without(puzzle, [cell])) >= 1:
                found.add(("remove", cell, None))
        return found
    for i in range(puzzle.rows):
        for j in range(puzzle.cols):
            for clue in setter.CLUES:
                if clue == puzzle.grid[i][j]:
                    continue
                if frontier.count(setter.placed(puzzle, {(i, j): clue})) == 1:
                    found.add(("change" if (i, j) in clues else "add", (i, j), clue))
    return found


@pytest.mark.parametrize(("genre", "side", "seed"), [("slitherlink", 5, 1), ("slitherlink", 5, 2), ("masyu", 6, 3)])
def test_ambiguous_puzzle_every_single_repair(genre: str, side: int, seed: int) -> None:
    puzzle = minimal(genre, side, seed)
    setter = SETTERS[genre]
    ambiguous = setter.without(puzzle, setter.clue_cells(puzzle)[:1])
    assert frontier.count(ambiguous) >= 2
    suggestions = fix(ambiguous)
    assert {(s.kind, s.cell, s.clue) for s in suggestions} == brute_force(ambiguous)
    assert suggestions, "the clue removed is one repair at least"
    for suggestion in suggestions:
        assert suggestion.unique and suggestion.grade is not None
        assert frontier.count(suggestion.applied(ambiguous)) == 1
    ranks = [(not s.unique, 5 - s.grade.level if s.grade else 5) for s in suggestions]
    assert ranks == sorted(ranks)


@pytest.mark.parametrize(("genre", "side", "seed"), [("slitherlink", 5, 1), ("masyu", 6, 3)])
def test_puzzle_without_solution_gets_its_removals(genre: str, side: int, seed: int) -> None:
    puzzle = minimal(genre, side, seed)
    setter = SETTERS[genre]
    cell = setter.clue_cells(puzzle)[0]
    broken = next(bad for clue in setter.CLUES if frontier.count(bad := setter.placed(puzzle, {cell: clue})) == 0)
    suggestions = fix(broken)
    assert {(s.kind, s.cell, s.clue) for s in suggestions} == brute_force(broken)
    assert ("remove", cell, None) in {(s.kind, s.cell, s.clue) for s in suggestions}
    for suggestion in suggestions:
        loops = frontier.count(suggestion.applied(broken))
        assert loops >= 1 and suggestion.unique == (loops == 1)


def test_unique_puzzle_needs_nothing() -> None:
    assert fix(minimal("slitherlink", 5, 1)) == []


def test_command_line(cli, tmp_path: Path) -> None:
    puzzle = minimal("slitherlink", 5, 2)
    setter = SETTERS["slitherlink"]
    path = tmp_path / "a.slither"
    path.write_text(file_text(setter.without(puzzle, setter.clue_cells(puzzle)[:1])))
    done = cli("fix", "--json", str(path))
    assert done.exit_code == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines and all(set(line) == {"kind", "cell", "clue", "was", "unique", "grade"} for line in lines)
    (ambiguous,) = parse(path.read_text(), "slitherlink")
    assert [line["cell"] for line in lines] == [list(s.cell) for s in fix(ambiguous)]
    text = cli("fix", str(path))
    assert text.exit_code == 0 and text.stdout.count("\n") == len(lines)
    unique = tmp_path / "u.slither"
    unique.write_text(file_text(puzzle))
    done = cli("fix", str(unique))
    assert done.exit_code == 0 and "unique: nothing to fix" in done.stdout
    hopeless = tmp_path / "h.slither"
    hopeless.write_text("...\n...\n")  # 2×3 without a clue: no one clue pins a loop
    done = cli("fix", str(hopeless))
    assert done.exit_code == 1 and done.stderr.count("\n") == 1 and "multiple" in done.stderr
    other = tmp_path / "b.slither"
    other.write_text("!A=3\nA...\n....\n")  # a superclue: not a clue fix knows
    done = cli("fix", str(other))
    assert done.exit_code == 2 and done.stderr.count("\n") == 1, done.stderr
