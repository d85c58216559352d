"""Tatham's Tricky for deduce/pairs.py: facts about pairs of lines learnt from a clue (a 3 needs
one of any two of its sides, from the bounds of the pair opposite) and carried across a dot to the
pair opposite, so that they run along diagonal chains of clues (3-2-2-3). A mixin of `Pairs`,
which holds the state and the bookkeeping."""

from __future__ import annotations

from loopsat.deduce.cells import TRICKY_PLANS, tricky_plan
from loopsat.deduce.codes import STATES
from loopsat.deduce.dots import TRICKY_DOTS, tricky_dot
from loopsat.deduce.faces import DLINES
from loopsat.deduce.rules import Level

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.board import Board
    from loopsat.deduce.cells import Step
    from loopsat.deduce.codes import CodedFace
    from loopsat.deduce.dots import TrickyPlan
    from loopsat.deduce.turns import Waiting

_TRICKY = int(Level.TRICKY)


class Tricky:
    """Tricky's reasoning over the state `Pairs` keeps (declared here for the type checker)."""

    board: Board
    faces: list[CodedFace]
    arms: list[tuple[int, ...]]
    codes: list[int]
    most: list[int]
    least: list[int]
    holding: list[bool]
    tricky_dots: list[int]
    tricky_faces: list[int]
    dirty: list[tuple[Waiting, Waiting]]

    if TYPE_CHECKING:

        def _drained(self, level: int) -> bool: ...

        def _learn(self, facts: list[int], dline: int, level: int) -> None: ...

        def _set(self, k: int, bit: int, level: int, read: tuple[int, ...]) -> None: ...

    def _tricky(self) -> bool:
        """Whether a line was decided (a fact learnt sets `news`). Only a face with
        two open sides, and a dot with two open arms and a pair known to hold a line, have
        something to learn: told apart here, as `_normal` does (4 400 of a 60×60's 16 400).

        Nor has one whose values are those Tricky last read there, no fact learnt there since
        (`tricky_dots`, `tricky_faces`): a second look at a dot learns nothing the first did not,
        nor at a face with fewer than four open sides (its pairs read no corner another learns
        at), nor at one whose look learnt nothing. A third of a 20×20's looks were these, mostly
        waiting for the facts their own look had learnt; they keep their turn, so the order of
        the rest, and the trail, are the same. Nor, lastly, has a face whose steps learn whatever
        the pairs opposite hold (cells.TRICKY_PLANS' third part) once its corners know those
        facts: a 1 or a 3 with four open sides, back for a fact learnt at a corner it does not
        read (1 150 of a 60×60's 4 300 faces with a plan)."""
        faces, dots = self.dirty[_TRICKY]
        holding, codes, states, faces_of = self.holding, self.codes, STATES, self.faces
        face_pairs, dot_pairs, face_waits, dot_waits = self._face_pairs, self._dot_pairs, faces.pending, dots.pending
        seen_dots, seen_faces, plans, dot_plans = self.tricky_dots, self.tricky_faces, TRICKY_PLANS, TRICKY_DOTS
        most, least = self.most, self.least
        while self._drained(_TRICKY):
            order, faces.queue = faces.queue, []
            for f in order:
                face_waits[f] = False
                clue, _, corners, at = faces_of[f]
                code = codes[at]
                if code == seen_faces[f]:
                    continue
                plan = plans[clue][code]
                if plan is None:  # not made yet
                    plan = tricky_plan(clue, states[code])
                if not plan:  # (empty: no pair of open sides, or none can learn)
                    continue
                always = plan[2]
                if always is not None:  # nothing to learn once those facts are known
                    for j in always[0]:
                        if not most[corners[j]]:
                            break
                    else:
                        for j in always[1]:
                            if not least[corners[j]]:
                                break
                        else:
                            seen_faces[f] = code
                            continue
                learnt = face_pairs(corners, plan[0])
                seen_faces[f] = -1 if plan[1] and learnt else code
            order, dots.queue = dots.queue, []
            for v in order:
                dot_waits[v] = False
                if holding[v]:
                    code = codes[v]
                    if code == seen_dots[v]:
                        continue
                    dot_plan = dot_plans[code]
                    if dot_plan is None:  # not made yet
                        dot_plan = tricky_dot(states[code])
                    if dot_plan and dot_pairs(v, dot_plan):
                        dots.stop(order, order.index(v))
                        return True
                    seen_dots[v] = code
        return False

    def _face_pairs(self, corners: tuple[int, ...], steps: tuple[Step, ...]) -> bool:
        """Facts about a clue's pairs of open sides from the bounds of the pair opposite each
        (`steps`: cells.TRICKY_PLANS, its corners' dlines `corners`), those bounds all read before
        any is learnt; whether one was (each pair's own, at its own corner, is learnt as found)."""
        most, least = self.most, self.least
        found = []  # (pair's corner, whether most is learnt and its level, whether least and its level)
        for j, p, can_low, most_then, most_else, can_high, least_then, least_else in steps:
            d = corners[j]
            if most[d] and least[d]:
                continue  # a pair that knows both facts
            e = corners[p]
            low = least[e] if can_low else 0
            high = most[e] if can_high else 0
            to_most = (most_then if low else most_else) and not most[d]
            to_least = (least_then if high else least_else) and not least[d]
            if to_most or to_least:
                low, high = low if low > _TRICKY else _TRICKY, high if high > _TRICKY else _TRICKY
                found.append((d, to_most, low, to_least, high))
        for d, to_most, low_level, to_least, high_level in found:
            if to_most:
                self._learn(most, d, low_level)
            if to_least:
                self._learn(least, d, high_level)
        return bool(found)

    def _dot_pairs(self, v: int, plan: TrickyPlan) -> bool:
        """Tatham's Tricky at a dot with a pair of open arms (`plan`: dots.TRICKY_DOTS', by its
        arms' values): a pair with a line on leaves at most one on opposite it; a pair with
        exactly one on decides the rest (for a dot with a pair known to have one on). Whether
        it decided a line."""
        most, least, dlines = self.most, self.least, DLINES[v]
        yes, unknown, pairs = plan
        for i, o, third in pairs:
            d = dlines[i]
            facts = least[d]
            if not facts:
                continue
            if facts < _TRICKY:
                facts = _TRICKY
            opposite = dlines[o]
            if not most[opposite]:
                self._learn(most, opposite, facts)
            if yes or not most[d]:
                continue
            if most[d] > facts:
                facts = most[d]
            if unknown == 3:
                arms = self.arms[v]
                self._set(arms[third], 1, facts, arms)
                return True
            if unknown == 4 and not least[opposite]:
                self._learn(least, opposite, facts)
        return False
