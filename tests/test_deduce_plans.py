"""The tables by a dot's arms or a cell's sides (deduce/dots.py, cells.py) against the rules
read pair by pair: Normal's and Tricky's steps, run through the real methods on every state and
a sample of facts, learn and decide what the rule says, in the same order; a state the table
leaves empty is one where the rule does nothing. Each table is made as it is read, so these
make every entry."""

from __future__ import annotations

import random
from itertools import product
from types import SimpleNamespace

import pytest

from loopsat.deduce import cells, dots
from loopsat.deduce.faces import dline_numbers
from loopsat.deduce.pairs import Pairs
from loopsat.deduce.rules import Contradiction

STATES = list(product((-1, 0, 1), repeat=4))
dline_numbers(1)  # dot 0's pairs' numbers, as a board's `Pairs` makes them
# every entry, made as the levels make them
NORMAL_PLANS = {states: dots.normal_plan(states) for states in STATES}
HARD_PLANS = {states: dots.hard_plan(states) for states in STATES}
TRICKY_DOTS = {states: dots.tricky_dot(states) for states in STATES}
NORMAL_NEEDS = [{vals: cells.normal_need(clue, vals) for vals in STATES} for clue in range(5)]
TRICKY_PLANS = [{vals: cells.tricky_plan(clue, vals) for vals in STATES} for clue in range(5)]
HARD_CELLS = [{vals: cells.hard_cell(clue, vals) for vals in STATES} for clue in range(5)]
LEVELS = (0, 2, 3, 4)  # a fact's level (0: not known)
SPARSE = (0, 0, 0, 0, 2, 3, 4)
TRICKY = 3


def _recorder(most: list[int], least: list[int]) -> tuple[SimpleNamespace, list[tuple]]:
    """A stand-in for `Pairs` holding facts, whose learning and deciding are recorded."""
    events: list[tuple] = []

    def learn(facts: list[int], dline: int, level: int) -> None:
        if not facts[dline]:
            facts[dline] = level
            events.append(("most" if facts is most else "least", dline, level))

    def decide(k: int, bit: int, level: int, read: tuple[int, ...]) -> None:
        events.append(("set", k, bit, level))

    return SimpleNamespace(most=most, least=least, _learn=learn, _set=decide), events


def _normal_by_pairs(states: tuple[int, ...], arms: tuple[int, ...], most: list[int], least: list[int]) -> list[tuple]:
    """Tatham's Normal at a dot with two open arms and a line in or a fact (dot 0: its pairs are
    dlines 0 to 3), each of its four pairs in turn."""
    fake, events = _recorder(most, least)
    yes, unknown = states.count(1), states.count(-1)
    for i in range(4):
        j = (i + 1) % 4
        a, b = states[i], states[j]
        if a < 0 and b < 0:
            if yes == 1:
                fake._learn(most, i, 2)
                if unknown == 2:
                    fake._learn(least, i, 2)
            elif yes == 0 and unknown == 2 and (most[i] or least[i]):
                bit = 0 if most[i] else 1
                fake._set(arms[i], bit, most[i] or least[i], arms)
                fake._set(arms[j], bit, most[i] or least[i], arms)
                return events
        elif a + b == -1 and least[i]:  # one open, one off
            fake._set(arms[i if a < 0 else j], 1, least[i], arms)
            return events
        elif a + b == 0 and a != b and most[i]:  # one open, one on
            fake._set(arms[i if a < 0 else j], 0, most[i], arms)
            return events
    return events


@pytest.mark.parametrize("states", STATES)
def test_normal_plans_step_as_the_pairs_one_by_one(states: tuple[int, ...]) -> None:
    arms = (10, 11, 12, 13)
    plan = NORMAL_PLANS[states]
    rng = random.Random(str(states))
    for _ in range(25):
        most, least = [rng.choice(LEVELS) for _ in range(4)], [rng.choice(LEVELS) for _ in range(4)]
        if states.count(-1) < 2:  # never looked at: the dot's own rule decides its arms
            assert plan == ()
            break
        expected = _normal_by_pairs(states, arms, most.copy(), least.copy())
        if not plan:
            assert expected == []
            continue
        fake, events = _recorder(most, least)
        Pairs._dot(fake, 0, arms, plan[1])  # type: ignore[arg-type]
        assert events == expected
        assert plan[0] == states.count(1)


@pytest.mark.parametrize("states", STATES)
def test_hard_plans_are_the_open_pairs_lines_and_parity(states: tuple[int, ...]) -> None:
    opened = tuple(n for n in range(4) if states[n] < 0)
    if len(opened) < 2:
        assert HARD_PLANS[states] == ()
        return
    pairs = tuple((i, (i + 1) % 4) for i in range(4) if i in opened and (i + 1) % 4 in opened)
    assert HARD_PLANS[states][:3] == (pairs, opened, states.count(1) % 2)
    assert HARD_PLANS[states][3]((10, 11, 12, 13)) == tuple(10 + n for n in opened)


def _tricky_dot_by_pairs(
    states: tuple[int, ...], arms: tuple[int, ...], most: list[int], least: list[int]
) -> list[tuple]:
    """Tatham's Tricky at a dot (dot 0: its pairs are dlines 0 to 3), each of its four pairs in
    turn: one of two open arms known to hold a line leaves at most one on opposite; with no line
    in and at most one on too, it decides the third open arm, or the pair opposite holds one."""
    fake, events = _recorder(most, least)
    yes, unknown = states.count(1), states.count(-1)
    for i in range(4):
        j, o = (i + 1) % 4, (i + 2) % 4
        if not least[i] or states[i] >= 0 or states[j] >= 0:
            continue
        level = max(least[i], TRICKY)
        fake._learn(most, o, level)
        if yes or not most[i]:
            continue
        level = max(level, most[i])
        if unknown == 3:
            third = next(n for n in range(4) if n not in (i, j) and states[n] < 0)
            fake._set(arms[third], 1, level, arms)
            return events
        if unknown == 4:
            fake._learn(least, o, level)
    return events


@pytest.mark.parametrize("states", STATES)
def test_tricky_dots_learn_and_decide_as_the_pairs_one_by_one(states: tuple[int, ...]) -> None:
    arms = (10, 11, 12, 13)
    plan = TRICKY_DOTS[states]
    rng = random.Random(str(states))
    for _ in range(25):
        most, least = [rng.choice(SPARSE) for _ in range(4)], [rng.choice(LEVELS) for _ in range(4)]
        expected = _tricky_dot_by_pairs(states, arms, most.copy(), least.copy())
        if not plan:
            assert expected == []
            continue
        fake, events = _recorder(most, least)
        fake.arms = [arms]
        Pairs._dot_pairs(fake, 0, plan)  # type: ignore[arg-type]
        assert events == expected


def _tricky_by_pairs(clue: int, vals: tuple[int, ...], most: list[int], least: list[int]) -> list[tuple]:
    """Tatham's Tricky at a cell (its corners are dlines 0 to 3): each pair of open sides learns
    from the bounds of the pair opposite, all read before any is learnt."""
    fake, events = _recorder(most, least)
    found = []
    for j in range(4):
        if vals[j] >= 0 or vals[(j + 1) % 4] >= 0 or (most[j] and least[j]):
            continue
        a, b, e = vals[(j + 2) % 4], vals[(j + 3) % 4], (j + 2) % 4
        low, low_level = (1, least[e]) if a != 1 and b != 1 and least[e] else ((a == 1) + (b == 1), 0)
        high, high_level = (1, most[e]) if a and b and most[e] else ((a != 0) + (b != 0), 0)
        found.append((j, low, max(TRICKY, low_level), high, max(TRICKY, high_level)))
    for d, low, low_level, high, high_level in found:
        if low > clue - 2:
            fake._learn(most, d, low_level)
        if high < clue:
            fake._learn(least, d, high_level)
    return events


@pytest.mark.parametrize("clue", range(5))
def test_tricky_plans_learn_as_the_pairs_one_by_one(clue: int) -> None:
    rng = random.Random(clue)
    for vals in STATES:
        plan = TRICKY_PLANS[clue][vals]
        for _ in range(12):
            most, least = [rng.choice(LEVELS) for _ in range(4)], [rng.choice(LEVELS) for _ in range(4)]
            expected = _tricky_by_pairs(clue, vals, most.copy(), least.copy())
            if not plan:
                assert expected == []
                continue
            if plan[2] is not None:  # what it learns hangs on its own corners only: none, once they know
                known = all(most[j] for j in plan[2][0]) and all(least[j] for j in plan[2][1])
                assert known == (expected == [])
            fake, events = _recorder(most, least)
            Pairs._face_pairs(fake, (0, 1, 2, 3), plan[0])  # type: ignore[arg-type]
            assert events == expected
            assert plan[1] == (vals.count(-1) == 4)


@pytest.mark.parametrize("clue", range(5))
def test_normal_needs_pass_only_cells_where_no_side_is_decided(clue: int) -> None:
    """A cell Normal passes (an empty entry, or no fact at the corners its entry names) is one where
    `_face_lines` itself decides nothing and finds no clash, whatever the other facts."""
    rng = random.Random(clue)
    passed = 0
    for vals in STATES:
        if -1 not in vals:
            continue
        need = NORMAL_NEEDS[clue][vals]
        for _ in range(24):  # sparse facts, so that some cells are passed
            most, least = [rng.choice(SPARSE) for _ in range(4)], [rng.choice(SPARSE) for _ in range(4)]
            if need and (need[0] or any(least[k] for k in need[1]) or any(most[k] for k in need[2])):
                continue
            passed += 1
            fake, events = _recorder(most, least)
            try:
                found = Pairs._face_lines(fake, (clue, (10, 11, 12, 13), (0, 1, 2, 3), 0), vals)  # type: ignore[arg-type]
            except Contradiction:
                found = None
            assert found is False and events == [], (vals, most, least)
    assert passed or clue in (0, 4)  # a 0's or a 4's count is never stuck with a side open


@pytest.mark.parametrize("clue", range(5))
def test_hard_cells_are_the_open_sides_the_short_values_and_parity(clue: int) -> None:
    for vals in STATES:
        opened = tuple(n for n in range(4) if vals[n] < 0)
        if len(opened) < 2:
            assert HARD_CELLS[clue][vals] == ()
            continue
        on, off = vals.count(1), vals.count(0)
        shorts = tuple(bit for bit, short in ((0, on == clue - 1), (1, off == 3 - clue)) if short)
        assert HARD_CELLS[clue][vals][:3] == (opened, shorts, (clue - on) % 2)
        assert HARD_CELLS[clue][vals][3]((10, 11, 12, 13)) == tuple(10 + n for n in opened)
