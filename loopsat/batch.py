"""`loopsat batch`: every puzzle of a folder, solved in worker processes or on a Dask cluster.

The main process walks the folder, reads and hashes every file (bad ones are answered on the
spot) and hands each puzzle to a worker; answers stream back in completion order into the
report (loopsat/report.py), one durable line each. Workers are plain processes the batch can
afford to lose: `concurrent.futures` gives up on the whole pool when one worker dies, so the
pool here is its own, with a watchdog that replaces a dead worker, retries its puzzle once, and
kills a worker that overruns the time limit by more than a grace period.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import multiprocessing
import os
import signal
import stat
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterator
from contextlib import ExitStack, closing, contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from multiprocessing.connection import Connection, wait
from multiprocessing.context import ForkServerContext, SpawnContext
from pathlib import Path
from typing import Any

from loopsat.deadline import limit_seconds
from loopsat.errors import Exit, PuzzleError, VerificationError, printable
from loopsat.genres import SUFFIXES, read_data_sets
from loopsat.limits import read_input
from loopsat.progress import ProgressBar
from loopsat.puzzle import Puzzle
from loopsat.report import Key, Report, ReportBusy, key_of, lock, read_report

REPORT_NAME = "loopsat-report.jsonl"
GRACE = 5.0  # seconds the watchdog allows beyond the time limit (CP-SAT's own limit comes first)
LONGEST_WAIT = 86400.0  # seconds; poll() takes at most 2**31 ms (24.8 days): `--time-limit 1e300` overflowed it
DASK_MISSING = "--scheduler needs Dask: pip install 'loopsat[dask]'"
ANSWERED = ("unique", "multiple", "none")
NO_HTTP_ROUTES: dict[str, list[str]] = {
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
}  # see dask_client


class BatchError(Exception):
    """A usage problem found before any puzzle is solved (exit status 2)."""

    def __str__(self) -> str:
        return printable(super().__str__())  # it names files, and may quote Dask's many-line errors


@dataclass(frozen=True)
class Job:
    """One puzzle to solve and where its answer is filed: the file relative to DIR, its content hash."""

    puzzle: Puzzle
    path: str
    sha256: str

    @property
    def key(self) -> Key:
        return self.path, self.puzzle.index, self.sha256


Result = tuple[Job, dict[str, Any], float]  # a job, its report object, the CPU seconds it took


# --- the folder ------------------------------------------------------------------------------


class Fault(StrEnum):
    """Whose fault an error line is (its `fault` field): the input's (exit 2) or loopsat's (70)."""

    INPUT = "input"
    INTERNAL = "internal"


def discover(root: Path, genre: str | None) -> tuple[list[Path], list[dict[str, Any]]]:
    """Puzzle files under `root` in name order, a folder's files before its subfolders: known
    suffixes, or every file with `--genre`; hidden files and folders (`.git`, editor swap files)
    are left out and links to folders not followed. A folder that cannot be listed is an error line.
    """
    found: list[Path] = []
    unreadable: list[dict[str, Any]] = []
    folders = [root]  # a stack, not recursion: any depth of nesting
    while folders:
        folder = folders.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as exc:
            error = PuzzleError(str(folder), 1, 1, f"cannot read the folder ({exc.strerror or exc})")
            unreadable.append(bad_line(root, folder, error))
            continue
        subfolders = []
        for entry in entries:
            path = Path(entry.path)
            if entry.name.startswith("."):
                continue
            if entry.is_dir(follow_symlinks=False):
                subfolders.append(path)
            elif genre is not None or path.suffix.lower() in SUFFIXES:
                found.append(path)
        folders.extend(reversed(subfolders))
    return found, unreadable


def without_report(files: list[Path], report: Path) -> list[Path]:
    """The input files, the report itself left out; a BatchError when writing the report would
    destroy an input: the report is a puzzle file, or a link to one, or a device."""
    try:
        existing = os.stat(report)
    except OSError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        raise BatchError(f"the report {report} is not a regular file; name another --report")
    entry = (os.path.realpath(report.parent), report.name)
    inputs = []
    for file in files:
        if (os.path.realpath(file.parent), file.name) == entry and file.suffix.lower() not in SUFFIXES:
            continue  # the report (with --genre every other file is read)
        if existing is not None and _same_file(file, existing):
            raise BatchError(f"the report {report} would overwrite the puzzle file {file}; name another --report")
        inputs.append(file)
    return inputs


def _same_file(path: Path, other: os.stat_result) -> bool:
    try:
        mine = os.stat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (other.st_dev, other.st_ino)


def read_folder(root: Path, files: list[Path], genre: str | None) -> tuple[list[Job], list[dict[str, Any]]]:
    """The puzzles of `files`, and an error line (the message `solve` prints) for each bad file
    or bad data set."""
    jobs: list[Job] = []
    bad: list[dict[str, Any]] = []
    for file in files:
        sha256 = None
        try:
            data = read_input(file, regular_only=True)
            sha256 = hashlib.sha256(data).hexdigest()
            relative = file.relative_to(root).as_posix()
            for puzzle in read_data_sets(str(file), data, genre):
                if isinstance(puzzle, PuzzleError):  # one bad data set: the others are solved
                    bad.append(bad_line(root, file, puzzle, sha256))
                else:
                    jobs.append(Job(puzzle, relative, sha256))
        except PuzzleError as exc:
            bad.append(bad_line(root, file, exc, sha256))
    return jobs, bad


def bad_line(root: Path, path: Path, error: PuzzleError, sha256: str | None = None) -> dict[str, Any]:
    """The report line of a file, folder or data set that gave no puzzle: an input fault."""
    index = {} if error.index is None else {"index": error.index}
    line = {"file": str(path), **index, "status": "error", "error": str(error), "fault": Fault.INPUT}
    return _filed(line, path.relative_to(root).as_posix(), sha256)


def _filed(line: dict[str, Any], path: str, sha256: str | None) -> dict[str, Any]:
    return {**line, "path": path, "sha256": sha256}


# --- one puzzle, wherever it runs ------------------------------------------------------------


def answer(puzzle: Puzzle, time_limit: float | None) -> tuple[dict[str, Any], float]:
    """Solve one puzzle (in a pool worker or a Dask worker): its `solve --json` object and CPU seconds.

    Whatever goes wrong inside loopsat becomes an error line, so one puzzle never sinks the batch.
    """
    import loopsat.cpsat  # noqa: F401  (a Dask worker's first puzzle: keep CP-SAT's import out of its CPU time)
    from loopsat.pipeline import solve

    started = time.process_time()
    try:
        line = solve(puzzle, time_limit=time_limit).to_json()
    except MemoryError:
        line = failure(puzzle, "out of memory")
    except VerificationError as exc:
        line = failure(puzzle, f"a solution failed verification: {exc}")
    except Exception as exc:
        line = failure(puzzle, repr(exc))
    return line, time.process_time() - started


def failure(puzzle: Puzzle, why: str) -> dict[str, Any]:
    """The error line of a puzzle loopsat read but could not solve (an internal error: exit 70)."""
    line: dict[str, Any] = {"file": puzzle.path, "genre": puzzle.genre, "rows": puzzle.rows, "cols": puzzle.cols}
    if puzzle.index is not None:
        line["index"] = puzzle.index
    return {**line, "status": "error", "error": f"{puzzle.label}: internal error: {why}", "fault": Fault.INTERNAL}


def line_exit(line: dict[str, Any]) -> Exit:
    """docs/exit-status.md for one report line: bad input 2, no answer in time 3, loopsat's own failure 70."""
    if line["status"] == "error":
        return Exit.INTERNAL if line.get("fault") == Fault.INTERNAL else Exit.BAD_INPUT
    return Exit.TIMED_OUT if line["status"] == "unknown" else Exit.SOLVED


# --- the process pool ------------------------------------------------------------------------


def _serve(conn: Connection) -> None:
    """A pool worker: say it is ready once CP-SAT is imported, then answer until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the batch, which stops the workers
    import loopsat.cpsat  # noqa: F401  (slow to import: before the watchdog's clock starts)

    parent = multiprocessing.parent_process()
    if parent is not None:  # an orphan would solve on, unseen, after a SIGKILL of the batch alone
        threading.Thread(target=lambda: (wait([parent.sentinel]), os._exit(1)), daemon=True).start()
    try:
        conn.send(None)
        while True:
            try:
                puzzle, time_limit = conn.recv()
            except EOFError:
                return
            conn.send(answer(puzzle, time_limit))
    except (BrokenPipeError, ConnectionResetError):  # the batch is gone (a SIGKILL): no one to tell
        return


@dataclass(eq=False)
class _Worker:
    """A worker process, its end of the pipe, and the job it is on (with when it began)."""

    context: ForkServerContext | SpawnContext
    ready: bool = False
    job: Job | None = None
    started: float = 0.0
    conn: Connection = field(init=False)
    process: multiprocessing.process.BaseProcess = field(init=False)

    def __post_init__(self) -> None:
        self.conn, theirs = self.context.Pipe()
        self.process = self.context.Process(target=_serve, args=(theirs,), daemon=True, name="loopsat-worker")
        self.process.start()
        theirs.close()  # so that the worker's death reads as end of file here

    def give(self, job: Job, time_limit: float | None) -> None:
        """Hand over a job. A worker that died since its last answer cannot take it; its pipe
        then reads as end of file, and the death is filed (and the job retried) like any other."""
        self.job, self.started = job, time.monotonic()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.conn.send((job.puzzle, time_limit))

    def stop(self) -> str:
        """Kill the process; how it ended, for messages."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()
        code = self.process.exitcode or 0
        return f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"


def _context() -> ForkServerContext | SpawnContext:
    """Fork workers from a server that has imported CP-SAT once: quick to replace, and no fork of
    the main process, whose progress-bar thread may hold a lock at that moment."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["loopsat.cpsat", "loopsat.pipeline"])
    return context


def pool_results(
    jobs: list[Job], workers: int, time_limit: float | None, warn: Callable[[str], None], grace: float = GRACE
) -> Generator[Result, None, None]:
    """Answers of `jobs` from `workers` processes, in completion order.

    A worker that dies (segfault, out-of-memory kill, a SIGKILL from outside) is replaced and its
    puzzle retried once, then filed as an error; one still running `time_limit` (plus 10% and a
    `grace` in seconds) after it began is killed and its puzzle filed as unknown.
    """
    from loopsat.pipeline import Outcome, Status

    context = _context()
    pending = deque(jobs)
    deaths: Counter[Key] = Counter()
    crew: list[_Worker] = []
    stillborn = 0
    overrun = None if time_limit is None else time_limit * 1.1 + grace
    try:
        while pending or any(worker.job for worker in crew):
            busy = sum(worker.job is not None for worker in crew)
            crew.extend(_Worker(context) for _ in range(min(workers, busy + len(pending)) - len(crew)))
            for worker in crew:
                if worker.ready and worker.job is None and pending:
                    worker.give(pending.popleft(), time_limit)
            running = [worker.started for worker in crew if worker.job is not None]
            timeout = None if overrun is None or not running else max(0.0, min(running) + overrun - time.monotonic())
            timeout = None if timeout is None else min(timeout, LONGEST_WAIT)
            answered = wait([worker.conn for worker in crew], timeout)
            for worker in list(crew):
                job = worker.job
                if worker.conn in answered:
                    try:
                        reply = worker.conn.recv()
                    except (EOFError, OSError):
                        crew.remove(worker)
                        why = worker.stop()
                        if job is None and not worker.ready:
                            stillborn += 1
                            if stillborn > workers + 2:
                                raise BatchError(f"worker processes die as they start ({why})") from None
                        elif job is not None and deaths[job.key] == 0:
                            deaths[job.key] += 1
                            warn(f"{job.puzzle.label}: worker {why}; retrying once")
                            pending.appendleft(job)
                        elif job is not None:
                            yield job, failure(job.puzzle, f"its worker died twice ({why})"), 0.0
                        continue
                    worker.ready, worker.job = True, None
                    if job is not None:
                        yield job, *reply
                elif job is not None and overrun is not None and time.monotonic() - worker.started >= overrun:
                    crew.remove(worker)
                    worker.stop()
                    spent = time.monotonic() - worker.started
                    warn(f"{job.puzzle.label}: killed after {spent:.1f} s (time limit {time_limit:g} s)")
                    yield job, Outcome(job.puzzle, Status.UNKNOWN, 0, False, [], spent).to_json(), spent
    finally:
        for worker in crew:
            worker.stop()


# --- Dask ------------------------------------------------------------------------------------


def _loopsat_version() -> str:
    import loopsat

    return loopsat.__version__


@contextmanager
def dask_client(scheduler: str, workers: int) -> Iterator[Any]:
    """A Dask client of the scheduler at `scheduler`, or of a LocalCluster of `workers` processes
    (`local`), whose workers have been seen to import loopsat.

    The local cluster is for this batch alone: loopback only, mutual TLS with throw-away
    certificates (anyone who reaches a Dask scheduler runs code as its user), and no HTTP
    routes: Dask starts an HTTP server per scheduler and worker whatever the options, so they
    are on random loopback ports (the scheduler's was 8787) and answer every request with 404.
    """
    import dask
    from dask.distributed import Client, LocalCluster

    with ExitStack() as stack:
        try:
            if scheduler == "local":
                stack.enter_context(dask.config.set(NO_HTTP_ROUTES))
                cluster = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    security=True,
                    dashboard_address=None,
                    scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                    silence_logs=logging.ERROR,
                )
                client = stack.enter_context(Client(stack.enter_context(cluster)))
            else:
                client = stack.enter_context(Client(scheduler, timeout=10))
        except Exception as exc:
            raise BatchError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        try:
            client.run(_loopsat_version)
        except Exception as exc:
            raise BatchError(f"the Dask workers cannot run loopsat (install it on every worker): {exc!r}") from None
        yield client


def dask_results(client: Any, jobs: list[Job], time_limit: float | None) -> Generator[Result, None, None]:
    """Answers of `jobs` from a Dask cluster, in completion order. Dask retries a puzzle whose
    worker dies; when it gives up, an error line. The time limit is CP-SAT's alone (no watchdog)."""
    from dask.distributed import as_completed

    futures = {client.submit(answer, job.puzzle, time_limit, pure=False): job for job in jobs}
    for future in as_completed(futures):
        job = futures.pop(future)
        try:
            line, cpu = future.result()
        except Exception as exc:
            line, cpu = failure(job.puzzle, f"Dask gave up: {exc!r}"), 0.0
        yield job, line, cpu


def encrypted(scheduler: str) -> bool:
    """Whether only holders of the cluster's certificates can use it: a `tls://` address, or
    `local` (its own throw-away certificates); a bare HOST:PORT is TCP."""
    return scheduler == "local" or scheduler.startswith("tls://")


def check_dask(scheduler: str) -> None:
    try:
        import dask.distributed  # noqa: F401

        if scheduler == "local":
            import cryptography  # noqa: F401  (the local cluster's throw-away TLS certificates)
    except ImportError:
        raise BatchError(DASK_MISSING) from None


# --- the whole batch -------------------------------------------------------------------------


@dataclass
class Tally:
    """Every current line of the report (the resumed ones, then those `add`ed), this run's CPU
    time; owns the exit status."""

    lines: list[dict[str, Any]] = field(default_factory=list)
    cpu: float = 0.0
    new: int = 0

    def add(self, line: dict[str, Any], cpu: float = 0.0) -> None:
        self.lines.append(line)
        self.cpu += cpu
        self.new += 1

    @property
    def exit_status(self) -> Exit:
        return max((line_exit(line) for line in self.lines), default=Exit.SOLVED)

    def counts(self) -> str:
        seen = Counter(line["status"] for line in self.lines)
        return " ".join(f"{status} {seen[status]}" for status in (*ANSWERED, "unknown", "error") if seen[status])


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_batch(
    directory: str,
    *,
    genre: str | None = None,
    jobs: int | None = None,
    report: str | None = None,
    resume: bool = False,
    time_limit: float | None = None,
    scheduler: str | None = None,
) -> Exit:
    """Solve every puzzle under `directory` into the report; the exit status of the whole batch.

    Workers start as multiprocessing children: a script calling this needs the usual
    `if __name__ == "__main__":` guard.
    """
    from loopsat.stdio import stderr_console

    started = time.monotonic()
    root = Path(directory)
    if not root.is_dir():
        raise PuzzleError(printable(directory), 1, 1, "not a directory" if root.exists() else "no such directory")
    try:
        time_limit = limit_seconds(time_limit, "--time-limit")  # inf: none (a wait of inf overflows a poll)
    except ValueError as exc:
        raise BatchError(str(exc)) from None
    if scheduler is not None:
        check_dask(scheduler)
    report_path = Path(report) if report else root / REPORT_NAME
    files, unreadable = discover(root, genre)
    jobs_wanted, bad = read_folder(root, without_report(files, report_path), genre)
    bad = unreadable + bad
    kept, done = read_report(report_path, resume, {job.key for job in jobs_wanted} | {key_of(line) for line in bad})
    todo = [job for job in jobs_wanted if job.key not in done]
    todo.sort(key=lambda job: -job.puzzle.rows * job.puzzle.cols)  # largest first: a shorter tail
    workers = max(1, min(jobs or default_jobs(), len(todo)))
    console = stderr_console()
    tally = Tally([*done.values()])

    def warn(message: str) -> None:
        """One line on stderr, as written: no markup, no colours, no control characters."""
        console.print(printable(message), markup=False, highlight=False, soft_wrap=True)

    with ExitStack() as stack:
        try:
            stack.enter_context(lock(report_path))
        except ReportBusy as exc:
            raise BatchError(str(exc)) from None
        if scheduler is None or not todo:  # with nothing to do, the pool starts no process
            results = pool_results(todo, workers, time_limit, warn)
        else:
            if not encrypted(scheduler):
                warn(
                    f"warning: {scheduler} is plain TCP: whoever reaches it runs code on the workers;"
                    " see docs/cluster.md (TLS)"
                )
            results = dask_results(stack.enter_context(dask_client(scheduler, workers)), todo, time_limit)
        sink = stack.enter_context(closing(Report(report_path, kept)))
        for line in bad:
            if key_of(line) not in done:
                warn(line["error"])
                sink.write(line)
                tally.add(line)
        try:
            with closing(results), ProgressBar(console, len(todo)) as advance:
                for job, line, cpu in results:
                    line = _filed(line, job.path, job.sha256)
                    sink.write(line)
                    tally.add(line, cpu)
                    advance(tally.counts())
        except KeyboardInterrupt:
            warn(f"interrupted: {len(tally.lines)} answers are in {report_path}; --resume goes on from there")
            raise
    _summary(console, warn, tally, time.monotonic() - started, report_path)
    return tally.exit_status


def _summary(console: Any, warn: Callable[[str], None], tally: Tally, wall: float, report_path: Path) -> None:
    """Counts by genre and status, the times, the slowest puzzles; on stderr, stdout stays clean.

    Names (paths, and genres of resumed lines) go into the tables as Text, never as markup.
    """
    from rich.table import Table
    from rich.text import Text

    statuses = (*ANSWERED, "unknown", "error")
    by_genre: dict[str, Counter[str]] = {}
    for line in tally.lines:
        by_genre.setdefault(line.get("genre", "(bad input)"), Counter())[line["status"]] += 1
    table = Table(title=f"loopsat batch: {len(tally.lines)} puzzles", title_justify="left")
    table.add_column("genre")
    for status in (*statuses, "total"):
        table.add_column(status, justify="right")
    for name, seen in sorted(by_genre.items()):
        table.add_row(Text(printable(name)), *(str(seen[status] or "") for status in statuses), str(seen.total()))
    everything = sum(by_genre.values(), Counter())
    table.add_row("all", *(str(everything[s] or "") for s in statuses), str(len(tally.lines)), style="bold")
    console.print(table)
    resumed = len(tally.lines) - tally.new
    warn(
        f"{tally.new} filed now, {resumed} already in the report; wall {wall:.1f} s, CPU {tally.cpu:.1f} s "
        f"(this run); report: {report_path}"
    )
    timed = sorted((line for line in tally.lines if "seconds" in line), key=lambda line: -line["seconds"])[:5]
    if timed:
        slowest = Table(title="slowest", title_justify="left")
        slowest.add_column("puzzle", overflow="fold")
        for name in ("genre", "size", "status", "seconds"):
            slowest.add_column(name, justify="right" if name == "seconds" else "left")
        for line in timed:
            label = line["path"] if "index" not in line else f"{line['path']}#{line['index']}"
            size = f"{line['rows']}×{line['cols']}"
            cells = (label, line["genre"], size, line["status"])
            slowest.add_row(*(Text(printable(str(cell))) for cell in cells), f"{line['seconds']:.2f}")
        console.print(slowest)
