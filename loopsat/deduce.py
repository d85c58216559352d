"""Deduction before search: local rules propagated to a fixpoint, then failed-literal probing.

Every local rule is a table, the edge patterns one vertex (degree 0 or 2) or one clue allows; the
genre supplies its clue tables (`rules`). One global rule joins them: an edge that would close a
chain of loop edges into a cycle while other loop edges lie outside that chain is off. Probing
sets an undecided edge on, then off, and propagates each: a branch that fails fixes the other
value, and what both branches agree on holds too. That is how a human solves Slitherlink (zeros,
adjacent and diagonal 3s, corners, degree, no premature loop are all instances) and Masyu.

Everything deduced holds in every single loop, so the search only gets the undecided part, and a
puzzle deduced completely has exactly one solution without any search.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product
from typing import Any

from loopsat.grid import Point, edge_ends

Rule = tuple[tuple[Point, ...], frozenset[tuple[int, ...]]]


@dataclass(frozen=True)
class Rules:
    """A genre's clue tables; `whole` when they state every clue, so that a complete deduction
    proves its loop (else the search still checks it against the model)."""

    tables: list[Rule]
    whole: bool


_ABSENT = object()  # trail marker: the key was not in the dict


class _Contradiction(Exception):
    """The current assignment admits no single loop."""


class _Board:
    """Edge values (-1 undecided), the rules watching each edge, and the chains of loop edges.

    A chain is a path of edges that are on; `far[v]` is the other end of the chain ending at v and
    `size[v]` its number of edges. Every change is logged on a trail so a probe can be undone.
    """

    def __init__(self, edges: list[Point], rules: Iterable[Rule], single_loop: bool) -> None:
        self.edges = edges
        index = {e: k for k, e in enumerate(edges)}
        self.ends = [edge_ends(e) for e in edges]
        self.value = [-1] * len(edges)
        self.single_loop = single_loop
        incident: dict[Point, list[Point]] = {}
        for e, ends in zip(edges, self.ends, strict=True):
            for v in ends:
                incident.setdefault(v, []).append(e)
        self.trail: list[tuple[str, Any, Any]] = []  # (kind, what, old value)
        self.queue: list[int] = []
        tables = [_degree_rule(arms) for arms in incident.values()]
        self.rules: list[tuple[tuple[int, ...], _Table]] = []
        tables_by_patterns: dict[frozenset[int], _Table] = {}
        self.watch: list[list[int]] = [[] for _ in edges]
        for scope, patterns in [*tables, *rules]:
            kept = [k for k, e in enumerate(scope) if e in index]  # an absent edge is off
            possible = [p for p in patterns if not any(p[k] for k, e in enumerate(scope) if e not in index)]
            allowed = frozenset(sum(p[k] << n for n, k in enumerate(kept)) for p in possible)
            if not allowed:
                raise _Contradiction
            if len(allowed) < 2 ** len(kept):  # else no restriction
                if allowed not in tables_by_patterns:
                    tables_by_patterns[allowed] = _Table(allowed, len(kept))
                self._add_rule(tuple(index[scope[k]] for k in kept), tables_by_patterns[allowed])
        self.edge_between = {frozenset(ends): k for k, ends in enumerate(self.ends)}
        self.degree: dict[Point, int] = dict.fromkeys(incident, 0)
        self.far: dict[Point, Point] = {}
        self.size: dict[Point, int] = {}
        self.on = 0
        self.closed = False

    def _add_rule(self, scope: tuple[int, ...], table: _Table) -> None:
        rule = len(self.rules)
        self.rules.append((scope, table))
        for k in scope:
            self.watch[k].append(rule)
        self.queue.append(rule)

    # --- changes, each logged ---------------------------------------------------------------

    def _set(self, table: dict, key: object, value: object) -> None:
        self.trail.append(("d", (table, key), table.get(key, _ABSENT)))
        if value is _ABSENT:
            del table[key]
        else:
            table[key] = value

    def assign(self, k: int, bit: int) -> None:
        """Give edge k its value and queue the rules that watch it."""
        if self.value[k] >= 0:
            if self.value[k] != bit:
                raise _Contradiction
            return
        self.value[k] = bit
        self.trail.append(("v", k, None))
        self.queue.extend(self.watch[k])
        if bit and self.single_loop:
            self._join(k)

    def _join(self, k: int) -> None:
        """Edge k is on: merge the chains at its ends; a cycle must be the whole loop."""
        if self.closed:
            raise _Contradiction  # a loop is already closed, nothing may lie outside it
        a, b = self.ends[k]
        if self.degree[a] == 2 or self.degree[b] == 2:
            raise _Contradiction
        far_a, far_b = self.far.get(a, a), self.far.get(b, b)
        closing = far_a == b  # a and b end one chain: this edge closes it into a cycle
        length = self.size[a] + 1 if closing else self.size.get(a, 0) + self.size.get(b, 0) + 1
        self.trail.append(("on", k, None))
        self.degree[a] += 1
        self.degree[b] += 1
        self.on += 1
        for v in (a, b):
            if v in self.far:
                self._set(self.far, v, _ABSENT)
                self._set(self.size, v, _ABSENT)
        if closing:
            if self.on != length:
                raise _Contradiction  # loop edges outside this cycle
            self.trail.append(("closed", None, None))
            self.closed = True
            return
        self._set(self.far, far_a, far_b)
        self._set(self.far, far_b, far_a)
        self._set(self.size, far_a, length)
        self._set(self.size, far_b, length)
        self._forbid_closing(far_a, far_b, length)

    def _forbid_closing(self, x: Point, y: Point, length: int) -> None:
        """The edge joining the chain's two ends would close it: off while other loop edges exist."""
        k = self.edge_between.get(frozenset((x, y)))
        if k is not None and self.value[k] < 0 and self.on > length:
            self.assign(k, 0)

    def undo(self, mark: int) -> None:
        """Take back every change after trail position `mark`."""
        trail = self.trail
        while len(trail) > mark:
            kind, key, old = trail.pop()
            if kind == "v":
                self.value[key] = -1
            elif kind == "d":
                table, name = key
                if old is _ABSENT:
                    del table[name]
                else:
                    table[name] = old
            elif kind == "on":
                a, b = self.ends[key]
                self.degree[a] -= 1
                self.degree[b] -= 1
                self.on -= 1
            else:
                self.closed = False
        self.queue.clear()

    # --- propagation and probing ---------------------------------------------------------------

    def propagate(self) -> None:
        """Filter every queued rule's patterns by the values so far; fix what all agree on."""
        value, rules, queue = self.value, self.rules, self.queue
        while queue:
            scope, table = rules[queue.pop()]
            known = bits = 0
            for position, k in enumerate(scope):
                if value[k] >= 0:
                    known |= 1 << position
                    bits |= value[k] << position
            forced = table.consequence(known, bits)
            if forced is None:
                raise _Contradiction
            on, off = forced
            if on or off:
                for position, k in enumerate(scope):
                    if on >> position & 1:
                        self.assign(k, 1)
                    elif off >> position & 1:
                        self.assign(k, 0)

    def closing_pass(self) -> None:
        """Re-check every chain's closing edge: chains made earlier may now have company."""
        for x, y in list(self.far.items()):
            if x < y:
                self._forbid_closing(x, y, self.size[x])
        self.propagate()

    def probe(self, k: int, bit: int) -> list[tuple[int, int]] | None:
        """The values that follow from edge k = bit, or None if it fails; the board is unchanged."""
        mark = len(self.trail)
        try:
            self.assign(k, bit)
            self.propagate()
        except _Contradiction:
            self.undo(mark)
            return None
        follows = [(j, self.value[j]) for kind, j, _ in self.trail[mark:] if kind == "v"]
        self.undo(mark)
        return follows

    def near(self, changed: list[int]) -> set[int]:
        """The edges sharing a rule with a changed edge: a probe that touched none of them would
        give the same answer again."""
        rules = self.rules
        return {j for k in changed for rule in self.watch[k] for j in rules[rule][0]}

    def settle(self, fixed: Iterable[tuple[int, int]]) -> None:
        for k, bit in fixed:
            self.assign(k, bit)
        self.propagate()
        if self.single_loop:
            self.closing_pass()


class _Table:
    """The patterns one rule allows (bit n = its n-th edge), with what each partial assignment forces."""

    def __init__(self, allowed: frozenset[int], width: int) -> None:
        self.allowed = allowed
        self.full = (1 << width) - 1
        self.known: dict[tuple[int, int], tuple[int, int] | None] = {}

    def consequence(self, known: int, bits: int) -> tuple[int, int] | None:
        """(edges forced on, edges forced off) as bit masks, or None when no pattern fits."""
        key = (known, bits)
        if key not in self.known:
            fits = [p for p in self.allowed if p & known == bits]
            if not fits:
                self.known[key] = None
            else:
                every = some = fits[0]
                for p in fits[1:]:
                    every &= p
                    some |= p
                free = self.full & ~known
                self.known[key] = (every & free, ~some & free)
        return self.known[key]


def _degree_rule(arms: list[Point]) -> Rule:
    """A vertex has 0 or 2 loop edges."""
    return tuple(arms), frozenset(p for p in product((0, 1), repeat=len(arms)) if sum(p) in (0, 2))


def deduce(edges: Iterable[Point], rules: Iterable[Rule], *, single_loop: bool = True) -> dict[Point, bool] | None:
    """The edge values every solution shares that the rules can find; None when there is none."""
    try:
        board = _Board(list(edges), rules, single_loop)
        board.settle(())
        reach: dict[int, set[int]] = {}  # the edges each probe of an edge touched
        suspects: Iterable[int] = range(len(board.edges))
        while suspects:
            mark = len(board.trail)
            for k in suspects:
                if board.value[k] >= 0:
                    continue
                on, off = board.probe(k, 1), board.probe(k, 0)
                if on is None and off is None:
                    return None
                if on is None or off is None:
                    board.settle([(k, 0 if on is None else 1)])
                    continue
                reach[k] = {j for j, _ in on} | {j for j, _ in off}
                if agreed := set(on) & set(off):
                    board.settle(agreed)
            zone = board.near([k for kind, k, _ in board.trail[mark:] if kind == "v"])
            suspects = [k for k, touched in reach.items() if board.value[k] < 0 and not touched.isdisjoint(zone)]
    except _Contradiction:
        return None
    return {e: bool(v) for e, v in zip(board.edges, board.value, strict=True) if v >= 0}
