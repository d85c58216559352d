"""The faces or dots waiting for one level of deduce/pairs.py to look at them."""

from __future__ import annotations

from collections.abc import Iterable

from loopsat.grid import numbers


class Waiting:
    """First come, first looked at, each once however often it is added before its turn.

    A set popped in whatever order CPython gives small ints cost a 60×60 17 ms of its 0.3 s
    solve in adding alone (timed around it): once every slot of a set has held one, adding
    probes past the emptied slots, and popping scans them. Here adding is one flag test, and a level
    takes what waits as a list (`order, w.queue = w.queue, []`, written out: a method call cost a
    60×60 solve 0.2 % more instructions), clears each one's flag as it looks at it, and hands
    back the rest when it stops early (`stop`). Whether any wait is `w.queue`'s truth, for the
    same reason."""

    __slots__ = ("pending", "queue")

    def __init__(self, count: int) -> None:
        self.queue = numbers(count)  # every one waits at first, in turn (the hot loops test it for emptiness)
        # a list (Python 3.11 specializes its int subscripts, not a bytearray's) of bools, which
        # a test reads without a call (an int's truth is a call: PyObject_IsTrue)
        self.pending = [True] * count

    def add(self, items: Iterable[int]) -> None:
        pending, queue = self.pending, self.queue
        for x in items:
            if not pending[x]:
                pending[x] = True
                queue.append(x)  # (specialized in place, where a bound method is a call)

    def stop(self, batch: list[int], n: int) -> None:
        """The caller stopped after batch[n] (-1: before the first): the rest wait still, in
        their turn, `batch` cut to them in place (not copied when next taken: a 60×60 solve
        copied 280 000 so)."""
        del batch[: n + 1]
        self.queue = batch
