"""Brute force for tests: every union of disjoint cycles on a small lattice, by depth-first search."""

from __future__ import annotations

from functools import cache

Edge = tuple[tuple[int, int], tuple[int, int]]


@cache
def cycle_unions(rows: int, cols: int) -> list[frozenset[Edge]]:
    """Every edge set of the rows × cols lattice of points in which each point has degree 0 or 2."""
    edges = [((i, j), (i, j + 1)) for i in range(rows) for j in range(cols - 1)]
    edges += [((i, j), (i + 1, j)) for i in range(rows - 1) for j in range(cols)]
    last_use = {}
    for k, (a, b) in enumerate(edges):
        last_use[a] = last_use[b] = k
    found: list[frozenset[Edge]] = []
    degree: dict[tuple[int, int], int] = {}

    def extend(k: int, chosen: list[Edge]) -> None:
        if k == len(edges):
            found.append(frozenset(chosen))
            return
        a, b = edges[k]
        for take in (False, True):
            if take:
                if degree.get(a, 0) == 2 or degree.get(b, 0) == 2:
                    continue
                degree[a] = degree.get(a, 0) + 1
                degree[b] = degree.get(b, 0) + 1
                chosen.append(edges[k])
            if all(degree.get(v, 0) in (0, 2) for v in (a, b) if last_use[v] == k):
                extend(k + 1, chosen)
            if take:
                chosen.pop()
                degree[a] -= 1
                degree[b] -= 1

    extend(0, [])
    return found


def midpoints(union: frozenset[Edge]) -> frozenset[tuple[int, int]]:
    """An edge set of points (i, j) as loopsat's solutions name it: the doubled edge midpoints."""
    return frozenset((a[0] + b[0], a[1] + b[1]) for a, b in union)


def edges_of(h: list[str], v: list[str]) -> frozenset[tuple[int, int]]:
    """The JSON's h/v bit strings back to edge midpoints: h[i][j] is (2i, 2j+1), v[i][j] is (2i+1, 2j)."""
    on = {(2 * i, 2 * j + 1) for i, row in enumerate(h) for j, bit in enumerate(row) if bit == "1"}
    on |= {(2 * i + 1, 2 * j) for i, row in enumerate(v) for j, bit in enumerate(row) if bit == "1"}
    return frozenset(on)
