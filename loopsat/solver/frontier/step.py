"""One vertex of the sweep: which states follow each state, merged into a transition.

A state's outcomes depend only on the arms and memo bits its vertex reads, so they are computed
once per distinct such part (`Stage.outcomes`) and applied to every state by table look-up. The
transition is kept apart from the counts: candidates in key order (`sources`), where each merged
state starts among them (`starts`), and the states that close the loop here. The same transition
then serves every residue column, and a later row whose states are the same reuses it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from loopsat.solver.frontier import layout
from loopsat.solver.frontier.layout import Frontier, mask

if TYPE_CHECKING:  # numpy is imported when the DP runs: `loopsat` starts without its ~0.1 s
    import numpy as np
    import numpy.typing as npt

    Keys = npt.NDArray[np.int64]  # words × states
    Indices = npt.NDArray[np.integer]

# Parts of up to this many bits index their tables directly (a bincount over 2¹⁶ slots), wider
# ones by rank (np.unique, a sort of every state). Hardly matters on clued boards, whose parts are
# small: `python bench/count.py bench/masyu/12x12/*.masyu` 1.74 CPU-s in all at 16, 1.66 at 0,
# 1.70 at 24; an empty board's 4-bit parts skip a sort of its many states.
DIRECT_PART_BITS = 16

_CLOSE = 3  # outcome kind: the arms `(` `)` meet, the loop closes
_JOIN_OPEN = 1  # `(` `(` meet: the partner of the second `(` becomes `(`
_JOIN_CLOSE = 2  # `)` `)` meet: the partner of the first `)` becomes `)`


@dataclass
class Transition:
    """The states after a vertex (`keys`, sorted) and how the states before lead to them."""

    keys: Keys
    sources: Indices  # per candidate, in key order: the state it comes from
    starts: Indices  # where each state of `keys` starts among the candidates
    closing: Indices  # the states whose loop closes here, every rule satisfied


class Stage:
    """Everything the DP needs at one vertex, prepared before the states arrive."""

    def __init__(self, frontier: Frontier, t: int) -> None:
        self.frontier = frontier
        self.t = t
        self.row, self.col = divmod(t, frontier.cols)
        shift, words = 2 * self.col, frontier.words
        self.touched = frontier.touched[t]
        read = {
            bit
            for index in self.touched
            for eid in frontier.rules[index][0]
            if eid >> 1 < t
            for bit in frontier.bits(eid, t)
        }
        self.read = sorted(read - set(range(shift, shift + 4)))  # gathered into a part after the 4 bits here
        expiring = mask(frontier.memo[eid] for eid in frontier.expiring[t])
        self.clear = _words(~((15 << shift) | expiring) & ((1 << layout.WORD * words) - 1), words)
        self.other_arms = frontier.arms_mask & ~(15 << shift)
        self.closable: dict[int, bool] = {}

    def part(self, compact: int) -> int:
        """The state bits a compact part index stands for (its arms at `col`, then `read`)."""
        part = (compact & 15) << 2 * self.col
        for k, position in enumerate(self.read):
            part |= ((compact >> (4 + k)) & 1) << position
        return part

    def outcomes(self, part: int) -> tuple[list[int], int]:
        """The bits to set (arms here, new memo bits) for every way on, and the join kind.

        `part` is the state masked to what this vertex reads: its two incoming arms and the
        bits of the edges that the rules it touches have decided. Two single-loop ends that meet
        need more than bits to set (a partner to re-pair, or a loop to close): their kind is
        returned with the delta.
        """
        fr, t, shift = self.frontier, self.t, 2 * self.col
        west, north = (part >> shift) & 3, (part >> (shift + 2)) & 3
        if west == 3 or north == 3:
            return [], 0
        incoming = (west > 0) + (north > 0)
        deltas = []
        for south in (0, 1) if self.row < fr.rows - 1 else (0,):
            for east in (0, 1) if self.col < fr.cols - 1 else (0,):
                if incoming + south + east not in (0, 2) or not self._rules_hold(part, south, east):
                    continue
                if incoming == 0:
                    arms = (1 | (2 if fr.single_loop else 1) << 2) if south else 0
                elif incoming == 1:
                    arm = west or north
                    arms = arm if south else arm << 2
                else:
                    arms = 0
                memo = (south << fr.memo[2 * t] if 2 * t in fr.memo else 0) | (
                    east << fr.memo[2 * t + 1] if 2 * t + 1 in fr.memo else 0
                )
                deltas.append(arms << shift | memo)
        if incoming == 2 and deltas and fr.single_loop and (west, north) != (2, 1):
            return deltas, {(1, 1): _JOIN_OPEN, (2, 2): _JOIN_CLOSE, (1, 2): _CLOSE}[west, north]
        return deltas, 0

    def _rules_hold(self, part: int, south: int, east: int) -> bool:
        """Every rule touched here can still be satisfied by the edges not yet decided."""
        fr, t = self.frontier, self.t
        for index in self.touched:
            edges, partial = fr.rules[index][0], fr.partial[index, t]
            pattern = 0
            for k, eid in enumerate(edges):
                if eid >> 1 < t:
                    pattern |= fr.value(part, eid, t) << k
                elif eid == 2 * t:
                    pattern |= south << k
                elif eid == 2 * t + 1:
                    pattern |= east << k
            if pattern not in partial:
                return False
        return True

    def may_close(self, key: int) -> bool:
        """Closing the loop here leaves every later edge off: do all unfinished rules allow that?"""
        fr, t = self.frontier, self.t
        part = key & fr.pending_mask[t]
        known = self.closable.get(part)
        if known is None:
            known = True
            for index in fr.pending[t]:
                edges, allowed = fr.rules[index]
                pattern = sum(fr.value(part, eid, t) << k for k, eid in enumerate(edges) if eid >> 1 < t)
                if pattern not in allowed:
                    known = False
                    break
            self.closable[part] = known
        return known

    def transition(self, keys: Keys, afford: Callable[[int], None] | None = None) -> Transition:
        """The states after this vertex, merged, and where each comes from. `afford` hears how
        many candidates there are before they are made (it may raise to stop the count)."""
        import numpy as np

        fr, col = self.frontier, self.col
        way, deltas, lookup = self._ways(keys)
        closing = np.flatnonzero((way == -_CLOSE) & ((keys[0] & self.other_arms) == 0))
        if fr.pending[self.t]:
            closing = closing[[self.may_close(_key(keys[:, j])) for j in closing.tolist()]]
        base = keys & self.clear[:, None]
        groups = [np.flatnonzero(way > 0), np.flatnonzero(way > 1)]
        joins = [(kind, np.flatnonzero(way == -kind)) for kind in (_JOIN_OPEN, _JOIN_CLOSE)]
        del way  # each temporary dropped as soon as it is used: the step's peak is its bytes
        if afford is not None:
            afford(sum(len(chosen) for chosen in groups) + sum(len(chosen) for _, chosen in joins))
        # int32 where it fits: half the memory of a reused transition, and no slower to gather by
        # (np.add.reduceat over 900,000 candidates: 0.079 s with int32 indices, 0.083 with int64).
        index = np.int32 if 2 * len(keys[0]) < 2**31 else np.intp
        source: Indices = np.concatenate(groups + [chosen for _, chosen in joins], dtype=index)
        # The candidates written into one array, group by group: no list of parts beside it.
        candidates = np.empty((fr.words, len(source)), np.int64)
        at = 0
        for k, chosen in enumerate(groups):
            np.bitwise_or(base[:, chosen], deltas[k][:, lookup[chosen]], out=candidates[:, at : at + len(chosen)])
            at += len(chosen)
        for kind, chosen in joins:
            joined = candidates[:, at : at + len(chosen)]
            np.bitwise_or(base[:, chosen], deltas[0][:, lookup[chosen]], out=joined)
            if len(chosen):
                joined[0] = _rejoin(joined[0], kind, col, fr.cols)
            at += len(chosen)
        del base, lookup, groups, joins
        if not len(source):
            return Transition(candidates, source, np.zeros(0, np.intp), closing)
        # Timsort finds the runs that the previous step's sorted order leaves: `python
        # bench/count.py 12x12` 2.1 and 2.4 CPU-s against 2.5 and 2.7 with the default quicksort.
        order = np.argsort(candidates[0], kind="stable") if len(candidates) == 1 else np.lexsort(candidates[::-1])
        candidates = candidates[:, order]
        source = source[order]
        del order
        changed = candidates[0, 1:] != candidates[0, :-1]
        for word in candidates[1:]:
            changed |= word[1:] != word[:-1]
        starts = np.flatnonzero(np.concatenate(([True], changed)))
        return Transition(candidates[:, starts], source, starts.astype(index), closing)

    def _ways(self, keys: Keys) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64], Indices]:
        """Per state: how many plain outcomes (or -kind for a join); the deltas (2 × words) of
        every part, and each state's part among them: the candidates gather their deltas once,
        not every state's first (a third of the step's time on a clued 14×14).

        Each state's part (what this vertex reads) is gathered into a compact index; the
        outcomes of each distinct part are computed once, in tables indexed directly by the
        compact part when it has few bits, else by its rank among the parts present.
        """
        import numpy as np

        compact = (keys[0] >> 2 * self.col) & 15
        for k, position in enumerate(self.read):
            compact |= ((keys[position // layout.WORD] >> (position % layout.WORD)) & 1) << (4 + k)
        bits = len(self.read) + 4
        if bits <= DIRECT_PART_BITS:
            lookup = compact
            parts = np.flatnonzero(np.bincount(compact, minlength=1 << bits)).tolist()
            slots, size = parts, 1 << bits
        else:
            unique, lookup = np.unique(compact, return_inverse=True)
            parts, size = unique.tolist(), len(unique)
            slots = list(range(size))
        ways = np.zeros(size, np.int8)
        deltas = np.zeros((2, self.frontier.words, size), np.int64)
        for slot, compact_part in zip(slots, parts, strict=True):
            found, kind = self.outcomes(self.part(compact_part))
            ways[slot] = -kind if kind else len(found)
            for k, delta in enumerate(found):
                deltas[k, :, slot] = _words(delta, self.frontier.words)
        return ways[lookup], deltas, lookup


def _rejoin(arms: npt.NDArray[np.int64], kind: int, col: int, cols: int) -> npt.NDArray[np.int64]:
    """Two path ends met at vertex `col`: re-pair the outer partner their join leaves behind,
    the first arm beyond them where the bracket depth (starting at 1) reaches 0."""
    import numpy as np

    slots = np.arange(col + 2, cols + 1) if kind == _JOIN_OPEN else np.arange(col - 1, -1, -1)
    # int8 throughout (a depth never passes the 22 arms): an eighth of the memory the int64 took,
    # `python bench/count.py bench/slitherlink/20x20/001.slither` 4.6 CPU-s against 5.1.
    brackets = ((arms[:, None] >> (2 * slots)[None, :]) & 3).astype(np.int8)
    opening = 1 if kind == _JOIN_OPEN else 2
    change = (brackets == opening).view(np.int8) - (brackets == 3 - opening).view(np.int8)
    depth = np.cumsum(change, axis=1, dtype=np.int8)  # the depth less its starting 1
    partner = slots[np.argmax(depth == -1, axis=1)]
    return arms ^ (np.int64(3) << (2 * partner))


def _words(bits: int, words: int) -> npt.NDArray[np.int64]:
    """A Python int's bits as key words."""
    import numpy as np

    return np.array([(bits >> (layout.WORD * w)) & ((1 << layout.WORD) - 1) for w in range(words)], np.int64)


def _key(words: npt.NDArray[np.int64]) -> int:
    return sum(int(word) << (layout.WORD * w) for w, word in enumerate(words.tolist()))
