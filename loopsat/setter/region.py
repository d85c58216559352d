"""A region of unit squares whose boundary is the setter's loop, and the local tests that keep
that boundary one simple loop while the region changes (setter/loopgen.py changes it).

The loop runs on a lattice of points: a Slitherlink's cell corners (the squares are its cells), a
Masyu's cell centres (the squares lie between them). In doubled coordinates point (i, j) is
(2i, 2j) and square (i, j) is (2i+1, 2j+1), so the loop's edges read the same in both genres.
"""

from __future__ import annotations

from loopsat.grid import Point, cell_sides

STRAIGHT, TURN = 1, 2  # a loop point's shape; 0 off the loop, -1 a pinch (four arms)
_SIDES = ((-1, 0), (0, -1), (0, 1), (1, 0))  # N, W, E, S, as grid.cell_sides


class Region:
    """A set of unit squares on a rows × cols lattice of points; its boundary is the loop.

    Squares are stored with a margin of one square that is never inside, so neighbours need no
    bounds checks: square (i, j), -1 <= i < rows, -1 <= j < cols, is at (i + 1) * width + j + 1.
    """

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.width = cols + 1
        self.inside = bytearray((rows + 1) * self.width)

    def square(self, i: int, j: int) -> int:
        return (i + 1) * self.width + j + 1

    def arms(self, i: int, j: int) -> tuple[bool, bool, bool, bool]:
        """Whether point (i, j)'s N, W, E, S edges are on the loop."""
        top = self.square(i - 1, j - 1)
        bottom = top + self.width
        nw, ne, sw, se = self.inside[top], self.inside[top + 1], self.inside[bottom], self.inside[bottom + 1]
        return nw != ne, nw != sw, ne != se, sw != se

    def shape(self, i: int, j: int) -> int:
        north, west, east, south = self.arms(i, j)
        degree = north + west + east + south
        if degree == 0:
            return 0
        if degree == 4:
            return -1
        return STRAIGHT if north == south else TURN

    def beyond(self, i: int, j: int, arms: tuple[bool, bool, bool, bool]) -> tuple[bool, bool, bool, bool]:
        """For each arm that is on, whether the loop goes straight on through the point it leads
        to (that point's edge further on is on); False beside an arm that is off."""
        north, west, east, south = arms
        return (
            north and self.arms(i - 1, j)[0],
            west and self.arms(i, j - 1)[1],
            east and self.arms(i, j + 1)[2],
            south and self.arms(i + 1, j)[3],
        )

    def points(self, top: int, left: int, bottom: int, right: int) -> list[Point]:
        """The lattice's points in rows top..bottom, cols left..right."""
        rows, cols = (
            range(max(top, 0), min(bottom, self.rows - 1) + 1),
            range(max(left, 0), min(right, self.cols - 1) + 1),
        )
        return [(i, j) for i in rows for j in cols]

    def touches(self, top: int, left: int, height: int, width: int, value: int) -> bool:
        """Whether the block meets a square of `value` (itself or beside it): then filling it with
        `value` neither splits that side nor encloses a new piece of the other side."""
        for i in range(top - 1, top + height + 1):
            for j in range(left - 1, left + width + 1):
                corner = i in (top - 1, top + height) and j in (left - 1, left + width)
                if not corner and self.inside[self.square(i, j)] == value:
                    return True
        return False

    def euler(self, top: int, left: int, height: int, width: int) -> int:
        """The Euler characteristic (corners - edges + squares) of the region, counted over the
        block's squares, edges and corners: a change means a piece or a hole appeared."""
        inside, w = self.inside, self.width
        squares = sum(inside[self.square(i, j)] for i in range(top, top + height) for j in range(left, left + width))
        edges = corners = 0
        for i in range(top, top + height + 1):
            for j in range(left, left + width + 1):
                s = self.square(i, j)
                corners += inside[s] | inside[s - 1] | inside[s - w] | inside[s - w - 1]
                if j < left + width:
                    edges += inside[s] | inside[s - w]
                if i < top + height:
                    edges += inside[s] | inside[s - 1]
        return corners - edges + squares

    def fill(self, top: int, left: int, height: int, width: int, value: int) -> list[tuple[int, int]]:
        """Set the block's squares to `value`; the squares that changed, with their old values."""
        changed = []
        for i in range(top, top + height):
            for j in range(left, left + width):
                s = self.square(i, j)
                if self.inside[s] != value:
                    changed.append((s, self.inside[s]))
                    self.inside[s] = value
        return changed

    def undo(self, changed: list[tuple[int, int]]) -> None:
        for square, old in changed:
            self.inside[square] = old

    def squares(self) -> set[Point]:
        """The (row, col) squares inside."""
        return {(i, j) for i in range(self.rows - 1) for j in range(self.cols - 1) if self.inside[self.square(i, j)]}

    def edges(self) -> frozenset[Point]:
        """The loop: the edges (doubled coordinates) between the squares inside and the rest."""
        return frozenset(
            side
            for i, j in self.squares()
            for side, (di, dj) in zip(cell_sides((2 * i + 1, 2 * j + 1)), _SIDES, strict=True)
            if not self.inside[self.square(i + di, j + dj)]
        )
