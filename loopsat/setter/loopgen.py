"""The setter's loops: each the boundary of a region of squares, grown in pure Python.

`grow` adds one frontier cell at a time, weighed by a per-genre bias hook: Slitherlink's dense
boards and the tests' random loops. `Grower` anneals a region instead, for Masyu, whose loops
need a shape greedy growth cannot keep:

Loops on which every cell can carry a Masyu circle.

A loop cell allows a black circle when it turns and both its arms go straight on, a white one
when it goes straight and turns next door on at least one side; so every cell of the loop allows
one exactly when every straight run between two turns is 2 or 3 steps long. Such a loop is the
boundary of a region of unit squares on the (rows-1)×(cols-1) lattice of squares whose corners
are the cell centres. The region is annealed by moves that fill a small block of squares in or
out: a move always keeps the boundary one simple loop (checked near the block: no pinch, the
block meets its own side, the Euler characteristic is unchanged), and is kept by the Metropolis
rule on an energy of minus the loop's length plus a cost per flawed cell (one that allows no
circle). Flawed cells are allowed because a loop whose every cell can carry a circle is rigid:
from a 30×30 one, over 99% of 20,000 random block moves left a flaw, so moves that had to keep
every cell flawless stalled with 45-60% of the board on the loop (3-6 CPU-s), against 55-65%
with a few flaws (which simply get no circle) in the same time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from loopsat.grid import Point, cell_sides

Weigh = Callable[[Point, set[Point]], int]  # a frontier cell's weight, given the region: least joins

STRAIGHT, TURN = 1, 2  # a loop cell's shape; 0 off the loop, -1 a pinch (four arms)
# Blocks are 1..SIDE squares each way. Flawless growth of 30×30 boards, 40 moves a cell: SIDE 3
# put 47% of the board on the loop, SIDE 2 1%, SIDE 4 36%, SIDE 5 31%.
SIDE = 3


class Region:
    """A set of unit squares on the lattice of cell centres; its boundary is the loop.

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
        """Whether cell (i, j)'s N, W, E, S edges are on the loop."""
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

    def _steps(self, i: int, j: int) -> list[Point]:
        north, west, east, south = self.arms(i, j)
        return [d for d, arm in (((-1, 0), north), ((0, -1), west), ((0, 1), east), ((1, 0), south)) if arm]

    def flawed(self, i: int, j: int) -> bool:
        """A loop cell where no circle holds (a turn beside a turn, a straight between straights)."""
        shape = self.shape(i, j)
        if shape <= 0:
            return False
        turns = [self.shape(i + di, j + dj) == TURN for di, dj in self._steps(i, j)]
        return any(turns) if shape == TURN else not any(turns)

    def cells(self, top: int, left: int, bottom: int, right: int) -> list[Point]:
        """The board's cells in rows top..bottom, cols left..right."""
        rows, cols = (
            range(max(top, 0), min(bottom, self.rows - 1) + 1),
            range(max(left, 0), min(right, self.cols - 1) + 1),
        )
        return [(i, j) for i in rows for j in cols]

    def tally(self, top: int, left: int, bottom: int, right: int) -> tuple[int, int, bool]:
        """Loop arms (twice the loop cells), flawed cells, and whether a pinch is among them."""
        arms = flaws = 0
        pinch = False
        for i, j in self.cells(top, left, bottom, right):
            degree = sum(self.arms(i, j))
            arms += degree
            pinch = pinch or degree == 4
            flaws += degree == 2 and self.flawed(i, j)
        return arms, flaws, pinch

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


class Grower:
    """Anneals a Region from a small ring in the middle of the board; keeps count of the loop's
    cells and flawed cells, and of the loop cells moves may start from (`ring`)."""

    def __init__(self, rows: int, cols: int, rng: random.Random) -> None:
        if rows < 3 or cols < 3:
            raise ValueError("a Masyu loop with a circle on every cell needs at least 3×3 cells")
        self.region = Region(rows, cols)
        self.rng = rng
        top, left = (rows - 3) // 2, (cols - 3) // 2
        self.region.fill(top, left, 2, 2, 1)  # a 3×3 ring of cells: runs of 2
        self.length, self.flaws = 8, 0
        self.ring: list[Point] = []  # may hold cells the loop has left: dropped when drawn
        self.listed: set[Point] = set()
        self._list(top, left, top + 2, left + 2)

    def _list(self, top: int, left: int, bottom: int, right: int) -> None:
        for cell in self.region.cells(top, left, bottom, right):
            if cell not in self.listed and self.region.shape(*cell) > 0:
                self.listed.add(cell)
                self.ring.append(cell)

    def run(self, moves: int, heat: float, flaw_cost: float, focus: list[Point] | None = None) -> None:
        """`moves` Metropolis moves at a temperature falling linearly from `heat` to 0, a flawed
        cell costing `flaw_cost` loop cells, each move from a loop cell of `focus` when given,
        else of the whole loop."""
        region, rng, rows, cols = self.region, self.rng, self.region.rows, self.region.cols
        starts = self.ring if focus is None else focus
        for move in range(moves):
            if not starts:
                return
            k = rng.randrange(len(starts))
            i, j = starts[k]
            if region.shape(i, j) <= 0:
                if focus is None:
                    self.listed.discard(starts[k])
                    starts[k] = starts[-1]
                    starts.pop()
                continue
            height, width = rng.randint(1, SIDE), rng.randint(1, SIDE)
            top = min(max(i - rng.randrange(height + 1), 0), rows - 1 - height)
            left = min(max(j - rng.randrange(width + 1), 0), cols - 1 - width)
            value = rng.randrange(2)
            if top < 0 or left < 0 or not region.touches(top, left, height, width, value):
                continue
            near = (top - 1, left - 1, top + height + 1, left + width + 1)
            arms, flaws, _ = region.tally(*near)
            euler = region.euler(top, left, height, width)
            changed = region.fill(top, left, height, width, value)
            arms_after, flaws_after, pinch = region.tally(*near)
            gain, more_flaws = (arms_after - arms) // 2, flaws_after - flaws
            cost = flaw_cost * more_flaws - gain
            temperature = heat * (1 - move / moves)
            if (
                not changed
                or pinch
                or (cost > 0 and (temperature <= 0 or rng.random() >= math.exp(-cost / temperature)))
                or region.euler(top, left, height, width) != euler
            ):
                region.undo(changed)
                continue
            self.length += gain
            self.flaws += more_flaws
            self._list(top, left, top + height, left + width)


# The eight cells around a cell, in ring order (N, NE, E, SE, S, SW, W, NW): ring neighbours are
# side by side, so one unbroken run of inside cells in the ring is one connected piece.
_RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def grow(
    rows: int, cols: int, rng: random.Random, size: int, candidates: int = 1, weigh: Weigh | None = None
) -> set[Point]:
    """A random set of (row, col) cells, connected, without holes, whose outside (the world beyond
    the board included) is connected too and which never meets itself at a corner only: its
    boundary is then one simple loop on the (rows+1) × (cols+1) lattice of cell corners.

    It grows one frontier cell at a time to `size` cells (or until none can join); the bias hook
    is `candidates` random frontier cells weighed by `weigh` (default: their neighbours inside),
    the lightest taken. One candidate: uniform growth, as the tests' random loops."""
    start = (rng.randrange(rows), rng.randrange(cols))
    inside = {start}
    frontier: list[Point] = []
    queued: set[Point] = set()

    def touch(cell: Point) -> None:
        i, j = cell
        for di, dj in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            near = (i + di, j + dj)
            if 0 <= near[0] < rows and 0 <= near[1] < cols and near not in inside and near not in queued:
                queued.add(near)
                frontier.append(near)

    def joinable(cell: Point) -> bool:
        """Adding the cell keeps one piece and one outside, and makes no corner-only contact."""
        ring = [(cell[0] + di, cell[1] + dj) in inside for di, dj in _RING]
        if sum(a != b for a, b in zip(ring, ring[1:] + ring[:1], strict=True)) != 2:
            return False  # the inside cells around it are not one run: joining would close a ring
        # a diagonal cell inside with both cells between it and this one outside: a corner contact
        return not any(ring[k] and not ring[k - 1] and not ring[(k + 1) % 8] for k in (1, 3, 5, 7))

    def inner(cell: Point) -> int:
        return sum((cell[0] + di, cell[1] + dj) in inside for di, dj in ((-1, 0), (0, 1), (1, 0), (0, -1)))

    touch(start)
    target = max(1, size)
    weight = weigh or (lambda cell, _inside: inner(cell))
    while len(inside) < target and frontier:
        picks = [rng.randrange(len(frontier)) for _ in range(candidates)]
        fit = [k for k in picks if joinable(frontier[k])]
        if not fit:  # the sample missed: look at every frontier cell before giving up
            fit = [k for k in range(len(frontier)) if joinable(frontier[k])]
            if not fit:
                break
            fit = [rng.choice(fit)]
        k = min(fit, key=lambda k: weight(frontier[k], inside))
        cell = frontier[k]
        frontier[k] = frontier[-1]
        frontier.pop()
        queued.discard(cell)
        inside.add(cell)
        touch(cell)
    return inside


def boundary(cells: set[Point]) -> frozenset[Point]:
    """The edges (doubled coordinates) between the cells and the rest: a region's loop."""
    return frozenset(
        side
        for i, j in cells
        for side, near in zip(
            cell_sides((2 * i + 1, 2 * j + 1)), ((i - 1, j), (i, j - 1), (i, j + 1), (i + 1, j)), strict=True
        )
        if near not in cells
    )
