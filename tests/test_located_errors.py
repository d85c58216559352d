"""Inputs that used to crash or print an unlocated error: JSON nested past Python's recursion
limit (a `--hint` partial, a report line under `--resume`), the frontier DP on a SuperSlitherlink,
and `explain` on a board past its size limit or past its `--time-limit`. Each is one located line
and its documented exit status."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
GOLDEN = Path(__file__).parent / "golden"
PUZZLE = (ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither").read_bytes()
LOCATED = re.compile(r"^[^\n]+:\d+:\d+: error: [^\n]+\n$")
DEEP = 100_000  # brackets: far past the interpreter's recursion limit


@pytest.mark.parametrize("nest", ["[" * DEEP, '{"h": ' * DEEP, "[" * DEEP + "]" * DEEP])
def test_a_partial_nested_too_deep_is_a_located_error(cli, tmp_path: Path, nest: str) -> None:
    puzzle = tmp_path / "p.slither"
    puzzle.write_bytes(PUZZLE)
    partial = tmp_path / "partial.json"
    partial.write_text(nest)
    done = cli("explain", "--hint", str(puzzle), str(partial))
    assert done.exit_code == 2 and LOCATED.match(done.stderr), done.stderr
    assert done.stderr.startswith(f"{partial}:1:1: error:")


def test_a_report_line_nested_too_deep_is_a_located_error(cli, tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.slither").write_bytes(PUZZLE)
    good = json.dumps({"path": "x.slither", "sha256": None, "status": "error"})
    (folder / "loopsat-report.jsonl").write_text(f"{good}\n{'[' * DEEP}\n{good}\n")
    done = cli("batch", str(folder), "--jobs", "1", "--resume")
    assert done.exit_code == 2 and LOCATED.match(done.stderr), done.stderr
    assert "loopsat-report.jsonl:2:1: error: not a loopsat report line" in done.stderr


def test_the_frontier_on_a_superslitherlink_is_a_located_error(cli, tmp_path: Path) -> None:
    puzzle = tmp_path / "piday.slither"
    puzzle.write_bytes((GOLDEN / "super_piday_7x7" / "puzzle.txt").read_bytes())
    done = cli("solve", "--count", "--strategy", "frontier", str(puzzle))
    assert done.exit_code == 2 and LOCATED.match(done.stderr), done.stderr
    assert done.stderr.startswith(f"{puzzle}:1:1: error: superclue letters")


def test_explain_refuses_a_board_past_its_size_limit(cli, tmp_path: Path) -> None:
    from loopsat.limits import MAX_EXPLAIN_CELLS

    side = int(MAX_EXPLAIN_CELLS**0.5) + 1
    board = tmp_path / "big.slither"
    board.write_text(("." * side + "\n") * side)
    done = cli("explain", str(board))
    assert done.exit_code == 2 and LOCATED.match(done.stderr), done.stderr
    assert "more than explain takes" in done.stderr


# The alarm may ring inside a gc callback (hypothesis installs one in this process): Python
# prints that TimeUp and drops it, and the deadline rings again (loopsat/deadline.py's RETRY).
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_explain_stops_at_its_time_limit(cli, tmp_path: Path) -> None:
    """An empty 120×120 board needs minutes of deduction (85 s measured): the limit of 0 s (plus
    the deadline's grace) rings long before, on any machine."""
    board = tmp_path / "empty.slither"
    board.write_text(("." * 120 + "\n") * 120)
    done = cli("explain", "--time-limit", "0", str(board))
    assert done.exit_code == 3 and done.stdout == ""
    assert done.stderr == f"{board}: unknown (no answer within --time-limit)\n"


def test_explain_in_time_is_unchanged(cli, tmp_path: Path) -> None:
    puzzle = tmp_path / "p.slither"
    puzzle.write_bytes(PUZZLE)
    assert cli("explain", "--time-limit", "60", str(puzzle)).stdout == cli("explain", str(puzzle)).stdout
