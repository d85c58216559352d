"""A board pushes its Deep corner rules and face parities only when its deduction first reaches
Deep (`Layout.push_later`), its Deep lane made as it would have been had they been there from the
start: the trail is the same. The digests were recorded when every board built them up front
(the first one again at commit eae8864, the last with them up front, once its run_by_level kept its
first batch's tick as the board's: the fix that moved it). The
boards run without Tatham's pairs (their levels above the board's), so that the Deep corner joins
decide edges: with the pairs they rarely do, and their order would show nothing."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from loopsat.deduce import deduce
from loopsat.deduce.probe import deduced_board
from loopsat.deduce.rules import (
    AT_A_CORNER,
    LOOPY_LEVELS,
    ONE_SHORT,
    PAIR_AT_A_DOT,
    PAIRS_ALONG_A_DIAGONAL,
    RELATED_LINES,
    Level,
)
from loopsat.deduce.run import setup
from loopsat.genres import read_puzzles

NO_PAIRS = {**LOOPY_LEVELS, **dict.fromkeys((PAIR_AT_A_DOT, PAIRS_ALONG_A_DIAGONAL, RELATED_LINES), Level.SEARCH)}
NO_SHORT = {**NO_PAIRS, ONE_SHORT: Level.SEARCH}  # the corner joins do the one-short readings' work too

# (clues, levels): (steps, edges decided, SHA-256 of the trail's repr)
TRAILS = {
    ("33.2./...../.311./...2./..1../...../.2.31/.2.2.", "no pairs"): (
        19,
        19,
        "c3e9de79a7687041d2423563a93e604c8a4cfa34a091f7725944fb49e148d51d",
    ),
    ("33.2./...../.311./...2./..1../...../.2.31/.2.2.", "no short"): (
        19,
        19,
        "c9b1d6bcf3e9d67a5545db7cc3f45a6b2e8ca0272e64e6170837e335bd030cc5",
    ),
    ("2..2..2/..1.21./2..1311/.3...1./3.1.1.1/1..2.../....1.2", "no pairs"): (
        66,
        0,
        "1252d276d76e88f7ba4aefaa12a1daf78fb2523e93ab96a060caaf254e6b8939",
    ),
    ("31..11/....1./1..3../....3.", "no short"): (
        32,
        32,
        "1b39b645215f9343cf7f8d4c109b7723a483ee6d540833f07b7cff5259e497f7",
    ),
    ("..1.3../..2.1.3/3..1.22/1....11/2...2.2", "no pairs"): (
        77,
        0,
        "92e831b1d41cedc8c05d418735b9956c4283c82d5a06b189d550c38835edf32f",
    ),
    ("..1.3../..2.1.3/3..1.22/1....11/2...2.2", "no short"): (
        77,
        0,
        "acf38df5586cdd07613a2ea5dce6fffd9cdb473dfcad0d17a224811f63e895f5",
    ),
}
LEVELS = {"no pairs": NO_PAIRS, "no short": NO_SHORT}


@pytest.mark.parametrize("key", sorted(TRAILS))
def test_the_trail_is_the_one_with_every_rule_up_front(key: tuple[str, str]) -> None:
    text = key[0].replace("/", "\n") + "\n"
    edges, _, tables = setup(read_puzzles("later.slither", text.encode(), None)[0])
    steps: list[object] = []
    fixed = deduce(edges, tables, trace=steps.append, levels=LEVELS[key[1]], max_level=Level.DEEP)
    digest = hashlib.sha256(repr(steps).encode()).hexdigest()
    assert (len(steps), len(fixed or ()), digest) == TRAILS[key]


def test_a_board_decided_below_deep_never_pushes_them() -> None:
    path = Path(__file__).parent / "data" / "deduce" / "tatham-hard-20x20-a.slither"
    edges, _, tables = setup(read_puzzles(str(path), path.read_bytes(), None)[0])
    board = deduced_board(edges, tables, True, None)
    assert min(board.value) >= 0  # decided (at Hard)
    assert board.later is not None and not board.parities
    corners = [name for name in board.rule_names if name.endswith(AT_A_CORNER)]
    assert corners and all(name.endswith(ONE_SHORT) for name in corners)  # the Easy readings alone
