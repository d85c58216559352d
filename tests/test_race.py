"""cpsat.race: the first answer of searches run side by side wins, the others are stopped, and
no thread outlives the race."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable

import pytest

from loopsat.cpsat import Circuit, LazyCuts, Search, TimedOut
from loopsat.cpsat.race import race
from loopsat.genres import slitherlink
from loopsat.puzzle import Puzzle

LOOP = frozenset({(0, 1), (1, 0), (1, 2), (2, 1)})


class Endless:
    """A search that answers only by timing out once stopped."""

    def __init__(self) -> None:
        self.stopped = threading.Event()

    def find(self) -> frozenset[tuple[int, int]] | None:
        assert self.stopped.wait(60), "the race never stopped this search"
        raise TimedOut

    def stop(self) -> None:
        self.stopped.set()


class Answering:
    """A search that answers at once (or times out, or fails)."""

    def __init__(self, answer: frozenset[tuple[int, int]] | BaseException | None) -> None:
        self.answer = answer
        self.found = False

    def find(self) -> frozenset[tuple[int, int]] | None:
        self.found = True
        if isinstance(self.answer, BaseException):
            raise self.answer
        return self.answer

    def stop(self) -> None:
        pass


def made(search: object) -> Callable[[], Search]:
    return lambda: search  # type: ignore[return-value]


def racing() -> list[str]:
    return [thread.name for thread in threading.enumerate() if thread.name in ("race", "cp-sat")]


@pytest.mark.parametrize("answer", [LOOP, None])
def test_the_first_answer_wins_and_the_other_search_is_stopped(answer: frozenset[tuple[int, int]] | None) -> None:
    endless = Endless()
    assert race([[made(endless)], [made(Answering(answer))]]) == answer
    assert endless.stopped.is_set()
    assert racing() == []


def test_a_plan_goes_on_after_a_time_out_and_a_race_all_out_of_time_times_out() -> None:
    second = Answering(LOOP)
    assert race([[made(Answering(TimedOut())), made(second)]]) == LOOP and second.found
    with pytest.raises(TimedOut):
        race([[made(Answering(TimedOut()))], [made(Answering(TimedOut()))]])
    assert racing() == []


def test_an_error_in_a_search_reaches_the_caller_and_stops_the_rest() -> None:
    endless = Endless()
    with pytest.raises(ZeroDivisionError):
        race([[made(Answering(ZeroDivisionError()))], [made(endless)]])
    assert endless.stopped.is_set() and racing() == []


def test_cp_sat_searches_race_and_a_stopped_search_times_out() -> None:
    board = Puzzle("slitherlink", "board", ("3.", ".."), {})
    cover = slitherlink.cover(board)
    loop = race([[lambda: Search(cover, Circuit())], [lambda: Search(cover, LazyCuts(), inprocessing=False)]])
    assert loop is not None and len(loop) >= 4
    stopped = Search(cover, Circuit())
    stopped.stop()
    with pytest.raises(TimedOut):
        stopped.find()
    assert racing() == []


def test_an_interrupt_while_the_race_waits_stops_every_search() -> None:
    """What Ctrl-C (or a time limit's alarm) does to `loopsat generate` while a proof is raced."""

    class Interrupt(Exception):
        pass

    def ring(_signal: int, _frame: object) -> None:
        raise Interrupt

    searches = [Endless(), Endless()]
    before = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    try:
        with pytest.raises(Interrupt):
            race([[made(search)] for search in searches])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    assert all(search.stopped.is_set() for search in searches) and racing() == []
