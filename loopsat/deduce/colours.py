"""Inside/outside colouring of the faces: each edge is on exactly when its two faces differ.

The faces are the lattice's cells plus the outside (face 0). Every loop (every union of disjoint
cycles, in fact) splits the faces into inside and outside, so a decided edge says whether its
faces have the same colour, and two faces known alike or unlike decide the edge between them,
however far apart the edges were that related them (the Jordan curve argument of a human solver).
"""

from __future__ import annotations

from collections.abc import Sequence

from loopsat.deduce.rules import Contradiction


class Colours:
    """Union-find with parity over faces, without path compression so that it can be undone.

    `leader[f]` is f's class, `flip[f]` whether f's colour differs from its leader's; merging
    relabels the smaller class, so a lookup is two list reads.
    """

    def __init__(
        self,
        faces: int,
        face_edges: Sequence[Sequence[int]],
        edge_faces: list[tuple[int, int]],
        made_sides: list[list[list[tuple[int, int]]]] | None = None,
    ) -> None:
        """Each face its own class; what never changes (the lattice's, `made_sides` too) shared
        by every board of a size (layout.face_lattice)."""
        self.leader = list(range(faces))
        self.flip = [0] * faces
        self.members = [[f] for f in range(faces)]
        self.face_edges = face_edges
        self.edge_faces = edge_faces
        self.log: list[tuple[int, int, int]] = []  # (class merged, class kept, parity)
        self.made_sides = [] if made_sides is None else made_sides  # `sides`, once made
        self.open_sides: list[list[tuple[int, int]]] | None = None  # `keep_open`'s, this board's own

    def sides(self) -> list[list[tuple[int, int]]]:
        """By face, (edge, the face across it) for each of its edges: what a merge inside a probe
        scans (`join`, queues.run_one_queue). Made when first asked for: a 60×60 lattice's took
        3 ms of its 12 ms lay, which a board decided without merging faces never repays."""
        if not self.made_sides:  # in `face_edges`'s order, which lists each face's edges as they come
            sides: list[list[tuple[int, int]]] = [[] for _ in self.face_edges]
            for k, (f, g) in enumerate(self.edge_faces):
                sides[f].append((k, g))
                sides[g].append((k, f))
            self.made_sides.append(sides)
        return self.made_sides[0]

    def keep_open(self, value: list[int]) -> None:
        """From now on a merge scans only the sides still open when the board was last told of
        its decided edges (`drop_decided`): probing to a fixpoint, which never takes back what
        it settles, where 30 % of the sides a merge scanned were decided before the probe (hard
        Masyu 25×25 of bench/). The board's own copy of `sides`, as a backtracking after the
        probes takes back only what it decides itself."""
        self.open_sides = [[side for side in sides if value[side[0]] < 0] for sides in self.sides()]

    def drop_decided(self, edges: Sequence[int], value: list[int]) -> None:
        """Leave the decided `edges`, for good, out of the sides `keep_open` keeps."""
        sides, edge_faces = self.open_sides, self.edge_faces
        if sides is not None:
            for k in edges:
                for f in edge_faces[k]:
                    sides[f] = [side for side in sides[f] if value[side[0]] < 0]

    def join(self, f: int, g: int, differ: int, value: list[int]) -> list[tuple[int, int]]:
        """Faces f and g differ (1) or agree (0): the undecided edges (edge, value) this decides.
        (Inlined in the probes' loop, queues.run_one_queue, which assigns them as it finds them.)"""
        leader, flip = self.leader, self.flip
        p, q = leader[f], leader[g]
        parity = differ ^ flip[f] ^ flip[g]
        if p == q:
            if parity:
                raise Contradiction
            return []
        members = self.members
        if len(members[p]) > len(members[q]):
            p, q = q, p
        moved = members[p]
        for h in moved:
            leader[h] = q
            flip[h] ^= parity
        members[q].extend(moved)
        self.log.append((p, q, parity))
        decided = []
        if self.made_sides:  # (made by the probes: a deduction without them merges too few to repay them)
            sides = self.open_sides or self.made_sides[0]
            for h in moved:
                for k, other in sides[h]:
                    if value[k] < 0 and leader[other] == q:
                        decided.append((k, flip[h] ^ flip[other]))
            return decided
        edge_faces, face_edges = self.edge_faces, self.face_edges
        for h in moved:
            for k in face_edges[h]:
                if value[k] < 0:
                    a, b = edge_faces[k]
                    other = b if a == h else a
                    if leader[other] == q:
                        decided.append((k, flip[h] ^ flip[other]))
        return decided

    def relation(self, f: int, g: int) -> int:
        """1 if f and g are known to differ, 0 if known alike, -1 if not known."""
        if self.leader[f] != self.leader[g]:
            return -1
        return self.flip[f] ^ self.flip[g]

    def restore(self, mark: int) -> None:
        """Take back every merge after log position `mark`."""
        log, leader, flip, members = self.log, self.leader, self.flip, self.members
        while len(log) > mark:
            p, q, parity = log.pop()
            moved = members[p]
            del members[q][-len(moved) :]
            if parity:
                for h in moved:
                    leader[h] = p
                    flip[h] ^= 1
            else:  # their flips stayed (half the faces moved in hard Masyu 25x25's probes)
                for h in moved:
                    leader[h] = p
