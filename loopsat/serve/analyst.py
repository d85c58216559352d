"""The server's side of the analysis worker: one request at a time, and only the newest of each
tab counts. A tab's new board stops the old one's analysis under way (SIGUSR1, then a kill if
it will not stop, and a fresh worker) and replaces its request still waiting, so a burst of
edits or many tabs hold at most one waiting request per tab, never a queue. Another tab's new
board stops a request in its long tail (worker.BACKGROUND) too, which is asked again after it:
one tab's redundant clues never keep another tab's badge waiting."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from loopsat.serve import worker
from loopsat.workers import process_context

# Seconds a stopped analysis has to say so before its worker is killed and replaced. The stop
# lands between two Python steps, and CP-SAT's searches end within milliseconds of one; a
# longer C call without a check (a model being built) is what this bounds.
KILL_AFTER = 3.0
Listener = Callable[[int, str, Any], None]  # (the tab's request id, kind, payload)


@dataclass
class _Request:
    tab: int
    rid: int  # the tab's own number for it, echoed back
    number: int  # the worker's: unique across tabs and workers
    board: Any
    stopped: bool = False  # the worker was told once: a second stop could land in its handling of the first
    background: bool = False  # its first answers are out (worker.BACKGROUND)


class Analyst:
    """Runs the worker process and routes its messages to the tab that asked."""

    def __init__(self, limits: worker.Limits) -> None:
        self.limits = limits
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: OrderedDict[int, _Request] = OrderedDict()
        self.current: _Request | None = None
        self.listeners: dict[int, Listener] = {}
        self.numbers = 0
        self.process: Any = None
        self.conn: Any = None

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._spawn()

    def _spawn(self) -> None:
        context = process_context([worker.__name__])  # the server runs threads: never a fork of it
        ours, theirs = context.Pipe()
        self.process = context.Process(target=worker.main, args=(theirs, self.limits), name="loopsat-analysis")
        # Not a daemon, which may start no process: the redundant clues' helper is the worker's
        # child. It ends with the server all the same: `close` kills it, and it dies with the
        # fork server that started it, which dies with the server (worker.main).
        self.process.daemon = False
        self.process.start()
        theirs.close()
        self.conn = ours
        threading.Thread(target=self._read, args=(ours, self.process), name="analysis reader", daemon=True).start()

    def _read(self, conn: Any, process: Any) -> None:
        """Hand each message of this worker to the event loop; its end too."""
        assert self.loop is not None
        try:
            while True:
                try:
                    message = conn.recv()
                except (EOFError, OSError):
                    break
                self.loop.call_soon_threadsafe(self._heard, process, message)
            self.loop.call_soon_threadsafe(self._ended, process)
        except RuntimeError:  # the event loop closed: the server is stopping
            pass

    def close(self) -> None:
        process, self.process = self.process, None
        if process is not None:
            process.kill()
            process.join(5)
            self.conn.close()

    def open_tab(self, tab: int, listener: Listener) -> None:
        self.listeners[tab] = listener

    def close_tab(self, tab: int) -> None:
        self.listeners.pop(tab, None)
        self.waiting.pop(tab, None)
        if self.current is not None and self.current.tab == tab:
            self._stop(self.current)

    def submit(self, tab: int, rid: int, board: Any) -> None:
        """Analyse `board` for `tab`, in place of whatever the tab asked before."""
        self.numbers += 1
        self.waiting.pop(tab, None)
        self.waiting[tab] = _Request(tab, rid, self.numbers, board)
        current = self.current
        if current is not None and current.tab == tab:
            self._stop(current)
        elif current is not None and current.background and current.tab not in self.waiting:
            # Another tab's long tail gives way, and is asked again after this board.
            self._stop(current)
            self.numbers += 1
            self.waiting[current.tab] = _Request(current.tab, current.rid, self.numbers, current.board)
        self._next()

    def _stop(self, request: _Request) -> None:
        assert self.loop is not None
        if request.stopped:
            return
        request.stopped = True
        if self.process is not None and self.process.pid is not None:
            with contextlib.suppress(ProcessLookupError):  # it has just ended: `_ended` follows
                os.kill(self.process.pid, worker.STOP)
        process = self.process
        self.loop.call_later(KILL_AFTER, self._kill, process, request)

    def _kill(self, process: Any, request: _Request) -> None:
        """The stopped request still runs: end its worker (`_ended` starts another)."""
        if process is self.process and self.current is request:
            process.kill()

    def _next(self) -> None:
        if self.current is not None or not self.waiting or self.process is None:
            return
        _, self.current = self.waiting.popitem(last=False)
        self.conn.send((self.current.number, self.current.board))

    def _heard(self, process: Any, message: tuple[int, str, Any]) -> None:
        number, kind, payload = message
        request = self.current
        if process is not self.process or request is None or request.number != number:
            return
        if kind == worker.BACKGROUND:
            request.background = True
        listener = self.listeners.get(request.tab)
        stale = request.tab in self.waiting
        if listener is not None and not stale:
            listener(request.rid, kind, payload)
        if kind in worker.TERMINAL:
            self.current = None
            self._next()

    def _ended(self, process: Any) -> None:
        """A worker ended (killed, or it failed): the request it held is lost, a new one starts."""
        if process is not self.process:
            return
        request, self.current = self.current, None
        if request is not None and request.tab not in self.waiting and request.tab in self.listeners:
            self.listeners[request.tab](request.rid, "failed", {"message": "the analysis stopped unexpectedly"})
        process.join(1)
        self._spawn()
        self._next()
