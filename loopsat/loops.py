"""Connected pieces of a set of loop edges, and the cuts that forbid a piece from staying apart."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from loopsat.grid import Point, cell_sides, edge_ends


def pieces(edges: Iterable[Point]) -> list[set[Point]]:
    """The vertex sets of the connected components formed by `edges`, largest first.

    networkx is imported here, on first use: 70 ms of start-up that AddCircuit never needs.
    """
    import networkx as nx

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


def short_cycles(edges: Collection[Point]) -> list[frozenset[Point]]:
    """Every cycle of at most 6 edges, as its edge set.

    The edges lie on the square lattice, where such a cycle is the border of one square or of two
    squares side by side: a scan of the squares beside the edges finds them all, no graph search.
    """
    present = set(edges)
    beside = (((x, y - 1), (x, y + 1)) if x % 2 else ((x - 1, y), (x + 1, y)) for x, y in present)
    squares = {square for pair in beside for square in pair}
    found = []
    for x, y in sorted(squares):
        sides = frozenset(cell_sides((x, y)))
        shapes = [sides] + [sides ^ frozenset(cell_sides(other)) for other in ((x, y + 2), (x + 2, y))]
        found += [shape for shape in shapes if shape <= present]
    return found
