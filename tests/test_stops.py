"""A stop at any instant: SIGINT exits 130 and SIGTERM 143, quietly, the terminal's cursor shown
again and no process left behind; an abandoned search never crashes the interpreter's exit.

Real processes: the signals, the exit statuses and the processes left are the point. Each one
costs about a CPU-second (importing OR-Tools), so the examples are few.
"""

from __future__ import annotations

import multiprocessing
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from children import PATIENCE, children_of, stop_on_terminal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loopsat import batch

HIDE, SHOW = "\x1b[?25l", "\x1b[?25h"  # the terminal's cursor, hidden while a progress bar runs
LETTER_8X8 = "a.......\n" + "........\n" * 7 + "!a=2\n"  # counting enumerates, and never ends
EMPTY_8X8 = "........\n" * 8  # 1.2e10 loops
TATHAM_30, TATHAM_40 = (
    Path(__file__).parents[1] / "bench" / "slitherlink" / n / "001.slither" for n in ("30x30", "40x40")
)
# generate runs 23 s without a taste; its helper process starts within its first CPU-second (0.76
# here). The symmetric default thins whole orbits first and starts its helper later.
GENERATE = [
    "generate",
    "--genre",
    "slitherlink",
    "--size",
    "20x20",
    "--seed",
    "1",
    "--symmetry",
    "none",
    "--zeros",
    "any",
]
RUNS = {
    "count": ["solve", "--count", "letter.slither"],
    "all": ["solve", "--all", "empty.slither"],
    "certain": ["solve", "--certain", "big.slither"],
    "generate": GENERATE,
}


def _boards(tmp_path: Path) -> None:
    (tmp_path / "letter.slither").write_text(LETTER_8X8)
    (tmp_path / "empty.slither").write_text(EMPTY_8X8)
    rows = TATHAM_30.read_text().split()  # top rows blanked: tens of CPU-s of --certain (bench/certain.py)
    (tmp_path / "big.slither").write_text("\n".join(["." * len(rows[0])] * 5 + rows[5:]) + "\n")


def test_an_abandoned_iterator_ends_the_program_cleanly(tmp_path: Path) -> None:
    """An unfinished `loopsat.solutions()` kept in a variable: the search ran on into the
    interpreter's exit and aborted it (exit 134, sometimes SIGSEGV), losing buffered output."""
    script = tmp_path / "abandon.py"
    script.write_text(
        "import sys, loopsat\n"
        f"(puzzle,) = loopsat.parse({EMPTY_8X8!r}, 'slitherlink')\n"
        "it = loopsat.solutions(puzzle)\n"
        "for k, s in enumerate(it):\n"
        "    if k == 2:\n"
        "        break\n"
        "sys.stdout.write('buffered %d' % k)\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=PATIENCE)
    assert (done.returncode, done.stdout, done.stderr) == (0, "buffered 2", "")


def _helper_running(pid: int) -> bool:
    return bool(children_of(pid))


def test_generate_s_helper_dies_with_it_even_of_a_sigkill(tmp_path: Path) -> None:
    done = stop_on_terminal(GENERATE, signal.SIGKILL, when=_helper_running, tmp_path=tmp_path)
    assert done.status == -signal.SIGKILL  # and stop_on_terminal saw no process of it left


def test_sigterm_stops_generate_as_ctrl_c_does(tmp_path: Path) -> None:
    done = stop_on_terminal(GENERATE, signal.SIGTERM, when=_helper_running, tmp_path=tmp_path)
    assert done.status == 143 and "Traceback" not in done.err and done.out == ""
    assert HIDE in done.err and done.err.rindex(SHOW) > done.err.rindex(HIDE)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    run=st.sampled_from(sorted(RUNS)),
    signum=st.sampled_from([signal.SIGINT, signal.SIGTERM]),
    after=st.floats(0.0, 1.5),
)
def test_a_stop_at_any_instant_is_quiet(tmp_path: Path, run: str, signum: int, after: float) -> None:
    """From the first instruction (the signals wait, blocked, until loopsat handles them) through
    the imports, the reading and the search: 128 + the signal, no traceback, nothing left."""
    _boards(tmp_path)
    done = stop_on_terminal(RUNS[run], signum, when=None, after=after, tmp_path=tmp_path)
    assert done.status == 128 + signum, done.err
    assert "Traceback" not in done.err and "internal error" not in done.err, done.err
    if HIDE in done.err:
        assert done.err.rindex(SHOW) > done.err.rindex(HIDE)


def test_a_worker_whose_batch_is_gone_ends_quietly() -> None:
    """SIGKILL of a batch: its worker's next word meets a broken pipe, which printed a traceback."""
    ours, theirs = multiprocessing.Pipe()
    ours.close()
    before = signal.getsignal(signal.SIGINT)
    try:
        batch._serve(theirs)  # finds no one to tell it is ready, and returns
    finally:
        signal.signal(signal.SIGINT, before)
    with pytest.raises(OSError):
        theirs.send(None)


def test_sigterm_stops_a_batch_as_ctrl_c_does(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    for n in range(300):  # 0.16 CPU-s each, 48 in all: the stop comes after the first answer
        (folder / f"{n}.slither").write_text(TATHAM_40.read_text())
    report = folder / "loopsat-report.jsonl"

    def answered(_pid: int) -> bool:
        return report.exists() and report.read_text().count("\n") >= 1

    done = stop_on_terminal(["batch", "folder", "--jobs", "1"], signal.SIGTERM, when=answered, tmp_path=tmp_path)
    assert done.status == 143 and "Traceback" not in done.err
    assert "interrupted: " in done.err and done.err.rindex(SHOW) > done.err.rindex(HIDE)
