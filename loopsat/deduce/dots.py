"""What the pairs' levels (deduce/pairs.py, tricky.py, relations.py) read at a dot, tabled by its arms'
states (each -1 open, 0 off, 1 on; N, E, S, W) as one code (deduce/codes.py): a list's subscript
per dot looked at, where each look had counted its arms and tried its four pairs. Normal and Hard
look at 2 800 dots a 20×20 solve."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from loopsat.deduce.codes import STATES, code_of

PAIRS = ((0, 1), (1, 2), (2, 3), (3, 0))  # a dot's neighbouring arms, its pairs 0 to 3

# What Normal may do at a pair, given the facts there: learn "at most one on" (a line in and both
# arms open), and "at least one" too (those two the dot's only open arms); set both arms alike
# (no line in, the two open ones); set the open arm on (beside an off one) or off (beside an on one).
LEARN, LEARN_BOTH, ALIKE, TO_ON, TO_OFF = range(5)

Steps = tuple[tuple[int, int, int], ...]  # (pair, the arm it decides or its second arm, what)
NormalPlan = tuple[int, Steps]  # the lines on, the steps
# the lines on, the open arms, and each pair of two open arms (pair, pair opposite, third open arm or -1)
TrickyPlan = tuple[int, int, tuple[tuple[int, int, int], ...]]
# open pairs, open arms, parity, and the open arms' lines read from the dot's arms in one C call
HardPlan = tuple[tuple[tuple[int, int], ...], tuple[int, ...], int, Callable[[tuple[int, ...]], tuple[int, ...]]]


def _normal_plan(states: tuple[int, ...]) -> NormalPlan | tuple[()]:
    """The lines on and Normal's steps at a dot with these states, in its pairs' order; an
    empty tuple when there are none (fewer than two open arms, or four open and no line in)."""
    unknown, yes = states.count(-1), states.count(1)
    if unknown < 2:
        return ()
    steps = []
    for i, j in PAIRS:
        a, b = states[i], states[j]
        if a + b == -2:
            if yes == 1:
                steps.append((i, j, LEARN_BOTH if unknown == 2 else LEARN))
            elif yes == 0 and unknown == 2:
                steps.append((i, j, ALIKE))
        elif a + b == -1:
            steps.append((i, i if a < 0 else j, TO_ON))
        elif a + b == 0 and a != b:
            steps.append((i, i if a < 0 else j, TO_OFF))
    return (yes, tuple(steps)) if steps else ()


def _hard_plan(states: tuple[int, ...]) -> HardPlan | tuple[()]:
    """Hard's reading of a dot with these states: its pairs of two open arms, its open arms, the
    parity of the lines on and a getter of the open arms' lines (no list comprehension, a
    function call each in Python 3.11); an empty tuple with fewer than two open arms."""
    opened = tuple(n for n in range(4) if states[n] < 0)
    if len(opened) < 2:
        return ()
    pairs = tuple((i, j) for i, j in PAIRS if i in opened and j in opened)
    return pairs, opened, states.count(1) % 2, itemgetter(*opened)


def _tricky_plan(states: tuple[int, ...]) -> TrickyPlan | tuple[()]:
    """Tricky's reading of a dot with these states: the lines on, the open arms, and its pairs of
    two open arms, each with the pair opposite and (three open arms) the third; an empty tuple
    with none such."""
    unknown = states.count(-1)
    pairs = tuple(
        (i, (i + 2) & 3, next((n for n in range(4) if n not in (i, j) and states[n] < 0), -1))
        for i, j in PAIRS
        if states[i] < 0 and states[j] < 0
    )
    return (states.count(1), unknown, pairs) if pairs else ()


# By the states' code (deduce/codes.py), None until made: made as they are read (`normal_plan`,
# `hard_plan` on a miss), so that a process makes only the entries of the states it meets: all of
# them took 0.3 ms, and the cells' (deduce/cells.py) 1.3, a twentieth of a 5×5 `solve`, which
# meets a few dozen.
NORMAL_PLANS: list[NormalPlan | tuple[()] | None] = [None] * len(STATES)
TRICKY_DOTS: list[TrickyPlan | tuple[()] | None] = [None] * len(STATES)
HARD_PLANS: list[HardPlan | tuple[()] | None] = [None] * len(STATES)


def normal_plan(states: tuple[int, ...]) -> NormalPlan | tuple[()]:
    """NORMAL_PLANS' entry for `states`, made now."""
    found = NORMAL_PLANS[code_of(states)] = _normal_plan(states)
    return found


def tricky_dot(states: tuple[int, ...]) -> TrickyPlan | tuple[()]:
    """TRICKY_DOTS' entry for `states`, made now."""
    found = TRICKY_DOTS[code_of(states)] = _tricky_plan(states)
    return found


def hard_plan(states: tuple[int, ...]) -> HardPlan | tuple[()]:
    """HARD_PLANS' entry for `states`, made now."""
    found = HARD_PLANS[code_of(states)] = _hard_plan(states)
    return found
