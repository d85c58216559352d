"""A `loopsat serve` process for the cockpit's tests: started on a free port, its URL read from
the line it prints once it listens (no waiting on a clock), stopped with Ctrl-C."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from dataclasses import dataclass


@dataclass
class Server:
    process: subprocess.Popen[str]
    url: str

    def stop(self) -> tuple[int, str]:
        """Ctrl-C, then the exit status and what it wrote to stderr."""
        self.process.send_signal(signal.SIGINT)
        _, err = self.process.communicate(timeout=60)
        return self.process.returncode, err


def start(*args: str) -> Server:
    process = subprocess.Popen(
        [sys.executable, "-m", "loopsat", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"http://[\d.]+:\d+/", line)
    if found is None:
        process.kill()
        raise AssertionError(f"no URL from loopsat serve: {line!r} {process.communicate()}")
    return Server(process, found[0])
