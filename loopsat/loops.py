"""Connected pieces of a set of loop edges, and the cuts that forbid a piece from staying apart."""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from loopsat.grid import Point, edge_ends


def pieces(edges: Iterable[Point]) -> list[set[Point]]:
    """The vertex sets of the connected components formed by `edges`, largest first."""
    graph = nx.Graph()
    graph.add_edges_from(edge_ends(e) for e in edges)
    return sorted(nx.connected_components(graph), key=len, reverse=True)


def is_cycle_union(edges: Iterable[Point]) -> bool:
    """Every touched vertex has degree 2: the edges form disjoint cycles."""
    degree: dict[Point, int] = {}
    for e in edges:
        for v in edge_ends(e):
            degree[v] = degree.get(v, 0) + 1
    return all(d == 2 for d in degree.values())


def boundary(vertices: set[Point], incident: dict[Point, list[Point]]) -> list[Point]:
    """δ(S): the edges with exactly one end in `vertices`."""
    crossing = []
    for v in vertices:
        for e in incident.get(v, ()):
            a, b = edge_ends(e)
            if (a in vertices) != (b in vertices):
                crossing.append(e)
    return crossing


def short_cycles(incident: dict[Point, list[Point]], longest: int) -> set[frozenset[Point]]:
    """Every simple cycle of at most `longest` edges, as its edge set (depth-first search from the
    smallest vertex of each cycle)."""
    found: set[frozenset[Point]] = set()

    def extend(start: Point, v: Point, path: list[Point], seen: set[Point]) -> None:
        for e in incident.get(v, ()):
            a, b = edge_ends(e)
            w = b if a == v else a
            if w == start and len(path) >= 2 and e != path[-1]:
                found.add(frozenset((*path, e)))
            elif w > start and w not in seen and len(path) + 1 < longest:
                seen.add(w)
                path.append(e)
                extend(start, w, path, seen)
                path.pop()
                seen.discard(w)

    for start in incident:
        extend(start, start, [], {start})
    return found
