"""Ctrl-C during enumeration: a clean stop that prints what was found, exit 130 (SIGTERM: 143);
and a reader that goes away (`| head -1`): a quiet stop, exit 141.

Real processes: the signal, the pipe and the exit status are the point.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from children import PATIENCE, stop_on_terminal

EMPTY_8X8 = "........\n" * 8  # 1.2e10 loops: enumeration never ends on its own
LETTER_8X8 = "a.......\n" + "........\n" * 7 + "!a=2\n"  # a letter: no frontier DP, counting enumerates
HIDE, SHOW = "\x1b[?25l", "\x1b[?25h"  # the terminal's cursor, hidden while a progress bar runs


def _stop(tmp_path: Path, board: str, *args: str, when: str, signum: int = signal.SIGINT) -> tuple[int, str, str]:
    """`loopsat solve ARGS FILE`, stopped by `signum` once its stdout or its terminal shows `when`."""
    path = tmp_path / "board.slither"
    path.write_text(board)
    done = stop_on_terminal(["solve", *args, path.name], signum, when=when, tmp_path=tmp_path)
    return done.status, done.out, done.err


def test_ctrl_c_during_all_keeps_the_solutions_streamed_so_far(tmp_path: Path) -> None:
    status, out, err = _stop(tmp_path, EMPTY_8X8, "--all", when="solution 3\n")  # two drawn: `multiple`
    assert status == 130, err
    assert "terminate called" not in err and "Traceback" not in err
    *drawings, summary = out.rstrip("\n").split("\n")
    found = int(summary.split("interrupted after ")[1].split()[0])
    assert summary.startswith("multiple (interrupted after ")
    assert found >= 1 and "\n".join(drawings).count("#" * 37) == 2 * found  # each drawing whole


def test_ctrl_c_during_count_prints_the_count_so_far(tmp_path: Path) -> None:
    """Stopped once the spinner shows solutions found: the enumeration itself is under way."""
    status, out, err = _stop(tmp_path, LETTER_8X8, "--count", when=" found")
    assert status == 130, err
    assert "terminate called" not in err and "Traceback" not in err
    assert "the frontier DP does not apply: superclue letters" in err
    assert out.endswith(" (incomplete: interrupted)\n") and int(out.split()[0].replace(",", "")) >= 1


def test_sigterm_stops_as_ctrl_c_does_with_143_and_the_cursor_shown(tmp_path: Path) -> None:
    status, out, err = _stop(tmp_path, LETTER_8X8, "--count", when=" found", signum=signal.SIGTERM)
    assert status == 143, err
    assert "Traceback" not in err and out.endswith(" (incomplete: interrupted)\n")
    assert HIDE in err and err.rindex(SHOW) > err.rindex(HIDE)


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
        status = process.wait(timeout=PATIENCE)
        assert (status, process.stderr.read()) == (141, b"")
    finally:
        process.kill()
