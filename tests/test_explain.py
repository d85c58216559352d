"""`loopsat explain`: the steps replay to the solution, hints decide something new, and the
difficulty grade orders Tatham's own levels (tests/data/difficulty: `sgt-loopy --generate 9
'7x7t0dX#17X'` for X = e, n, t, h, Debian sgt-puzzles 20230122; sgt-puzzles is not needed here)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from loopsat.cli import read_file
from loopsat.genres import SUFFIXES
from loopsat.puzzle import Puzzle
from loopsat.solver.explain import explain
from loopsat.solver.pipeline import solve

ROOT = Path(__file__).parent.parent
SMALL = 20  # boards up to 20×20 keep this file fast; the larger bundled ones add nothing new
BUNDLED = [
    puzzle
    for path in sorted((ROOT / "puzzles").rglob("*.*"))
    if path.suffix in SUFFIXES  # not the README, nor the report `make run`'s batch leaves there
    for puzzle in read_file(str(path), None)
    if max(puzzle.rows, puzzle.cols) <= SMALL
]
DIFFICULTY = ROOT / "tests" / "data" / "difficulty"


def _solution(puzzle: Puzzle) -> dict[tuple[str, int, int], int]:
    """The unique solution's edges by their h/v index."""
    found = solve(puzzle).to_json()
    assert found["status"] == "unique"
    return {
        (kind, i, j): int(ch)
        for kind in "hv"
        for i, line in enumerate(found["solutions"][0][kind])
        for j, ch in enumerate(line)
    }


def _replay(steps: list[dict[str, object]]) -> dict[tuple[str, int, int], int]:
    """The board after every step, from the empty board; each edge is decided once."""
    board: dict[tuple[str, int, int], int] = {}
    for step in steps:
        for kind, i, j, on in step["edges"]:  # type: ignore[attr-defined]
            assert (kind, i, j) not in board, step
            board[kind, i, j] = on
    return board


@pytest.mark.parametrize("puzzle", BUNDLED, ids=lambda p: p.label)
def test_steps_replay_to_the_solution(puzzle: Puzzle) -> None:
    found = explain(puzzle).to_json()
    assert _replay(found["steps"]) == _solution(puzzle)
    assert found["complete"] == (found["steps"][-1]["rule"] != "search")


def test_text_and_json(cli, tmp_path: Path) -> None:
    path = str(ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither")
    text = cli("explain", path)
    assert text.exit_code == 0
    lines = text.stdout.splitlines()
    assert lines[0].startswith("1. ") and lines[-1].startswith("difficulty: ")
    found = json.loads(cli("explain", "--json", path).stdout)
    assert set(found) >= {"steps", "complete", "difficulty"} and found["complete"]
    assert len(lines) == len(found["steps"]) + 1


def test_hint_decides_a_new_edge(cli, tmp_path: Path) -> None:
    path = str(ROOT / "puzzles" / "slitherlink" / "tatham-20x20.slither")
    puzzle = read_file(path, None)[0]
    steps = explain(puzzle).to_json()["steps"]
    known = _replay(steps[: len(steps) // 2])
    solution = _solution(puzzle)
    rows = 1 + max(i for kind, i, _ in solution if kind == "h")
    cols = 1 + max(j for kind, _, j in solution if kind == "v")

    def lines(kind: str, height: int, width: int) -> list[str]:
        return ["".join(str(known.get((kind, i, j), "?")) for j in range(width)) for i in range(height)]

    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps({"h": lines("h", rows, cols - 1), "v": lines("v", rows - 1, cols)}))
    result = cli("explain", "--hint", "--json", path, str(partial))
    assert result.exit_code == 0, result.stderr
    step = json.loads(result.stdout)["step"]
    decided = {(kind, i, j): on for kind, i, j, on in step["edges"]}
    assert set(decided) - set(known)
    assert all(solution[edge] == on for edge, on in decided.items())
    assert cli("explain", "--hint", path, str(partial)).stdout.count("\n") == 1


def test_bad_partial_is_one_line(cli, tmp_path: Path) -> None:
    partial = tmp_path / "partial.json"
    partial.write_text('{"h": ["x"]}')
    result = cli("explain", "--hint", str(ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither"), str(partial))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and ": error: " in result.stderr


def test_difficulty_follows_tatham() -> None:
    """Median level of Tatham's Easy < Normal < Tricky <= Hard (his Hard mostly comes out tricky:
    tests/test_tatham_grades.py)."""
    median = {
        level: statistics.median(
            explain(puzzle).difficulty.level for puzzle in read_file(str(DIFFICULTY / f"loopy-7x7-d{level}.url"), None)
        )
        for level in "enth"
    }
    assert median["e"] < median["n"] < median["h"]
    assert median["n"] < median["t"] <= median["h"]


def test_svg_draws_the_step(cli, tmp_path: Path) -> None:
    """The step's decided edges are the `decided-on`/`decided-off` lines, read ones the `read` band."""
    path = str(ROOT / "puzzles" / "masyu" / "pzprjs-6x6.masyu")
    out = tmp_path / "step.svg"
    result = cli("explain", path, "--svg", str(out), "--step", "4")
    assert result.exit_code == 0, result.stderr
    step = json.loads(cli("explain", "--json", path).stdout)["steps"][3]
    drawn = out.read_text()
    groups = {part.split('"')[0]: part.count("<line") for part in drawn.split('<g class="')[1:]}
    assert groups.get("decided-on", 0) == sum(on for *_, on in step["edges"])
    assert groups.get("decided-off", 0) == sum(1 - on for *_, on in step["edges"])
    assert groups.get("read", 0) == len(step["read"])
    too_far = cli("explain", path, "--svg", str(tmp_path / "x.svg"), "--step", "999")
    assert too_far.exit_code == 2 and too_far.stderr.count("\n") == 1


def test_without_search_the_steps_are_the_deductions_alone() -> None:
    """An ambiguous board: the same steps but the search's, no status proved, no grade; a board
    the deduction proves: the same explanation as with the search."""
    from loopsat import api

    (ambiguous,) = api.parse("3..\n...\n...\n", "slitherlink")
    full, alone = explain(ambiguous), explain(ambiguous, search=False)
    assert full.status == "multiple" and full.steps[-1].rule == "search"
    assert alone.steps == full.steps[:-1] and not alone.complete
    assert (alone.status, alone.difficulty) == ("unknown", None)
    proved = [puzzle for puzzle in BUNDLED if explain(puzzle).complete][:3]
    assert proved
    for puzzle in proved:
        assert explain(puzzle, search=False) == explain(puzzle)
