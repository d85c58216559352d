"""Files loopsat writes: no planted link is written through, no file it did not make is
overwritten, a failed write (a full disk, `ulimit -f`, stdout closed) says what failed and exits
74 with the report still whole lines, and a second batch on one report is refused. The failures
of the medium are made real with RLIMIT_FSIZE in a child process, never simulated by timing."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PUZZLE = (ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither").read_bytes()
BIG = ROOT / "puzzles" / "slitherlink" / "tatham-30x30.slither"  # its MCC text is 0.2 MB
REPORT = "loopsat-report.jsonl"
PATIENCE = 120  # seconds before a child counts as hung


def loopsat(*args: str, limit: int | None = None, env: dict[str, str] | None = None, **how: object):
    """`python -m loopsat ARGS` in a child, its file size limited to `limit` bytes when given."""

    def limited() -> None:
        import resource

        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **how}
    return subprocess.run(
        [sys.executable, "-m", "loopsat", *args],
        text=True,
        timeout=PATIENCE,
        preexec_fn=limited,
        env={**os.environ, **(env or {})},
        **streams,  # type: ignore[arg-type]
    )


def snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file() and not path.is_symlink()}


# --- links planted where loopsat writes --------------------------------------------------------


def test_batch_writes_through_no_planted_draft_link(cli, tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.slither").write_bytes(PUZZLE)
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me\n")
    (folder / f".{REPORT}.tmp").symlink_to("a.slither")  # the old fixed draft name
    for n in range(3):
        (folder / f".{REPORT}.{n}.tmp").symlink_to(outside)
    done = cli("batch", str(folder), "--jobs", "1")
    assert done.exit_code == 0, done.stderr
    assert (folder / "a.slither").read_bytes() == PUZZLE
    assert outside.read_text() == "keep me\n"
    (line,) = (folder / REPORT).read_text().splitlines()
    assert json.loads(line)["status"] == "unique"


@pytest.mark.parametrize("resume", [False, True])
def test_a_report_that_is_a_link_is_refused_not_followed(cli, tmp_path: Path, resume: bool) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.slither").write_bytes(PUZZLE)
    outside = tmp_path / "precious.jsonl"
    outside.write_text("")
    (folder / REPORT).symlink_to(outside)
    done = cli("batch", str(folder), "--jobs", "1", *(["--resume"] if resume else []))
    assert done.exit_code == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "symbolic link" in done.stderr and f"{REPORT}:1:1: error:" in done.stderr
    assert outside.read_text() == "" and (folder / REPORT).is_symlink()


def test_a_file_that_is_no_report_is_not_overwritten(cli, tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.slither").write_bytes(PUZZLE)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\nmore\n")
    done = cli("batch", str(folder), "--jobs", "1", "--report", str(notes))
    assert done.exit_code == 2 and "not a loopsat report (not overwritten)" in done.stderr
    assert notes.read_text() == "my notes\nmore\n"
    ours = tmp_path / "ours.jsonl"  # a report of an earlier run is replaced
    assert cli("batch", str(folder), "--jobs", "1", "--report", str(ours)).exit_code == 0
    assert cli("batch", str(folder), "--jobs", "1", "--report", str(ours)).exit_code == 0
    assert len(ours.read_text().splitlines()) == 1


def test_check_ours_takes_empty_and_torn_reports(tmp_path: Path) -> None:
    from loopsat.batch.report import check_ours

    report = tmp_path / "r.jsonl"
    for text in (b"", b'{"file": "a.slither", "path": "a.sl', b'{"path": "a", "sha256": null}\n{"tor'):
        report.write_bytes(text)
        check_ours(report)
    from loopsat.errors import PuzzleError

    for text in (b"hello\n", b"[1, 2]\n{}", b"hello"):
        report.write_bytes(text)
        with pytest.raises(PuzzleError):
            check_ours(report)


def test_generate_writes_through_no_planted_link(cli, tmp_path: Path) -> None:
    out = tmp_path / "made"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    name = "slitherlink-4x4-0.slither"
    (out / f".{name}.part").symlink_to(victim)  # the old fixed draft name
    done = cli("generate", "--genre", "slitherlink", "--size", "4x4", "-o", str(out))
    assert done.exit_code == 0, done.stderr
    assert victim.read_text() == "keep me\n"
    assert (out / name).is_file() and not (out / name).is_symlink()


def test_generate_never_replaces_a_link_at_its_name(cli, tmp_path: Path) -> None:
    out = tmp_path / "made"
    out.mkdir()
    (out / "slitherlink-4x4-1.slither").symlink_to(tmp_path / "nowhere")  # dangling: exists() says no
    done = cli("generate", "--genre", "slitherlink", "--size", "4x4", "--seed", "0", "--count", "2", "-o", str(out))
    assert done.exit_code == 2 and "slitherlink-4x4-1.slither:1:1: error:" in done.stderr, done.stderr
    assert "not overwritten" in done.stderr
    assert (out / "slitherlink-4x4-1.slither").is_symlink() and not (tmp_path / "nowhere").exists()


def test_generate_checks_a_trillion_names_at_one_look(cli, tmp_path: Path) -> None:
    """It built every name first (3.85 GB for 10**12); now one look at the folder."""
    from loopsat.cli.generate import first_taken

    out = tmp_path / "made"
    out.mkdir()
    for name in ("slitherlink-4x4-7.slither", "slitherlink-4x4-07.slither", "slitherlink-4x4-3.masyu", "x"):
        (out / name).write_text("")
    for seeds, expected in ((range(0, 10**12), 7), (range(8, 10**12), None), (range(7, 8), 7), (range(0, 7), None)):
        assert first_taken(out, "slitherlink", 4, 4, seeds) == (expected and f"slitherlink-4x4-{expected}.slither")
    done = cli(
        "generate", "--genre", "slitherlink", "--size", "4x4", "--seed", "5", "--count", str(10**12), "-o", str(out)
    )
    assert done.exit_code == 2 and "slitherlink-4x4-7.slither:1:1: error: the file exists" in done.stderr


@pytest.mark.parametrize("command", [["export", "--mcc", "{p}", "-o", "{o}"], ["render", "{p}", "-o", "{o}"]])
def test_an_output_is_replaced_whole_but_never_through_a_link(cli, tmp_path: Path, command: list[str]) -> None:
    puzzle = tmp_path / "p.slither"
    puzzle.write_bytes(PUZZLE)
    out = tmp_path / "out"
    victim = tmp_path / "victim"
    victim.write_text("keep me\n")
    out.symlink_to(victim)
    args = [part.format(p=puzzle, o=out) for part in command]
    done = cli(*args)
    assert done.exit_code == 2 and "symbolic link" in done.stderr and done.stderr.count("\n") == 1
    assert victim.read_text() == "keep me\n"
    out.unlink()
    out.write_text("old\n")
    assert cli(*args).exit_code == 0
    assert out.read_text() != "old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["out", "p.slither", "victim"]


def test_write_file_refuses_what_it_must_not_replace(tmp_path: Path) -> None:
    from loopsat.safefile import Refused, write_file

    target = tmp_path / "t"
    write_file(target, b"one", replace=False)
    with pytest.raises(Refused):
        write_file(target, b"two", replace=False)
    write_file(target, b"three", replace=True)
    assert target.read_bytes() == b"three"
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    os.mkfifo(tmp_path / "fifo")
    for name, replace in (("dangling", False), ("dangling", True), ("fifo", True), ("fifo", False)):
        with pytest.raises(Refused):
            write_file(tmp_path / name, b"x", replace=replace)
    assert not (tmp_path / "nowhere").exists()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["dangling", "fifo", "t"]  # no draft left


# --- one batch per report ----------------------------------------------------------------------


def test_a_second_batch_on_a_report_in_use_is_refused(cli, tmp_path: Path) -> None:
    """The first batch is stood in for by this test holding the lock: no race, no timing."""
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.slither").write_bytes(PUZZLE)
    lock = os.open(folder / f".{REPORT}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = cli("batch", str(folder), "--jobs", "1")
        assert done.exit_code == 2 and done.stderr.count("\n") == 1
        assert "another loopsat batch is writing the report" in done.stderr
        assert not (folder / REPORT).exists()
    finally:
        os.close(lock)
    assert cli("batch", str(folder), "--jobs", "1").exit_code == 0


def test_the_lock_file_is_never_a_planted_link(cli, tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.slither").write_bytes(PUZZLE)
    (folder / f".{REPORT}.lock").symlink_to("a.slither")
    done = cli("batch", str(folder), "--jobs", "1")
    assert done.exit_code == 2 and "lock file" in done.stderr and done.stderr.count("\n") == 1
    assert (folder / "a.slither").read_bytes() == PUZZLE


# --- writes that fail: exit 74, the report whole lines -----------------------------------------


def test_a_report_cut_short_by_the_file_size_limit_stays_whole_lines(tmp_path: Path) -> None:
    report = tmp_path / REPORT
    script = f"""
import resource, sys
from pathlib import Path
from loopsat.errors import OutputError
from loopsat.batch.report import Report
resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
sink = Report(Path({str(report)!r}), [])
try:
    for n in range(100):
        sink.write({{"path": "p" * (n % 37), "sha256": None, "n": n}})
except OutputError as exc:
    print(exc)
    sys.exit(74)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 74, done.stderr
    assert "cannot write the report (File too large)" in done.stdout
    data = report.read_bytes()
    assert 0 < len(data) <= 1000 and data.endswith(b"\n")
    lines = [json.loads(line) for line in data.splitlines()]
    assert [line["n"] for line in lines] == list(range(len(lines)))


def test_batch_exits_74_when_the_report_cannot_grow(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for n in range(4):
        (folder / f"p{n}.slither").write_bytes(PUZZLE)
    done = loopsat("batch", str(folder), "--jobs", "1", limit=1500)  # a line is about 500 bytes
    assert done.returncode == 74, done.stderr
    assert f"{REPORT}: error: cannot write the report (File too large)" in done.stderr
    data = (folder / REPORT).read_bytes()
    assert data.endswith(b"\n") and 1 <= len(data.splitlines()) < 4
    assert all(json.loads(line)["status"] == "unique" for line in data.splitlines())


@pytest.mark.parametrize("unbuffered", ["1", ""])
def test_stdout_cut_short_by_the_file_size_limit_exits_74(tmp_path: Path, unbuffered: str) -> None:
    """With PYTHONUNBUFFERED the text layer dropped the rest of a short write in silence: exit 0."""
    with (tmp_path / "out.mcc").open("w") as out:
        done = loopsat("export", "--mcc", str(BIG), limit=4096, stdout=out, env={"PYTHONUNBUFFERED": unbuffered})
    assert done.returncode == 74
    assert done.stderr == "loopsat: error: cannot write the output (File too large)\n"


def test_an_output_file_cut_short_leaves_no_half_file(tmp_path: Path) -> None:
    target = tmp_path / "out.mcc"
    done = loopsat("export", "--mcc", str(BIG), "-o", str(target), limit=4096)
    assert done.returncode == 74 and done.stderr.count("\n") == 1
    assert f"{target}:1:1: error: cannot write the MCC text (File too large)" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_stdout_closed_is_exit_74_not_a_silent_success(tmp_path: Path) -> None:
    puzzle = tmp_path / "p.slither"
    puzzle.write_bytes(PUZZLE)
    shell = f'exec "{sys.executable}" -m loopsat convert --to url "{puzzle}" >&-'
    done = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 74
    assert done.stderr == "loopsat: error: standard output is closed (use >/dev/null to discard the output)\n"


def test_report_write_failure_is_an_output_error_in_process(tmp_path: Path) -> None:
    from loopsat.batch.report import Report
    from loopsat.errors import OutputError

    sink = Report(tmp_path / REPORT, [b'{"path": "a", "sha256": null}\n'])
    sink.close()
    sink._fd = os.open(os.devnull, os.O_RDONLY)  # any write fails (EBADF): cut back, then raised
    with pytest.raises(OutputError):
        sink.write({"path": "b", "sha256": None})
    os.close(sink._fd)
    assert (tmp_path / REPORT).read_bytes() == b'{"path": "a", "sha256": null}\n'


def test_batch_whose_reader_has_gone_exits_141(tmp_path: Path) -> None:
    """`loopsat batch DIR 2>&1 | head -1`: rich's console exited 1. The pipe's reader is closed
    before the batch starts, so its first message meets the broken pipe: no race with a reader."""
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.slither").write_bytes(PUZZLE)
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = loopsat("batch", str(folder), "--jobs", "1", stdout=writer, stderr=writer)
    finally:
        os.close(writer)
    assert done.returncode == 141
    assert json.loads((folder / REPORT).read_text())["status"] == "unique"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full: every write is ENOSPC there")
def test_stdout_on_a_full_disk_exits_74(tmp_path: Path) -> None:
    puzzle = tmp_path / "p.slither"
    puzzle.write_bytes(PUZZLE)
    with open("/dev/full", "w") as full:
        done = loopsat("convert", "--to", "url", str(puzzle), stdout=full)
    assert done.returncode == 74
    assert done.stderr == "loopsat: error: cannot write the output (No space left on device)\n"
