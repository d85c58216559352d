"""Tatham's Hard for deduce/pairs.py: lines equal or opposite (union-find with parity), learnt
from the parity of a clue's or a dot's open lines, and a class with one line decided decides the
rest. A mixin of `Pairs`, which holds the state and the bookkeeping."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from loopsat.deduce.cells import HARD_CELLS, hard_cell
from loopsat.deduce.codes import STATES
from loopsat.deduce.dots import HARD_PLANS, hard_plan
from loopsat.deduce.faces import DLINES
from loopsat.deduce.rules import Contradiction, Level

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.board import Board
    from loopsat.deduce.cells import HardPlan as CellPlan
    from loopsat.deduce.codes import CodedFace
    from loopsat.deduce.dots import HardPlan as DotPlan
    from loopsat.deduce.turns import Waiting

_HARD = int(Level.HARD)
# of three or four lines, each two (in order) with the rest
_SPLITS = {
    count: [(n, m, tuple(i for i in range(count) if i not in (n, m))) for n, m in combinations(range(count), 2)]
    for count in (3, 4)
}


class Relations:
    """Hard's reasoning over the state `Pairs` keeps (declared here for the type checker)."""

    board: Board
    faces: list[CodedFace]
    arms: list[tuple[int, ...]]
    codes: list[int]
    present: list[tuple[int, ...]]
    most: list[int]
    least: list[int]
    dirty: list[tuple[Waiting, Waiting]]
    touched: list[int]
    fresh: list[int]
    parent: list[int]
    flip: list[int]
    members: dict[int, list[int]]
    spread: set[int]
    news: bool

    if TYPE_CHECKING:

        def _drained(self, level: int) -> bool: ...

        def _learn(self, facts: list[int], dline: int, level: int) -> None: ...

        def _set(self, k: int, bit: int, level: int, read: tuple[int, ...]) -> None: ...

    def _relate(self, j: int, k: int, opposite: int) -> None:
        """Lines j and k are equal (0) or opposite (1)."""
        parent, flip = self.parent, self.flip  # a line's class, and whether it is opposite its leader
        p, q = parent[j], parent[k]
        parity = opposite ^ flip[j] ^ flip[k]
        if p == q:
            if parity:
                raise Contradiction
            return
        self.news = True
        members = self.members
        moved, kept = members.get(p), members.get(q)  # None: a class of one, its leader
        if (len(moved) if moved else 1) > (len(kept) if kept else 1):
            p, q, moved, kept = q, p, kept, moved
        self.spread.discard(q)
        if moved is None:
            moved = [p]
        else:
            del members[p]
        for h in moved:
            parent[h] = q
            flip[h] ^= parity
        self.touched += moved
        if kept is None:
            members[q] = [q, *moved]
        else:
            kept.extend(moved)

    def _hard(self) -> bool:
        """Whether a line was decided (a relation or fact learnt sets `news`)."""
        value, members, parent, fresh, spread = self.board.value, self.members, self.parent, self.fresh, self.spread
        faces, dots = self.dirty[_HARD]
        cells, codes, hard_cells, hard_plans, states = self.faces, self.codes, HARD_CELLS, HARD_PLANS, STATES
        while self._drained(_HARD) or fresh:
            while fresh:  # a class with a line decided decides the rest, all at once
                p = parent[fresh.pop()]
                group = members.get(p)
                if group is None or p in spread:
                    continue
                for known in group:
                    if value[known] >= 0:
                        break
                else:
                    continue
                bit, flip, decided = value[known] ^ self.flip[known], self.flip, False
                for h in group:
                    if value[h] < 0:
                        self._set(h, bit ^ flip[h], _HARD, (known,))
                        decided = True
                    elif value[h] != bit ^ flip[h]:
                        raise Contradiction
                spread.add(p)
                if decided:
                    return True
            # a face's or a dot's plan read here, the call made only where it has one: most
            # have fewer than two open lines, which tell nothing
            order, faces.queue, pending = faces.queue, [], faces.pending
            for f in order:
                pending[f] = False
                clue, sides, _, at = cells[f]
                code = codes[at]
                reading = hard_cells[clue][code]
                if reading is None:  # not made yet
                    reading = hard_cell(clue, states[code])
                if reading and self._face_relations(sides, reading):
                    faces.stop(order, order.index(f))
                    return True
            order, dots.queue, pending = dots.queue, [], dots.pending
            for v in order:
                pending[v] = False
                code = codes[v]
                plan = hard_plans[code]
                if plan is None:  # not made yet
                    plan = hard_plan(states[code])
                if plan and self._dot_relations(v, plan):
                    dots.stop(order, order.index(v))
                    return True
        return False

    def _face_relations(self, sides: tuple[int, ...], plan: CellPlan) -> bool:
        """A clue one line short (or one off short) cannot have two equal open sides on (off);
        the parity of its open sides relates them (`plan`, cells.HARD_CELLS': which, by the clue
        and its sides' values). Whether it decided a line."""
        _, shorts, parity, lines = plan
        open_sides = lines(sides)
        if shorts:  # (two shorts ask the same of the same pairs: the first is the one that decides)
            parent, flip, bit = self.parent, self.flip, shorts[0]
            for j, k in combinations(open_sides, 2):
                if parent[j] == parent[k] and flip[j] == flip[k]:
                    self._set(j, bit, _HARD, sides)
                    self._set(k, bit, _HARD, sides)
                    return True
        return self._parity(open_sides, parity, sides)

    def _dot_relations(self, v: int, plan: DotPlan) -> bool:
        """A pair known to hold exactly one line is two opposite lines, and back; the parity of
        a dot's open lines (an even number on) relates them (`plan`, dots.HARD_PLANS'). Whether
        it decided a line."""
        pairs, opened, parity, lines = plan
        arms = self.arms[v]
        if pairs:
            parent, flip, most, least, dlines = self.parent, self.flip, self.most, self.least, DLINES[v]
            for i, j in pairs:
                a, b, d = arms[i], arms[j], dlines[i]
                if parent[a] == parent[b] and flip[a] != flip[b]:
                    if not most[d]:
                        self._learn(most, d, _HARD)
                    if not least[d]:
                        self._learn(least, d, _HARD)
                elif most[d] and least[d]:
                    self._relate(a, b, 1)
        if len(opened) == 2:  # `_parity` of two lines, its commonest case, without the call
            self._relate(arms[opened[0]], arms[opened[1]], parity)
            return False
        # the open arms in `present`'s order (N, E, S, W, those on the lattice)
        return self._parity(lines(arms), parity, self.present[v])

    def _parity(self, lines: Sequence[int], parity: int, read: tuple[int, ...]) -> bool:
        """Open lines whose sum has a known parity: two are related; of three, two related fix the
        third; of four, two related relate the other two. Whether it decided a line."""
        count = len(lines)
        if count == 2:
            self._relate(lines[0], lines[1], parity)
            return False
        if count != 3 and count != 4:
            return False
        parent = self.parent  # each line's class, unpacked (a list comprehension is a call in Python 3.11)
        classes: tuple[int, ...]
        if count == 3:
            a, b, c = lines
            classes = pa, pb, pc = parent[a], parent[b], parent[c]
            if pa != pb != pc != pa:
                return False  # no two related (most calls): compared here, not in the splits' loop
        else:
            a, b, c, d = lines
            classes = pa, pb, pc, pd = parent[a], parent[b], parent[c], parent[d]
            if pa != pb != pc != pd != pa and pa != pc and pb != pd:
                return False
        for n, m, rest in _SPLITS[count]:  # the first two related, in order; the rest
            if classes[n] == classes[m]:
                bit = parity ^ self.flip[lines[n]] ^ self.flip[lines[m]]
                if count == 3:
                    self._set(lines[rest[0]], bit, _HARD, read)
                    return True
                self._relate(lines[rest[0]], lines[rest[1]], bit)
                return False
        return False  # no two related
