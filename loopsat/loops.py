"""Connected pieces of a set of loop edges, and the cuts that forbid a piece from staying apart."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from loopsat.grid import Point, cell_sides, edge_ends


def pieces(edges: Iterable[Point]) -> list[set[Point]]:
    """The vertex sets of the connected components formed by `edges`, largest first.

    A union-find of a few lines, where networkx's connected components cost its import: 0.07-0.23
    CPU-s of every lazy-cut search (`python -X importtime -c "import networkx"`), more than the
    whole CP-SAT proof of a 30×30 that deduction left 330 edges of (bench/search_phases.py).
    """
    leader: dict[Point, Point] = {}

    def find(v: Point) -> Point:
        root = leader.setdefault(v, v)
        while root != leader[root]:
            root = leader[root]
        while v != root:  # path compression
            leader[v], v = root, leader[v]
        return root

    for edge in edges:
        a, b = map(find, edge_ends(edge))
        leader[a] = b
    groups: dict[Point, set[Point]] = {}
    for v in leader:
        groups.setdefault(find(v), set()).add(v)
    return sorted(groups.values(), key=len, reverse=True)


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
