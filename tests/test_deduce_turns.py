"""deduce/turns.Waiting against a plain model: each one added waits once, first come first
looked at, and a level that stops early keeps the rest waiting in their turn."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from loopsat.deduce.turns import Waiting, numbers

SIZE = 12
Step = tuple[list[int], int]  # items added, then how many of those waiting are looked at before a stop


@given(st.lists(st.tuples(st.lists(st.integers(0, SIZE - 1), max_size=8), st.integers(0, 15)), max_size=12))
def test_waiting_is_first_come_first_looked_at_once(steps: list[Step]) -> None:
    waiting = Waiting(SIZE)
    model = list(range(SIZE))  # what waits, in turn
    for added, looked in steps:
        waiting.add(added)
        for x in added:
            if x not in model:
                model.append(x)
        batch, waiting.queue = waiting.queue, []  # as a level takes what waits
        assert batch == model
        for x in batch[:looked]:
            waiting.pending[x] = False  # as a level clears each one it looks at
        if looked < len(batch):
            model = batch[looked:]
            waiting.stop(batch, looked - 1)  # stopped after the last one looked at (-1: none)
        else:
            model = []
        assert bool(waiting.queue) == bool(model)


@given(st.lists(st.integers(0, 700), max_size=6))
def test_numbers_are_a_fresh_range_whatever_was_asked_before(sizes: list[int]) -> None:
    for size in sizes:
        found = numbers(size)
        assert found == list(range(size))
        found.append(-1)  # the caller's own list
    assert numbers(3) == [0, 1, 2]
