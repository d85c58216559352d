"""Random single loops on a grid, for tests and benchmarks: the boundary of a random region, grown
by the setter's own grower (loopsat/setter/loopgen.py) without its bias, and the clues of a region.
"""

from __future__ import annotations

import random

from loopsat.setter.loopgen import grow
from loopsat.setter.region import Region

Cell = tuple[int, int]


def random_region(m: int, n: int, rng: random.Random, size: int | None = None) -> set[Cell]:
    """A random simply connected region whose boundary is one loop: the setter's grower, unbiased."""
    target = size if size is not None else rng.randint(1, max(1, m * n * 2 // 3))
    region = Region(m + 1, n + 1)  # the loop runs along the cells' sides: their corners are its points
    grow(region, rng, target)
    return region.squares()


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
