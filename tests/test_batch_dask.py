"""`--scheduler local`: a cluster for this batch alone (loopback, mutual TLS, no HTTP routes, no
port 8787), whose workers do not outlive the batch. Loopback addresses only; every wait polls
with a timeout and nothing depends on the machine's speed.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("dask.distributed")
pytest.importorskip("cryptography")
psutil = pytest.importorskip("psutil")

from loopsat.batch import dask_client, encrypted  # noqa: E402

ROOT = Path(__file__).parent.parent
PATIENCE = 120.0  # seconds before a wait counts as hung


def poll(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"still waiting after {timeout:.0f} s for {what}"
        time.sleep(0.05)


def listening(pids: list[int]) -> set[tuple[str, int]]:
    """The (address, port) pairs these processes listen on."""
    found = set()
    for pid in pids:
        try:
            connections = psutil.Process(pid).net_connections(kind="inet")
        except psutil.Error:
            continue
        found |= {(c.laddr.ip, c.laddr.port) for c in connections if c.status == psutil.CONN_LISTEN}
    return found


def test_the_local_cluster_is_loopback_tls_and_serves_no_http() -> None:
    from distributed import Client, Security

    with dask_client("local", 1) as client:
        me = psutil.Process()
        ports = listening([me.pid, *(child.pid for child in me.children(recursive=True))])
        assert ports, "the cluster listens somewhere"
        assert {address for address, _ in ports} == {"127.0.0.1"}
        assert 8787 not in {port for _, port in ports}
        address = client.scheduler.address
        assert address.startswith("tls://127.0.0.1:")
        for route in ("/info/main/workers.html", "/health", "/metrics", "/status"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(client.dashboard_link.replace("/status", route), timeout=PATIENCE)
            assert refused.value.code == 404
        with pytest.raises((OSError, TimeoutError)):  # another local user, without the batch's certificates
            Client(address, security=Security.temporary(), timeout=5)


def in_group(group: int) -> list[int]:
    """Live (not zombie) processes of a process group."""
    alive = []
    for process in psutil.process_iter(["pid", "status"]):
        try:
            if os.getpgid(process.pid) == group and process.info["status"] != psutil.STATUS_ZOMBIE:
                alive.append(process.pid)
        except (ProcessLookupError, psutil.Error):
            continue
    return alive


def test_workers_die_with_a_sigkilled_batch(tmp_path: Path) -> None:
    """SIGKILL the batch alone (not its group) while its Dask workers solve: none of them is left."""
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for number in range(12):
        shutil.copy(ROOT / "puzzles" / "slitherlink" / "tatham-30x30.slither", folder / f"{number:02}.slither")
    report = folder / "loopsat-report.jsonl"
    batch = subprocess.Popen(
        [sys.executable, "-m", "loopsat", "batch", str(folder), "--scheduler", "local", "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its group: the batch, its Dask workers, multiprocessing's helpers
    )
    try:
        poll(lambda: report.exists() and b"\n" in report.read_bytes(), PATIENCE, "the first report line")
        os.kill(batch.pid, signal.SIGKILL)
        batch.wait(timeout=PATIENCE)
        poll(lambda: not in_group(batch.pid), PATIENCE, "the workers of the killed batch to exit")
    finally:
        for pid in in_group(batch.pid):
            os.kill(pid, signal.SIGKILL)
        if batch.poll() is None:
            batch.kill()
            batch.wait()


def test_only_tls_and_local_count_as_encrypted() -> None:
    assert encrypted("local") and encrypted("tls://10.0.0.5:8786")
    assert not encrypted("tcp://10.0.0.5:8786") and not encrypted("10.0.0.5:8786")
