"""The whole batch: walk the folder, resume from the report, hand the jobs to the pool or to
Dask, file each answer as it comes, and sum up."""

from __future__ import annotations

import time
from contextlib import ExitStack, closing
from pathlib import Path

from loopsat.batch.cluster import check_dask, dask_client, dask_results, encrypted
from loopsat.batch.folder import discover, read_folder, without_report
from loopsat.batch.lines import BatchError, filed
from loopsat.batch.pool import pool_results
from loopsat.batch.report import Report, ReportBusy, key_of, lock, read_report
from loopsat.batch.summary import Tally, summary
from loopsat.deadline import limit_seconds
from loopsat.errors import Exit, PuzzleError, printable
from loopsat.output.progress import ProgressBar
from loopsat.workers import cpus

REPORT_NAME = "loopsat-report.jsonl"


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
    workers = max(1, min(jobs or cpus(), len(todo)))
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
                    line = filed(line, job.path, job.sha256)
                    sink.write(line)
                    tally.add(line, cpu)
                    advance(tally.counts())
        except KeyboardInterrupt:
            warn(f"interrupted: {len(tally.lines)} answers are in {report_path}; --resume goes on from there")
            raise
    summary(console, warn, tally, time.monotonic() - started, report_path)
    return tally.exit_status
