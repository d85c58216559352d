"""Brute force for tests: every union of disjoint cycles on a small lattice, by depth-first search."""

from __future__ import annotations

from functools import cache

Edge = tuple[tuple[int, int], tuple[int, int]]


@cache
def cycle_unions(rows: int, cols: int) -> list[frozenset[Edge]]:
    """Every edge set of the rows × cols lattice of points in which each point has degree 0 or 2.

    Such a set is an even subgraph, and every even subgraph of a grid is the sum (mod 2) of the
    boundaries of one set of its unit squares: so each subset of squares (in Gray-code order,
    one square's boundary toggled per step) is one candidate, kept when no point has degree 4.
    2^squares candidates: 4096 for 4×5 points, where a search edge by edge made 690,000 calls.
    """
    edges = [((i, j), (i, j + 1)) for i in range(rows) for j in range(cols - 1)]
    edges += [((i, j), (i + 1, j)) for i in range(rows - 1) for j in range(cols)]
    bit = {edge: 1 << k for k, edge in enumerate(edges)}
    squares = []  # each unit square's boundary, as a mask of edges
    for i in range(rows - 1):
        for j in range(cols - 1):
            corners = [(i, j), (i, j + 1), (i + 1, j + 1), (i + 1, j)]
            squares.append(
                sum(bit[min(a, b), max(a, b)] for a, b in zip(corners, corners[1:] + corners[:1], strict=True))
            )
    touching: dict[tuple[int, int], int] = {}
    for (a, b), mask in bit.items():
        touching[a] = touching.get(a, 0) | mask
        touching[b] = touching.get(b, 0) | mask
    crowded = [mask for mask in touching.values() if mask.bit_count() > 2]  # a point of degree 3 or 4
    found: list[frozenset[Edge]] = []
    union = 0
    for step in range(1 << len(squares)):
        if step:
            union ^= squares[(step & -step).bit_length() - 1]
        if all((union & mask).bit_count() <= 2 for mask in crowded):
            found.append(frozenset(edge for edge in edges if union & bit[edge]))
    return found


def midpoints(union: frozenset[Edge]) -> frozenset[tuple[int, int]]:
    """An edge set of points (i, j) as loopsat's solutions name it: the doubled edge midpoints."""
    return frozenset((a[0] + b[0], a[1] + b[1]) for a, b in union)


def edges_of(h: list[str], v: list[str]) -> frozenset[tuple[int, int]]:
    """The JSON's h/v bit strings back to edge midpoints: h[i][j] is (2i, 2j+1), v[i][j] is (2i+1, 2j)."""
    on = {(2 * i, 2 * j + 1) for i, row in enumerate(h) for j, bit in enumerate(row) if bit == "1"}
    on |= {(2 * i + 1, 2 * j) for i, row in enumerate(v) for j, bit in enumerate(row) if bit == "1"}
    return frozenset(on)
