"""The loops next to a puzzle's one loop: the border of its inside region with up to a few faces
next to each other flipped (in or out) is, when still one loop, a second loop of every puzzle
whose clues it keeps. setter/redundant.py shows clues needed with them, and thinning
(setter/witness.py) refuses a removal that one of them survives, without a deduction.

A flip is checked where it happens, not over the whole loop: the loop is one cycle, so the
edges a flip takes off it cut it into arcs whose ends are known from their places along the
cycle; the edges it puts on join arc ends; the result is one loop exactly when every vertex
the flip touches keeps 0 or 2 lines and the arcs and new edges form one piece. A few dozen
operations a flip where tracing the new loop took one per edge of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from loopsat.grid import Point, cell_sides, edge_ends

if TYPE_CHECKING:
    from loopsat.deduce import Rule
    from loopsat.setter.board import Thinning

Loop = frozenset[Point]


class Cycle:
    """A loop (edges in doubled coordinates) as one cycle: each edge's place along it, and the
    vertex each place starts from."""

    def __init__(self, loop: Loop) -> None:
        self.loop = loop
        ends: dict[Point, list[Point]] = {}
        for edge in loop:
            for vertex in edge_ends(edge):
                ends.setdefault(vertex, []).append(edge)
        start = min(loop)
        vertex = edge_ends(start)[0]
        self.place: dict[Point, int] = {}
        self.vertices: list[Point] = []  # place i runs from vertices[i] to vertices[i + 1]
        edge = start
        while edge not in self.place:
            self.place[edge] = len(self.vertices)
            self.vertices.append(vertex)
            a, b = edge_ends(edge)
            vertex = b if a == vertex else a
            first, second = ends[vertex]
            edge = second if first == edge else first
        if len(self.place) != len(loop):
            raise ValueError("not one loop")

    def one_loop_after(self, changed: set[Point]) -> bool:
        """Whether toggling the edges `changed` leaves one loop."""
        loop, place, vertices = self.loop, self.place, self.vertices
        touched: set[Point] = set()
        for edge in changed:
            touched.update(edge_ends(edge))
        for vertex in touched:  # 0 or 2 lines at every vertex the flip touches
            if sum((side in loop) != (side in changed) for side in cell_sides(vertex)) not in (0, 2):
                return False
        cut = sorted(place[edge] for edge in changed if edge in loop)
        if not cut:  # the new edges make loops of their own
            return False
        leader: dict[Point, Point] = {}

        def find(v: Point) -> Point:
            while leader.setdefault(v, v) != v:
                v = leader[v]
            return v

        count = len(vertices)
        for here, after in zip(cut, [*cut[1:], cut[0] + count], strict=True):
            a, b = vertices[(here + 1) % count], vertices[after % count]
            if after - here > 1:  # an arc with edges: from the end of one cut edge to the next one's start
                leader[find(a)] = find(b)
        for edge in changed:
            if edge not in loop:
                a, b = edge_ends(edge)
                leader[find(a)] = find(b)
        return len({find(v) for v in leader}) == 1


def flips(loop: Loop, faces: frozenset[Point], most: int) -> Iterator[set[Point]]:
    """The edges toggled by each flip of up to `most` faces next to each other that leaves one
    loop, each connected set of faces once. Only sets with a face beside the loop can (a flip
    elsewhere puts a loop of its own on), so those are grown from such faces."""
    cycle = Cycle(loop)
    layer = [frozenset([face]) for face in sorted(faces) if any(side in loop for side in cell_sides(face))]
    seen: set[frozenset[Point]] = set(layer)
    for size in range(1, most + 1):
        grown: list[frozenset[Point]] = []
        for region in layer:
            changed: set[Point] = set()
            for face in region:
                changed.symmetric_difference_update(cell_sides(face))
            if cycle.one_loop_after(changed):
                yield changed
            if size < most:
                for face in region:
                    x, y = face
                    for near in ((x - 2, y), (x + 2, y), (x, y - 2), (x, y + 2)):
                        if near in faces and (bigger := region | {near}) not in seen:
                            seen.add(bigger)
                            grown.append(bigger)
        layer = grown


def broken_by_flips(
    laws: Mapping[Point, Rule], loop: Loop, faces: frozenset[Point], most: int
) -> Iterator[tuple[set[Point], list[Point]]]:
    """Each flip of `flips` (the edges it toggles) with the clues of `laws` (by cell) whose law
    the flipped loop breaks: only those with an edge toggled can be."""
    by_edge: dict[Point, list[Point]] = {}
    for cell, law in laws.items():
        for edge in law.scope:
            by_edge.setdefault(edge, []).append(cell)
    for changed in flips(loop, faces, most):
        touched = {cell for edge in changed for cell in by_edge.get(edge, ())}
        yield changed, [cell for cell in touched if not _keeps(laws[cell], loop, changed)]


def _keeps(law: Rule, loop: Loop, changed: set[Point]) -> bool:
    """Whether `loop` with the edges of `changed` toggled keeps `law`."""
    return tuple(int((edge in loop) != (edge in changed)) for edge in law.scope) in law.allowed


def faces_of(board: Thinning) -> frozenset[Point]:
    """The faces of the board's lattice (odd doubled coordinates), each bordered by four edges."""
    edges = set(board.edges)
    return frozenset(
        (x + 1, y) for x, y in board.edges if x % 2 == 0 and all(side in edges for side in cell_sides((x + 1, y)))
    )
