"""The analysis worker: a process of its own, so that a slow CP-SAT search can be stopped or, if
it will not stop, killed, without the server noticing more than a lost answer.

The process imports loopsat once and keeps the answers of the last boards (`CACHE`), so an edit
pays neither start-up nor, after an undo, the analysis again. It answers one request at a time
with a stream of messages, `(request id, kind, payload)`, ending with `done` or `stopped`:
SIGUSR1 stops the request under way (it raises KeyboardInterrupt where the CLI's Ctrl-C would,
which stops a CP-SAT search at once); Ctrl-C at the terminal is the server's to handle.
"""

from __future__ import annotations

import os
import signal
import time
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import Connection
from types import FrameType
from typing import Any

from loopsat.errors import PuzzleError
from loopsat.puzzle import Puzzle
from loopsat.serve import adapter
from loopsat.signals import die_with
from loopsat.status import Status

STOP = signal.SIGUSR1
# Boards whose whole answer the worker keeps: an undo or redo back to one of them is answered
# at once. A 40×40 board's messages are about 0.3 MB, so 16 of them stay well under 10 MB.
CACHE = 16
# Solutions counted per undecided edge on an ambiguous board: the colours stop at 8 (as the
# sudoku setters' tools do), and 64 solutions tell "8 or more" apart from fewer on most edges.
# They are listed before the certain edges' rounds, which they spare: over the 15 edits of
# bench/serve_latency.py's 20×20s, edit to last certain edge in one process, in turn, load
# average 10: 64 loops 5.9 s in all (median 237 ms), 16 loops 6.1 s (227), 256 loops 7.2 s (259).
USAGE_SOLUTIONS = 64
# Seconds at most for an ambiguous board's single-clue fixes (`api.fix`), whatever the time limit:
# they come last, all at once, and a board left standing keeps the worker (a core) busy till they
# do. bench/slitherlink/20x20/001.slither less one clue (bench/serve_edits.py's first edit) ran
# 10 minutes (2:51 CPU-s, load average 8) without an answer, and a 10×10 less two clues takes
# about 15 CPU-s (setter/fix.py): a big board's fixes never came within the former 30 s either.
FIX_SECONDS = 10.0
TERMINAL = ("done", "stopped")
# Said once the badge, the certain edges of a unique board and the hints are out: what follows
# (an ambiguous board's certain edges, the usage colours, the redundant clues) may take long, and
# gives way to another tab's new board (analyst.py).
BACKGROUND = "background"


@dataclass(frozen=True)
class Limits:
    """The CLI's limits on each part of an analysis (the size limit is the readers' own)."""

    seconds: float | None


_busy = False


def _stop(_signum: int, _frame: FrameType | None) -> None:
    if _busy:
        raise KeyboardInterrupt


def main(conn: Connection, limits: Limits) -> None:
    """The worker process: requests `(id, board)` in, messages out, until the pipe closes."""
    global _busy
    os.setpgrp()  # Ctrl-C at the terminal reaches the server alone, which ends this process
    die_with(os.getppid())  # a SIGKILL of the server ends its fork server, and so this process
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(STOP, _stop)
    _warm()
    cache: OrderedDict[str, list[tuple[str, Any]]] = OrderedDict()
    while True:
        try:
            rid, board = conn.recv()
        except (EOFError, OSError):
            return
        key = repr(board)
        kept: list[tuple[str, Any]] = []
        messages = iter(cache[key]) if key in cache else analyse(board, limits)
        try:
            _busy = True
            for kind, payload in messages:
                kept.append((kind, payload))
                _send(conn, (rid, kind, payload))
        except KeyboardInterrupt:
            _send(conn, (rid, "stopped", {}))
            continue
        except Exception as exc:  # a bug: said on the page, and the worker goes on
            _send(conn, (rid, "failed", {"message": f"loopsat: internal error: {exc!r}"}))
            _send(conn, (rid, "done", {}))
            continue
        finally:
            _busy = False
            if isinstance(messages, Generator):
                messages.close()  # its time limit's alarm goes with it
        cache[key] = kept
        cache.move_to_end(key)
        while len(cache) > CACHE:
            cache.popitem(last=False)
        _send(conn, (rid, "done", {}))


def _send(conn: Connection, message: tuple[int, str, Any]) -> None:
    """Send whole: a stop that arrives meanwhile lands after the message is written."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {STOP})
    try:
        conn.send(message)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _warm() -> None:
    """Import and run every part once, so that the first edit pays no start-up."""
    for _ in analyse({"genre": "slitherlink", "rows": ["3.", ".."], "letters": {}}, Limits(5.0)):
        pass
    adapter.warm()


def analyse(board: adapter.Json, limits: Limits) -> Iterator[tuple[str, Any]]:
    """The messages of one board, cheapest and most wanted first: the badge and the certain edges
    known with it, the hints and the grade (all from the one deduction `solve` ran), then an
    ambiguous board's certain edges (rounds of CP-SAT, the slow part) and usage colours, or a
    unique one's redundant clues."""
    try:
        puzzle = adapter.puzzle_of(board)
    except PuzzleError as exc:
        yield "error", {"message": str(exc)}
        return
    result = adapter.solved(puzzle, limits.seconds)  # read again by the answers below (`solved=`)
    yield "status", adapter.status(result)
    if result.status in (Status.UNIQUE, Status.MULTIPLE):
        yield "certain", adapter.certain_at_once(puzzle, result)
    yield "explain", _bounded(partial(adapter.explanation, result=result), puzzle, limits, _NO_EXPLANATION)
    yield BACKGROUND, {}
    if result.status == Status.MULTIPLE:
        # Loops listed first: every edge where two differ is undecided without a solve of its own.
        certain, found = adapter.certain(puzzle, result, USAGE_SOLUTIONS, limits.seconds)
        yield "certain", certain
        yield "usage", adapter.usage(found, [(x, y) for x, y in certain["undecided"]])
    if result.status in (Status.MULTIPLE, Status.NONE) and adapter.has_fix():
        fix_limits = Limits(FIX_SECONDS if limits.seconds is None else min(limits.seconds, FIX_SECONDS))
        yield "fixes", {"fixes": _bounded(adapter.fixes, puzzle, fix_limits, [])}
    if result.status == Status.UNIQUE and not adapter.can_thin(puzzle):
        yield "clues", {"complete": False, "skipped": "redundant clues are looked for in Slitherlink and Masyu"}
    elif result.status == Status.UNIQUE:
        # No alarm across a yield (it could ring while the message is sent): the clock is read
        # between clues, and each CP-SAT proof has its own limit.
        ends = None if limits.seconds is None else time.monotonic() + limits.seconds
        for (row, col), goes in adapter.redundant(puzzle, result.solutions[0].edges, limits.seconds):
            yield "clue", {"cell": [row, col], "goes": goes}
            if ends is not None and time.monotonic() > ends:
                yield "clues", {"complete": False}
                return
        yield "clues", {"complete": True}


_NO_EXPLANATION: adapter.Json = {"steps": [], "ruled": [], "grade": None, "solvable": None, "timeout": True}


def _bounded(part: Callable[[Puzzle], Any], puzzle: Puzzle, limits: Limits, otherwise: Any) -> Any:
    """`part(puzzle)` within the time limit, else `otherwise`."""
    from loopsat.deadline import TimeUp, deadline

    try:
        with deadline(limits.seconds):
            return part(puzzle)
    except TimeUp:
        return otherwise
