"""Where a frontier state keeps what: the lattice's rules as edge ids, the arms, the memo bits.

Edge ids: 2·step is the south edge of the vertex visited at `step`, 2·step + 1 its east edge.
A decided edge is read from its arm while that is on the frontier; one that some rule reads
later is kept in a memo bit above the arms until the rule's last edge is decided.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from loopsat.deduce import Rule
from loopsat.grid import edge_ends

if TYPE_CHECKING:
    from loopsat.solver.frontier.step import Keys

Vertex = tuple[int, int]
Edge = tuple[Vertex, Vertex]  # (a, b) with a before b in row-major order
Table = tuple[tuple[Edge, ...], frozenset[int]]

# Key bits per int64 word: the sign bit stays clear, so shifts and sorts are plain; the first word
# holds all 2·(MAX_WIDTH + 1) arm bits.
WORD = 63


def lattice_table(table: Rule, rows: int, cols: int, transposed: bool) -> Table:
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


class Frontier:
    """The lattice with its rules as edge ids, and where each state keeps the edges they read."""

    def __init__(self, rows: int, cols: int, rules: Sequence[Table], single_loop: bool) -> None:
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
        self.memo_live = [0] * steps  # memo bits in use on the way into each step
        free: list[int] = []
        top = 2 * (cols + 1)
        for t in range(steps):
            self.memo_live[t] = top - 2 * (cols + 1) - len(free)
            for e in (2 * t, 2 * t + 1):
                if last_use.get(e, -1) > t + (cols if e == 2 * t else 1):
                    if not free:
                        free.append(top)
                        top += 1
                    self.memo[e] = free.pop()
                    self.expiring[last_use[e]].append(e)
            free += [self.memo[e] for e in self.expiring[t]]
            free.sort(reverse=True)
        self.words = -(-top // WORD)
        self.pending_mask = [
            mask(
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

    def next_row(self, keys: Keys) -> Keys:
        """The states at a row's end moved on to the next row's first vertex, which has no west
        arm: the arms shift by one slot (the east arm of the row's last vertex is off), the memo
        bits stay. A copy: a cached transition keeps its own keys."""
        row_arms = (1 << 2 * self.cols) - 1
        row_memo = ((1 << WORD) - 1) & ~self.arms_mask
        keys = keys.copy()
        keys[0] = ((keys[0] & row_arms) << 2) | (keys[0] & row_memo)
        return keys

    def plain(self, t: int) -> bool:
        """Whether step `t` reads no rule and keeps no memo bit: its transition then depends only on
        its column and whether it is in the last row, so it can be reused for equal states."""
        return not self.touched[t] and not self.pending[t] and not self.memo_live[t] and not self.expiring[t]


def mask(positions: Iterable[int]) -> int:
    """The bits at `positions` (a position may come more than once)."""
    bits = 0
    for position in positions:
        bits |= 1 << position
    return bits
