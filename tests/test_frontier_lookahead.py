"""The lookahead (the board turned half a turn, swept first) prunes only dead states: counts with
and without it agree on random boards, it prunes on clued ones, and a lookahead cut short by its
memory share still counts right."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referees import random_boards

from loopsat.genres import GENRES
from loopsat.puzzle import Puzzle
from loopsat.solver.frontier import count, lookahead
from loopsat.solver.frontier.layout import Frontier, lattice_table

BOARDS = st.one_of(
    random_boards("slitherlink", 5, 7, "......0123"),
    random_boards("masyu", 6, 7, ".........01"),
)
CLUED = Puzzle("slitherlink", "b", ("..3...1", ".2.2.1.", "3...0..", ".23....", "2......", "..1...3"))


def states(puzzle: Puzzle, ahead: bool) -> list[int]:
    """The states the count holds before each vertex."""
    heard: list[str] = []
    count(puzzle, progress=heard.append, lookahead=ahead)
    found = (re.fullmatch(r"row \d+/\d+, column \d+/\d+: ([\d,]+) states", line) for line in heard)
    return [int(match[1].replace(",", "")) for match in found if match]


@settings(max_examples=60, deadline=None)
@given(BOARDS)
def test_pruned_counts_are_the_counts(puzzle: Puzzle) -> None:
    """Every state the lookahead drops is dead; the board's turn half way is its own check: a
    wrong slot or memo bit in the meeting of the two sweeps drops live states (it did, on 117
    of 600 random boards, before the crossing arms were told from the remembered edges)."""
    assert count(puzzle, lookahead=True) == count(puzzle, lookahead=False)
    turned = Puzzle(puzzle.genre, "turned", tuple(row[::-1] for row in reversed(puzzle.grid)))
    assert count(turned, lookahead=True) == count(puzzle, lookahead=False)


@pytest.mark.parametrize("every", [1, 2, 4])
def test_the_lookahead_prunes_a_clued_board(every: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lookahead, "CUT_EVERY", every)
    pruned, every_state = states(CLUED, True), states(CLUED, False)
    assert len(pruned) <= len(every_state)
    assert all(a <= b for a, b in zip(pruned, every_state, strict=False))
    assert sum(pruned) < 0.8 * sum(every_state)
    assert count(CLUED, lookahead=True) == count(CLUED, lookahead=False) > 0


def test_the_alive_sets_meet_the_sweep_at_the_same_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """At every cut, the count's states that lead to a loop are among the alive keys (listed
    here by running the count's transitions to the end)."""
    import numpy as np

    monkeypatch.setattr(lookahead, "CUT_EVERY", 1)
    from loopsat.solver.frontier.step import Stage

    genre = GENRES["slitherlink"]
    rows, cols = genre.tile_shape(CLUED)
    tables = [lattice_table(table, rows, cols, False) for table in genre.rules(CLUED).tables]
    ahead = Frontier(rows, cols, tables, True)
    cuts = lookahead.Lookahead(ahead, tables, 2**30).cuts
    assert len(cuts) == rows * (cols - 1)  # every cut but a row's first vertex
    history = []
    keys = np.zeros((ahead.words, 1), np.int64)
    for t in range(rows * cols):
        move = Stage(ahead, t).transition(keys)
        history.append((keys, move))
        keys = move.keys
        if t % cols == cols - 1:
            keys = keys.copy()
            arms = (1 << 2 * cols) - 1
            keys[0] = ((keys[0] & arms) << 2) | (keys[0] & ~ahead.arms_mask)
    live = np.zeros(keys.shape[1], np.bool_)
    for t in range(rows * cols - 1, -1, -1):  # a state lives if it closes or leads to one that lives
        before, move = history[t]
        alive = np.zeros(before.shape[1], np.bool_)
        alive[move.closing] = True
        owner = np.repeat(np.arange(len(move.starts)), np.diff(np.append(move.starts, len(move.sources))))
        alive[move.sources[live[owner]]] = True
        if t in cuts:
            cut, keys_alive = cuts[t]
            assert np.isin(cut.key(before[:, alive]), keys_alive).all()
        live = alive
    assert live[0]


def test_a_lookahead_cut_short_still_counts_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lookahead, "CUT_EVERY", 1)
    monkeypatch.setattr(lookahead, "MOST_STATES", 20)  # the turned sweep stops after a few rows
    short = states(CLUED, True)
    assert count(CLUED) == count(CLUED, lookahead=False)
    monkeypatch.setattr(lookahead, "MOST_STATES", 10**6)
    assert sum(states(CLUED, True)) < sum(short) < sum(states(CLUED, False))


def test_progress_tells_the_lookahead_apart() -> None:
    heard: list[str] = []
    count(CLUED, progress=heard.append)
    first = heard.index(next(line for line in heard if not line.startswith("looking ahead")))
    assert first > 0 and all(line.startswith("looking ahead: row ") for line in heard[:first])
    assert re.match(r"looking ahead: row (\d+)/\1, column (\d+)/\2: 1 states", heard[0])
    assert heard[-1].startswith("row ") and not any(line.startswith("looking") for line in heard[first:])
