"""A rule table's answer (what the scope's values force) against the patterns tested one by one."""

from __future__ import annotations

from itertools import product

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


@settings(max_examples=150, deadline=None)
@given(tables_and_values())
def test_the_constant_parities_are_those_of_every_pattern(
    case: tuple[frozenset[int], int, list[tuple[int, ...]]],
) -> None:
    allowed, width, _ = case
    masks = [(1 << width) - 1] + [1 << i | 1 << j for i in range(width) for j in range(i)]
    expected = []
    for mask in masks:
        parities = {(p & mask).bit_count() & 1 for p in allowed}
        if len(parities) == 1:
            expected.append((mask, parities.pop()))
    assert Table(allowed, width).parities == expected


def test_a_white_axis_allows_what_its_law_and_its_neighbours_shapes_allow() -> None:
    from loopsat.genres.masyu_shapes import _SHAPES, BLACK, EMPTY, WHITE, _axis_patterns

    for vertical in (False, True):
        for kinds in product((WHITE, BLACK, EMPTY), repeat=2):
            expected = set()
            for p in product((0, 1), repeat=10):  # every pattern of the scope, tested
                north, west, east, south, before, after = p[:6]
                first, second = (north, south) if vertical else (west, east)
                across = (west, east) if vertical else (north, south)
                other = (north, south) if not vertical else (west, east)
                straight = first and second and not any(across) and not (before and after)
                turning = all(other) and not (first or second)
                fits = (first, before, *p[6:8]) in _SHAPES[kinds[0]] and (second, after, *p[8:]) in _SHAPES[kinds[1]]
                if (straight or turning) and fits:
                    expected.add(p)
            assert _axis_patterns(vertical, kinds) == expected


@st.composite
def rules_to_join(draw: st.DrawFn) -> tuple[frozenset[int], int, frozenset[int], tuple[int, ...]]:
    """A rule of up to 8 edges, and one of up to 4 whose edges lie at `where` among the joint's (its
    first ones may be the first rule's own, the rest come after)."""
    width_a = draw(st.integers(1, 8))
    allowed_a = frozenset(draw(st.lists(st.integers(0, (1 << width_a) - 1), max_size=40)))
    width_b = draw(st.integers(1, 4))
    shared = draw(st.lists(st.integers(0, width_a - 1), unique=True, max_size=width_b))
    where = tuple(shared + list(range(width_a, width_a + width_b - len(shared))))
    allowed_b = frozenset(draw(st.lists(st.integers(0, (1 << width_b) - 1), max_size=16)))
    return allowed_a, width_a, allowed_b, where


@settings(max_examples=200, deadline=None)
@given(rules_to_join())
def test_joint_patterns_are_every_pair_that_agrees_in_the_same_order(
    joined: tuple[frozenset[int], int, frozenset[int], tuple[int, ...]],
) -> None:
    """Each pattern of b spread onto the joint's edges, with each of a's that agrees with it on the
    shared edges: the same set, made in the same order (its iteration order is what the tables read)."""
    from loopsat.deduce.tables import _joint_patterns

    allowed_a, width_a, allowed_b, where = joined
    shared = sum(1 << w for w in where if w < width_a)
    made = set()
    for q in allowed_b:
        spread = sum((q >> i & 1) << w for i, w in enumerate(where))
        for p in allowed_a:
            if spread & shared == p & shared:
                made.add(p | spread)
    assert list(_joint_patterns(allowed_a, width_a, allowed_b, where)) == list(frozenset(made))
