"""The trail a board keeps as reasons (deduce/trail.py) is the trail it would have heard step by
step, and the grade read off it is the one the step-by-step reading gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from loopsat import deduce
from loopsat.deduce.rules import GIVEN, LOOPY_LEVELS, NO_SUCH_EDGE, PROBES, Level, Rules, Step
from loopsat.deduce.run import Deduction, Difficulty
from loopsat.deduce.trail import Trail
from loopsat.genres import read_puzzles
from loopsat.puzzle import Puzzle

DATA = Path(__file__).parent / "data"
FILES = [
    "deduce/tatham-hard-20x20-a.slither",  # Hard: pairs of lines, related lines
    "deduce/tatham-tricky-12x12.masyu",
]


def _puzzle(name: str) -> Puzzle:
    path = DATA / name
    return read_puzzles(str(path), path.read_bytes(), None)[0]


@pytest.mark.parametrize("name", FILES)
def test_the_kept_trail_is_the_heard_one(name: str) -> None:
    puzzle = _puzzle(name)
    heard: list[Step] = []
    eager = deduce.puzzle(puzzle, trace=heard.append)
    kept = deduce.puzzle(puzzle)
    assert isinstance(kept.steps, Trail) and not isinstance(eager.steps, Trail)
    assert list(kept.steps) == list(eager.steps) == heard and len(kept.steps) == len(heard)
    assert kept.steps[3] == heard[3] and kept.steps[-2:] == heard[-2:]
    assert kept.grade() == eager.grade()


def test_a_contradiction_keeps_the_steps_before_it() -> None:
    """A 3 beside a 0 in a corner of a 2×2 board: no loop; the trail up to the clash."""
    puzzle = Puzzle("slitherlink", "clash", ("30", ".."))
    heard: list[Step] = []
    eager = deduce.puzzle(puzzle, trace=heard.append)
    kept = deduce.puzzle(puzzle)
    assert kept.fixed is None and eager.fixed is None
    assert list(kept.steps) == heard and heard


_NAMES = [GIVEN, NO_SUCH_EDGE, *PROBES, "vertex degree", "3 clue", "pair of lines at a dot", "lines equal or opposite"]


def _graded_step_by_step(steps: list[Step], levels: dict[str, Level], complete: bool) -> Difficulty:
    """The grade as it was read before the trail was kept as reasons: each step as
    `grouped_steps` counts them, one at a time."""
    count = probes = 0
    last = None
    level, hardest = Level.EASY, ""
    for rule, read, _ in steps:
        if (rule, read) == last:
            continue
        last = rule, read
        count += 1
        probe = rule in PROBES
        probes += probe
        here = levels[rule]
        if rule in (GIVEN, NO_SUCH_EDGE):
            continue
        if here > level or not hardest or (here == level and probe and hardest not in PROBES):
            level, hardest = here, rule
    if not complete:
        level, hardest = Level.SEARCH, "search"
    if hardest in PROBES:
        hardest = f"{hardest.split(':')[0]} depth 1 × {probes}"
    return Difficulty(level, count, probes, hardest)


@given(
    st.lists(st.tuples(st.sampled_from(_NAMES), st.integers(0, 2)), max_size=40),
    st.fixed_dictionaries({name: st.sampled_from(list(Level)[:-1]) for name in _NAMES}),
)
def test_the_grade_reads_each_rule_once_as_each_step_would(reasons: list[tuple[str, int]], levels: dict) -> None:
    """Random trails over rules of random levels: the grade that weighs each rule's first step
    alone and counts the probes is the one read step by step."""
    lattice = [(1, 0), (0, 1), (2, 1)]
    steps = [Step(name, (lattice[read],), ((lattice[read], True),)) for name, read in reasons]
    fixed = {point: True for point in lattice}
    deduction = Deduction(list(lattice), Rules([], whole=True), steps, fixed, {**LOOPY_LEVELS, **levels})
    assert deduction.grade() == _graded_step_by_step(steps, {**LOOPY_LEVELS, **levels}, deduction.complete)
