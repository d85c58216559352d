"""Tatham's Loopy reasoning above single clues and dots, level by level as his solver grades it.

His Normal knows, for each pair of lines that meet at a dot around one face (a "dline"), whether
at most one and whether at least one of them is on, learnt from the dot (a line already enters
it), and reads a clue's face through those facts. His Tricky also learns them from a clue
(a 3 needs one of any two of its sides) and carries them across a dot to the pair opposite, so
facts run along diagonal chains of clues (3-2-2-3). His Hard relates lines as equal or opposite
(union-find with parity) by the parity of a clue's or a dot's open lines. Nothing of his probes:
loopsat's probes are its own Deep level.

The tables (one clue, one dot) cannot hold these facts, which are about pairs, so this keeps
them beside the board: `Pairs.run(board, level)` runs one level's reasoning over the faces and dots that
changed since it last looked, and the propagator (queues.run_by_level) runs it once every
cheaper rule is stuck. A line it decides cites the level of the facts it used, so the trail's
highest level is the lowest at which his solver would finish. It runs outside probes only.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from loopsat.deduce.faces import Face, count_faces, geometry
from loopsat.deduce.rules import PAIR_AT_A_DOT, PAIRS_ALONG_A_DIAGONAL, RELATED_LINES, Contradiction, Level

if TYPE_CHECKING:
    from loopsat.deduce.board import Board

NAMES = {Level.NORMAL: PAIR_AT_A_DOT, Level.TRICKY: PAIRS_ALONG_A_DIAGONAL, Level.HARD: RELATED_LINES}
# the rule a decided line cites, by the level of the facts it used (0: none, bare counting):
# a tuple indexed by int, not Level(max(...)) on each assignment (1.4 % of a 60x60's solve)
_CITED = (PAIR_AT_A_DOT, PAIR_AT_A_DOT, PAIR_AT_A_DOT, PAIRS_ALONG_A_DIAGONAL, RELATED_LINES)
_NORMAL, _TRICKY, _HARD = int(Level.NORMAL), int(Level.TRICKY), int(Level.HARD)  # facts' levels as plain ints


def for_board(board: Board) -> Pairs | None:
    """The pairs' reasoning for a board whose clues count the sides of cells (Slitherlink), or
    None (Masyu, or no rule of it within the board's level)."""
    if not board.allows(PAIR_AT_A_DOT):
        return None
    faces = count_faces(board)
    if not faces:
        return None
    found = Pairs(board, faces)
    del found.board
    return found


class Pairs:
    """The facts about pairs of lines and the relations between lines, for one board."""

    def __init__(self, board: Board, faces: list[Face]) -> None:
        self.board: Board = board  # while it runs only (`run`): a board holding its Pairs makes no cycle
        rows, cols = board.shape
        self.arms, self.present = geometry(rows, cols)[:2]
        self.faces = faces
        self.face_at = {dline: f for f, face in enumerate(faces) for dline in face[2]}  # a dline's clue face
        self.faces_of: list[list[int]] = [[] for _ in board.lattice]
        for f, (_, sides, _) in enumerate(faces):
            for k in sides:
                self.faces_of[k].append(f)
        dlines = 4 * len(self.arms)
        self.most = [0] * dlines  # the level at which "at most one on" was learnt (0: not known)
        self.least = [0] * dlines  # likewise "at least one on"
        self.seen = 0  # board.assigned[:seen] are in `touched`
        # what changed, for each level to read since it last looked: edges decided or related,
        # and pairs with a new fact; then the faces and dots each level has still to look at
        self.touched: list[int] = []
        self.learnt: list[int] = []
        self.read = {level: [0, 0] for level in NAMES}
        self.dirty = {level: (set(range(len(faces))), set(range(len(self.arms)))) for level in NAMES}
        self.fresh: list[int] = []  # edges decided or related since Hard last spread their values
        self.parent = list(range(len(board.lattice)))  # lines equal (0) or opposite (1) to their leader
        self.flip = [0] * len(board.lattice)
        self.members = [[k] for k in range(len(board.lattice))]
        self.spread: set[int] = set()  # classes whose every line is decided
        self.news = 0  # facts and relations learnt: a pass that learnt one says so

    def run(self, board: Board, level: Level) -> bool:
        """One level's reasoning on `board` (this one's) where something changed; whether it
        learnt anything."""
        if level not in NAMES:
            return False
        self.board = board
        try:
            assigned = board.assigned
            self.touched += assigned[self.seen :]
            self.seen = len(assigned)
            run = self._normal if level == Level.NORMAL else self._tricky if level == Level.TRICKY else self._hard
            news = self.news
            return run() or self.news > news
        finally:
            del self.board

    # --- bookkeeping ----------------------------------------------------------------------

    def _drained(self, level: Level) -> bool:
        """Add to the faces and dots `level` has to look at those near what changed since it
        last read; whether any are left to look at."""
        faces, dots = self.dirty[level]
        read = self.read[level]
        touched, learnt = self.touched, self.learnt
        if read[0] < len(touched):
            new = touched[read[0] :]
            faces.update(chain.from_iterable(map(self.faces_of.__getitem__, new)))
            dots.update(chain.from_iterable(map(self.board.ends.__getitem__, new)))
            if level == Level.HARD:
                self.fresh += new
            read[0] = len(touched)
        if read[1] < len(learnt):
            face_at = self.face_at
            for dline in learnt[read[1] :]:
                dots.add(dline >> 2)
                face = face_at.get(dline)
                if face is not None:
                    faces.add(face)
            read[1] = len(learnt)
        return bool(faces or dots)

    def _learn(self, facts: list[int], dline: int, level: int) -> None:
        """Record a fact about a pair (in `facts`: most or least) at `level`, unless known."""
        if not facts[dline]:
            facts[dline] = level
            self.news += 1
            self.learnt.append(dline)

    def _set(self, k: int, bit: int, level: int, read: tuple[int, ...]) -> None:
        self.board.assign(k, bit, _CITED[level], read)

    # --- Normal and Tricky: facts about pairs ---------------------------------------------

    def _arcs(self, face: Face) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Tatham's bounds on a face's lines two at a time: (most, level) and (least, level) of
        sides j and j+1, through the facts at their corner."""
        _, sides, corners = face
        value, most, least = self.board.value, self.most, self.least
        highs, lows = [], []
        for j in range(4):
            a, b = value[sides[j]], value[sides[(j + 1) % 4]]
            high, low = (a != 0) + (b != 0), (a == 1) + (b == 1)
            d = corners[j]
            highs.append((1, most[d]) if high == 2 and most[d] else (high, 0))
            lows.append((1, least[d]) if low == 0 and least[d] else (low, 0))
        return highs, lows

    def _normal(self) -> bool:
        """Whether a line was decided (the facts learnt are counted in `news`)."""
        faces, dots = self.dirty[Level.NORMAL]
        while self._drained(Level.NORMAL):
            while faces:
                if self._face_lines(faces.pop()):
                    return True
            while dots:
                if self._dot(dots.pop()):
                    return True
        return False

    def _face_lines(self, f: int) -> bool:
        """A clue's open sides through the bounds of the other three (Tatham's Normal)."""
        face = self.faces[f]
        clue, sides, corners = face
        value, most, least = self.board.value, self.most, self.least
        if not any(most[d] or least[d] for d in corners):
            return False  # bare counting: the clue's own table (Easy) has done it
        highs, lows = self._arcs(face)
        for j, k in enumerate(sides):
            if value[k] >= 0:
                continue
            # the other three sides: side j+1 and the pair after it, or the pair from j+1 and side j+3
            one, two, three = (j + 1) % 4, (j + 2) % 4, sides[(j + 3) % 4]
            after, before = value[sides[one]], value[three]
            high = min(
                (int(after != 0) + highs[two][0], highs[two][1]), (highs[one][0] + int(before != 0), highs[one][1])
            )
            first = int(after == 1) + lows[two][0], lows[two][1]
            second = lows[one][0] + int(before == 1), lows[one][1]
            low = first if (first[0], -first[1]) >= (second[0], -second[1]) else second  # a tie: the lower level
            if low[0] > clue or high[0] < clue - 1:
                raise Contradiction
            if low[0] == clue:
                self._set(k, 0, low[1], sides)
                return True
            if high[0] == clue - 1:
                self._set(k, 1, high[1], sides)
                return True
        return False

    def _dot(self, v: int) -> bool:
        """Tatham's Normal at a dot: its pairs' facts from its lines and back."""
        arms, value, most, least = self.arms[v], self.board.value, self.most, self.least
        states = [value[k] if k >= 0 else 0 for k in arms]
        yes, unknown = states.count(1), states.count(-1)
        if unknown < 2:  # one open arm: the dot's own rule decides it
            return False
        d = 4 * v
        if (
            yes == 0
            and not (most[d] or least[d] or most[d + 1] or least[d + 1])
            and not (most[d + 2] or least[d + 2] or most[d + 3] or least[d + 3])
        ):
            return False  # no line in and no fact: nothing to learn
        for i in range(4):
            d, j = 4 * v + i, (i + 1) % 4
            a, b = states[i], states[j]
            if most[d] and 1 in (a, b) and -1 in (a, b):
                self._set(arms[i if a < 0 else j], 0, most[d], arms)
                return True
            if least[d] and 0 in (a, b) and -1 in (a, b):
                self._set(arms[i if a < 0 else j], 1, least[d], arms)
                return True
            if a >= 0 or b >= 0:
                continue
            if yes == 0 and unknown == 2 and (most[d] or least[d]):
                bit = 0 if most[d] else 1
                self._set(arms[i], bit, most[d] or least[d], arms)
                self._set(arms[j], bit, most[d] or least[d], arms)
                return True
            if yes == 1:
                self._learn(most, d, _NORMAL)
                if unknown == 2:
                    self._learn(least, d, _NORMAL)
        return False

    def _tricky(self) -> bool:
        """Whether a line was decided (the facts learnt are counted in `news`)."""
        faces, dots = self.dirty[Level.TRICKY]
        while self._drained(Level.TRICKY):
            while faces:
                self._face_pairs(faces.pop())
            while dots:
                if self._dot_pairs(dots.pop()):
                    return True
        return False

    def _face_pairs(self, f: int) -> None:
        """Facts about a clue's pairs of open sides from the bounds of the other two."""
        face = self.faces[f]
        clue, sides, corners = face
        value = self.board.value
        highs, lows = self._arcs(face)
        for j in range(4):
            if value[sides[j]] >= 0 or value[sides[(j + 1) % 4]] >= 0:
                continue
            other = (j + 2) % 4
            if lows[other][0] > clue - 2:
                self._learn(self.most, corners[j], max(_TRICKY, lows[other][1]))
            if highs[other][0] < clue:
                self._learn(self.least, corners[j], max(_TRICKY, highs[other][1]))

    def _dot_pairs(self, v: int) -> bool:
        """Tatham's Tricky at a dot: a pair with a line on leaves at most one on opposite it; a
        pair with exactly one on decides the rest. Whether it decided a line."""
        arms, value, most, least = self.arms[v], self.board.value, self.most, self.least
        if not (least[4 * v] or least[4 * v + 1] or least[4 * v + 2] or least[4 * v + 3]):
            return False
        states = [value[k] if k >= 0 else 0 for k in arms]
        yes, unknown = states.count(1), states.count(-1)
        if unknown < 2:  # one open arm: the dot's own rule decides it
            return False
        for i in range(4):
            d, j = 4 * v + i, (i + 1) % 4
            if states[i] >= 0 or states[j] >= 0 or not least[d]:
                continue
            facts = max(_TRICKY, least[d])
            self._learn(most, 4 * v + (i + 2) % 4, facts)
            if yes or not most[d]:
                continue
            facts = max(facts, most[d])
            if unknown == 3:
                third = next(n for n in range(4) if n not in (i, j) and states[n] < 0)
                self._set(arms[third], 1, facts, arms)
                return True
            if unknown == 4:
                self._learn(least, 4 * v + (i + 2) % 4, facts)
        return False

    # --- Hard: lines equal or opposite ----------------------------------------------------

    def _leader(self, k: int) -> tuple[int, int]:
        """k's class and whether k is opposite to its leader."""
        parent, flip = self.parent, self.flip
        return parent[k], flip[k]

    def _relate(self, j: int, k: int, opposite: int) -> None:
        """Lines j and k are equal (0) or opposite (1)."""
        p, fj = self._leader(j)
        q, fk = self._leader(k)
        parity = opposite ^ fj ^ fk
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
            self.parent[h] = q
            self.flip[h] ^= parity
        self.touched += members[p]
        members[q].extend(members[p])
        members[p] = []

    def _hard(self) -> bool:
        """Whether a line was decided (the relations and facts learnt are counted in `news`)."""
        value, members = self.board.value, self.members
        faces, dots = self.dirty[Level.HARD]
        while self._drained(Level.HARD) or self.fresh:
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
            while faces:
                if self._face_relations(faces.pop()):
                    return True
            while dots:
                if self._dot_relations(dots.pop()):
                    return True
        return False

    def _face_relations(self, f: int) -> bool:
        """A clue one line short (or one off short) cannot have two equal open sides on (off);
        the parity of its open sides relates them. Whether it decided a line."""
        clue, sides, _ = self.faces[f]
        value = self.board.value
        open_sides = [k for k in sides if value[k] < 0]
        yes = sum(value[k] == 1 for k in sides)
        no = 4 - yes - len(open_sides)
        for bit, short in ((0, yes + 1 == clue), (1, no + 1 == 4 - clue)):
            if short:
                for n, j in enumerate(open_sides):
                    for k in open_sides[n + 1 :]:
                        if self._leader(j) == self._leader(k):
                            self._set(j, bit, _HARD, sides)
                            self._set(k, bit, _HARD, sides)
                            return True
        return self._parity(open_sides, (clue - yes) % 2, sides)

    def _dot_relations(self, v: int) -> bool:
        """A pair known to hold exactly one line is two opposite lines, and back; the parity of
        a dot's open lines (an even number on) relates them. Whether it decided a line."""
        arms, value = self.arms[v], self.board.value
        states = [value[k] if k >= 0 else 0 for k in arms]
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
        leaders = [self._leader(k) for k in lines]
        for n in range(len(lines)):
            for m in range(n + 1, len(lines)):
                if leaders[n][0] != leaders[m][0]:
                    continue
                rest = [k for i, k in enumerate(lines) if i not in (n, m)]
                bit = parity ^ leaders[n][1] ^ leaders[m][1]
                if len(rest) == 1:
                    self._set(rest[0], bit, _HARD, read)
                    return True
                self._relate(rest[0], rest[1], bit)
                return False
        return False
