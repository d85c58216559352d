"""Size limits: beyond them loopsat refuses at once with exit 2 and a located line."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loopsat import cli
from loopsat.genres import READERS
from loopsat.limits import MAX_CELLS, MAX_FILE_BYTES, MAX_FILE_CELLS

ERROR_LINE = re.compile(r"^[^\n]+:\d+:\d+: error: [^\n]+\n$")


def _refused(*args: str, stdin: bytes | None = None) -> str:
    """Run the CLI in-process; it must refuse with exit 2 and one error line, which is returned."""
    done = CliRunner().invoke(cli.app, list(args), input=stdin)
    assert done.exit_code == 2, (done.stdout, done.stderr)
    assert ERROR_LINE.match(done.stderr), done.stderr
    return done.stderr


def test_a_board_past_the_cell_limit_is_refused_at_its_row(tmp_path: Path) -> None:
    path = tmp_path / "big.slither"
    path.write_text(("." * 1000 + "\n") * 1000)
    assert _refused("solve", str(path)).startswith(f"{path}:101:1: error: the board has at least 101,000 cells")


@pytest.mark.parametrize("suffix", [".slither", ".masyu"])
def test_a_long_strip_is_refused_at_the_column_past_the_limit(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"strip{suffix}"
    path.write_text("." * 300_000 + "\n")
    assert _refused("solve", str(path)).startswith(f"{path}:1:{MAX_CELLS + 1}: error:")


def test_a_board_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    (puzzle,) = READERS["masyu"].parse(("." * 1000 + "\n").encode() * (MAX_CELLS // 1000), "max.masyu")
    assert puzzle.rows * puzzle.cols == MAX_CELLS


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.slither"
    with path.open("wb") as file:
        file.truncate(200 * 2**20)  # sparse: 200 MB that cost nothing
    assert "larger than loopsat reads" in _refused("solve", str(path))


def test_a_link_to_an_endless_device_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "zero.slither"
    os.symlink("/dev/zero", path)
    assert "larger than loopsat reads" in _refused("solve", str(path))


def test_endless_stdin_is_refused() -> None:
    assert _refused("solve", "--genre", "masyu", "-", stdin=b"." * (MAX_FILE_BYTES + 10)).startswith("-:1:1:")


@pytest.mark.parametrize(
    "link",
    [
        "3000x3000t0:z",
        "3000x3000:z",
        "https://puzz.link/p?slither/3000/3000/zz",
        "https://puzz.link/p?mashu/2/99999/0",
        "99999x9t0:z",
    ],
)
def test_links_past_the_cell_limit_are_refused(link: str) -> None:
    assert "more than loopsat solves" in _refused("solve", link)


def test_a_file_of_links_is_limited_in_all(tmp_path: Path) -> None:
    per_line = 300 * 300
    lines = MAX_FILE_CELLS // per_line + 1
    path = tmp_path / "many.url"
    rest = chr(ord("a") + per_line % 26 - 1)  # Tatham: a-z for runs of 1-26 empty cells
    path.write_text(f"300x300t0:{'z' * (per_line // 26)}{rest}\n" * lines)
    assert _refused("solve", str(path)).startswith(f"{path}:{lines}:1: error: the boards so far have more than")


@pytest.mark.parametrize("board", ["3000 3000\n1 2\n", "99999999999999999999999999 3\n", "2 2\n1 1 1 99999999999999\n"])
def test_slink_sizes_and_numbers_are_bounded(board: str) -> None:
    _refused("slink", stdin=board.encode())


@pytest.mark.parametrize("bound", ["99999999999999999999", "1:4294967296"])
def test_an_mcc_multiplicity_beyond_dlx3_is_bad_input(tmp_path: Path, bound: str) -> None:
    path = tmp_path / "m.mcc"
    path.write_text(f"| x\n{bound}|a | 01 10\na 01:1 10:1\n")
    assert _refused("solve", str(path)).startswith(f"{path}:2:1: error: multiplicity")
