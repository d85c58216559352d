"""Tatham's Loopy reasoning above single clues and dots, level by level as his solver grades it.

His Normal knows, for each pair of lines that meet at a dot around one face (a "dline"), whether
at most one and whether at least one of them is on, learnt from the dot (a line already enters
it), and reads a clue's face through those facts. His Tricky also learns them from a clue
(a 3 needs one of any two of its sides) and carries them across a dot to the pair opposite, so
facts run along diagonal chains of clues (3-2-2-3). His Hard relates lines as equal or opposite
(union-find with parity) by the parity of a clue's or a dot's open lines. Tricky and Hard are
mixins over the state kept here (deduce/tricky.py, relations.py). Nothing of his probes:
loopsat's probes are its own Deep level.

The tables (one clue, one dot) cannot hold these facts, which are about pairs, so this keeps
them beside the board: `Pairs.run(board, level)` runs one level's reasoning over the faces and dots that
changed since it last looked, and the propagator (queues.run_by_level) runs it once every
cheaper rule is stuck. A line it decides cites the level of the facts it used, so the trail's
highest level is the lowest at which his solver would finish. It runs outside probes only.
"""

from __future__ import annotations

from loopsat.deduce.cells import NORMAL_NEEDS, normal_need
from loopsat.deduce.codes import STATES, cell_at
from loopsat.deduce.dots import ALIKE, LEARN_BOTH, NORMAL_PLANS, TO_ON, normal_plan
from loopsat.deduce.faces import DLINES, DOT_OF, Face, count_faces, dline_numbers, geometry
from loopsat.deduce.relations import Relations
from loopsat.deduce.rules import PAIR_AT_A_DOT, PAIRS_ALONG_A_DIAGONAL, RELATED_LINES, Contradiction, Level
from loopsat.deduce.tricky import Tricky
from loopsat.deduce.turns import Waiting, numbers

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.board import Board
    from loopsat.deduce.codes import CodedFace
    from loopsat.deduce.dots import Steps

# the rule a decided line cites, by the level of the facts it used (0: none, bare counting;
# Normal, Tricky, Hard each have one): a tuple indexed by int, not Level(max(...)) on each
# assignment (1.4 % of a 60x60's solve)
_CITED = (PAIR_AT_A_DOT, PAIR_AT_A_DOT, PAIR_AT_A_DOT, PAIRS_ALONG_A_DIAGONAL, RELATED_LINES)
# a dot's pair i: its arms i and i + 1, and the pair opposite, arms i + 2 and i + 3 (a face's sides likewise)
_TURNS = ((0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2))
_NORMAL, _TRICKY, _HARD = int(Level.NORMAL), int(Level.TRICKY), int(Level.HARD)  # levels as plain ints


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


class Pairs(Tricky, Relations):
    """The facts about pairs of lines and the relations between lines, for one board."""

    def __init__(self, board: Board, clues: list[Face]) -> None:
        self.board: Board = board  # while it runs only (`run`): a board holding its Pairs makes no cycle
        rows, cols = board.shape
        self.arms, self.present = geometry(rows, cols)
        # each dot's code, then each cell's (deduce/codes.py), as the edges decided stand (the
        # board counts each edge as `run_by_level` takes it)
        assert board.codes is not None  # (kept by every board that allows the pairs)
        self.codes = board.codes
        dline_numbers(len(self.arms))
        at = cell_at(len(self.arms), cols, 0)  # each cell's code by its north-west dot from here
        faces: list[CodedFace] = [(clue, sides, corners, at + DOT_OF[corners[3]]) for clue, sides, corners in clues]
        self.faces = faces
        # by edge, its clue faces: a tuple made only for an edge with one (a list for each edge,
        # made and freed with every board, cost 0.4 % more instructions of a warm 20x20 solve)
        faces_of: list[tuple[int, ...]] = [()] * len(board.lattice)
        dlines = 4 * len(self.arms)
        face_at = [-1] * dlines  # a dline's clue face, if any
        for f, (_, (n, e, s, w), (ne, se, sw, nw), _) in enumerate(faces):
            faces_of[n] += (f,)
            faces_of[e] += (f,)
            faces_of[s] += (f,)
            faces_of[w] += (f,)
            face_at[ne] = face_at[se] = face_at[sw] = face_at[nw] = f
        self.faces_of, self.face_at = faces_of, face_at
        self.cornered = [False] * len(faces)  # whether a pair at a corner of the face has a fact
        self.most = [0] * dlines  # the level at which "at most one on" was learnt (0: not known)
        self.least = [0] * dlines  # likewise "at least one on"
        self.factual = [False] * len(self.arms)  # whether a dot has a pair with a fact
        self.holding = [False] * len(self.arms)  # whether it has a pair known to hold a line (least)
        # what Tricky last read at each dot and face (their code), -1 once a fact there is
        # learnt since: a look at the same again would learn nothing (`Tricky._tricky`)
        self.tricky_dots = [-1] * len(self.arms)
        self.tricky_faces = [-1] * len(faces)
        self.normal_dots = [-1] * len(self.arms)  # and Normal's (`_normal`)
        self.seen = 0  # board.assigned[:seen] are in `touched`
        # what changed, for each level to read since it last looked: edges decided or related,
        # and pairs with a new fact; then the faces and dots each level has still to look at
        self.touched: list[int] = []
        self.learnt: list[int] = []  # the dots of the pairs with a new fact
        self.learnt_faces: list[int] = []  # and their faces, where a pair is a clue's corner
        # the faces and the dots at the edges of touched[:read[0][0]], in that order: each level adds
        # them to its own, and they were looked up once a level (6 % of a 60×60's solve)
        self.near_faces: list[int] = []
        self.near_dots: list[int] = []
        # by level as an int (Easy's unused): lists, not dicts keyed by Level; each level's place
        # in touched, learnt, near_faces, near_dots and learnt_faces. Row 0 (no level's) holds the
        # near lists' own place in touched: an attribute more of Pairs' 29 (with its board) passes
        # CPython 3.11's shared keys' limit, and made a warm 60×60 solve 1.9 % more instructions
        self.read = [[0, 0, 0, 0, 0] for _ in range(_HARD + 1)]
        # only Normal's to Hard's filled (a 60×60's ten full sets took 1.2 ms, in every board)
        self.dirty = [
            (Waiting(len(faces)), Waiting(len(self.arms))) if level >= _NORMAL else (Waiting(0), Waiting(0))
            for level in range(_HARD + 1)
        ]
        self.fresh: list[int] = []  # edges decided or related since Hard last spread their values
        self.parent = numbers(len(board.lattice))  # lines equal (0) or opposite (1) to their leader
        self.flip = [0] * len(board.lattice)
        self.members: dict[int, list[int]] = {}  # by leader, a class of two lines or more, in the order they came
        self.spread: set[int] = set()  # classes whose every line is decided
        self.news = False  # a fact or relation learnt since `run` began (a flag: a count past 256 made an int each)

    def run(self, board: Board, level: Level) -> bool:
        """One level's reasoning on `board` (this one's) where something changed; whether it
        learnt anything."""
        if not _NORMAL <= level <= _HARD:
            return False
        read, (faces, dots) = self.read[level], self.dirty[level]
        if (
            len(board.assigned) == self.seen
            and read[0] == len(self.touched)
            and read[1] == len(self.learnt)
            and not (faces.queue or dots.queue or (level == _HARD and self.fresh))
        ):
            return False  # nothing new to look at (a 60x60 asks some 9 000 times once it is solved)
        self.board = board
        try:
            assigned = board.assigned
            self.touched += assigned[self.seen :]
            self.seen = len(assigned)
            run = self._normal if level == _NORMAL else self._tricky if level == _TRICKY else self._hard
            self.news = False
            return run() or self.news
        finally:
            del self.board

    # --- bookkeeping ----------------------------------------------------------------------

    def _drained(self, level: int) -> bool:
        """Add to the faces and dots `level` has to look at those near what changed since it
        last read; whether any are left to look at."""
        faces, dots = self.dirty[level]
        read = self.read[level]
        touched, learnt = self.touched, self.learnt
        if read[0] < len(touched):
            near_faces, near_dots = self.near_faces, self.near_dots
            mapped = self.read[0]  # [0]: how many of touched the near lists cover
            if mapped[0] < len(touched):
                faces_of, ends = self.faces_of, self.board.ends
                for k in touched[mapped[0] :]:  # a loop: chain(map(...)) took 2.6 times as long
                    near_faces += faces_of[k]
                    near_dots += ends[k]
                mapped[0] = len(touched)
            faces.add(near_faces[read[2] :])
            dots.add(near_dots[read[3] :])
            read[2], read[3] = len(near_faces), len(near_dots)
            if level == _HARD:
                self.fresh += touched[read[0] :]
            read[0] = len(touched)
        if read[1] < len(learnt):
            dots.add(learnt[read[1] :])
            faces.add(self.learnt_faces[read[4] :])
            read[1], read[4] = len(learnt), len(self.learnt_faces)
        return bool(faces.queue or dots.queue)

    def _learn(self, facts: list[int], dline: int, level: int) -> None:
        """Record a fact about a pair (in `facts`: most or least) at `level`, unless known."""
        if not facts[dline]:
            facts[dline] = level
            self.news = True
            dot = DOT_OF[dline]
            self.learnt.append(dot)
            self.factual[dot] = True
            self.tricky_dots[dot] = self.normal_dots[dot] = -1
            if facts is self.least:
                self.holding[dot] = True
            face = self.face_at[dline]
            if face >= 0:
                self.cornered[face] = True
                self.tricky_faces[face] = -1
                self.learnt_faces.append(face)

    def _set(self, k: int, bit: int, level: int, read: tuple[int, ...]) -> None:
        self.board.assign(k, bit, _CITED[level], read)

    # --- Normal and Tricky: facts about pairs ---------------------------------------------

    def _normal(self) -> bool:
        """Whether a line was decided (a fact learnt sets `news`). A dot with fewer
        than two open arms (its own rule decides them), four open and no line in (every pair two
        open arms), or no line in and no fact at it, has nothing to learn or use: told apart
        here, in the loop (no plan, or no line and no fact), as most dots looked at are (12 000
        of a 60×60's 18 700, and a third of the rest at 20×20 had four open arms). Likewise a
        cell whose facts at its corners cannot move its count (cells.NORMAL_NEEDS).

        Nor has a dot whose arms are as Normal last read them, no fact learnt there since
        (`normal_dots`): each pair of its plan has one step, and none reads a fact another step
        learns, so a second look learns nothing. A fifth of a 60×60's dots with a plan were
        these, mostly back for the facts their own look had learnt."""
        faces, dots = self.dirty[_NORMAL]
        cornered, factual, faces_of = self.cornered, self.factual, self.faces
        codes, arms_of, plans, states = self.codes, self.arms, NORMAL_PLANS, STATES
        face_lines, dot, face_waits, dot_waits = self._face_lines, self._dot, faces.pending, dots.pending
        most, least, needs, seen_dots = self.most, self.least, NORMAL_NEEDS, self.normal_dots
        while self._drained(_NORMAL):
            order, faces.queue = faces.queue, []  # (as `Waiting` says: no call)
            for f in order:
                face_waits[f] = False
                if not cornered[f]:
                    continue  # bare counting: the clue's table (Easy)
                clue, _, corners, at = face = faces_of[f]
                code = codes[at]
                need = needs[clue][code]
                if need is None:  # not made yet
                    need = normal_need(clue, states[code])
                if not need:  # no fact at a corner can decide a side
                    continue
                if not need[0]:  # the count stuck: a fact where it may decide, or nothing to do
                    for k in need[1]:
                        if least[corners[k]]:
                            break
                    else:
                        for k in need[2]:
                            if most[corners[k]]:
                                break
                        else:
                            continue
                if face_lines(face, states[code]):
                    faces.stop(order, order.index(f))
                    return True
            order, dots.queue = dots.queue, []
            for v in order:
                dot_waits[v] = False
                code = codes[v]
                plan = plans[code]
                if plan is None:  # not made yet
                    plan = normal_plan(states[code])
                if plan and (plan[0] or factual[v]) and code != seen_dots[v]:
                    if dot(v, arms_of[v], plan[1]):
                        dots.stop(order, order.index(v))
                        return True
                    seen_dots[v] = code
        return False

    def _face_lines(self, face: CodedFace, vals: tuple[int, ...]) -> bool:
        """A clue's open sides (`vals`: its sides' values, one open at least) through the bounds
        of the other three (Tatham's Normal), for a clue with a fact at a corner. Tatham's bounds
        on its sides two at a time first (`arcs`, by corner j: sides j and j+1), the most on and
        its facts' level, the least and its level, through the facts at their corner."""
        clue, sides, corners, _ = face
        most, least = self.most, self.least
        arcs = []
        for j, o, _, _ in _TURNS:
            a, b, d = vals[j], vals[o], corners[j]
            high = most[d] if a and b else 0  # both may be on (open: -1), but at most one is
            low = least[d] if a != 1 and b != 1 else 0
            arcs.append((1 if high else (a != 0) + (b != 0), high, 1 if low else (a == 1) + (b == 1), low))
        for j, one, two, three in _TURNS:
            if vals[j] >= 0:
                continue
            # the other three sides: side j+1 and the pair after it, or the pair from j+1 and side j+3
            after, before = vals[one], vals[three]
            high_one, high_one_level, low_one, low_one_level = arcs[one]
            high_two, high_two_level, low_two, low_two_level = arcs[two]
            first, second = (after != 0) + high_two, high_one + (before != 0)
            if first < second or (first == second and high_two_level <= high_one_level):
                high, high_level = first, high_two_level
            else:
                high, high_level = second, high_one_level
            first, second = (after == 1) + low_two, low_one + (before == 1)
            if first > second or (first == second and low_two_level <= low_one_level):  # a tie: the lower level
                low, low_level = first, low_two_level
            else:
                low, low_level = second, low_one_level
            if low > clue or high < clue - 1:
                raise Contradiction
            if low == clue:
                self._set(sides[j], 0, low_level, sides)
                return True
            if high == clue - 1:
                self._set(sides[j], 1, high_level, sides)
                return True
        return False

    def _dot(self, v: int, arms: tuple[int, ...], steps: Steps) -> bool:
        """Tatham's Normal at a dot with two open arms or more, and a line in or a fact at it
        (`steps`: what its pairs may do, dots.NORMAL_PLANS): its pairs' facts from its lines and back."""
        most, least, dlines = self.most, self.least, DLINES[v]
        for i, n, what in steps:
            d = dlines[i]
            if what <= LEARN_BOTH:
                if not most[d]:
                    self._learn(most, d, _NORMAL)
                if what == LEARN_BOTH and not least[d]:
                    self._learn(least, d, _NORMAL)
            elif what == ALIKE:
                if most[d] or least[d]:
                    bit = 0 if most[d] else 1
                    self._set(arms[i], bit, most[d] or least[d], arms)
                    self._set(arms[n], bit, most[d] or least[d], arms)
                    return True
            elif what == TO_ON:
                if least[d]:
                    self._set(arms[n], 1, least[d], arms)
                    return True
            elif most[d]:
                self._set(arms[n], 0, most[d], arms)
                return True
        return False
