"""Exact solution counts by frontier dynamic programming, without listing a single solution.

The loop lives on a lattice of vertices: cell corners for Slitherlink, cell centres for Masyu.
Vertices are visited row by row; at each one the DP decides its two forward edges (south,
east). A state is the "broken profile" of the C + 1 arms that cross the frontier (the south
arms of the vertices already visited in this row, the east arm entering the next vertex, the
south arms of the row above it), 2 bits each: 0 = off. With a single loop the on-arms carry
brackets (1 = `(`, 2 = `)`): two arms are ends of the same path exactly when their brackets
match, which is planar and canonical, so equal states merge without normalising. With
disjoint loops only degrees matter, so an on-arm is just 1.

Clues and circles are rules over a few nearby edges (`_Rule`). An edge that some rule still
needs after it was decided is remembered in a memo bit above the arms, until the rule's last
edge is decided; every rule is checked for satisfiability whenever one of its edges is
decided. A state's outcomes depend only on the arms and memo bits its vertex reads, so they
are computed once per distinct such part (`_Step.outcomes`) and reused for every state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from loopsat.puzzle import Puzzle

Vertex = tuple[int, int]
Edge = tuple[Vertex, Vertex]  # (a, b) with a before b in row-major order

# The widest frontier (vertices across the shorter side) counted. The bracket states grow about
# 3.5× per vertex of width; measured on empty boards (the usual worst case, clues mostly prune):
# 12 vertices (11×11 Slitherlink) 2 s, 13 (12×12) 8 s, and a clued 20×20 (21) already 3-50 s.
MAX_WIDTH = 13

_CLOSE = 3  # outcome kind: the arms `(` `)` meet, the loop closes
_JOIN_OPEN = 1  # `(` `(` meet: the partner of the second `(` becomes `(`
_JOIN_CLOSE = 2  # `)` `)` meet: the partner of the first `)` becomes `)`


class NotCountable(Exception):
    """The frontier DP does not apply: letters (SuperSlitherlink), or a board too wide for it."""


@dataclass(frozen=True)
class _Rule:
    """A local rule: its lattice edges and the value patterns it allows (bit k = `edges[k]` on)."""

    edges: tuple[Edge, ...]
    allowed: frozenset[int]


def _rule(edges: Sequence[Edge | None], holds: Callable[[list[int]], bool]) -> _Rule:
    """Tabulate `holds` over the on/off values of `edges`; None is an edge off the board (off)."""
    real = tuple(e for e in edges if e is not None)
    allowed = set()
    for pattern in range(1 << len(real)):
        bits = iter((pattern >> k) & 1 for k in range(len(real)))
        if holds([0 if e is None else next(bits) for e in edges]):
            allowed.add(pattern)
    return _Rule(real, frozenset(allowed))


def _slitherlink(puzzle: Puzzle) -> list[_Rule]:
    """A digit clue is the number of its cell's sides on the loop; corners are the vertices."""
    rules = []
    for i, row in enumerate(puzzle.grid):
        for j, ch in enumerate(row):
            if ch == ".":
                continue
            if ch not in "01234":
                raise NotCountable(f"letter {ch!r}: the frontier DP counts Slitherlink without superclues")
            nw, ne, sw, se = (i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)
            sides = ((nw, ne), (sw, se), (nw, sw), (ne, se))
            rules.append(_rule(sides, lambda values, clue=int(ch): sum(values) == clue))
    return rules


def _masyu(puzzle: Puzzle) -> list[_Rule]:
    """Circles read the edges up to two steps away in each direction; cell centres are the vertices."""
    m, n = puzzle.rows, puzzle.cols

    def edge(a: Vertex, b: Vertex) -> Edge | None:
        inside = all(0 <= x < m and 0 <= y < n for x, y in (a, b))
        return (min(a, b), max(a, b)) if inside else None

    rules = []
    for i, row in enumerate(puzzle.grid):
        for j, ch in enumerate(row):
            if ch == ".":
                continue
            # N, S, W, E: the arm at the circle, then the arm beyond its neighbour
            steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
            near = [edge((i, j), (i + di, j + dj)) for di, dj in steps]
            far = [edge((i + di, j + dj), (i + 2 * di, j + 2 * dj)) for di, dj in steps]
            rules.append(_rule(near + far, _black if ch == "1" else _white))
    return rules


def _black(values: list[int]) -> bool:
    """Turns here, and goes straight through the next cell on both arms."""
    n, s, w, e, fn, fs, fw, fe = values
    return n != s and w != e and n <= fn and s <= fs and w <= fw and e <= fe


def _white(values: list[int]) -> bool:
    """Goes straight here, and turns in at least one of the two next cells."""
    n, s, w, e, fn, fs, fw, fe = values
    vertical = n and s and not (w or e) and not (fn and fs)
    horizontal = w and e and not (n or s) and not (fw and fe)
    return bool(vertical or horizontal)


def count(puzzle: Puzzle, *, single_loop: bool = True) -> int:
    """The exact number of solutions: single loops, or (`single_loop=False`) DLX3's solutions,
    any set of disjoint loops obeying the clues, the empty one included when the clues allow it.
    Time grows with the width, not with the count.

    Raises NotCountable before any work for superclue letters, another genre, or a board whose
    shorter side has more than MAX_WIDTH vertices.
    """
    if puzzle.genre in ("slitherlink", "slink"):
        if puzzle.letters:
            raise NotCountable("superclue letters: the frontier DP counts Slitherlink without them")
        rows, cols, rules_of = puzzle.rows + 1, puzzle.cols + 1, _slitherlink
    elif puzzle.genre == "masyu":
        rows, cols, rules_of = puzzle.rows, puzzle.cols, _masyu
    else:
        raise NotCountable(f"no frontier DP for the genre {puzzle.genre!r}")
    if min(rows, cols) > MAX_WIDTH:
        cells = MAX_WIDTH - (rows - puzzle.rows)
        raise NotCountable(
            f"a {puzzle.rows}×{puzzle.cols} board is too wide for the frontier DP "
            f"(it counts {puzzle.genre} boards up to {cells} cells across)"
        )
    rules = rules_of(puzzle)
    if cols > rows:  # the frontier runs along the shorter side
        rows, cols = cols, rows
        rules = [_Rule(tuple(((a[1], a[0]), (b[1], b[0])) for a, b in rule.edges), rule.allowed) for rule in rules]
    return _Frontier(rows, cols, rules, single_loop).run()


class _Step:
    """Everything the DP needs at one vertex, prepared before the states arrive."""

    def __init__(self, frontier: _Frontier, t: int) -> None:
        self.frontier = frontier
        self.t = t
        self.row, self.col = divmod(t, frontier.cols)
        shift = 2 * self.col
        self.touched = frontier.touched[t]
        read = (frontier.memo[eid] for index in self.touched for eid in frontier.rules[index][0] if eid >> 1 < t)
        self.relevant = (15 << shift) | _mask(read)
        expiring = _mask(frontier.memo[eid] for eid in frontier.expiring[t])
        self.clear = ~((15 << shift) | expiring)
        self.other_arms = frontier.arms_mask & ~(15 << shift)
        self.cache: dict[int, tuple[int, ...]] = {}
        self.joins: dict[int, tuple[int, int]] = {}
        self.closable: dict[int, bool] = {}

    def outcomes(self, part: int) -> tuple[int, ...]:
        """The bits to set (arms here, new memo bits) for every way on, cached for `part`.

        `part` is the state masked to what this vertex reads: its two incoming arms and the
        memo bits of the rules it touches. Two single-loop ends that meet need more than bits
        to set (a partner to re-pair, or a loop to close): they go to `joins`, with no deltas.
        """
        fr, t, shift = self.frontier, self.t, 2 * self.col
        west, north = (part >> shift) & 3, (part >> (shift + 2)) & 3
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
            self.joins[part] = ({(1, 1): _JOIN_OPEN, (2, 2): _JOIN_CLOSE, (1, 2): _CLOSE}[west, north], deltas[0])
            deltas = []
        self.cache[part] = found = tuple(deltas)
        return found

    def _rules_hold(self, part: int, south: int, east: int) -> bool:
        """Every rule touched here can still be satisfied by the edges not yet decided."""
        fr, t = self.frontier, self.t
        for index in self.touched:
            edges, partial = fr.rules[index][0], fr.partial[index, t]
            pattern = 0
            for k, eid in enumerate(edges):
                if eid >> 1 < t:
                    pattern |= ((part >> fr.memo[eid]) & 1) << k
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
                pattern = sum(((part >> fr.memo[eid]) & 1) << k for k, eid in enumerate(edges) if eid >> 1 < t)
                if pattern not in allowed:
                    known = False
                    break
            self.closable[part] = known
        return known


class _Frontier:
    """The lattice with its rules as edge ids (2·step = south edge, 2·step + 1 = east edge)."""

    def __init__(self, rows: int, cols: int, rules: list[_Rule], single_loop: bool) -> None:
        self.rows, self.cols, self.single_loop = rows, cols, single_loop
        steps = rows * cols

        def eid(edge: Edge) -> int:
            (i, j), (k, _) = edge
            return 2 * (i * cols + j) + (1 if i == k else 0)

        self.rules = [(tuple(eid(e) for e in rule.edges), rule.allowed) for rule in rules]
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
        # Memo bits: an edge is remembered from its step until its last use, at a reused position.
        self.memo: dict[int, int] = {}
        self.expiring: list[list[int]] = [[] for _ in range(steps)]
        free: list[int] = []
        top = 2 * (cols + 1)
        for t in range(steps):
            for e in (2 * t, 2 * t + 1):
                if last_use.get(e, -1) > t:
                    if not free:
                        free.append(top)
                        top += 1
                    self.memo[e] = free.pop()
                    self.expiring[last_use[e]].append(e)
            free += [self.memo[e] for e in self.expiring[t]]
            free.sort(reverse=True)
        self.pending_mask = [
            _mask(self.memo[e] for index in self.pending[t] for e in self.rules[index][0] if e >> 1 < t)
            for t in range(steps)
        ]

    def run(self) -> int:
        if self.impossible:
            return 0
        cols, single_loop = self.cols, self.single_loop
        arms_mask = (1 << 2 * cols) - 1
        states: dict[int, int] = {0: 1}
        loops = 0
        for t in range(self.rows * cols):
            step = _Step(self, t)
            relevant, clear, cache, joins, outcomes = step.relevant, step.clear, step.cache, step.joins, step.outcomes
            after: dict[int, int] = {}
            get = after.get
            for key, number in states.items():
                part = key & relevant
                deltas = cache.get(part)
                if deltas is None:
                    deltas = outcomes(part)
                if deltas:
                    base = key & clear
                    for delta in deltas:
                        new = base | delta
                        after[new] = get(new, 0) + number
                elif part in joins:
                    kind, delta = joins[part]
                    if kind != _CLOSE:
                        new = _join(key & clear, kind, step.col) | delta
                        after[new] = get(new, 0) + number
                    elif not key & step.other_arms and step.may_close(key):
                        loops += number
            if step.col == cols - 1:  # next row: its first vertex has no west arm
                memo_mask = ~self.arms_mask
                after = {((key & arms_mask) << 2) | (key & memo_mask): number for key, number in after.items()}
            states = after
        return loops if single_loop else sum(states.values())


def _mask(positions: Iterable[int]) -> int:
    """The bits at `positions` (a position may come more than once)."""
    bits = 0
    for position in positions:
        bits |= 1 << position
    return bits


def _join(base: int, kind: int, col: int) -> int:
    """Two path ends meet at vertex `col`: re-pair the outer partner their join leaves behind."""
    depth = 1
    if kind == _JOIN_OPEN:
        slot = col + 2
        while True:
            arm = (base >> 2 * slot) & 3
            depth += 1 if arm == 1 else -1 if arm == 2 else 0
            if depth == 0:
                return base ^ (3 << 2 * slot)
            slot += 1
    slot = col - 1
    while True:
        arm = (base >> 2 * slot) & 3
        depth += 1 if arm == 2 else -1 if arm == 1 else 0
        if depth == 0:
            return base ^ (3 << 2 * slot)
        slot -= 1
