"""Shared fixtures. Shared plain helpers live in modules that are not test modules (goldens.py,
lattice.py, referees.py, loopgen.py): a test module never imports another test module or this file."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from unittest import mock

import pytest
from click.testing import CliRunner


@dataclass(frozen=True)
class Result:
    """How one `loopsat` command ended: its exit status and what it wrote to each stream."""

    exit_code: int
    stdout: str
    stderr: str


Cli = Callable[..., Result]


@pytest.fixture(scope="session")
def cli() -> Cli:
    """`cli("solve", path, input=b"...")` runs `loopsat solve PATH` in this process.

    It goes through `loopsat.cli.main`, the console script's own wrapper that turns exceptions into
    one-line errors and exit statuses (a bare `CliRunner.invoke(app)` would skip it). A process of
    its own costs about 0.3 CPU-s, mostly imports (`python -m loopsat solve -q piday.slither`:
    0.30-0.33 CPU-s, 3 runs); in-process the imports are paid once.
    Session-scoped so that hypothesis tests may use it too: nothing in it outlives one call.
    """
    from loopsat.cli import main

    runner = CliRunner()

    def run(*args: str, input: str | bytes | None = None) -> Result:
        with runner.isolation(input=input) as (out, err, _), mock.patch.object(sys, "argv", ["loopsat", *args]):
            with pytest.raises(SystemExit) as exited:  # click exits even on success
                main()
            sys.stdout.flush()
            sys.stderr.flush()
            assert isinstance(exited.value.code, int), exited.value.code
            return Result(exited.value.code, out.getvalue().decode(), err.getvalue().decode())

    return run


@pytest.fixture(scope="session")
def loopsat_process() -> Cli:
    """`loopsat_process("solve", path)`: the same as `cli` in a process of its own (`python -m loopsat`).

    Only for tests where the process is the point: the module entry point, exit statuses and
    streams as a shell sees them, a real stdin pipe. Everything else uses `cli`, which is cheaper.
    """

    def run(*args: str, input: str | bytes | None = None) -> Result:
        done = subprocess.run(
            [sys.executable, "-m", "loopsat", *args],
            input=input.encode() if isinstance(input, str) else input,
            capture_output=True,
            timeout=120,
        )
        return Result(done.returncode, done.stdout.decode(), done.stderr.decode())

    return run
