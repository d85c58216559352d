"""The grade is a reading of the one deduction `solve` runs: `explain` shows that trail, the
grade is the lowest level at which the same deduction decides every edge, and a puzzle with no
solution gets its status, not a grade."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import loopsat
from loopsat import deduce
from loopsat.cli import read_file
from loopsat.deduce import Level
from loopsat.deduce.run import grouped_steps
from loopsat.puzzle import Puzzle
from loopsat.solver.explain import SEARCH, explain, step_json
from loopsat.solver.pipeline import solve

ROOT = Path(__file__).parent.parent
SAMPLE = [
    puzzle
    for name in ("loopy-e", "loopy-n", "loopy-t", "loopy-h", "pearl-e", "pearl-t")
    for puzzle in read_file(str(ROOT / "tests" / "data" / "tatham" / f"{name}.url"), None)[:3]
]


@pytest.mark.parametrize("puzzle", SAMPLE, ids=lambda p: p.label)
def test_explain_shows_what_solve_deduced(puzzle: Puzzle) -> None:
    outcome = solve(puzzle)
    assert outcome.deduced is not None
    shown = [step_json(step) for step in explain(puzzle).steps if step.rule != SEARCH]
    assert shown == [step_json(step) for step in grouped_steps(outcome.deduced.steps)]
    assert outcome.to_json()["difficulty"] == explain(puzzle).to_json()["difficulty"]


@pytest.mark.parametrize("puzzle", SAMPLE, ids=lambda p: p.label)
def test_the_grade_is_the_lowest_level_that_decides_the_board(puzzle: Puzzle) -> None:
    graded = loopsat.grade(puzzle)
    assert graded is not None and graded.level < Level.SEARCH
    assert deduce.puzzle(puzzle, max_level=graded.level).complete
    if graded.level > Level.EASY:
        assert not deduce.puzzle(puzzle, max_level=Level(graded.level - 1)).complete


def test_no_solution_has_a_status_not_a_grade(cli, tmp_path: Path) -> None:
    """Every edge deduced off is no loop: exit 1, status none, no grade."""
    path = tmp_path / "none.slither"
    path.write_text("00\n0.\n")
    result = cli("explain", "--json", str(path))
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    assert found["status"] == "none" and not found["solvable"] and "difficulty" not in found
    assert "difficulty" not in json.loads(cli("solve", "--json", str(path)).stdout)
    assert loopsat.grade(read_file(str(path), None)[0]) is None


def test_a_hint_on_a_partial_no_loop_agrees_with_is_no_solution(cli, tmp_path: Path) -> None:
    """The partial turns off an edge of the one loop: no loop agrees with it."""
    path = str(ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither")
    loop = solve(read_file(path, None)[0]).to_json()["solutions"][0]
    row = loop["h"][0].index("1")
    h = ["?" * len(line) for line in loop["h"]]
    h[0] = h[0][:row] + "0" + h[0][row + 1 :]
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps({"h": h, "v": ["?" * len(line) for line in loop["v"]]}))
    result = cli("explain", "--hint", "--json", path, str(partial))
    assert result.exit_code == 1
    assert json.loads(result.stdout)["solvable"] is False
