"""Ctrl-C during enumeration: a clean stop that prints what was found, exit 130;
and a reader that goes away (`| head -1`): a quiet stop, exit 141.

Real processes: the signal, the pipe and the exit status are the point.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from children import ctrl_c_heard

EMPTY_8X8 = "........\n" * 8  # 1.2e10 loops: enumeration never ends on its own
LETTER_8X8 = "a.......\n" + "........\n" * 7 + "!a=2\n"  # a letter: no frontier DP, counting enumerates


def _interrupt(tmp_path: Path, board: str, *args: str, wait_for: str) -> tuple[int, str, str]:
    """Start `loopsat solve ARGS FILE`, send SIGINT once stdout or stderr shows `wait_for`."""
    path = tmp_path / "board.slither"
    path.write_text(board)
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "loopsat", "solve", *args, str(path)],
            stdout=stdout,
            stderr=stderr,
            preexec_fn=ctrl_c_heard,
        )
        try:
            for _ in range(600):  # at most a minute for the first solutions to arrive
                if wait_for in out.read_text() + err.read_text():
                    break
                time.sleep(0.1)
            time.sleep(0.5)  # mid-enumeration
            process.send_signal(signal.SIGINT)
            status = process.wait(timeout=60)
        finally:
            process.kill()
    return status, out.read_text(), err.read_text()


def test_ctrl_c_during_all_keeps_the_solutions_streamed_so_far(tmp_path: Path) -> None:
    status, out, err = _interrupt(tmp_path, EMPTY_8X8, "--all", wait_for="#\n#####")
    assert status == 130, err
    assert "terminate called" not in err and "Traceback" not in err
    *drawings, summary = out.rstrip("\n").split("\n")
    found = int(summary.split("interrupted after ")[1].split()[0])
    assert summary.startswith("multiple (interrupted after ")
    assert found >= 1 and "\n".join(drawings).count("#" * 37) == 2 * found  # each drawing whole


def test_ctrl_c_during_count_prints_the_count_so_far(tmp_path: Path) -> None:
    status, out, err = _interrupt(tmp_path, LETTER_8X8, "--count", wait_for="Ctrl-C")
    assert status == 130, err
    assert "terminate called" not in err and "Traceback" not in err
    assert "the frontier DP does not apply: superclue letters" in err
    assert out.endswith(" (incomplete: interrupted)\n") and out.split()[0].isdigit()


def test_a_closed_stdout_ends_quietly_with_141(tmp_path: Path) -> None:
    """`loopsat solve --all EMPTY | head -1`: the enumeration never ends, so the pipe fills and
    the write after the reader has gone fails; no message, no traceback, 128 + SIGPIPE."""
    path = tmp_path / "board.slither"
    path.write_text(EMPTY_8X8)
    process = subprocess.Popen(
        [sys.executable, "-m", "loopsat", "solve", "--all", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline() == b"solution 1\n"
        process.stdout.close()  # as `head -1` does once it has its line
        status = process.wait(timeout=60)
        assert (status, process.stderr.read()) == (141, b"")
    finally:
        process.kill()
