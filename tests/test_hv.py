"""The h/v layout: every lattice edge once, each at the index it is read back from."""

from __future__ import annotations

import random

import pytest

from loopsat import hv
from loopsat.grid import lattice_edges


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4), (3, 1), (4, 6)])
def test_every_edge_once_and_read_back_where_written(rows: int, cols: int) -> None:
    listed = hv.edges(rows, cols)
    assert sorted(listed) == sorted(lattice_edges(rows, cols))
    assert len(set(listed)) == len(listed)
    rng = random.Random(rows * 10 + cols)
    on = {edge for edge in listed if rng.random() < 0.5}
    h, v = hv.strings(rows, cols, on)
    read = {
        hv.edge_at(kind)(i, j)
        for kind, lines in zip(hv.KINDS, (h, v), strict=True)
        for i, line in enumerate(lines)
        for j, bit in enumerate(line)
        if bit == "1"
    }
    assert read == on
    for edge in listed:
        kind, i, j = hv.index(edge)
        assert (h if kind == "h" else v)[i][j] == ("1" if edge in on else "0")
        lines, length = hv.shape(kind, rows, cols)
        assert 0 <= i < lines and 0 <= j < length


def test_points_that_are_no_edge_of_the_lattice_are_in_neither_string() -> None:
    on = {(0, 1), (2, 3), (1, 2), (-1, 0), (0, 0), (5, 1), (1, 6), (3, 0), (0, -1)}
    assert hv.strings(2, 3, on) == (["10", "01"], ["010"])
