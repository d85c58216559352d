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
