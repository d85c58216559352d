"""The API with wrong arguments: every verb, every argument, a value of every wrong type is a
TypeError or ValueError that names the argument (never an AttributeError or IndexError from deep
inside); `limit` below 1 is refused; a PuzzleError survives pickling (a worker sends it back)."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import loopsat
from loopsat.errors import PuzzleError

ROOT = Path(__file__).parent.parent
PATH = str(ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither")
(PUZZLE,) = loopsat.load(PATH)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seconds(value: Any) -> bool:
    return value is None or (isinstance(value, int | float) and not isinstance(value, bool) and value >= 0)


def _source(value: Any) -> bool:
    """A puzzle argument takes a Puzzle or a file name, URL or game ID (read by other tests)."""
    return isinstance(value, str)


# What each argument accepts (a predicate on the value), and how to call the verb with it.
Verb = Callable[[Any], Any]
VERBS: dict[str, tuple[Callable[[Any], bool], Verb]] = {
    "load(source)": (lambda v: isinstance(v, str), lambda v: loopsat.load(v)),
    "load(genre)": (lambda v: v is None or isinstance(v, str), lambda v: loopsat.load(PATH, v)),
    "data_sets(source)": (lambda v: isinstance(v, str), lambda v: loopsat.data_sets(v)),
    "parse(text)": (lambda v: isinstance(v, str | bytes), lambda v: loopsat.parse(v, "slitherlink")),
    "parse(genre)": (lambda v: v is None or isinstance(v, str), lambda v: loopsat.parse("1.\n..\n", v)),
    "solve(puzzle)": (_source, lambda v: loopsat.solve(v)),
    "solve(mode)": (lambda v: isinstance(v, str), lambda v: loopsat.solve(PUZZLE, mode=v)),
    "solve(limit)": (lambda v: v is None or (_whole(v) and v >= 1), lambda v: loopsat.solve(PUZZLE, limit=v)),
    # Big and infinite time limits are the time-limit parser's to test.
    "solve(time_limit)": (_seconds, lambda v: loopsat.solve(PUZZLE, time_limit=v)),
    "solve(single_loop)": (lambda v: isinstance(v, bool), lambda v: loopsat.solve(PUZZLE, single_loop=v)),
    "solve(strategy)": (lambda v: isinstance(v, str), lambda v: loopsat.solve(PUZZLE, strategy=v)),
    "solve(quick)": (lambda v: isinstance(v, bool), lambda v: loopsat.solve(PUZZLE, quick=v)),
    "certain(sample)": (lambda v: _whole(v) and v >= 0, lambda v: loopsat.certain(PUZZLE, sample=v)),
    "solutions(puzzle)": (_source, lambda v: next(loopsat.solutions(v))),
    "solutions(limit)": (
        lambda v: v is None or (_whole(v) and v >= 1),
        lambda v: next(loopsat.solutions(PUZZLE, limit=v)),
    ),
    "count(puzzle)": (_source, lambda v: loopsat.count(v)),
    "count(single_loop)": (lambda v: isinstance(v, bool), lambda v: loopsat.count(PUZZLE, single_loop=v)),
    "export_mcc(puzzle)": (_source, lambda v: loopsat.export_mcc(v)),
    "export_mcc(variant)": (lambda v: isinstance(v, str), lambda v: loopsat.export_mcc(PUZZLE, v)),
    "to_url(puzzle)": (_source, lambda v: loopsat.to_url(v)),
    "svg(puzzle)": (_source, lambda v: loopsat.svg(v)),
    "svg(solution)": (lambda v: v is None, lambda v: loopsat.svg(PUZZLE, v)),
}
WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.integers()),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.just(object()),
    st.just(PUZZLE.grid),
)


@settings(max_examples=150, deadline=None)
@given(verb=st.sampled_from(sorted(VERBS)), value=WRONG)
def test_wrong_arguments_are_type_or_value_errors(verb: str, value: Any) -> None:
    accepts, call = VERBS[verb]
    if accepts(value):
        return  # a right type: a value the verb reads (a file name, a genre) is for other tests
    argument = verb[verb.index("(") + 1 : -1]
    with pytest.raises((TypeError, ValueError)) as raised:
        call(value)
    assert argument in str(raised.value), raised.value


@pytest.mark.parametrize("limit", [0, -1, -(10**30)])
def test_a_limit_below_one_is_refused(limit: int) -> None:
    with pytest.raises(ValueError, match="limit must be at least 1"):
        loopsat.solve(PUZZLE, mode="all", limit=limit)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        next(loopsat.solutions(PUZZLE, limit=limit))


def test_right_arguments_still_work() -> None:
    result = loopsat.solve(PUZZLE, mode="all", limit=1, time_limit=30, single_loop=True, strategy="lazy")
    assert len(result.solutions) == 1  # one asked for: found, not yet proved the only one
    assert loopsat.svg(PUZZLE, result.solutions[0]).startswith("<")
    assert loopsat.load(Path(PATH)) == [PUZZLE]


def test_frontier_where_it_does_not_apply_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="only counts"):
        loopsat.solve(PUZZLE, mode="all", strategy="frontier")


@given(
    path=st.text(max_size=20),
    line=st.integers(0, 10**6),
    col=st.integers(0, 10**6),
    message=st.text(max_size=40),
    index=st.none() | st.integers(0, 10**6),
)
def test_a_puzzle_error_survives_pickling(path: str, line: int, col: int, message: str, index: int | None) -> None:
    error = PuzzleError(path, line, col, message, index)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is PuzzleError and str(copy) == str(error)
    assert (copy.path, copy.line, copy.col, copy.message, copy.index) == (path, line, col, message, index)
