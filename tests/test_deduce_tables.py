"""A rule table's answer (what the scope's values force) against the patterns tested one by one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from loopsat.deduce.tables import Table


@st.composite
def tables_and_values(draw: st.DrawFn) -> tuple[frozenset[int], int, list[tuple[int, ...]]]:
    width = draw(st.integers(1, 6))
    allowed = draw(st.frozensets(st.integers(0, (1 << width) - 1), max_size=1 << width))
    values = draw(st.lists(st.tuples(*[st.sampled_from((-1, 0, 1))] * width), min_size=1, max_size=8))
    return allowed, width, values


@settings(max_examples=150, deadline=None)
@given(tables_and_values())
def test_an_answer_is_what_every_fitting_pattern_shares(
    case: tuple[frozenset[int], int, list[tuple[int, ...]]],
) -> None:
    allowed, width, readings = case
    table = Table(allowed, width)
    for values in readings:
        fits = [p for p in allowed if all(v < 0 or (p >> n & 1) == v for n, v in enumerate(values))]
        expected = None
        if fits:
            expected = tuple(
                (n, fits[0] >> n & 1) for n in range(width) if values[n] < 0 and len({p >> n & 1 for p in fits}) == 1
            )
        assert table.answer(values) == expected
        assert table.forced(values) == expected  # remembered
