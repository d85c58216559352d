"""The chains of loop edges, for the rule that no loop closes while loop edges lie outside it."""

from __future__ import annotations

from loopsat.deduce.rules import Contradiction


class Chains:
    """Paths of edges that are on, over vertices 0..n-1.

    `far[v]` is the other end of the chain that ends at v (-1 when v ends none), `size[v]` that
    chain's number of edges. Each change of `far`/`size` is logged so that a probe can be undone;
    degrees and the count of loop edges are undone edge by edge (`remove`).
    """

    def __init__(self, vertices: int) -> None:
        self.degree = [0] * vertices
        self.far = [-1] * vertices
        self.size = [0] * vertices
        self.on = 0
        self.closed_by = -1  # the edge that closed the loop, once one did
        self.log: list[tuple[int, int, int]] = []  # (vertex, old far, old size)

    def add(self, edge: int, a: int, b: int) -> tuple[int, int, int] | None:
        """Edge `edge` joins a and b: the ends and length of the chain it makes, or None when it
        closes the loop. Raises Contradiction, changing nothing, when that cannot be."""
        degree, far, size, log = self.degree, self.far, self.size, self.log
        if self.closed_by >= 0 or degree[a] == 2 or degree[b] == 2:
            raise Contradiction
        x = far[a] if degree[a] else a
        y = far[b] if degree[b] else b
        if x == b:  # a and b end one chain: the edge closes it, and it must be the whole loop
            if self.on + 1 != size[a] + 1:
                raise Contradiction
            log.append((a, far[a], size[a]))
            log.append((b, far[b], size[b]))
            far[a] = far[b] = -1
            degree[a] += 1
            degree[b] += 1
            self.on += 1
            self.closed_by = edge
            return None
        length = (size[a] if degree[a] else 0) + (size[b] if degree[b] else 0) + 1
        # each change logged as (vertex, old far, old size), inline: the probes' hottest call
        if degree[a]:
            log.append((a, far[a], size[a]))
            far[a] = -1
        if degree[b]:
            log.append((b, far[b], size[b]))
            far[b] = -1
        log.append((x, far[x], size[x]))
        log.append((y, far[y], size[y]))
        far[x], far[y] = y, x
        size[x] = size[y] = length
        degree[a] += 1
        degree[b] += 1
        self.on += 1
        return x, y, length

    def remove(self, edge: int, a: int, b: int) -> None:
        """Take back `add` of an edge (in reverse order, together with `restore`)."""
        self.degree[a] -= 1
        self.degree[b] -= 1
        self.on -= 1
        if self.closed_by == edge:
            self.closed_by = -1

    def restore(self, mark: int) -> None:
        """Take back every `far`/`size` change after log position `mark`."""
        log, far, size = self.log, self.far, self.size
        while len(log) > mark:
            v, far[v], size[v] = log.pop()

    def ends(self) -> list[tuple[int, int, int]]:
        """Every open chain as (end, other end, length), each once."""
        far, size = self.far, self.size
        return [(v, far[v], size[v]) for v in range(len(far)) if far[v] > v]
