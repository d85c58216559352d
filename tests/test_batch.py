"""`loopsat batch`: one correct report line per puzzle, kill-safe resume, isolation, Dask.

The kill tests and Dask's run the batch as a real subprocess (its own session, so a test can
SIGKILL the whole group or one worker), the rest in-process through the `cli` fixture; answers
are checked against Knuth's goldens, and Dask answers against the pool's.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from goldens import GOLDEN, counts, listed_solutions
from lattice import edges_of

from loopsat.batch import Job, pool_results
from loopsat.batch.report import Report, read_report
from loopsat.errors import PuzzleError
from loopsat.genres import read_puzzles

ROOT = Path(__file__).parent.parent
BENCH = ROOT / "bench"
REPORT = "loopsat-report.jsonl"

# name in the folder -> the golden it copies (its counts and listed solutions are the truth)
GOLDEN_COPIES = {
    "a/pzprjs.slither": "slither_pzprjs_5x5",
    "none.slither": "slither_unsolvable_2x2",
    "a/b/empty.slither": "slither_empty_2x2",
    "m/pzprjs.masyu": "masyu_pzprjs_6x6",
    "a/b/c/ohmec.masyu": "masyu_ohmec_8x8",
}
BAD_FILES = {"bad.slither": "12\n3x\n", "a/bad.masyu": "0.\n.a\n"}


def batch(*args: str, **popen: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "loopsat", "batch", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own: the batch, its fork server, its workers
        **popen,
    )


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


def report_lines(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / REPORT).read_text().splitlines()]


def by_key(lines: list[dict]) -> dict[tuple[str, int | None], dict]:
    keyed = {(line["path"], line.get("index")): line for line in lines}
    assert len(keyed) == len(lines), "a puzzle has two lines"
    return keyed


def answers(lines: list[dict]) -> dict:
    return {key: (line["status"], line.get("count"), line.get("solutions")) for key, line in by_key(lines).items()}


@pytest.fixture(scope="module")
def mixed(cli, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, str, str]:
    """A folder with both genres, nested folders, two bad files, a four-data-set .slink and files
    to ignore; and how a batch of it ended (status, stdout, stderr)."""
    folder = tmp_path_factory.mktemp("mixed")
    for name, golden in GOLDEN_COPIES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(GOLDEN / golden / "puzzle.txt", folder / name)
    for name, text in BAD_FILES.items():
        (folder / name).write_text(text)
    shutil.copy(Path(__file__).parent / "slink" / "sample.in", folder / "a" / "sample.slink")
    (folder / "notes.txt").write_text("not a puzzle\n")
    (folder / ".hidden.slither").write_text("x\n")
    done = cli("batch", str(folder), "--jobs", "2")
    return folder, done.exit_code, done.stdout, done.stderr


def test_mixed_folder_one_correct_line_per_puzzle(cli, mixed: tuple[Path, int, str, str]) -> None:
    mixed, status, out, err = mixed
    assert status == 2, err
    assert out == ""
    lines = by_key(report_lines(mixed))
    assert set(lines) == {(name, None) for name in (*GOLDEN_COPIES, *BAD_FILES)} | {
        ("a/sample.slink", index) for index in (1, 2, 3, 4)
    }
    for (path, _), line in lines.items():
        assert line["sha256"] == hashlib.sha256((mixed / path).read_bytes()).hexdigest()
        assert line["file"] == str(mixed / path)
    for name, golden in GOLDEN_COPIES.items():
        line, truth = lines[name, None], counts(GOLDEN / golden)["single_loop_solutions"]
        assert line["status"] == ("none" if truth == 0 else "unique" if truth == 1 else "multiple")
        found = {edges_of(**solution) for solution in line["solutions"]}
        assert found <= set(listed_solutions(GOLDEN / golden)) and len(found) == min(truth, 2)
    assert all(lines["a/sample.slink", index]["status"] == "unique" for index in (1, 2, 3, 4))
    # a bad file's line carries the very message `solve` prints
    solved = cli("solve", *(str(mixed / name) for name in BAD_FILES))
    assert solved.stderr.splitlines() == [lines[name, None]["error"] for name in BAD_FILES]
    assert all(message in err for message in solved.stderr.splitlines())


def test_resume_of_a_finished_batch_solves_nothing_and_keeps_the_report(cli, mixed: tuple[Path, int, str, str]) -> None:
    mixed = mixed[0]
    before = (mixed / REPORT).read_bytes()
    done = cli("batch", str(mixed), "--resume")
    assert done.exit_code == 2
    assert "0 filed now, 11 already in the report" in done.stderr
    assert (mixed / REPORT).read_bytes() == before


def kill_folder(folder: Path) -> Path:
    """Largest first with one worker: two 60×60 Slitherlink, the second the victim, then three
    20×20 SLINK data sets, eight small Masyu and the four SPOJ sample sets. The worker takes the
    victim the moment the first line is written and needs about 0.14 CPU-s for it (`python
    bench/inprocess.py --sets slitherlink/60x60`, warm; more in a fresh worker), thirty times the
    5 ms in which `wait_for_lines` sees that line, and then the fifteen others: the kill lands
    before the last line however loaded the machine (a 20×20 victim after the SLINK sets, 0.15
    CPU-s once, had come down to 0.012)."""
    shutil.copy(BENCH / "slitherlink" / "60x60" / "002.slither", folder / "a-first.slither")
    shutil.copy(BENCH / "slitherlink" / "60x60" / "001.slither", folder / "b-victim.slither")
    twenty = (BENCH / "slink" / "twenty-20x20.slink").read_text().splitlines()
    (folder / "c-quick.slink").write_text("\n".join(twenty[: 3 * 21]) + "\n0 0\n")  # 21 lines a data set
    for size in ("10x10", "12x12"):
        for source in sorted((BENCH / "masyu" / size).glob("*.masyu")):
            shutil.copy(source, folder / f"{size}-{source.name}")
    shutil.copy(Path(__file__).parent / "slink" / "sample.in", folder / "sample.slink")
    return folder


def wait_for_lines(folder: Path, at_least: int, process: subprocess.Popen[str], timeout: float = 60.0) -> None:
    """Until the report has `at_least` lines; polled every 5 ms, so a kill lands within a few ms of them."""
    report = folder / REPORT
    deadline = time.monotonic() + timeout
    while not report.exists() or report.read_bytes().count(b"\n") < at_least:
        assert process.poll() is None, process.communicate()
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            pytest.fail(f"the batch wrote fewer than {at_least} report lines in {timeout:g} s")
        time.sleep(0.005)


def test_sigkill_then_resume_gives_exactly_one_line_per_puzzle(tmp_path: Path) -> None:
    folder = kill_folder(tmp_path)
    total = 17  # the first, the victim, 3 quick SLINK data sets, 8 Masyu, 4 SPOJ sample data sets
    process = batch(str(folder), "--jobs", "1")
    wait_for_lines(folder, 1, process)  # the worker is on the victim now
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    finished = (folder / REPORT).read_bytes()
    finished = finished[: finished.rfind(b"\n") + 1]
    assert 1 <= finished.count(b"\n") < total, "the kill came too late to test anything"
    with (folder / REPORT).open("ab") as report:
        report.write(b'{"file": "' + str(folder).encode() + b"/torn")  # a line the kill cut short
    status, _, err = finish(batch(str(folder), "--resume", "--jobs", "2"))
    assert status == 0, err
    after = (folder / REPORT).read_bytes()
    assert after.startswith(finished)
    lines = by_key(report_lines(folder))
    assert len(lines) == total
    assert {line["status"] for line in lines.values()} == {"unique"}


def worker_pids(batch_pid: int) -> list[int]:
    """The batch's grandchildren: workers forked by its fork server (children of the batch are the
    fork server and the resource tracker)."""
    parent = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := stat_fields(int(entry.name))) is not None:
            parent[int(entry.name)] = int(fields[1])
    children = {pid for pid, ppid in parent.items() if ppid == batch_pid}
    return [pid for pid, ppid in parent.items() if ppid in children]


def stat_fields(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state, ppid, ...); None when gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def wait_until_dead(pid: int, timeout: float = 60.0) -> None:
    """Until `pid` is a zombie or gone: its descriptors are closed by then."""
    deadline = time.monotonic() + timeout
    while True:
        fields = stat_fields(pid)
        if fields is None or fields[0] in ("Z", "X"):
            return
        assert time.monotonic() < deadline, f"process {pid} outlived its SIGKILL"
        time.sleep(0.005)


def computing(pid: int) -> bool:
    """Whether stopped process `pid` was stopped in its own code, not in a system call: a worker
    waiting for its next puzzle is in `read` (system call 0) on its pipe; one solving is not."""
    return Path(f"/proc/{pid}/syscall").read_text().split()[0] == "-1"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers through /proc")
def test_a_worker_killed_mid_puzzle_does_not_stop_the_batch(tmp_path: Path) -> None:
    # Which puzzle a worker is on when the kill comes depends on the machine's load, and a 60×60
    # now takes about as long as a look at the workers, so the test guesses neither: it kills the
    # workers when /proc shows one of them solving (`_kill_when_solving`). A worker caught in its
    # own code between two puzzles holds none, and a batch may end before one is caught: the batch
    # must be whole either way, and the test runs a new one until a kill did land on a puzzle.
    for attempt in range(5):
        folder = tmp_path / str(attempt)
        folder.mkdir()
        names = ["000-big-a.slither", "000-big-b.slither"]  # before the Masyus (the folder's name order)
        for name, source in zip(names, ("001.slither", "002.slither"), strict=True):
            shutil.copy(BENCH / "slitherlink" / "60x60" / source, folder / name)
        for size in ("10x10", "12x12"):
            for source in sorted((BENCH / "masyu" / size).glob("*.masyu")):
                shutil.copy(source, folder / f"{size}-{source.name}")
                names.append(f"{size}-{source.name}")
        status, err = _kill_when_solving(folder)
        assert status == 0, err + (folder / REPORT).read_text()
        lines = by_key(report_lines(folder))
        assert len(lines) == len(names)
        assert {line["status"] for line in lines.values()} == {"unique"}
        retried = [line for line in err.splitlines() if line.endswith(": worker killed by SIGKILL; retrying once")]
        assert {line.split(": worker killed")[0] for line in retried} <= {str(folder / name) for name in names}
        if retried:
            return
    pytest.fail("no kill ever landed on a worker solving a puzzle")


def _kill_when_solving(folder: Path) -> tuple[int, str]:
    """Batch `folder` with two workers; once its first line is in (both workers up, one has
    answered), hold the whole group still at once (nothing can finish meanwhile) and kill both
    workers if one of them was stopped in its own code, as /proc tells; else let the batch go on
    a moment and look again, as long as it runs. The batch's exit status and stderr."""
    process = batch(str(folder), "--jobs", "2")
    wait_for_lines(folder, 1, process)
    workers: list[int] = []
    while process.poll() is None:
        # Held still as a group, the workers are looked for and killed together, and the batch goes
        # on only once both are dead (their pipes closed): running, it could hand a retry to the
        # second worker between the two kills, or still see one of them alive and idle.
        try:
            os.killpg(process.pid, signal.SIGSTOP)
        except ProcessLookupError:  # the batch ended since `poll`
            break
        if len(workers) != 2:  # (found once: none dies before the kill)
            workers = worker_pids(process.pid)
        with contextlib.suppress(FileNotFoundError):  # a worker ended before the stop: the batch is ending
            if len(workers) == 2 and any(computing(pid) for pid in workers):
                for pid in workers:
                    os.kill(pid, signal.SIGKILL)
                for pid in workers:
                    wait_until_dead(pid)
                os.killpg(process.pid, signal.SIGCONT)
                break
        os.killpg(process.pid, signal.SIGCONT)
        time.sleep(0.001)
    status, _, err = finish(process)
    return status, err


def test_the_watchdog_kills_a_puzzle_over_its_time() -> None:
    path = str(BENCH / "slitherlink" / "20x20" / "001.slither")
    puzzle = read_puzzles(path, Path(path).read_bytes())[0]
    warnings: list[str] = []
    results = list(pool_results([Job(puzzle, "big.slither", "0")], 1, 0.0, warnings.append, grace=0.0))
    assert [(job.path, line["status"], line["complete"]) for job, line, _ in results] == [
        ("big.slither", "unknown", False)
    ]
    assert len(warnings) == 1 and "killed after" in warnings[0]


def test_local_dask_cluster_gives_the_pool_answers(mixed: tuple[Path, int, str, str], tmp_path: Path) -> None:
    # a real process: the LocalCluster's processes and threads must not outlive the test
    pytest.importorskip("dask.distributed")
    mixed, elsewhere = mixed[0], tmp_path / "report.jsonl"
    status, out, err = finish(batch(str(mixed), "--jobs", "2", "--scheduler", "local", "--report", str(elsewhere)))
    assert status == 2, err
    assert out == ""
    dask_lines = [json.loads(line) for line in elsewhere.read_text().splitlines()]
    assert answers(dask_lines) == answers(report_lines(mixed))


def test_scheduler_without_dask_names_the_extra(cli, monkeypatch, tmp_path: Path) -> None:
    shutil.copy(GOLDEN / "slither_pzprjs_5x5" / "puzzle.txt", tmp_path / "p.slither")
    for module in ("dask", "dask.distributed"):  # None in sys.modules: importing it fails
        monkeypatch.setitem(sys.modules, module, None)
    done = cli("batch", str(tmp_path), "--scheduler", "local")
    assert done.exit_code == 2
    assert done.stderr == "error: --scheduler needs Dask: pip install 'loopsat[dask]'\n"
    assert not (tmp_path / REPORT).exists()


def test_a_missing_folder_is_one_error_line(cli, tmp_path: Path) -> None:
    nowhere = tmp_path / "nowhere"
    done = cli("batch", str(nowhere))
    assert (done.exit_code, done.stdout, done.stderr) == (2, "", f"{nowhere}:1:1: error: no such directory\n")


# --- the report on its own -------------------------------------------------------------------


def line(path: str, index: int | None = None, sha: str = "s") -> bytes:
    body = {"file": path, "status": "unique", "path": path, "sha256": sha}
    return json.dumps(body if index is None else {**body, "index": index}).encode() + b"\n"


def test_resume_cuts_a_torn_tail_and_keeps_the_rest_byte_for_byte(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    report.write_bytes(line("a") + line("b", 1) + b'{"file": "b", "sta')
    kept, done = read_report(report, True, {("a", None, "s"), ("b", 1, "s"), ("b", 2, "s")})
    sink = Report(report, kept)
    sink.write(json.loads(line("b", 2)))
    sink.close()
    assert set(done) == {("a", None, "s"), ("b", 1, "s")}
    assert report.read_bytes() == line("a") + line("b", 1) + line("b", 2)


def test_resume_drops_lines_of_changed_files_and_duplicates(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    report.write_bytes(line("a", sha="old") + line("b") + line("b") + line("c"))
    kept, done = read_report(report, True, {("a", None, "new"), ("b", None, "s"), ("c", None, "s")})
    Report(report, kept).close()
    assert set(done) == {("b", None, "s"), ("c", None, "s")}
    assert report.read_bytes() == line("b") + line("c")


def test_a_line_that_complete_lines_follow_is_not_torn_but_an_error(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    report.write_bytes(line("a") + b"garbage\n" + line("b"))
    with pytest.raises(PuzzleError) as caught:
        read_report(report, True, set())
    assert str(caught.value).startswith(f"{report}:2:1: error: not a loopsat report line")


def test_without_resume_the_report_starts_empty(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    report.write_bytes(line("a"))
    kept, done = read_report(report, False, {("a", None, "s")})
    Report(report, kept).close()
    assert done == {}
    assert report.read_bytes() == b""
