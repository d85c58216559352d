"""`solve --count` by the DP at the command line: its memory budget, and no count out of time."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopsat.solver.frontier.budget import ENV, parse_size


def empty(tmp_path: Path, side: int) -> str:
    path = tmp_path / f"empty{side}.slither"
    path.write_text(("." * side + "\n") * side)
    return str(path)


def test_a_count_past_the_memory_limit_stops_with_a_message(cli, tmp_path: Path) -> None:
    done = cli("solve", "--count", "--strategy", "frontier", "--memory-limit", "1M", empty(tmp_path, 9))
    assert done.exit_code == 2 and not done.stdout
    assert "error: the count needs more memory than its budget of 1 MB (" in done.stderr
    assert len(done.stderr.splitlines()) == 1
    done = cli("solve", "--count", "--memory-limit", "2G", empty(tmp_path, 4))
    assert done.exit_code == 0 and done.stdout == "9349\n"


@pytest.mark.parametrize("size", ["", "0", "-1G", "2X", "G", "1.2.3M"])
def test_a_bad_memory_limit_is_one_line_and_exit_2(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: str
) -> None:
    done = cli("solve", "--count", "--memory-limit", size, empty(tmp_path, 2))
    assert done.exit_code == 2 and done.stderr.startswith("error: --memory-limit: ")
    assert len(done.stderr.splitlines()) == 1
    monkeypatch.setenv(ENV, size or " ")
    done = cli("solve", "--count", empty(tmp_path, 2))
    assert done.exit_code == 2 and done.stderr.startswith(f"error: {ENV}: ")
    assert cli("solve", empty(tmp_path, 2)).exit_code == 0  # only counting reads it


def test_the_environment_sets_the_budget(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "1M")
    done = cli("solve", "--count", "--strategy", "frontier", empty(tmp_path, 9))
    assert done.exit_code == 2 and "budget of 1 MB" in done.stderr
    assert cli("solve", "--count", "--memory-limit", "4G", empty(tmp_path, 3)).stdout == "213\n"


def test_sizes() -> None:
    assert [parse_size(s) for s in ("512", "1k", "1.5M", "2G", "2GB", "1GiB", " 3 g ")] == [
        512,
        1024,
        3 * 2**19,
        2 * 2**30,
        2 * 2**30,
        2**30,
        3 * 2**30,
    ]


def test_a_dp_out_of_time_says_no_count(cli, tmp_path: Path) -> None:
    """The DP has no partial count: out of time it has none to show (exit 3, docs/exit-status.md)."""
    done = cli("solve", "--count", "--strategy", "frontier", "--time-limit", "0.2", empty(tmp_path, 15))
    assert done.exit_code == 3
    assert done.stdout == "no count (incomplete: limit or time limit reached)\n"
