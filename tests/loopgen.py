"""Random single loops on a grid, for tests and benchmarks: the boundary of a random region.

A region of cells grown one neighbour at a time has a single-loop boundary when it and its
complement (with the outside) are connected and no two cells touch only at a corner.
"""

from __future__ import annotations

import random

Cell = tuple[int, int]


def _pinched(region: set[Cell], m: int, n: int) -> bool:
    for i in range(-1, m):
        for j in range(-1, n):
            a, b = (i, j) in region, (i + 1, j + 1) in region
            c, d = (i, j + 1) in region, (i + 1, j) in region
            if (a == b) and (c == d) and a != c:
                return True
    return False


def _outside_connected(region: set[Cell], m: int, n: int) -> bool:
    free = {(i, j) for i in range(-1, m + 1) for j in range(-1, n + 1)} - region
    start = (-1, -1)
    seen, todo = {start}, [start]
    while todo:
        i, j = todo.pop()
        for nb in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if nb in free and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(free)


def random_region(m: int, n: int, rng: random.Random, size: int | None = None) -> set[Cell]:
    """A random simply connected region whose boundary is one loop."""
    target = size if size is not None else rng.randint(1, max(1, m * n * 2 // 3))
    region = {(rng.randrange(m), rng.randrange(n))}
    for _ in range(20 * target):
        if len(region) >= target:
            break
        i, j = rng.choice(sorted(region))
        cell = rng.choice(((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)))
        if not (0 <= cell[0] < m and 0 <= cell[1] < n) or cell in region:
            continue
        region.add(cell)
        if _pinched(region, m, n) or not _outside_connected(region, m, n):
            region.discard(cell)
    return region


def clue_grid(region: set[Cell], m: int, n: int) -> list[str]:
    """Every cell's number of loop edges: the sides it shares with the other side of the loop."""
    rows = []
    for i in range(m):
        row = ""
        for j in range(n):
            inside = (i, j) in region
            row += str(sum(((a, b) in region) != inside for a, b in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1))))
        rows.append(row)
    return rows
