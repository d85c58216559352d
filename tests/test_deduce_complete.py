"""A deduction that decides every edge is a proof: its loop is the board's only one, and one that
fails means there is none. Small random boards against the brute force, many without a loop, so
that a clash found only after the last edge is decided is exercised too."""

from __future__ import annotations

from hypothesis import given, settings
from referees import random_boards, verified_loops

from loopsat.deduce import run
from loopsat.puzzle import Puzzle


def check(puzzle: Puzzle) -> None:
    deduction = run.puzzle(puzzle)
    truth = verified_loops(puzzle)
    if deduction.fixed is None:
        assert not truth
    elif deduction.complete:
        assert truth == ({deduction.loop} if deduction.loop else set())


@settings(max_examples=60, deadline=None)
@given(random_boards("slitherlink", 3, 4, "....0123", min_side=2))
def test_a_complete_slitherlink_deduction_is_the_only_loop(puzzle: Puzzle) -> None:
    check(puzzle)


@settings(max_examples=40, deadline=None)
@given(random_boards("masyu", 4, 4, ".......01", min_side=2))
def test_a_complete_masyu_deduction_is_the_only_loop(puzzle: Puzzle) -> None:
    check(puzzle)
