"""Rule tables as bit patterns: what each partial assignment of a rule's edges forces, cached
per pattern set and shared by every board; and the table two rules make together."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, cached_property, lru_cache
from operator import itemgetter


def scope_bits(scope: Sequence[int], value: Sequence[int]) -> tuple[int, int]:
    """Which edges of a rule's scope are decided, and which of those are on, as bit masks."""
    known = bits = 0
    position = 1
    for k in scope:
        v = value[k]
        if v >= 0:
            known |= position
            if v:
                bits |= position
        position <<= 1
    return known, bits


Moves = tuple[tuple[int, int], ...]  # (position in the scope, value) for each edge a table forces


class Table:
    """The patterns one rule allows (bit n = its n-th edge), with what each partial assignment forces."""

    def __init__(self, allowed: frozenset[int], width: int) -> None:
        self.allowed = allowed
        self.width = width
        self.full = (1 << width) - 1
        self.known: dict[int, tuple[int, int] | None] = {}
        # what `propagate` looks up: the scope's values as read, so the hot loop builds no masks,
        # and the answer as the moves to make, so it reads no masks either
        self.by_values: dict[tuple[int, ...], Moves | None] = {}
        self.lookup = self.by_values.get  # bound once, for the hot loops
        self.short: dict[tuple[int, ...], bool] = {}  # `one_short`, remembered
        # by edge, the patterns (`_having`'s bits) with it off and those with it on (`answer`)
        self.select: list[tuple[int, int]] | None = None

    @cached_property
    def parities(self) -> list[tuple[int, int]]:
        """`_constant_parities`, worked out when a board first reaches the face parities' level
        (blocks.sums): a hard Masyu 25×25's 116 tables took 1.3 ms to make with them, in every
        process, and most boards never read them."""
        return _constant_parities(self.allowed, self.width)

    def one_short(self, values: tuple[int, ...]) -> bool:
        """Whether, as the scope's edges stand, more than two are open and every pattern left
        has exactly one of them off (Tatham's count of a face one short of its lines)."""
        found = self.short.get(values)
        if found is None:
            known, bits = scope_bits(range(len(values)), values)
            open_sides = self.full & ~known
            found = self.short[values] = open_sides.bit_count() > 2 and all(
                (open_sides & ~p).bit_count() == 1 for p in self.allowed if p & known == bits
            )
        return found

    def forced(self, values: tuple[int, ...]) -> Moves | None:
        """What the scope's edge values (-1 undecided) force, in scope order (empty: nothing),
        or None when no pattern fits: `consequence`, looked up."""
        forced = self.by_values.get(values, UNKNOWN)
        return self.answer(values) if forced is UNKNOWN else forced

    def answer(self, values: tuple[int, ...]) -> Moves | None:
        """`forced` worked out, and remembered in `by_values`: the patterns that fit as the bits
        of one integer (bit i: the i-th pattern), narrowed edge by edge; an open edge is forced
        where those all have it on, or all off. A fresh process works out a few thousand answers
        (2,493 on bench/masyu/25x25/003.masyu): 4.7 ms with a mask complemented at each use,
        3.0 with both of each edge's masks kept (`select`; timeit over that run's answers)."""
        select = self.select
        if select is None:
            every = (1 << len(self.allowed)) - 1
            select = self.select = [(every & ~has, has) for has in _having(self.allowed, self.width)]
        fits = (1 << len(self.allowed)) - 1
        opened = []
        n = -1
        for v in values:
            n += 1
            if v < 0:
                opened.append(n)
            else:
                fits &= select[n][v]
        moves = None
        if fits:
            forced = []
            for n in opened:
                off, on = select[n]
                if not fits & off:
                    forced.append((n, 1))
                elif not fits & on:
                    forced.append((n, 0))
            moves = tuple(forced)
        self.by_values[values] = moves
        return moves

    def consequence(self, known: int, bits: int) -> tuple[int, int] | None:
        """(edges forced on, edges forced off) as bit masks, or None when no pattern fits."""
        key = known << self.width | bits
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


def _having(allowed: frozenset[int], width: int) -> list[int]:
    """By position in the scope, the patterns (bit i: the i-th of `allowed`) with that edge on."""
    having = [0] * width
    for i, p in enumerate(allowed):
        bit = 1 << i
        while p:
            low = p & -p
            having[low.bit_length() - 1] |= bit
            p ^= low
    return having


@lru_cache(maxsize=4096)  # one table, and the answers it has cached, per pattern set, for every board
def table(allowed: frozenset[int], width: int) -> Table:
    return Table(allowed, width)


def _constant_parities(allowed: frozenset[int], width: int) -> list[tuple[int, int]]:
    """(positions, parity): the whole scope and the pairs of its edges whose sum has one parity in
    every allowed pattern (a clue's number, a Masyu circle's equal or opposite arms). A pair's
    sum is even in every pattern where the patterns with either edge on are the same ones (as
    `_having` lists them), odd where they are each other's complement: a set of every pattern
    for each pair took 0.15 ms for a table of 10 edges (0.04 ms so), and a fresh process makes
    about a hundred tables."""
    if not allowed:
        return []
    parities = {p.bit_count() & 1 for p in allowed}
    found = [((1 << width) - 1, parities.pop())] if len(parities) == 1 else []
    having, every = _having(allowed, width), (1 << len(allowed)) - 1
    for i in range(width):
        for j in range(i):
            differ = having[i] ^ having[j]
            if differ == 0 or differ == every:
                found.append((1 << i | 1 << j, differ & 1))
    return found


def joint(
    scope_a: tuple[int, ...], allowed_a: frozenset[int], scope_b: tuple[int, ...], allowed_b: frozenset[int]
) -> tuple[tuple[int, ...], frozenset[int]]:
    """The rule both rules make together."""
    scope = scope_a + tuple([k for k in scope_b if k not in scope_a])
    where = tuple(map(scope.index, scope_b))
    return scope, _joint_patterns(allowed_a, len(scope_a), allowed_b, where)


@cache
def _joint_patterns(
    allowed_a: frozenset[int], width_a: int, allowed_b: frozenset[int], where: tuple[int, ...]
) -> frozenset[int]:
    """The patterns of a's edges then b's others where both rules hold (b's edges at `where`).
    Each of b's patterns is spread by a loop over its bits, and meets only a's patterns that
    agree with it on the shared edges, grouped once (each in their order, so the set is made in
    the order it was when each met all of a's, a test each: half a fresh Masyu 10×10's board
    set-up, which took 3.5 M instructions more of its 165 M, a 60×60's 4.0 M more, callgrind)."""
    shared = sum(1 << w for w in where if w < width_a)
    agreeing: dict[int, list[int]] = {}  # a's patterns by what they hold of the shared edges
    for p in allowed_a:
        agreeing.setdefault(p & shared, []).append(p)
    bits = [1 << w for w in where]
    allowed = set()
    for q in allowed_b:
        spread = 0
        for bit in bits:
            if q & 1:
                spread |= bit
            q >>= 1
        for p in agreeing.get(spread & shared, ()):
            allowed.add(p | spread)
    return frozenset(allowed)


UNKNOWN: Moves = ((-1, -1),)  # a table's answer not worked out yet


def reader(scope: tuple[int, ...]) -> Callable[[list[int]], tuple[int, ...]]:
    """What reads a scope's edge values as one tuple, in C (itemgetter gives a bare value for one edge)."""
    if len(scope) == 1:
        (k,) = scope
        return lambda value: (value[k],)
    return itemgetter(*scope)


@lru_cache(maxsize=4096)  # a genre's few pattern sets, each with a few ways off the lattice: per process
def masks(patterns: frozenset[tuple[int, ...]], kept: tuple[int, ...]) -> frozenset[int]:
    """The patterns whose dropped positions are off, as bit masks over the kept positions."""
    dropped = [i for i in range(len(next(iter(patterns), ()))) if i not in kept]
    return frozenset(sum(p[i] << bit for bit, i in enumerate(kept)) for p in patterns if not any(p[i] for i in dropped))
