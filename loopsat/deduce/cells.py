"""What Normal, Tricky and Hard (deduce/pairs.py, tricky.py, relations.py) read at a clue's cell,
tabled by the clue and its sides' values (each -1 open, 0 off, 1 on; N, E, S, W) as one code
(deduce/codes.py): two lists' subscripts per cell looked at, where each look had counted its sides
and tried its pairs (Tricky's alone were a fifth of the pairs' work in a 20×20 solve). Made as they
are read, as deduce/dots.py's."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from loopsat.deduce.codes import STATES, code_of

# For a pair of open sides j, j+1 (its fact sits at corner j): the pair opposite, sides p, p+1 at
# corner p, bounds them. "At most one of j, j+1 on" follows when the opposite holds more than
# clue - 2: one (a fact there that at least one is on, both not on) or its sides' own count;
# "at least one" when it holds fewer than clue: one (a fact that at most one is on, both not off)
# or its count. Each step: (j, p, whether a fact at p can say "at least one", most learnt then,
# most learnt without it, whether a fact at p can say "at most one", least learnt then, without).
Step = tuple[int, int, bool, bool, bool, bool, bool, bool]
# The steps, whether all four sides are open, and, where no step's learning hangs on a fact at
# the pair opposite, the corners at which "at most one" and "at least one" are learnt whatever
# they hold (None where some step's does): a look there learns nothing once each of those knows
# its fact (`Tricky._tricky`).
Plan = tuple[tuple[Step, ...], bool, tuple[tuple[int, ...], tuple[int, ...]] | None]


def _plan(clue: int, vals: tuple[int, ...]) -> Plan | tuple[()]:
    """Tricky's steps at a cell with this clue and these sides, in its pairs' order; an empty
    tuple when no pair of open sides can learn anything."""
    steps: list[Step] = []
    for j in range(4):
        o, p, q = (j + 1) & 3, (j + 2) & 3, (j + 3) & 3
        if vals[j] >= 0 or vals[o] >= 0:
            continue
        a, b = vals[p], vals[q]
        can_low, most_then, most_else = a != 1 and b != 1, clue < 3, (a == 1) + (b == 1) > clue - 2
        can_high, least_then, least_else = bool(a and b), clue > 1, (a != 0) + (b != 0) < clue
        if (can_low and most_then) or most_else or (can_high and least_then) or least_else:
            steps.append((j, p, can_low, most_then, most_else, can_high, least_then, least_else))
    if not steps:
        return ()
    four = vals.count(-1) == 4
    if any((step[2] and step[3] != step[4]) or (step[5] and step[6] != step[7]) for step in steps):
        return tuple(steps), four, None  # a fact at the pair opposite decides what some step learns
    return (
        tuple(steps),
        four,
        (tuple(step[0] for step in steps if step[4]), tuple(step[0] for step in steps if step[7])),
    )


# Normal at a cell (`Pairs._face_lines`): a fact at a corner moves the bounds on an open side by
# one at most (the pair of sides it joins, both not on, then holds one line, not none; both not
# off, one, not two), and only through the two corners away from that side. So once the cell's
# own count is stuck (fewer on than its clue, fewer on than its clue with every open side on: it
# is read at Easy, so always by Normal's turn), a side is decided only where the clue is one more
# than its lines on and "at least one" is known at such a corner whose sides are both not on, or
# one fewer than its lines on and open and "at most one" is known at one whose sides are both not
# off. Each cell: (its count is not stuck, the corners whose "at least one" may decide, those
# whose "at most one" may); an empty tuple when neither can. On the bench's Slitherlink sets 84 % of the
# cells Normal read with a fact at a corner were these, and none decided a side.
NormalNeed = tuple[bool, tuple[int, ...], tuple[int, ...]]


def _normal_need(clue: int, vals: tuple[int, ...]) -> NormalNeed | tuple[()]:
    yes, unknown = vals.count(1), vals.count(-1)
    if not unknown:
        return ()
    if not yes < clue < yes + unknown:
        return True, (), ()
    lows: list[int] = []
    highs: list[int] = []
    for j in range(4):
        if vals[j] >= 0:
            continue
        for k in ((j + 1) & 3, (j + 2) & 3):
            a, b = vals[k], vals[(k + 1) & 3]
            if yes + 1 == clue and a != 1 and b != 1 and k not in lows:
                lows.append(k)
            if yes + unknown - 1 == clue and a != 0 and b != 0 and k not in highs:
                highs.append(k)
    return (False, tuple(lows), tuple(highs)) if lows or highs else ()


# Hard at a cell (`Relations._face_relations`): its open sides, the values a clue one line short
# (0: no two open sides both on) or one off short (1: no two both off) forbids two related sides
# alike to take, the parity of the lines its open sides hold, and a getter of its open sides'
# lines from its sides (one C call); empty with fewer than two open.
HardPlan = tuple[tuple[int, ...], tuple[int, ...], int, Callable[[tuple[int, ...]], tuple[int, ...]]]


def _hard_plan(clue: int, vals: tuple[int, ...]) -> HardPlan | tuple[()]:
    opened = tuple(n for n in range(4) if vals[n] < 0)
    if len(opened) < 2:
        return ()
    yes = vals.count(1)
    no = 4 - yes - len(opened)
    shorts = tuple(bit for bit, short in ((0, yes + 1 == clue), (1, no + 1 == 4 - clue)) if short)
    return opened, shorts, (clue - yes) % 2, itemgetter(*opened)


# by clue (0 to 4), then by the sides' code (deduce/codes.py), made as they are read (as dots.NORMAL_PLANS)
NORMAL_NEEDS: list[list[NormalNeed | tuple[()] | None]] = [[None] * len(STATES) for _ in range(5)]
TRICKY_PLANS: list[list[Plan | tuple[()] | None]] = [[None] * len(STATES) for _ in range(5)]
HARD_CELLS: list[list[HardPlan | tuple[()] | None]] = [[None] * len(STATES) for _ in range(5)]


def normal_need(clue: int, vals: tuple[int, ...]) -> NormalNeed | tuple[()]:
    """NORMAL_NEEDS' entry for a cell, made now."""
    found = NORMAL_NEEDS[clue][code_of(vals)] = _normal_need(clue, vals)
    return found


def tricky_plan(clue: int, vals: tuple[int, ...]) -> Plan | tuple[()]:
    """TRICKY_PLANS' entry for a cell, made now."""
    found = TRICKY_PLANS[clue][code_of(vals)] = _plan(clue, vals)
    return found


def hard_cell(clue: int, vals: tuple[int, ...]) -> HardPlan | tuple[()]:
    """HARD_CELLS' entry for a cell, made now."""
    found = HARD_CELLS[clue][code_of(vals)] = _hard_plan(clue, vals)
    return found
