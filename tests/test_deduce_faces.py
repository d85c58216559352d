"""deduce/faces.py's arithmetic geometry against the lattice read point by point."""

from __future__ import annotations

import pytest

from loopsat.deduce.faces import geometry
from loopsat.grid import lattice_edges

_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W, as a point's neighbours on the lattice


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4), (4, 1), (2, 2), (3, 5), (6, 4)])
def test_arms_match_the_lattice(rows: int, cols: int) -> None:
    index = {e: k for k, e in enumerate(lattice_edges(rows, cols))}
    arms, present, _ = geometry(rows, cols)
    expected = [
        tuple(index.get((2 * r + dx, 2 * c + dy), -1) for dx, dy in _STEPS) for r in range(rows) for c in range(cols)
    ]
    assert arms == expected
    assert present == [tuple(k for k in dot if k >= 0) for dot in expected]
