"""Which states the rest of the board can still finish: a sweep from the other end, run first.

On a clued board most states of the sweep are dead: their arms cannot be closed under the clues
still ahead (bench/count/clued-14x14-30.slither: 16 % of 59 million states ever lead to a loop,
1 % in the last three rows). Before the count, the board turned half a turn is swept without
counts and as disjoint loops (a state is then which arms are on, with the memo bits of its rules):
its states at the vertex where the count reaches step t are exactly the sets of crossing edges
that the vertices after t can complete, every clue below checked (the disjoint loops relax the
single loop, so no live state is lost). The count keeps only states whose crossing edges are
among them, and, for the clues on both sides of the cut, whose remembered edges above agree with
some completion below (`Cut`: a clue's top edge against its bottom one). The 14×14 then holds
20 million states in all, 351,000 at most, against 59 million and 1.36 million. A turned sweep
that forgot the clue edges instead (no memo bits, cheaper) left 57 million of the 59.

The turned sweep costs states of its own; it stops where they pass a bound, or where they and the
sets it keeps would pass a share of the memory budget, and the steps it did not reach are not
pruned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from loopsat.solver.frontier import layout
from loopsat.solver.frontier.layout import Edge, Frontier, Table
from loopsat.solver.frontier.step import Stage

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from loopsat.solver.frontier.step import Keys

    Alive = npt.NDArray[np.int64]  # sorted compact keys of the states that can be finished
    Kept = npt.NDArray[np.int64] | npt.NDArray[np.uint32]  # the same, in 4 bytes where they fit

# The turned sweep and the sets it keeps may take this share of the count's memory budget, the
# rest is the count's own (the share its reused transitions take, sweep._CACHE_SHARE).
SHARE = 0.25
# The turned sweep stops past this many states: it is a cost of its own, and most dead states
# lie near the end of the board, where it starts small. Run to the end, it cost more than it
# saved on the 20×20 puzzles of the bench, whose counts hold few states anyway: 002 4.45 CPU-s
# against 0.73 without it (1.7 million states in the turned sweep's 5th row), 001 5.26 against
# 3.34 (2.4 million in its 16th). Whole process, `python bench/count_states.py` on 001, 002 and
# the clued 14×14 (load about 8): at 500,000 1.71, 0.79, 1.93 CPU-s; at 200,000 0.68, 0.75,
# 1.98; at 100,000 0.59, 0.68, 2.41 (the 14×14's last rows no longer pruned: 182 MB, not 84).
MOST_STATES = 200_000
# The count is pruned before every CUT_EVERY-th vertex of a row, from its second on: the dead
# states born between two cuts are dropped at the next. The clued 14×14, whole process, CUT_EVERY
# 1 to 7 (one run each, load about 8): 3.06, 2.21, 2.07, 2.09, 1.93, 1.88 CPU-s, 3.4-3.6 without
# the lookahead; 4 keeps a 21-wide row's kept sets to five.
CUT_EVERY = 4
# Bytes a state of the turned sweep holds while it steps: at most two candidates a state at the
# count's sorted sweep's bytes while sorting (sweep._SORT_PER_WORD + sweep._SORT_FIXED, 32 with one
# word), and the state itself, its part and its groups of ways, rounded up.
_BYTES_PER_STATE = 100


def turned(tables: Sequence[Table], rows: int, cols: int) -> list[Table]:
    """The rules of the lattice turned half a turn: vertex (i, j) becomes (rows-1-i, cols-1-j),
    so the turned sweep visits the vertices in the reverse order."""

    def turn(edge: Edge) -> Edge:
        (i, j), (k, m) = edge
        a, b = sorted(((rows - 1 - i, cols - 1 - j), (rows - 1 - k, cols - 1 - m)))
        return a, b

    return [(tuple(turn(e) for e in edges), allowed) for edges, allowed in tables]


class Cut:
    """How the count's states at step t and the turned sweep's at step N - t meet: the crossing
    edges (the count's arm slot s is the turned sweep's slot cols - s) and the rules with edges
    remembered on both sides (`above` by the count, `below` by the turned sweep), whose tables
    then tell which remembered edges above some completion below allows."""

    def __init__(self, ahead: Frontier, behind: Frontier, t: int) -> None:
        import numpy as np

        self.cols = ahead.cols
        self.even = _EVEN & ahead.arms_mask  # the low bit of every arm's two
        self.above: list[int] = []  # the count's memo bits, in the compact key after the arms
        self.below: list[int] = []  # the turned sweep's memo bits the rules read
        self.rules: list[tuple[list[tuple[str, int]], npt.NDArray[np.bool_]]] = []
        for edges, allowed in ahead.rules:
            if not any(eid >> 1 >= t for eid in edges) or all(eid >> 1 >= t for eid in edges):
                continue  # all on one side: that side checks it
            where: list[tuple[str, int]] = []
            for eid in edges:
                step, east = divmod(eid, 2)
                if step >= t:  # both ends at or after the cut: the turned sweep decided it
                    where.append(("below", _turned_bit(behind, eid, ahead, ahead.rows * ahead.cols - t)))
                elif step + (1 if east else self.cols) >= t:  # crossing the cut: an arm
                    row_above = step // self.cols < t // self.cols  # a south arm of the row above
                    where.append(("arm", step % self.cols + (1 if east or row_above else 0)))
                else:  # both ends above, read after t: the count remembers it
                    where.append(("above", ahead.memo[eid]))
            kinds = {kind for kind, _ in where}
            if "below" not in kinds or "above" not in kinds:
                continue  # one side alone checks it fully
            table = np.zeros(1 << len(edges), np.bool_)
            table[list(allowed)] = True
            for kind, bit in where:
                listed = self.above if kind == "above" else self.below if kind == "below" else None
                if listed is not None and bit not in listed:
                    listed.append(bit)
            self.rules.append((where, table))

    def alive(self, behind_keys: Keys) -> Alive:
        """The compact keys (arms on, then the count's remembered bits) that the turned sweep's
        states complete: per rule on both sides, every value of its edges above that its table
        allows with the edges below."""
        import numpy as np

        pattern = _on(behind_keys[0] & self.even)  # in the turned sweep's slot order
        for k, bit in enumerate(self.below):
            pattern |= ((behind_keys[bit // layout.WORD] >> (bit % layout.WORD)) & 1) << (self.cols + 1 + k)
        pattern = _distinct(pattern)  # arms, then the edges below
        chosen = np.zeros(len(pattern), np.int64)  # the edges above, compact
        fixed: set[int] = set()
        for where, table in self.rules:
            new = [bit for bit in dict.fromkeys(bit for kind, bit in where if kind == "above") if bit not in fixed]
            fixed.update(new)
            grown, picks = [], []
            for value in range(1 << len(new)):
                trial = chosen.copy()
                for k, bit in enumerate(new):
                    trial |= ((value >> k) & 1) << self.above.index(bit)
                index = np.zeros(len(pattern), np.int64)
                for k, (kind, bit) in enumerate(where):
                    if kind == "above":
                        on = (trial >> self.above.index(bit)) & 1
                    elif kind == "arm":  # the count's slot s is the turned sweep's cols - s
                        on = (pattern >> (self.cols - bit)) & 1
                    else:
                        on = (pattern >> (self.cols + 1 + self.below.index(bit))) & 1
                    index |= on << k
                ok = table[index]
                grown.append(pattern[ok])
                picks.append(trial[ok])
            pattern, chosen = np.concatenate(grown), np.concatenate(picks)
        arms = _reversed(pattern & ((1 << (self.cols + 1)) - 1), self.cols + 1)
        return _distinct((arms << len(self.above)) | chosen)

    def key(self, keys: Keys) -> Alive:
        """The count's states as compact keys, to look up among `alive`."""
        pattern = _on((keys[0] | keys[0] >> 1) & self.even) << len(self.above)
        for k, bit in enumerate(self.above):
            pattern |= ((keys[bit // layout.WORD] >> (bit % layout.WORD)) & 1) << k
        return pattern


_EVEN = int("01" * 31, 2)


@cache
def _tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """16 bits → their 8 even bits side by side; 8 bits → the same reversed."""
    import numpy as np

    every = np.arange(1 << 16, dtype=np.int64)
    even = np.zeros(1 << 16, np.int64)
    byte = np.arange(256, dtype=np.int64)
    mirror = np.zeros(256, np.int64)
    for k in range(8):
        even |= ((every >> (2 * k)) & 1) << k
        mirror |= ((byte >> k) & 1) << (7 - k)
    return even, mirror


def _on(bits: Keys) -> Alive:
    """One bit per arm (slot s at bit s) from arms whose low bits say whether they are on."""
    even = _tables()[0]
    return even[bits & 0xFFFF] | even[(bits >> 16) & 0xFFFF] << 8 | even[(bits >> 32) & 0xFFFF] << 16


def _reversed(pattern: Alive, width: int) -> Alive:
    """Each pattern's low `width` bits (at most 24) in reverse order."""
    mirror = _tables()[1]
    wide = mirror[pattern & 255] << 16 | mirror[(pattern >> 8) & 255] << 8 | mirror[(pattern >> 16) & 255]
    return wide >> (24 - width)


def _distinct(values: Alive) -> Alive:
    """The distinct values, sorted (a sort and a compare: numpy's hashed unique took 4 of the
    clued 14×14's 13 s)."""
    import numpy as np

    values = np.sort(values)
    if len(values) < 2:
        return values
    return values[np.concatenate(([True], values[1:] != values[:-1]))]


def _turned_bit(behind: Frontier, eid: int, ahead: Frontier, step: int) -> int:
    """Where the turned sweep, at `step`, keeps the count's edge `eid` (decided below the cut)."""
    rows, cols = ahead.rows, ahead.cols
    (i, j), east = divmod(eid >> 1, cols), eid & 1
    a, b = (rows - 1 - i, cols - 1 - j), (rows - 1 - i, cols - 1 - j - 1) if east else (rows - 2 - i, cols - 1 - j)
    (p, q), (r, _) = sorted((a, b))
    turned = 2 * (p * cols + q) + (1 if p == r else 0)
    return behind.bits(turned, step)[0]


class Lookahead:
    """The compact keys the count may keep at each step it reaches, from the turned sweep."""

    def __init__(
        self,
        ahead: Frontier,
        tables: Sequence[Table],
        memory: int,
        progress: Callable[[str], None] | None = None,
    ) -> None:
        import numpy as np

        rows, cols = ahead.rows, ahead.cols
        steps = rows * cols
        behind = Frontier(rows, cols, turned(tables, rows, cols), single_loop=False)
        self.cuts: dict[int, tuple[Cut, Kept]] = {}
        if behind.impossible:
            return
        kept = 0
        keys: Keys = np.zeros((behind.words, 1), np.int64)
        for step in range(steps):
            t = steps - step  # the count's step at this cut
            states = keys.shape[1]
            if states > MOST_STATES or kept + _BYTES_PER_STATE * behind.words * states > SHARE * memory:
                break  # the earlier steps of the count go unpruned
            if progress is not None:
                row, col = divmod(step, cols)
                progress(f"looking ahead: row {rows - row}/{rows}, column {cols - col}/{cols}: {states:,} states")
            if t % cols and (t % cols - 1) % CUT_EVERY == 0:  # never a row's first vertex: arms shifted
                cut = Cut(ahead, behind, t)
                alive: Kept = cut.alive(keys)
                if len(alive) and int(alive[-1]) < 1 << 32:
                    alive = alive.astype(np.uint32)
                self.cuts[t] = (cut, alive)
                kept += alive.nbytes
            keys = Stage(behind, step).transition(keys).keys
            if not keys.shape[1]:
                break
            if step % cols == cols - 1:
                keys = behind.next_row(keys)

    def keep(self, t: int, keys: Keys) -> npt.NDArray[np.bool_] | None:
        """Which of the count's states at step t the rest of the board can finish (None: all)."""
        import numpy as np

        found = self.cuts.pop(t, None)
        if found is None:
            return None
        cut, alive = found
        compact = cut.key(keys)
        where = np.searchsorted(alive.astype(np.int64), compact)
        where[where == len(alive)] = 0
        return alive[where] == compact if len(alive) else np.zeros(len(compact), np.bool_)
