"""The chains of loop edges, for the rule that no loop closes while loop edges lie outside it."""

from __future__ import annotations

from collections.abc import Sequence

from loopsat.deduce.rules import Contradiction
from loopsat.grid import numbers


class Chains:
    """Paths of edges that are on, over vertices 0..n-1.

    `far[v]` is the other end of the chain that ends at v and `size[v]` that chain's number of
    edges, read only while v ends a chain (degree 1). Adding an edge writes only the new chain's
    two ends, so a vertex it makes inner keeps what it knew as an end: that is what taking the
    edge back restores (`take_back`), and nothing is logged (a probe adds and takes back tens of
    thousands of edges on a 60×60).
    """

    def __init__(self, vertices: int) -> None:
        self.degree = [0] * vertices
        self.far = [-1] * vertices
        self.size = [0] * vertices
        self.on = 0
        self.closed_by = -1  # the edge that closed the loop, once one did

    def add(self, edge: int, a: int, b: int) -> tuple[int, int, int] | None:
        """Edge `edge` joins a and b: the ends and length of the chain it makes, or None when it
        closes the loop. Raises Contradiction, changing nothing, when that cannot be."""
        degree, far, size = self.degree, self.far, self.size
        da, db = degree[a], degree[b]
        if self.closed_by >= 0 or da == 2 or db == 2:
            raise Contradiction
        x = far[a] if da else a
        y = far[b] if db else b
        if x == b:  # a and b end one chain: the edge closes it, and it must be the whole loop
            if self.on != size[a]:
                raise Contradiction
            degree[a] = degree[b] = 2
            self.on += 1
            self.closed_by = edge
            return None
        length = (size[a] if da else 0) + (size[b] if db else 0) + 1
        far[x], far[y] = y, x
        size[x] = size[y] = length
        degree[a] = da + 1
        degree[b] = db + 1
        self.on += 1
        return x, y, length

    def take_back(self, edges: Sequence[int], value: list[int], ends: Sequence[tuple[int, int]]) -> None:
        """Take back `add` of the loop edges (value 1) among `edges` (in the order they were
        added; `ends` gives each edge's two vertices): last first, each end that stays an end
        points its chain's far end back at itself, from what it kept. Every edge of `edges` is
        left undecided (-1): an undo's one pass over them, not two (a probe undoes each branch)."""
        degree, far, size = self.degree, self.far, self.size
        for edge in reversed(edges):
            if value[edge] != 1:
                value[edge] = -1
                continue
            value[edge] = -1
            a, b = ends[edge]
            degree[a] -= 1
            degree[b] -= 1
            if degree[a]:
                x = far[a]
                far[x], size[x] = a, size[a]
            if degree[b]:
                y = far[b]
                far[y], size[y] = b, size[b]
            if self.closed_by == edge:
                self.closed_by = -1
            self.on -= 1

    def ends(self) -> list[tuple[int, int, int]]:
        """Every open chain as (end, other end, length), each once."""
        far, size, degree = self.far, self.size, self.degree
        return [(v, far[v], size[v]) for v in range(len(far)) if degree[v] == 1 and far[v] > v]


def edge_joining(x: int, y: int, cols: int) -> int | None:
    """The edge between tiles x and y of a lattice `cols` tiles wide, None where they are no
    neighbours: worked out from `Layout.ends`' row-major numbering (a row's cols - 1 edges
    across, then its cols down), outside probes (a few hundred a solve). The probes' loop looks
    it up in `Layout.edge_between` (a hard Masyu 25×25's 3 800 calls here cost 2 M instructions
    more, 600 each against a tuple's hash and a dict's look-up)."""
    if x > y:
        x, y = y, x
    if y - x == cols:  # (a lattice one tile wide has no edges across)
        return x + (x // cols + 1) * (cols - 1)
    if y - x == 1 and x % cols != cols - 1:
        return x + x // cols * (cols - 1)
    return None


_BETWEEN: dict[tuple[int, int], dict[tuple[int, int], int]] = {}  # `edges_between`'s, by size


def edges_between(shape: tuple[int, int], ends: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """Each edge by its two tiles (`Layout.ends`), for the probes' loop: made with the probes'
    lists (`layout._Later`), not by every board (295 KB at 60×60), and shared by the boards of a size
    (never changed; a batch of boards of mixed sizes keeps a few, as colours.face_lattice)."""
    found = _BETWEEN.get(shape)
    if found is None:
        if len(_BETWEEN) >= 8:
            _BETWEEN.clear()
        found = _BETWEEN[shape] = dict(zip(ends, numbers(len(ends)), strict=True))
    return found
