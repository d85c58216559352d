"""Inside/outside colouring of the faces: each edge is on exactly when its two faces differ.

The faces are the lattice's cells plus the outside (face 0). Every loop (every union of disjoint
cycles, in fact) splits the faces into inside and outside, so a decided edge says whether its
faces have the same colour, and two faces known alike or unlike decide the edge between them,
however far apart the edges were that related them (the Jordan curve argument of a human solver).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

from loopsat.deduce.rules import Contradiction
from loopsat.grid import lattice_face_edges, numbers


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
        by every board of a size (`face_lattice`)."""
        self.leader = numbers(faces)
        self.flip = [0] * faces
        self.members = [[f] for f in self.leader]
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


@lru_cache(maxsize=8)  # as board._bare_board: every board of a size shares it
def face_lattice(
    rows: int, cols: int
) -> tuple[int, Sequence[Sequence[int]], list[tuple[int, int]], list[list[list[tuple[int, int]]]]]:
    """The faces of a rows × cols lattice of tiles (the (rows-1) × (cols-1) cells, numbered from
    1, and the outside, 0): how many, each face's edges, each edge's two faces, and the room for
    `Colours.sides` (`Colours`' arguments, shared by every board of the size)."""
    faces = 1 + max(rows - 1, 0) * max(cols - 1, 0)
    # each cell's number by its doubled coordinates halved, with a border of outside around
    face_at = [[0] * (cols + 1) for _ in range(rows + 1)]
    numbered = numbers(faces)  # shared int objects (`grid.numbers`)
    for i in range(rows - 1):
        face_at[i + 1][1:cols] = numbered[1 + i * (cols - 1) : 1 + (i + 1) * (cols - 1)]
    # the faces beside each edge, zipped as `ends`: a row's edges across (the cells above
    # and below), then its edges down (the cells left and right)
    edge_faces: list[tuple[int, int]] = []
    for r in range(rows):
        above, below = face_at[r], face_at[r + 1]
        edge_faces += zip(above[1:cols], below[1:cols], strict=True)
        if r < rows - 1:
            edge_faces += pairwise(below)
    face_edges = lattice_face_edges(rows, cols)
    if face_edges is not None:
        return faces, face_edges, edge_faces, []
    listed: list[list[int]] = [[] for _ in range(faces)]  # a single row or column of tiles: the
    for k, (f, g) in enumerate(edge_faces):  # outside on both sides of an edge
        listed[f].append(k)
        listed[g].append(k)
    return faces, listed, edge_faces, []
