"""Counting by enumeration where the DP cannot: AddCircuit with a fixed direction, streamed."""

from __future__ import annotations

import threading
from itertools import islice

from loopsat.cpsat import Circuit, Search
from loopsat.genres import slitherlink
from loopsat.puzzle import Puzzle
from loopsat.solver.pipeline import solve


def empty(rows: int, cols: int, letters: dict[str, int] | None = None, fill: str = ".") -> Puzzle:
    return Puzzle("slitherlink", "board", tuple(fill * cols for _ in range(rows)), letters or {})


def test_each_loop_is_counted_once() -> None:
    counted: list[int] = []
    outcome = solve(empty(3, 3), mode="count", strategy="circuit", progress=lambda n, _: counted.append(n))
    assert outcome.complete and outcome.count == 213  # A140517(3)
    assert counted == list(range(1, 214))


def test_letters_fall_back_to_enumeration_and_agree_with_the_lazy_loop() -> None:
    puzzle = Puzzle("slitherlink", "board", ("a.a", "...", "a.a"), {"a": 4})
    counts = {s: solve(puzzle, mode="count", strategy=s).count for s in ("auto", "lazy", "circuit")}
    assert len(set(counts.values())) == 1 and counts["auto"] > 2


def test_a_caller_that_stops_early_stops_the_search() -> None:
    stream = Search(slitherlink.cover(empty(5, 5)), Circuit()).stream()
    assert len(list(islice(stream, 5))) == 5
    stream.close()  # type: ignore[attr-defined]
    # the search's thread has ended (named: another library's thread may come and go meanwhile)
    assert [thread for thread in threading.enumerate() if thread.name == "cp-sat"] == []


def test_the_limit_is_honoured() -> None:
    outcome = solve(empty(5, 5), mode="count", limit=50, strategy="circuit")
    assert (outcome.count, outcome.complete) == (50, False)
