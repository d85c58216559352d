"""The sweep: the states of every vertex in turn, their counts as residues, within a memory budget.

A step whose transition depends only on its column (no rule read, no memo bit: empty rows) and
meets the very states it met a row before reuses that row's transition: only the counts move
(a gather and a sum per residue), with no outcome tables, joins or sort.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from loopsat.solver.frontier import residues
from loopsat.solver.frontier.budget import give_back, resident, size
from loopsat.solver.frontier.layout import Frontier
from loopsat.solver.frontier.refusals import OverBudget
from loopsat.solver.frontier.step import Stage, Transition

if TYPE_CHECKING:
    from loopsat.solver.frontier.lookahead import Lookahead
    from loopsat.solver.frontier.residues import Counts
    from loopsat.solver.frontier.step import Keys

# Bytes a step adds per candidate state to what the process holds once the candidates are
# counted, the larger of its two phases. Sorting: the candidates before and after their
# permutation (a word each), the order (8 bytes), timsort's buffer (at most half the order), the
# int32 sources before and after it. Merging: the merged keys, int32 sources and starts, a residue
# row's gather and the merged counts (at most one merged state a candidate). The temporaries the
# step drops before its sort (its ways, parts and groups) are not counted off: the larger arrays
# after them do not fit their holes (counted off, the clued 20×20 upside down passed 12 GB
# resident at a 10 GB budget, row 11, column 9: 109 million states).
_SORT_PER_WORD, _SORT_FIXED = 16, 20
_MERGE_PER_WORD, _MERGE_PER_RESIDUE, _MERGE_FIXED = 8, 8, 16
# A step at most doubles the states' total (a vertex has at most two ways on), and every count of
# a state is at most that total: moduli whose product passes 2**_HEADROOM_BITS times the total
# before a step hold every count after it, and the next total exactly.
_HEADROOM_BITS = 1
# Reused transitions are kept while they take at most this share of the budget: an empty 12×12
# reuses 70 of its 169 steps with 39 MB kept, a 13×13 76 of 196 with 114 MB.
_CACHE_SHARE = 0.25


class Sweep:
    """One count: the layout, its moduli, the budget and who hears the progress."""

    def __init__(
        self,
        frontier: Frontier,
        memory: int,
        progress: Callable[[str], None] | None,
        lookahead: Lookahead | None = None,
    ) -> None:
        self.frontier, self.memory, self.progress = frontier, memory, progress
        self.lookahead = lookahead
        self.mods = [residues.WRAP]
        self.cache: dict[tuple[int, bool], tuple[Keys, Transition]] = {}
        self.cached_bytes = 0
        self.steps_reused = 0

    def run(self) -> int:
        """The count: every step's closed loops (single loop), or the states left at the end."""
        import numpy as np

        fr = self.frontier
        if fr.impossible:
            return 0
        cols = fr.cols
        keys: Keys = np.zeros((fr.words, 1), np.int64)
        counts: Counts = np.ones((1, 1), np.uint64)
        loops = 0
        for t in range(fr.rows * cols):
            keep = self.lookahead.keep(t, keys) if self.lookahead is not None else None
            if keep is not None:  # only the states the rest of the board can finish
                keys, counts = keys[:, keep], counts[:, keep]
                if not keys.shape[1]:
                    return loops if fr.single_loop else 0
            step = Stage(fr, t)
            self._heard(keys, step)
            counts = self._room(counts)
            move = self._transition(step, keys)
            if len(move.closing):  # their sum is below the moduli's product: its residues tell it
                loops += residues.combine(residues.total(counts[:, move.closing], self.mods), self.mods)
            keys = move.keys
            if not keys.shape[1]:
                return loops if fr.single_loop else 0
            counts = residues.reduce(_merged(counts, move), self.mods)
            if step.col == cols - 1:
                keys = fr.next_row(keys)
        return loops if fr.single_loop else residues.combine(residues.total(counts, self.mods), self.mods)

    def _room(self, counts: Counts) -> Counts:
        """Moduli enough for the next step. The states' total is below the moduli's product (the
        last step made room for it), so its residues give it exactly."""
        total = residues.combine(residues.total(counts, self.mods), self.mods)
        # 2**(bits - 1) <= product, so bits > length + headroom makes product > total·2**headroom
        while math.prod(self.mods).bit_length() <= total.bit_length() + _HEADROOM_BITS:
            prime = residues.primes(len(self.mods))[-1]
            counts = residues.extend(counts, self.mods, prime)
            self.mods.append(prime)
        return counts

    def _transition(self, step: Stage, keys: Keys) -> Transition:
        """The step's transition, reused when a plain step of the same column met these states."""
        import numpy as np

        fr = self.frontier
        afford = self._afford(step, keys.shape[1])
        if not fr.plain(step.t):
            return step.transition(keys, afford)
        slot = (step.col, step.row == fr.rows - 1)
        known = self.cache.get(slot)
        if known is not None and known[0].shape == keys.shape and np.array_equal(known[0], keys):
            self.steps_reused += 1
            return known[1]
        move = step.transition(keys, afford)
        held = _held(keys, move)
        if known is not None:
            self.cached_bytes -= _held(*known)
            del self.cache[slot]
        if self.cached_bytes + held <= _CACHE_SHARE * self.memory:
            self.cache[slot] = (keys, move)
            self.cached_bytes += held
        return move

    def _heard(self, keys: Keys, step: Stage) -> None:
        """Tell the progress bar where the sweep is."""
        if self.progress is not None:
            fr, states = self.frontier, keys.shape[1]
            self.progress(f"row {step.row + 1}/{fr.rows}, column {step.col + 1}/{fr.cols}: {states:,} states")

    def _afford(self, step: Stage, states: int) -> Callable[[int], None]:
        """What a step checks once it knows its candidates: stop before they would pass the budget
        (counted exactly, not bounded by two a state: the clued 20×20's steps make 1.3 to 1.5).
        Under `heap_kept` the resident memory is the heap's high-water mark; near the budget its
        free pages are handed back first, and the check made again."""

        def afford(candidates: int) -> None:
            words, residues = self.frontier.words, len(self.mods)
            sort = _SORT_PER_WORD * words + _SORT_FIXED
            merge = _MERGE_PER_WORD * words + _MERGE_PER_RESIDUE * residues + _MERGE_FIXED
            need = candidates * max(sort, merge)
            held = resident()
            if held + need > self.memory:  # the heap's free blocks, which may not fit, handed back
                give_back()
                held = resident()
            if held + need > self.memory:
                raise OverBudget(
                    f"the count needs more memory than its budget of {size(self.memory)} "
                    f"({states:,} state{'' if states == 1 else 's'} at row {step.row + 1}, column {step.col + 1} "
                    f"of the sweep, the process holding {size(held)}; raise it with --memory-limit or "
                    "LOOPSAT_MEMORY_LIMIT)"
                )

        return afford


def _merged(counts: Counts, move: Transition) -> Counts:
    """Each merged state's counts, the sums of its candidates' sources': one residue row at a
    time, where a gather of the whole block and a reduceat along its rows went (a clued 20×20's
    step of 11 million states, three residues: 25 ns a state against 34)."""
    import numpy as np

    merged = np.empty((len(counts), len(move.starts)), np.uint64)
    for row, column in enumerate(counts):
        np.add.reduceat(column.take(move.sources), move.starts, out=merged[row])
    return merged


def _held(keys: Keys, move: Transition) -> int:
    """The bytes a cached transition keeps."""
    return keys.nbytes + move.keys.nbytes + move.sources.nbytes + move.starts.nbytes
