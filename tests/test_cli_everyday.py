"""The command line a newcomer expects: --version, numbered --all, --limit alone, readable --help."""

from __future__ import annotations

from goldens import GOLDEN

from loopsat import __version__

EMPTY_2X2 = str(GOLDEN / "slither_empty_2x2" / "puzzle.txt")


def test_version(cli) -> None:
    done = cli("--version")
    assert (done.exit_code, done.stdout) == (0, f"loopsat {__version__}\n")


def test_all_numbers_each_solution_and_ends_with_the_total(cli) -> None:
    done = cli("solve", "--genre", "slitherlink", "--all", EMPTY_2X2)
    lines = done.stdout.splitlines()
    headers = [line for line in lines if line.startswith("solution ")]
    assert headers == [f"solution {k}" for k in range(1, 14)]
    assert lines[-1] == "multiple (13 solutions)"
    frame = lines[1]
    assert lines.count(frame) == 2 * 13  # every board whole, top and bottom frame
    assert all(lines[k - 1] == "" for k, line in enumerate(lines) if line.startswith("solution ") and k)


def test_limit_alone_lists_up_to_n(cli) -> None:
    done = cli("solve", "--genre", "slitherlink", "--limit", "3", EMPTY_2X2)
    lines = done.stdout.splitlines()
    assert [line for line in lines if line.startswith("solution ")] == ["solution 1", "solution 2", "solution 3"]
    assert lines[-1] == "multiple (3 solutions, stopped by --limit or --time-limit)"
    counted = cli("solve", "--genre", "slitherlink", "--count", "--limit", "3", EMPTY_2X2)
    assert counted.stdout.startswith("3 (incomplete")


def test_help_names_its_placeholders(cli) -> None:
    text = cli("solve", "--help").stdout
    assert "<bool>" not in text and "{files}" not in text and "--no-disjoint" not in text
    assert "--limit N" in text and "--time-limit S" in text and "--strategy NAME" in text
