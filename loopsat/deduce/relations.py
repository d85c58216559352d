"""Tatham's Hard for deduce/pairs.py: lines equal or opposite (union-find with parity), learnt
from the parity of a clue's or a dot's open lines, and a class with one line decided decides the
rest. A mixin of `Pairs`, which holds the state and the bookkeeping."""

from __future__ import annotations

from loopsat.deduce.rules import Contradiction, Level

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.board import Board
    from loopsat.deduce.faces import Face
    from loopsat.deduce.turns import Waiting

_HARD = int(Level.HARD)


def arm_states(value: list[int], arms: tuple[int, ...]) -> list[int]:
    """A dot's arms' values, off the lattice as off; unrolled, as it runs for every dot looked at."""
    a, b, c, d = arms
    return [
        value[a] if a >= 0 else 0,
        value[b] if b >= 0 else 0,
        value[c] if c >= 0 else 0,
        value[d] if d >= 0 else 0,
    ]


class Relations:
    """Hard's reasoning over the state `Pairs` keeps (declared here for the type checker)."""

    board: Board
    faces: list[Face]
    arms: list[tuple[int, ...]]
    present: list[tuple[int, ...]]
    most: list[int]
    least: list[int]
    dirty: list[tuple[Waiting, Waiting]]
    touched: list[int]
    fresh: list[int]
    parent: list[int]
    flip: list[int]
    members: list[list[int]]
    spread: set[int]
    news: int

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
        self.news += 1
        members = self.members
        if len(members[p]) > len(members[q]):
            p, q = q, p
        self.spread.discard(q)
        for h in members[p]:
            parent[h] = q
            flip[h] ^= parity
        self.touched += members[p]
        members[q].extend(members[p])
        members[p] = []

    def _hard(self) -> bool:
        """Whether a line was decided (the relations and facts learnt are counted in `news`)."""
        value, members = self.board.value, self.members
        faces, dots = self.dirty[_HARD]
        face_waits, dot_waits = faces.pending, dots.pending
        while self._drained(_HARD) or self.fresh:
            while self.fresh:  # a class with a line decided decides the rest, all at once
                p = self.parent[self.fresh.pop()]
                if len(members[p]) == 1 or p in self.spread:
                    continue
                known = next((h for h in members[p] if value[h] >= 0), -1)
                if known >= 0:
                    bit, flip, decided = value[known] ^ self.flip[known], self.flip, False
                    for h in members[p]:
                        if value[h] < 0:
                            self._set(h, bit ^ flip[h], _HARD, (known,))
                            decided = True
                        elif value[h] != bit ^ flip[h]:
                            raise Contradiction
                    self.spread.add(p)
                    if decided:
                        return True
            order = faces.take()
            for n, f in enumerate(order):
                face_waits[f] = 0
                if self._face_relations(f):
                    faces.stop(order, n)
                    return True
            order = dots.take()
            for n, v in enumerate(order):
                dot_waits[v] = 0
                if self._dot_relations(v):
                    dots.stop(order, n)
                    return True
        return False

    def _face_relations(self, f: int) -> bool:
        """A clue one line short (or one off short) cannot have two equal open sides on (off);
        the parity of its open sides relates them. Whether it decided a line."""
        clue, sides, _ = self.faces[f]
        value, parent, flip = self.board.value, self.parent, self.flip
        s0, s1, s2, s3 = sides
        vals = [value[s0], value[s1], value[s2], value[s3]]
        open_sides = [k for k, state in zip(sides, vals, strict=True) if state < 0]
        yes = vals.count(1)
        no = 4 - yes - len(open_sides)
        for bit, short in ((0, yes + 1 == clue), (1, no + 1 == 4 - clue)):
            if short:
                for n, j in enumerate(open_sides):
                    for k in open_sides[n + 1 :]:
                        if parent[j] == parent[k] and flip[j] == flip[k]:
                            self._set(j, bit, _HARD, sides)
                            self._set(k, bit, _HARD, sides)
                            return True
        return self._parity(open_sides, (clue - yes) % 2, sides)

    def _dot_relations(self, v: int) -> bool:
        """A pair known to hold exactly one line is two opposite lines, and back; the parity of
        a dot's open lines (an even number on) relates them. Whether it decided a line."""
        arms, value = self.arms[v], self.board.value
        states = arm_states(value, arms)
        if states.count(-1) < 2:
            return False
        parent, flip, most, least = self.parent, self.flip, self.most, self.least
        for i in range(4):
            j = (i + 1) % 4
            if states[i] >= 0 or states[j] >= 0:
                continue
            a, b, d = arms[i], arms[j], 4 * v + i
            if parent[a] == parent[b] and flip[a] != flip[b]:
                self._learn(most, d, _HARD)
                self._learn(least, d, _HARD)
            elif most[d] and least[d]:
                self._relate(a, b, 1)
        present = self.present[v]
        return self._parity([k for k in present if value[k] < 0], states.count(1) % 2, present)

    def _parity(self, lines: list[int], parity: int, read: tuple[int, ...]) -> bool:
        """Open lines whose sum has a known parity: two are related; of three, two related fix the
        third; of four, two related relate the other two. Whether it decided a line."""
        if len(lines) == 2:
            self._relate(lines[0], lines[1], parity)
        if len(lines) not in (3, 4):
            return False
        parent = self.parent
        classes = [parent[k] for k in lines]
        if len(set(classes)) == len(lines):
            return False  # no two related
        for n in range(len(lines)):
            for m in range(n + 1, len(lines)):
                if classes[n] != classes[m]:
                    continue
                rest = [k for i, k in enumerate(lines) if i not in (n, m)]
                bit = parity ^ self.flip[lines[n]] ^ self.flip[lines[m]]
                if len(rest) == 1:
                    self._set(rest[0], bit, _HARD, read)
                    return True
                self._relate(rest[0], rest[1], bit)
                return False
        return False
