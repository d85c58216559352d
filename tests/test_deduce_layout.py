"""deduce/chains.py's edge between two tiles, worked out, against the tiles each edge of a layout joins."""

from __future__ import annotations

import pytest

from loopsat.deduce.board import Board
from loopsat.deduce.chains import edge_joining


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4), (4, 1), (2, 2), (3, 5), (6, 4)])
def test_the_edge_between_two_tiles_is_the_one_that_joins_them(rows: int, cols: int) -> None:
    bare = Board.__new__(Board)
    bare._lay(rows, cols)
    joins = {pair: k for k, pair in enumerate(bare.ends)}
    tiles = range(rows * cols)
    for x in tiles:
        for y in tiles:
            assert edge_joining(x, y, cols) == joins.get((min(x, y), max(x, y))), (x, y)
