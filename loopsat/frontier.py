"""Exact solution counts by frontier dynamic programming, without listing a single solution.

The loop lives on the genre's lattice of tiles (`tile_shape`), the vertices here. They are
visited row by row along the shorter side; at each one the DP decides its two forward edges
(south, east). A state is the "broken profile" of the C + 1 arms that cross the frontier (the
south arms of the vertices already visited in this row, the east arm entering the next vertex,
the south arms of the row above it), 2 bits each: 0 = off. With a single loop the on-arms carry
brackets (1 = `(`, 2 = `)`): two arms are ends of the same path exactly when their brackets
match, which is planar and canonical, so equal states merge without normalising. With
disjoint loops only degrees matter, so an on-arm is just 1.

The rules are the genre's own tables (`rules(puzzle).tables`), each over a few nearby edges. A
decided edge is read from its arm while that is on the frontier; one that some table needs
later is remembered in a memo bit above the arms, until the table's last edge is decided (for
Slitherlink only the top side of a clue's cell). Every table is checked for satisfiability
whenever one of its edges is decided. The DP never restates a genre's law, so it declines
puzzles whose tables do not state every clue (`Rules.whole`).

All states of a step are processed at once as numpy arrays: keys are int64 words (63 bits each,
the arms in the first), counts are base-2³² limbs in uint64 (exact at any size, the carries
propagated after every step). A state's outcomes depend only on the arms and memo bits its
vertex reads, so they are computed once per distinct such part (`_Step.outcomes`) and applied to
every state by table look-up; equal keys are merged by sorting.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from loopsat.deduce import Rule
from loopsat.genres import GENRES
from loopsat.grid import edge_ends
from loopsat.puzzle import Puzzle

if TYPE_CHECKING:  # numpy is imported when the DP runs: `loopsat` starts without its ~0.1 s
    import numpy as np
    import numpy.typing as npt

    Keys = npt.NDArray[np.int64]  # words × states
    Counts = npt.NDArray[np.uint64]  # limbs × states

Vertex = tuple[int, int]
Edge = tuple[Vertex, Vertex]  # (a, b) with a before b in row-major order

# The widest frontier (vertices across the shorter side) counted. The bracket states grow about
# 3× per vertex of width; empty boards are the worst case (clues prune), `python bench/count.py
# 12x12 13x14 14x13 14x14 15x15 16x16`, CPU-s of the whole process: 13 vertices (12×12
# Slitherlink) 2.3, 14 (13×14, 14×13) 6.7 and 7.0, 15 (14×14) 19, 16 (15×15) 65 with 0.6 GB,
# 17 (16×16) 279 with 1.6 GB. One more vertex would take ~15 minutes and 5 GB.
MAX_WIDTH = 17

# Key bits per int64 word: the sign bit stays clear, so shifts and sorts are plain; the first word
# holds all 2·(MAX_WIDTH + 1) arm bits.
_WORD = 63
_LIMB = 32  # count bits per uint64 limb: sums of up to 2³² limbs cannot overflow
# Parts of up to this many bits index their tables directly (a bincount over 2¹⁶ slots), wider
# ones by rank (np.unique, a sort of every state). Hardly matters on clued boards, whose parts are
# small: `python bench/count.py bench/masyu/12x12/*.masyu` 1.74 CPU-s in all at 16, 1.66 at 0,
# 1.70 at 24; an empty board's 4-bit parts skip a sort of its many states.
_DIRECT_PART_BITS = 16

_CLOSE = 3  # outcome kind: the arms `(` `)` meet, the loop closes
_JOIN_OPEN = 1  # `(` `(` meet: the partner of the second `(` becomes `(`
_JOIN_CLOSE = 2  # `)` `)` meet: the partner of the first `)` becomes `)`


class NotCountable(ValueError):
    """The frontier DP does not apply: rules that are not all tables, or a board too wide for it
    (a ValueError: to the API it is the argument `strategy="frontier"` that does not apply)."""


def count(puzzle: Puzzle, *, single_loop: bool = True) -> int:
    """The exact number of solutions: single loops, or (`single_loop=False`) DLX3's solutions,
    any set of disjoint loops obeying the clues, the empty one included when the clues allow it.
    Time grows with the width, not with the count.

    Raises NotCountable before any work for a genre without clue tables for every clue
    (superclue letters, MCC items) or a board whose shorter side has more than MAX_WIDTH vertices.
    """
    genre = GENRES.get(puzzle.genre)
    if genre is None:
        raise NotCountable(f"no frontier DP for the genre {puzzle.genre!r}")
    rules = genre.rules(puzzle)
    if not rules.whole:
        raise NotCountable("superclue letters or MCC items (the DP needs every clue as a local table)")
    rows, cols = genre.tile_shape(puzzle)
    if min(rows, cols) > MAX_WIDTH:
        cells = MAX_WIDTH - (rows - puzzle.rows)
        raise NotCountable(
            f"a {puzzle.rows}×{puzzle.cols} board is too wide for the frontier DP "
            f"(it counts {puzzle.genre} boards up to {cells} cells across)"
        )
    transposed = cols > rows  # the frontier runs along the shorter side
    tables = [_lattice_table(table, rows, cols, transposed) for table in rules.tables]
    if transposed:
        rows, cols = cols, rows
    return _Frontier(rows, cols, tables, single_loop).run()


def _lattice_table(table: Rule, rows: int, cols: int, transposed: bool) -> tuple[tuple[Edge, ...], frozenset[int]]:
    """A genre table as lattice edges and bit patterns (bit k = edge k on); an edge off the
    lattice is off, so it is dropped with the patterns that need it on."""
    scope, allowed = table.scope, table.allowed
    edges: list[Edge | None] = []
    for point in scope:
        ends = [(x // 2, y // 2) for x, y in edge_ends(point)]
        inside = all(0 <= i < rows and 0 <= j < cols for i, j in ends)
        if transposed:
            ends = [(j, i) for i, j in ends]
        a, b = sorted(ends)
        edges.append((a, b) if inside else None)
    real = tuple(e for e in edges if e is not None)
    patterns = set()
    for values in allowed:
        if not any(on for on, e in zip(values, edges, strict=True) if e is None):
            bits = (on for on, e in zip(values, edges, strict=True) if e is not None)
            patterns.add(sum(on << k for k, on in enumerate(bits)))
    return real, frozenset(patterns)


class _Step:
    """Everything the DP needs at one vertex, prepared before the states arrive."""

    def __init__(self, frontier: _Frontier, t: int) -> None:
        self.frontier = frontier
        self.t = t
        self.row, self.col = divmod(t, frontier.cols)
        shift = 2 * self.col
        self.touched = frontier.touched[t]
        read = {
            bit
            for index in self.touched
            for eid in frontier.rules[index][0]
            if eid >> 1 < t
            for bit in frontier.bits(eid, t)
        }
        self.read = sorted(read - set(range(shift, shift + 4)))  # gathered into a part after the 4 bits here
        expiring = _mask(frontier.memo[eid] for eid in frontier.expiring[t])
        self.clear = _words(~((15 << shift) | expiring) & ((1 << _WORD * frontier.words) - 1), frontier.words)
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
        bits of the edges that the rules it touches have decided. Two single-loop ends that meet need more than bits
        to set (a partner to re-pair, or a loop to close): their kind is returned with the delta.
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

    def advance(self, keys: Keys, counts: Counts) -> tuple[Keys, Counts, int]:
        """The states after this vertex (merged), and the loops closed here."""
        import numpy as np

        fr, col = self.frontier, self.col
        way, deltas = self._ways(keys)
        base = keys & self.clear[:, None]
        new_keys, sources = [], []  # the candidates, and the state each comes from
        for k in (0, 1):
            chosen = np.flatnonzero(way > k)
            new_keys.append(base[:, chosen] | deltas[k][:, chosen])
            sources.append(chosen)
        for kind in (_JOIN_OPEN, _JOIN_CLOSE):
            chosen = np.flatnonzero(way == -kind)
            if len(chosen):
                joined = base[:, chosen] | deltas[0][:, chosen]
                joined[0] = _rejoin(joined[0], kind, col, fr.cols)
                new_keys.append(joined)
                sources.append(chosen)
        closing = np.flatnonzero((way == -_CLOSE) & ((keys[0] & self.other_arms) == 0))
        loops = sum(_value(counts[:, j]) for j in closing.tolist() if self.may_close(_key(keys[:, j])))
        merged_keys, merged_counts = _merge(np.concatenate(new_keys, axis=1), np.concatenate(sources), counts)
        return merged_keys, merged_counts, loops

    def _ways(self, keys: Keys) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Per state: how many plain outcomes (or -kind for a join), and their deltas (2 × words).

        Each state's part (what this vertex reads) is gathered into a compact index; the
        outcomes of each distinct part are computed once, in tables indexed directly by the
        compact part when it has few bits, else by its rank among the parts present.
        """
        import numpy as np

        compact = (keys[0] >> 2 * self.col) & 15
        for k, position in enumerate(self.read):
            compact |= ((keys[position // _WORD] >> (position % _WORD)) & 1) << (4 + k)
        bits = len(self.read) + 4
        if bits <= _DIRECT_PART_BITS:
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
        return ways[lookup], deltas[:, :, lookup]


class _Frontier:
    """The lattice with its rules as edge ids (2·step = south edge, 2·step + 1 = east edge)."""

    def __init__(
        self, rows: int, cols: int, rules: Sequence[tuple[tuple[Edge, ...], frozenset[int]]], single_loop: bool
    ) -> None:
        self.rows, self.cols, self.single_loop = rows, cols, single_loop
        steps = rows * cols

        def eid(edge: Edge) -> int:
            (i, j), (k, _) = edge
            return 2 * (i * cols + j) + (1 if i == k else 0)

        self.rules = [(tuple(eid(e) for e in edges), allowed) for edges, allowed in rules]
        self.impossible = any(not edges and 0 not in allowed for edges, allowed in self.rules)
        self.arms_mask = (1 << 2 * (cols + 1)) - 1
        # When each edge is read for the last time: the last step of its last rule.
        last_use: dict[int, int] = {}
        self.touched: list[list[int]] = [[] for _ in range(steps)]
        self.partial: dict[tuple[int, int], frozenset[int]] = {}
        self.pending: list[list[int]] = [[] for _ in range(steps)]
        for index, (edges, allowed) in enumerate(self.rules):
            decided_at = [e >> 1 for e in edges]
            last = max(decided_at, default=-1)
            for e in edges:
                last_use[e] = max(last_use.get(e, -1), last)
            for t in sorted(set(decided_at)):
                self.touched[t].append(index)
                known = sum(1 << k for k, s in enumerate(decided_at) if s <= t)
                self.partial[index, t] = frozenset(a & known for a in allowed)
            for t in range(last):
                self.pending[t].append(index)
        # Memo bits: an edge read after its arm has left the frontier (a south arm after the vertex
        # below, an east arm after the next vertex) is remembered from its step until its last
        # use, at a reused position.
        self.memo: dict[int, int] = {}
        self.expiring: list[list[int]] = [[] for _ in range(steps)]
        free: list[int] = []
        top = 2 * (cols + 1)
        for t in range(steps):
            for e in (2 * t, 2 * t + 1):
                if last_use.get(e, -1) > t + (cols if e == 2 * t else 1):
                    if not free:
                        free.append(top)
                        top += 1
                    self.memo[e] = free.pop()
                    self.expiring[last_use[e]].append(e)
            free += [self.memo[e] for e in self.expiring[t]]
            free.sort(reverse=True)
        self.words = -(-top // _WORD)
        self.pending_mask = [
            _mask(
                bit for index in self.pending[t] for e in self.rules[index][0] if e >> 1 < t for bit in self.bits(e, t)
            )
            for t in range(steps)
        ]

    def bits(self, eid: int, t: int) -> tuple[int, ...]:
        """Where the states keep edge `eid`, decided before step `t` and read there: its memo bit,
        else its arm (2 bits, on when either is), still on the frontier until the edge's last use."""
        if eid in self.memo:
            return (self.memo[eid],)
        (row, col), south = divmod(eid >> 1, self.cols), not eid & 1
        slot = col + 1 if not south or row < t // self.cols else col  # the row's end shifts arms by one
        return (2 * slot, 2 * slot + 1)

    def value(self, state: int, eid: int, t: int) -> int:
        """Edge `eid` (decided before step `t`) in a state at step `t`: 1 on, 0 off."""
        return 1 if any(state >> bit & 1 for bit in self.bits(eid, t)) else 0

    def run(self) -> int:
        import numpy as np

        if self.impossible:
            return 0
        cols = self.cols
        row_arms = (1 << 2 * cols) - 1  # a row's arms, but for the east arm of its last vertex (off)
        row_memo = ((1 << _WORD) - 1) & ~self.arms_mask
        keys: Keys = np.zeros((self.words, 1), np.int64)
        counts: Counts = np.array([[1], [0]], np.uint64)  # one state, count 1, and a zero top limb
        loops = 0
        for t in range(self.rows * cols):
            step = _Step(self, t)
            keys, counts, closed = step.advance(keys, counts)
            loops += closed
            if not keys.shape[1]:
                break
            if step.col == cols - 1:  # next row: its first vertex has no west arm
                keys[0] = ((keys[0] & row_arms) << 2) | (keys[0] & row_memo)
        if self.single_loop:
            return loops
        return _value(counts.sum(axis=1, dtype=np.uint64)) if keys.shape[1] else 0


def _merge(keys: Keys, sources: npt.NDArray[np.intp], counts: Counts) -> tuple[Keys, Counts]:
    """Equal keys summed into one state (candidate k has the count of state `sources[k]`), and
    the counts' carries propagated between limbs.

    The top limb is kept all zero on the way in, so it takes the carries; when one arrives a
    fresh zero limb goes on top.
    """
    import numpy as np

    if not keys.shape[1]:
        return keys, counts[:, sources]
    # Timsort finds the runs that the previous step's sorted order leaves: `python bench/count.py
    # 12x12` 2.1 and 2.4 CPU-s against 2.5 and 2.7 with the default quicksort (run in turns).
    order = np.argsort(keys[0], kind="stable") if len(keys) == 1 else np.lexsort(keys[::-1])
    keys, counts = keys[:, order], counts[:, sources[order]]
    starts = np.flatnonzero(np.concatenate(([True], (keys[:, 1:] != keys[:, :-1]).any(axis=0))))
    keys, counts = keys[:, starts], np.add.reduceat(counts, starts, axis=1)
    for limb in range(len(counts) - 1):
        counts[limb + 1] += counts[limb] >> np.uint64(_LIMB)
        counts[limb] &= np.uint64((1 << _LIMB) - 1)
    if counts[-1].any():
        counts = np.concatenate((counts, np.zeros((1, counts.shape[1]), np.uint64)))
    return keys, counts


def _rejoin(arms: npt.NDArray[np.int64], kind: int, col: int, cols: int) -> npt.NDArray[np.int64]:
    """Two path ends met at vertex `col`: re-pair the outer partner their join leaves behind,
    the first arm beyond them where the bracket depth (starting at 1) reaches 0."""
    import numpy as np

    slots = np.arange(col + 2, cols + 1) if kind == _JOIN_OPEN else np.arange(col - 1, -1, -1)
    brackets = (arms[:, None] >> (2 * slots)[None, :]) & 3
    opening = 1 if kind == _JOIN_OPEN else 2
    depth = 1 + np.cumsum((brackets == opening).astype(np.int64) - (brackets == 3 - opening), axis=1)
    partner = slots[np.argmax(depth == 0, axis=1)]
    return arms ^ (np.int64(3) << (2 * partner))


def _words(bits: int, words: int) -> npt.NDArray[np.int64]:
    """A Python int's bits as key words."""
    import numpy as np

    return np.array([(bits >> (_WORD * w)) & ((1 << _WORD) - 1) for w in range(words)], np.int64)


def _key(words: npt.NDArray[np.int64]) -> int:
    return sum(int(word) << (_WORD * w) for w, word in enumerate(words.tolist()))


def _value(limbs: npt.NDArray[np.uint64]) -> int:
    return sum(int(limb) << (_LIMB * k) for k, limb in enumerate(limbs.tolist()))


def _mask(positions: Iterable[int]) -> int:
    """The bits at `positions` (a position may come more than once)."""
    bits = 0
    for position in positions:
        bits |= 1 << position
    return bits
