"""`loopsat batch` on folders that fight back: links, FIFOs, devices, huge or unlistable entries,
and reports aimed at the puzzles. Every file found gets exactly one line, nothing blocks, no
input is overwritten. Every wait has a timeout; nothing depends on the machine's speed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from loopsat.batch import Fault, line_exit, run_batch
from loopsat.batch import folder as batch_folder
from loopsat.errors import Exit, printable
from loopsat.limits import MAX_FILE_BYTES

ROOT = Path(__file__).parent.parent
PUZZLE = (ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither").read_bytes()
REPORT = "loopsat-report.jsonl"
PATIENCE = 120  # seconds before a batch counts as hung (a FIFO read blocks forever)


def batch(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "loopsat", "batch", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=PATIENCE, check=False)


def report_lines(path: Path) -> dict[str, dict]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    keyed = {line["path"]: line for line in lines}
    assert len(keyed) == len(lines), "a file has two lines"
    return keyed


def test_every_entry_gets_one_line_and_none_blocks_or_floods(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "good.slither").write_bytes(PUZZLE)
    (folder / "loop.slither").symlink_to("loop.slither")
    (folder / "dangling.masyu").symlink_to("nowhere")
    os.mkfifo(folder / "fifo.slither")
    (folder / "zero.slither").symlink_to("/dev/zero")
    (folder / "sub").mkdir()
    (folder / "sub.slither").symlink_to("sub")
    with (folder / "huge.slither").open("wb") as huge:
        huge.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk used
    done = batch(str(folder), "--jobs", "1", "--time-limit", "inf")
    assert done.returncode == 2, done.stderr
    lines = report_lines(folder / REPORT)
    assert lines["good.slither"]["status"] == "unique"
    errors = {path: line["error"].split(": error: ")[1] for path, line in lines.items() if line["status"] == "error"}
    assert errors == {
        "loop.slither": "cannot read the file (Too many levels of symbolic links)",
        "dangling.masyu": "cannot read the file (No such file or directory)",
        "fifo.slither": "a FIFO, not a regular file",
        "zero.slither": "a character device, not a regular file",
        "sub.slither": "a folder, not a regular file",
        "huge.slither": "the file is larger than loopsat reads (16 MiB)",
    }
    assert all(lines[path]["fault"] == "input" for path in errors)
    in_report_order = [line["error"] for line in lines.values() if line["status"] == "error"]
    assert done.stderr.splitlines()[: len(errors)] == in_report_order


def test_a_folder_that_cannot_be_listed_is_an_error_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in-process with the listing refused (the tests may run as root, whom chmod cannot stop)."""
    folder = tmp_path / "puzzles"
    (folder / "locked").mkdir(parents=True)
    (folder / "locked" / "inside.slither").write_bytes(PUZZLE)
    (folder / "bad.slither").write_text("12\n3x\n")
    listing = os.scandir

    def refuse(path: object) -> object:
        if Path(str(path)).name == "locked":
            raise PermissionError(13, "Permission denied")
        return listing(path)  # type: ignore[call-overload]

    monkeypatch.setattr(batch_folder.os, "scandir", refuse)
    assert run_batch(str(folder), report=str(tmp_path / REPORT)) == Exit.BAD_INPUT
    lines = report_lines(tmp_path / REPORT)
    assert sorted(lines) == ["bad.slither", "locked"]
    assert lines["locked"]["error"] == f"{folder / 'locked'}:1:1: error: cannot read the folder (Permission denied)"
    assert lines["locked"]["fault"] == Fault.INPUT


@pytest.mark.parametrize("kind", ["the puzzle", "a link to it", "a hard link to it"])
def test_a_report_that_would_overwrite_a_puzzle_is_refused(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    puzzle = folder / "good.slither"
    puzzle.write_bytes(PUZZLE)
    report = {"the puzzle": puzzle, "a link to it": folder / "r.jsonl", "a hard link to it": tmp_path / "r.jsonl"}[kind]
    if kind == "a link to it":
        report.symlink_to("good.slither")
    elif kind == "a hard link to it":
        os.link(puzzle, report)
    for resume in ([], ["--resume"]):
        done = batch(str(folder), "--report", str(report), *resume)
        assert (done.returncode, done.stdout) == (2, "")
        assert (
            done.stderr
            == f"error: the report {report} would overwrite the puzzle file {puzzle}; name another --report\n"
        )
        assert puzzle.read_bytes() == PUZZLE


def test_a_report_that_is_no_regular_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "good.slither").write_bytes(PUZZLE)
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    done = batch(str(folder), "--report", str(fifo))
    assert (done.returncode, done.stderr) == (
        2,
        f"error: the report {fifo} is not a regular file; name another --report\n",
    )
    assert fifo.is_fifo()


def test_with_genre_every_file_but_the_report_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "good").write_bytes(PUZZLE)
    for _ in range(2):  # the second run finds the first run's report in the folder
        done = batch(str(folder), "--genre", "slitherlink", "--jobs", "1")
        assert done.returncode == 0, done.stderr
        assert list(report_lines(folder / REPORT)) == ["good"]


def test_the_fault_field_not_the_genre_tells_internal_from_input() -> None:
    internal = {"file": "a", "status": "error", "error": "a: internal error: x", "fault": "internal"}
    assert line_exit(internal) == Exit.INTERNAL
    assert line_exit({**internal, "genre": "mcc", "fault": "input"}) == Exit.BAD_INPUT


def test_names_reach_the_terminal_as_text_on_one_line(tmp_path: Path) -> None:
    """Rich markup in a path is shown, not obeyed (`[/bold]` used to end the batch, exit 70);
    escape sequences and newlines in names are shown escaped, each error on one line."""
    folder = tmp_path / "puzzles"
    (folder / "a[").mkdir(parents=True)
    (folder / "a[" / "bold].slither").write_bytes(PUZZLE)
    (folder / "[blink red]x.slither").write_bytes(PUZZLE)
    (folder / "evil\x1b[31mred\nline.slither").write_text("12\n3x\n")
    fifo = tmp_path / "report\x1b[2J\n.jsonl"
    os.mkfifo(fifo)
    refused = batch(str(folder), "--report", str(fifo))
    assert (refused.returncode, refused.stderr.count("\n")) == (2, 1)
    assert "\x1b" not in refused.stderr and "report\\x1b[2J\\n.jsonl is not a regular file" in refused.stderr
    done = batch(str(folder), "--jobs", "1")
    assert done.returncode == 2, done.stderr
    assert "\x1b" not in done.stderr
    err = done.stderr.splitlines()
    assert err[0] == f"{folder}/evil\\x1b[31mred\\nline.slither:2:2: error: letter 'x' has no `!x=N` line"
    assert any("a[/bold].slither" in line for line in err)
    assert any("[blink red]x.slither" in line for line in err)
    lines = report_lines(folder / REPORT)
    assert lines["evil\x1b[31mred\nline.slither"]["file"] == str(folder / "evil\x1b[31mred\nline.slither")


def test_printable_escapes_controls_and_undecodable_bytes() -> None:
    assert printable("a\x1b[31m\nb\tc\x7f\x9b é \udcff") == "a\\x1b[31m\\nb\\tc\\x7f\\x9b é \\xff"
    assert printable(printable("\x1b\n")) == printable("\x1b\n")
