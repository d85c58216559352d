"""Dask: the batch's puzzles on a cluster (a scheduler's address, or a local one of its own)."""

from __future__ import annotations

import logging
from collections.abc import Generator, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from loopsat.batch.lines import Answered, BatchError, Job, answer, failure

DASK_MISSING = "--scheduler needs Dask: pip install 'loopsat[dask]'"
NO_HTTP_ROUTES: dict[str, list[str]] = {
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
}  # see dask_client


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


def dask_results(client: Any, jobs: list[Job], time_limit: float | None) -> Generator[Answered, None, None]:
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
