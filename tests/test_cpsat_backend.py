"""The CP-SAT backend as a whole: what it imports, and how it stops."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from loopsat import mcc
from loopsat.cpsat import Search
from loopsat.genres import read_puzzles, slitherlink
from loopsat.pipeline import solve
from loopsat.puzzle import Puzzle

PUZZLES = Path(__file__).parent.parent / "puzzles"


def test_a_cpsat_solve_loads_neither_pandas_nor_numpy() -> None:
    """OR-Tools' cp_model imports both (0.6 s of start-up): the backend writes the proto itself.
    A process of its own, since the test session may have imported them already."""
    path = PUZZLES / "slitherlink" / "pzprjs-5x5.slither"
    code = f"""
import sys
from loopsat.genres import read_puzzles
from loopsat.pipeline import solve
[puzzle] = read_puzzles({str(path)!r}, open({str(path)!r}, "rb").read())
assert solve(puzzle, strategy="lazy").status == "unique"
assert solve(puzzle, mode="count", strategy="circuit").count == 1
assert "loopsat.cpsat.search" in sys.modules
print(sorted({{name.split(".")[0] for name in sys.modules}} & {{"pandas", "numpy"}}))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"


def empty_board_mcc(rows: int, cols: int) -> Puzzle:
    """An empty Slitherlink board as MCC text, read back as an MCC puzzle (no genre's help)."""
    board = Puzzle("slitherlink", "board", ("." * cols,) * rows, {})
    text = mcc.write(slitherlink.cover(board)).encode()
    [puzzle] = read_puzzles("empty.mcc", text)
    return puzzle


def test_mcc_loops_are_counted_in_one_cpsat_run(monkeypatch: pytest.MonkeyPatch) -> None:
    def solve_again(*_: object) -> None:
        raise AssertionError("counting solved once per loop")

    monkeypatch.setattr(Search, "solutions", solve_again)
    puzzle = empty_board_mcc(3, 3)
    assert puzzle.genre == "mcc"
    outcome = solve(puzzle, mode="count")
    assert (outcome.count, outcome.complete) == (213, True)  # A140517(3), each loop verified
