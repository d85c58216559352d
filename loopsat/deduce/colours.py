"""Inside/outside colouring of the faces: each edge is on exactly when its two faces differ.

The faces are the lattice's cells plus the outside (face 0). Every loop (every union of disjoint
cycles, in fact) splits the faces into inside and outside, so a decided edge says whether its
faces have the same colour, and two faces known alike or unlike decide the edge between them,
however far apart the edges were that related them (the Jordan curve argument of a human solver).
"""

from __future__ import annotations

from loopsat.deduce.rules import Contradiction


class Colours:
    """Union-find with parity over faces, without path compression so that it can be undone.

    `leader[f]` is f's class, `flip[f]` whether f's colour differs from its leader's; merging
    relabels the smaller class, so a lookup is two list reads.
    """

    def __init__(self, faces: int, face_edges: list[list[int]], edge_faces: list[tuple[int, int]]) -> None:
        self.leader = list(range(faces))
        self.flip = [0] * faces
        self.members = [[f] for f in range(faces)]
        self.face_edges = face_edges
        self.edge_faces = edge_faces
        self.log: list[tuple[int, int, int]] = []  # (class merged, class kept, parity)

    def join(self, f: int, g: int, differ: int, value: list[int]) -> list[tuple[int, int]]:
        """Faces f and g differ (1) or agree (0): the undecided edges (edge, value) this decides."""
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
            for h in moved:
                leader[h] = p
                flip[h] ^= parity
