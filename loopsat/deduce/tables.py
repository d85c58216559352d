"""Rule tables as bit patterns: what each partial assignment of a rule's edges forces, cached
per pattern set and shared by every board; and the table two rules make together."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
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
        self.parities = _constant_parities(allowed, width)
        self.short: dict[tuple[int, ...], bool] = {}  # `one_short`, remembered

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
        """`forced` worked out, and remembered in `by_values`."""
        masks = self.consequence(*scope_bits(range(len(values)), values))
        moves = None
        if masks is not None:
            on, off = masks
            moves = tuple((n, 1 if on >> n & 1 else 0) for n in range(self.width) if (on | off) >> n & 1)
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


@lru_cache(maxsize=4096)  # one table, and the answers it has cached, per pattern set, for every board
def table(allowed: frozenset[int], width: int) -> Table:
    return Table(allowed, width)


def _constant_parities(allowed: frozenset[int], width: int) -> list[tuple[int, int]]:
    """(positions, parity): the whole scope and the pairs of its edges whose sum has one parity in
    every allowed pattern (a clue's number, a Masyu circle's equal or opposite arms)."""
    masks = [(1 << width) - 1] + [1 << i | 1 << j for i in range(width) for j in range(i)]
    found = []
    for mask in masks:
        parities = {(p & mask).bit_count() & 1 for p in allowed}
        if len(parities) == 1:
            found.append((mask, parities.pop()))
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
    shared = sum(1 << w for w in where if w < width_a)
    allowed = set()
    for q in allowed_b:
        spread = sum((q >> i & 1) << w for i, w in enumerate(where))
        for p in allowed_a:
            if spread & shared == p & shared:
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
