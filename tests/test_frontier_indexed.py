"""The indexed sweep of boards without clues (dense.py, motzkin.py) against the sorted one:
the same states with the same counts at every vertex, its index maps against words listed
here one by one, and its moduli against a bound that must hold."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from loopsat.solver.frontier import OverBudget, count, dense, layout, plan, residues
from loopsat.solver.frontier.motzkin import DEPTH, Words
from loopsat.solver.frontier.plan import Plan
from loopsat.solver.frontier.step import Stage

A140517 = tuple(
    int(line)
    for line in (Path(__file__).parent / "data" / "oeis" / "A140517.txt").read_text().splitlines()
    if not line.startswith("#")
)

Word = tuple[int, ...]


def suffixes(length: int, depth: int) -> list[Word]:
    """The words from `depth` down to 0, in the order of their first letters (0, `(`, `)`)."""
    if length == 0:
        return [()] if depth == 0 else []
    return [(a, *rest) for a in range(3) if depth + DEPTH[a] >= 0 for rest in suffixes(length - 1, depth + DEPTH[a])]


def prefixes(length: int, depth: int) -> list[Word]:
    """The words from 0 up to `depth`, in the order of their last letters."""
    if length == 0:
        return [()] if depth == 0 else []
    return [(*rest, a) for a in range(3) if depth - DEPTH[a] >= 0 for rest in prefixes(length - 1, depth - DEPTH[a])]


def depths(word: Word, start: int = 0) -> list[int]:
    found = [start]
    for letter in word:
        found.append(found[-1] + DEPTH[letter])
    return found


def turned(word: Word, position: int, letter: int) -> Word:
    return (*word[:position], letter, *word[position + 1 :])


def test_sizes_and_join_maps_match_the_words_listed() -> None:
    words = Words(9)
    for length in range(8):
        for depth in range(6):
            assert words.size(length, depth) == len(suffixes(length, depth)) == len(prefixes(length, depth))
        for depth in range(4):  # `(` `(` joined: the first `)` down to depth + 1 turns `(`
            before, after = suffixes(length, depth + 2), suffixes(length, depth)
            ends = depths(before[0], depth + 2)[1:] if before else []
            expected = []
            for word in before:
                ends = depths(word, depth + 2)
                first = next(i for i, a in enumerate(word) if a == 2 and ends[i + 1] == depth + 1)
                expected.append(after.index(turned(word, first, 1)))
            assert words.opened(length, depth + 2, depth + 1).tolist() == expected
        for depth in range(2, 6):  # `)` `)` joined: the last `(` up to depth turns `)`
            before, after = prefixes(length, depth), prefixes(length, depth - 2)
            expected = []
            for word in before:
                ends = depths(word)
                last = max(i for i, a in enumerate(word) if a == 1 and ends[i + 1] == depth)
                expected.append(after.index(turned(word, last, 2)))
            assert words.closed(length, depth, depth).tolist() == expected
    for n in range(2, 9):
        whole = suffixes(n - 1, 0)
        assert Words(n).row_end().tolist() == [whole.index(word) for word in prefixes(n - 1, 0)]


def test_joins_add_every_state_once() -> None:
    """A join forgets which paths it joined, so several states become one: the planned slices
    and layers add each state once, as np.add.at would."""
    import numpy as np

    words, rng, kinds = Words(9), np.random.default_rng(1), set()
    for where, width in ((words.opened(6, 2, 1), 3), (words.opened(7, 3, 2), 1), (words.closed(7, 3, 3), 300)):
        assert len(set(where.tolist())) < len(where)  # states merge
        both = rng.integers(0, 1000, (len(where), width)).astype(np.uint32)
        out = rng.integers(0, 1000, (int(where.max()) + 1, width)).astype(np.uint32)
        expected = out.astype(np.int64)
        np.add.at(expected, where, both)
        runs, (rows, to_rows) = plan.join_moves(where, width)
        for to, start, length in runs:
            out[to : to + length] += both[start : start + length]
        flat = (rows[:, None] * width + np.arange(width)).ravel(), (to_rows[:, None] * width + np.arange(width)).ravel()
        cut = plan.layers([(*flat, True)], 5)
        for source, to, _ in cut:
            assert len(set(to.tolist())) == len(to) <= 5
            out.ravel()[to] += both.ravel()[source]
        assert (out == expected).all()
        kinds |= {"slices"} if runs else set()
        kinds |= {"layers"} if len(set(flat[1].tolist())) < len(flat[1]) else set()  # a target twice
    assert kinds == {"slices", "layers"}


def test_layers_put_the_last_rows_pairs_first() -> None:
    """The last row reads the first `kept` pairs of each layer of a row above: exactly the pairs
    flagged kept, each target once per layer, in target order."""
    import numpy as np

    rng = np.random.default_rng(2)
    pairs = []
    for kept in (True, False, True, False):
        target = rng.integers(0, 40, 60).astype(np.int32)
        pairs.append((rng.integers(0, 1000, 60).astype(np.int32), target, kept))
    cut = plan.layers(pairs, 16)
    found = {True: [], False: []}
    for source, target, kept in cut:
        assert len(set(target.tolist())) == len(target) <= 16
        assert (np.diff(target[:kept]) > 0).all() and (np.diff(target[kept:]) > 0).all()
        found[True] += list(zip(source[:kept].tolist(), target[:kept].tolist(), strict=True))
        found[False] += list(zip(source[kept:].tolist(), target[kept:].tolist(), strict=True))
    for flag in (True, False):
        listed = [
            pair for one, two, kept in pairs if kept == flag for pair in zip(one.tolist(), two.tolist(), strict=True)
        ]
        assert sorted(found[flag]) == sorted(listed)


def sorted_states(keys: object, counts: object, n: int, single_loop: bool) -> dict[Word, int]:
    return {
        tuple((int(key) >> 2 * s) & 3 if single_loop else (int(key) >> 2 * s) & 1 for s in range(n)): int(value)
        for key, value in zip(keys, counts, strict=True)  # type: ignore[call-overload]
        if value
    }


@pytest.mark.parametrize(("rows", "cols"), [(5, 4), (4, 6), (6, 5), (3, 1), (1, 3)])
def test_indexed_states_are_the_sorted_states(rows: int, cols: int) -> None:
    """After every vertex, each state of the sorted sweep (its key decoded into a word) has the
    count found at that word's place in the dense blocks, and every other place holds 0."""
    import numpy as np

    n = cols + 1
    frontier = layout.Frontier(rows, cols, [], True)
    keys, counts = np.zeros((1, 1), np.int64), np.ones(1, np.uint64)
    words = Words(n)
    buffers = (np.zeros(words.size(n, 0), np.uint32), np.zeros(words.size(n, 0), np.uint32))
    buffers[0][0] = 1
    scratch = np.zeros((2, 8), np.uint32)  # tiny: the reduction goes in pieces, big joins by fancy index
    shared = plan.Shared()
    closed_sorted = closed_dense = 0
    side = 0
    for t in range(rows * cols):
        row, col = divmod(t, cols)
        move = Stage(frontier, t).transition(keys)
        closed_sorted += int(counts[move.closing].sum())
        keys, counts = move.keys, np.add.reduceat(counts[move.sources], move.starts)
        vertex = Plan(words, n, col, row < rows - 1, col < cols - 1, buffers, side, scratch, shared)
        closed_dense += vertex.run(dense.primes(1)[0])
        side ^= 1
        found = {}
        blocks = plan.views(buffers[side], plan.layout(words, n, col + 1))
        assert {(down, right) for _, down, right in blocks} <= set(plan.LIVE)
        for (depth, down, right), block in blocks.items():  # prefix, south, east, suffix
            if down != 0 and row == rows - 1:
                continue  # no south arm in the last row: the block it shares with east is east's
            before, after = prefixes(col, depth - DEPTH[down]), suffixes(n - col - 2, depth + DEPTH[right])
            for i, j in zip(*np.nonzero(block), strict=True):
                found[(*before[i], down, right, *after[j])] = int(block[i, j])
        assert found == sorted_states(keys[0].tolist(), counts.tolist(), n, True), (row, col)
        if col == cols - 1:
            keys = keys.copy()
            keys[0] = (keys[0] & ((1 << 2 * cols) - 1)) << 2
            ended = buffers[side][: len(words.row_end())]
            buffers[side ^ 1][:] = 0
            buffers[side ^ 1][words.row_end()] = ended
            side ^= 1
    assert closed_dense == closed_sorted == count(layout_board(rows, cols))


def layout_board(rows: int, cols: int) -> object:
    from loopsat.puzzle import Puzzle

    return Puzzle("slitherlink", "b", tuple("." * (cols - 1) for _ in range(rows - 1)) or ("",))


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 6), (2, 2), (7, 1), (5, 4), (4, 7), (8, 8)])
def test_empty_lattices_count_as_the_sorted_sweep_counts(rows: int, cols: int) -> None:
    for single_loop in (True, False):
        by_keys = layout_sweep(rows, cols, single_loop)
        assert dense.count(rows, cols, single_loop, 2**40) == by_keys


def layout_sweep(rows: int, cols: int, single_loop: bool) -> int:
    from loopsat.solver.frontier.sweep import Sweep

    return Sweep(layout.Frontier(rows, cols, [], single_loop), 2**40, None).run()


def test_the_bound_is_above_both_counts_and_the_moduli_above_the_bound() -> None:
    for side in range(1, 9):
        above = dense.bound(side + 1, side + 1)
        assert A140517[side] < dense.count(side + 1, side + 1, False, 2**40) < above
        assert math.prod(dense.moduli(above.bit_length())) > above
    assert len(dense.moduli(dense.bound(11, 11).bit_length())) > 2  # the 10×10's count needs primes


def test_a_count_needs_every_modulus_the_bound_asks_for() -> None:
    """The empty 10×10's count passes 2³²·p: wrong with 2³² alone, right with tiny primes, whose
    every residue must add and reduce right for the joined count to come out."""
    assert A140517[10] > 2**64
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dense, "moduli", lambda bits: [dense.WRAP])
        assert dense.count(11, 11, True, 2**40) != A140517[10]
    tiny = residues.primes_below(256, 40)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dense, "primes", lambda how_many: tiny[:how_many])
        assert len(dense.moduli(dense.bound(11, 11).bit_length())) > 5
        assert dense.count(11, 11, True, 2**40) == A140517[10]
        assert dense.count(11, 11, False, 2**40) == layout_sweep(11, 11, False)


def test_an_indexed_count_past_its_budget_stops_before_it_starts() -> None:
    with pytest.raises(OverBudget, match=r"budget of 1 MB \([\d,]+ states across the sweep.*--memory-limit"):
        dense.count(15, 15, True, 2**20)
    heard: list[str] = []
    assert dense.count(4, 4, True, 2**40, heard.append) == A140517[3]
    assert heard[0].startswith("row 1/4, column 1/4: ") and heard[-1].endswith("(pass 1/1)")
    heard.clear()
    assert dense.count(8, 8, True, 2**40, heard.append) == A140517[7] > 2**32
    assert heard[-1].endswith("(pass 2/2)")


@pytest.mark.parametrize(("scratch", "small"), [(8, 4096), (1 << 19, 1 << 30), (64, 0)])
def test_scratch_space_and_batches_change_no_count(monkeypatch: pytest.MonkeyPatch, scratch: int, small: int) -> None:
    """A scratch space too small for most joins' layers (they get a room of their own), every
    sum in one batch, or none: the same counts."""
    monkeypatch.setattr(plan, "SCRATCH", scratch)
    monkeypatch.setattr(plan, "SMALL", small)
    assert dense.count(8, 8, True, 2**40) == A140517[7]
    assert dense.count(6, 9, True, 2**40) == layout_sweep(6, 9, True)
