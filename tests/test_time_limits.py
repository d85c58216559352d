"""One reading of a time limit everywhere: `inf` and huge values are none, nan and negative ones
a clear error (exit 2 at the command line, ValueError in the API); and the limit covers a
command's reading and drawing, not only its solve."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import loopsat
from loopsat import api, reading
from loopsat.deadline import FOREVER, Budget, TimeUp, limit_seconds
from loopsat.output import picture

PUZZLES = Path(__file__).parents[1] / "puzzles"
PUZZLE, SLINK = PUZZLES / "slitherlink" / "pzprjs-5x5.slither", PUZZLES / "slink" / "spoj-sample.slink"
NONE = ("inf", "1e19", "1e300", "Infinity")  # no limit
REFUSED = ("nan", "-1", "-inf", "-0.5")


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_a_limit_is_none_a_number_or_refused(value: float) -> None:
    if math.isnan(value) or value < 0:
        with pytest.raises(ValueError, match="time limit"):
            limit_seconds(value)
    else:
        read = limit_seconds(value)
        assert (read is None) == (value > FOREVER) and (read is None or read == value)
        assert limit_seconds(str(value)) == read  # the text reads the same


def test_text_that_is_no_number_is_refused() -> None:
    for text in ("", "soon", "1s", "0x10"):
        with pytest.raises(ValueError, match="expected a number of seconds"):
            limit_seconds(text)


@pytest.mark.parametrize("limit", NONE)
def test_every_command_takes_no_limit_as_none(cli, limit: str) -> None:
    for args in (
        ["solve", PUZZLE],
        ["solve", "--certain", PUZZLE],
        ["solve", "--count", PUZZLE],
        ["render", "--solution", PUZZLE],
        ["slink", SLINK],
    ):
        done = cli(*map(str, args), "--time-limit", limit)
        assert done.exit_code in (0, 1) and "error" not in done.stderr, (args, done.stderr)


@pytest.mark.parametrize("limit", REFUSED)
def test_every_command_refuses_nan_and_negative_limits(cli, tmp_path: Path, limit: str) -> None:
    for command in (["solve"], ["solve", "--certain"], ["render", "--solution"], ["slink"], ["batch"]):
        target = str(tmp_path) if command == ["batch"] else str(PUZZLE)
        done = cli(*command, target, f"--time-limit={limit}")
        assert done.exit_code == 2 and done.stderr.count("\n") == 1, (command, done.stderr)
        assert "--time-limit" in done.stderr and "expected a number of seconds" in done.stderr


def test_the_api_reads_limits_the_same_way() -> None:
    (puzzle,) = loopsat.load(PUZZLE)
    assert loopsat.solve(puzzle, time_limit=math.inf).status == "unique"
    assert loopsat.count(puzzle, time_limit=1e300) == 1
    assert len(list(loopsat.solutions(puzzle, time_limit=1e19))) == 1
    for bad in (math.nan, -1.0):
        with pytest.raises(ValueError, match="time limit"):
            loopsat.solve(puzzle, time_limit=bad)
        with pytest.raises(ValueError, match="time limit"):
            list(loopsat.solutions(puzzle, time_limit=bad))


def test_a_budget_counts_down_and_bounds_its_steps() -> None:
    assert Budget(None).left() is None and Budget(math.inf).left() is None
    budget = Budget(0.01)
    with pytest.raises(TimeUp), budget.bound():
        time.sleep(3600)  # cut short by the alarm, whatever the machine
    assert budget.left() == 0.0


def _forever(*_args: object, **_kwargs: object) -> object:
    time.sleep(3600)  # a reader or a drawing that never ends: only the time limit stops it
    raise AssertionError("the time limit did not stop it")


def test_the_limit_covers_reading_the_file(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 10^6-option MCC file took 8.7-24 s to read under a 2-5 s limit; here a reader that never
    ends stands for it."""
    monkeypatch.setattr(api, "data_sets", _forever)
    done = cli("solve", "--time-limit", "0.1", str(PUZZLE))
    assert done.exit_code == 3 and done.stdout == ""
    assert done.stderr == f"{PUZZLE}:1:1: time limit reached while reading the file\n"
    done = cli("solve", "--json", "--time-limit", "0.1", str(PUZZLE))
    assert (done.exit_code, json.loads(done.stdout)["status"]) == (3, "unknown")
    monkeypatch.setattr(reading, "read_input", _forever)
    done = cli("render", "--time-limit", "0.1", str(PUZZLE))
    assert done.exit_code == 3 and done.stderr.endswith("time limit reached while reading the file\n")


def test_the_limit_covers_drawing_the_picture(cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(picture, "draw", _forever)
    out = tmp_path / "p.svg"
    done = cli("render", "--solution", "--time-limit", "0.1", "-o", str(out), str(PUZZLE))
    assert done.exit_code == 3 and done.stderr == f"{PUZZLE}:1:1: time limit reached while drawing the picture\n"
    assert not out.exists()  # nothing half drawn
