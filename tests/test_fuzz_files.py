"""Fuzzing what loopsat writes and the JSON it reads back.

Hostile folders: at every name the report machinery touches (the report, its lock file, its
draft, a generated puzzle's name) hypothesis plants nothing, a file, a link to a puzzle, to a
file outside, a dangling link, a FIFO or a folder; the report is then read, locked, replaced and
appended to in process, as a batch does. Nothing outside loopsat's own files may change, nothing
may block, and every failure is a located error. Nested JSON of any depth is a located error or
a line left out, never a RecursionError. Writes cut short by RLIMIT_FSIZE (in one child process,
many limits) leave the report whole lines. A few seconds in all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loopsat.api import parse
from loopsat.batch.report import Report, ReportBusy, lock, read_report
from loopsat.errors import OutputError, PuzzleError
from loopsat.safefile import Refused, write_file
from loopsat.solver.explain import read_partial

ROOT = Path(__file__).parent.parent
PUZZLE = (ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither").read_bytes()
REPORT = "loopsat-report.jsonl"
LINE = {"path": "a.slither", "sha256": "0" * 64, "status": "unique"}
NAMES = [REPORT, f".{REPORT}.lock", f".{REPORT}.tmp", "made.slither", ".made.slither.part"]
KINDS = ["none", "report", "junk", "link-puzzle", "link-outside", "dangling", "fifo", "folder"]
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


def plant(folder: Path, name: str, kind: str, outside: Path) -> None:
    path = folder / name
    if kind == "report":
        path.write_text(json.dumps(LINE) + "\n")
    elif kind == "junk":
        path.write_bytes(b"not a report\n")
    elif kind == "link-puzzle":
        path.symlink_to("a.slither")
    elif kind == "link-outside":
        path.symlink_to(outside)
    elif kind == "dangling":
        path.symlink_to(folder / "nowhere")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()


def state(root: Path) -> dict[str, tuple[str, bytes | str | None]]:
    """Every entry under `root`: its kind and content (a link's target, a file's bytes)."""
    seen: dict[str, tuple[str, bytes | str | None]] = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        if path.is_symlink():
            seen[key] = ("link", os.readlink(path))
        elif path.is_file():
            seen[key] = ("file", path.read_bytes())
        else:
            seen[key] = ("other", None)
    return seen


@pytest.mark.timeout(60)  # a FIFO opened for writing without a reader would block: fail, not hang
@FUZZ
@given(kinds=st.lists(st.sampled_from(KINDS), min_size=len(NAMES), max_size=len(NAMES)), resume=st.booleans())
def test_hostile_folders(kinds: list[str], resume: bool) -> None:
    with tempfile.TemporaryDirectory() as top:
        root = Path(top)
        folder = root / "puzzles"
        folder.mkdir()
        (folder / "a.slither").write_bytes(PUZZLE)
        outside = root / "outside.txt"
        outside.write_text("outside\n")
        for name, kind in zip(NAMES, kinds, strict=True):
            plant(folder, name, kind, outside)
        before = state(root)
        report = folder / REPORT
        try:
            kept, _done = read_report(report, resume, {("a.slither", None, "0" * 64)})
            with lock(report):
                sink = Report(report, kept)
                sink.write(LINE)
                sink.close()
        except (PuzzleError, ReportBusy) as exc:
            assert "\n" not in str(exc)
            assert state(root) == before or kinds[0] == "none"  # at most a lock file was made
        else:
            assert not report.is_symlink() and report.is_file()
            lines = report.read_text().splitlines()
            assert lines and all(json.loads(line) == LINE for line in lines)
        try:
            write_file(folder / "made.slither", b"puzzle\n", replace=False)
        except Refused:
            assert kinds[3] != "none"
        after = state(root)
        for key, (kind, content) in before.items():  # what loopsat did not make is as it was
            if key not in (f"puzzles/{REPORT}", f"puzzles/.{REPORT}.lock") or kind == "link":
                assert after.get(key) == (kind, content), key
        assert {key for key in after if ".tmp" in key and key not in before} == set()  # no draft left


NESTING = st.sampled_from(["[", '{"h": ', '{"path": ', '[{"a": ']).flatmap(
    lambda opener: st.integers(900, 20_000).map(lambda depth: opener * depth)
)


@FUZZ
@given(nest=NESTING, at=st.integers(0, 2), close=st.booleans())
def test_nested_json_is_located_or_left_out(nest: str, at: int, close: bool) -> None:
    text = nest + ("]" * len(nest) if close else "")
    with tempfile.TemporaryDirectory() as folder:
        _nested(Path(folder), text, at)


def _nested(folder: Path, text: str, at: int) -> None:
    good = json.dumps(LINE)
    lines = [good, good]
    lines.insert(at, text)
    report = folder / REPORT
    report.write_text("\n".join(lines) + "\n")
    if at < 2:  # a line before others: located
        with pytest.raises(PuzzleError) as raised:
            read_report(report, True, {("a.slither", None, "0" * 64)})
        assert f":{at + 1}:1: error:" in str(raised.value)
    else:  # the last line, as a torn one: left out
        assert read_report(report, True, {("a.slither", None, "0" * 64)})[0] == [f"{good}\n".encode()]
    report.write_text(f"{good}\n{text}")  # a torn last line (no newline) is left out
    kept, done = read_report(report, True, {("a.slither", None, "0" * 64)})
    assert kept == [f"{good}\n".encode()] and len(done) == 1
    (puzzle,) = parse(PUZZLE, "slitherlink")
    with pytest.raises(PuzzleError):
        read_partial("partial.json", text.encode(), puzzle)


CHILD = """
import json, random, resource, sys, tempfile
from pathlib import Path
from loopsat.errors import OutputError
from loopsat.batch.report import Report
rng = random.Random(int(sys.argv[1]))
for trial in range(25):
    with tempfile.TemporaryDirectory() as top:
        path = Path(top, "r.jsonl")
        start = [json.dumps({"path": "s", "sha256": None, "n": -1}).encode() + b"\\n"] * rng.randint(0, 2)
        limit = rng.randint(sum(map(len, start)) + 1, 3000)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
        try:
            sink = Report(path, start)
            for n in range(200):
                sink.write({"path": "p" * rng.randint(0, 300), "sha256": None, "n": n})
            raise SystemExit(f"trial {trial}: no failure under {limit} bytes")
        except OutputError as exc:
            assert "File too large" in str(exc), exc
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        data = path.read_bytes()
        assert len(data) <= limit and (not data or data.endswith(b"\\n")), (trial, limit, data[-40:])
        numbers = [json.loads(line)["n"] for line in data.splitlines()]
        assert numbers == [-1] * len(start) + list(range(len(numbers) - len(start))), (trial, numbers)
print("ok")
"""


def test_reports_cut_short_by_the_size_limit_stay_whole_lines() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD, "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr


def test_an_output_error_is_one_line() -> None:
    assert "\n" not in str(OutputError("x: error: cannot write the report (File too large)"))
