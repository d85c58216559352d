"""The setter's one loop generator: the boundary of a Region of squares (setter/region.py), shaped
by what the genre asks of its loop (its bias hook, `Grown` or `Annealed`, declared in the genre).

A genre any simple loop suits (Slitherlink, and the tests' random loops) gets a region grown one
square at a time. A genre that wants every point of its loop to carry a clue (Masyu: a circle)
gets a region annealed by moves that fill a small block of squares in or out: a move always keeps
the boundary one simple loop (checked near the block: no pinch, the block meets its own side, the
Euler characteristic is unchanged), and is kept by the Metropolis rule on an energy of minus the
loop's length plus a cost per flawed point (one where the genre can place no clue). Flaws are
allowed because a loop whose every point can carry a Masyu circle is rigid: from a 30×30 one,
over 99% of 20,000 random block moves left a flaw, so moves that had to keep every cell flawless
stalled with 45-60% of the board on the loop (3-6 CPU-s), against 55-65% with a few flaws
(which simply get no circle) in the same time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from loopsat.setter.region import Region

if TYPE_CHECKING:
    import random

    from loopsat.grid import Point

# Blocks are 1..SIDE squares each way. Flawless growth of 30×30 Masyu boards, 40 moves a cell:
# SIDE 3 put 47% of the board on the loop, SIDE 2 1%, SIDE 4 36%, SIDE 5 31%.
SIDE = 3
# An annealed loop gets ANNEAL_MOVES block moves per point, the temperature falling from
# ANNEAL_HEAT; a repair REPAIR_MOVES per point of its focus from REPAIR_HEAT. Masyu (flaw cost 3):
# 30 moves put 55-65% of a 30×30 board on the loop with 5-30 cells without a circle, 28-77 edges
# left undecided, all decided after 1-3 repair rounds, one 30×30 of four after 6 (`python
# bench/masyu_dense.py 30x30 40x40 --seeds 4`).
ANNEAL_MOVES = 30
ANNEAL_HEAT = 1.0
REPAIR_MOVES = 10
REPAIR_HEAT = 0.5


@dataclass(frozen=True)
class Grown:
    """The bias hook of a genre any simple loop suits: the region grows to `share` of the squares
    (or until no square can join), each step weighing `candidates` random frontier squares and
    taking the one with the fewest neighbours inside (1: uniform growth)."""

    centres: bool  # the loop runs through cell centres (Masyu's lattice), else along cell sides
    share: float
    candidates: int = 1

    def draw(self, rows: int, cols: int, rng: random.Random) -> Loop:
        """A loop for a rows × cols board."""
        region = Region(*lattice(rows, cols, self.centres))
        grow(region, rng, round(self.share * rows * cols), self.candidates)
        return Loop(region)


@dataclass(frozen=True)
class Annealed:
    """The bias hook of a genre that wants a clue on every point of its loop: `allows` holds the
    patterns of a loop point's (N, W, E, S edges, the four edges straight on beyond the points
    they lead to) at which the genre can place a clue (the genre's rule tables have that scope;
    an edge beyond an arm that is off reads 0), and a point where none fits costs `flaw_cost`
    points of loop length."""

    centres: bool
    allows: frozenset[tuple[int, ...]]
    flaw_cost: float

    def draw(self, rows: int, cols: int, rng: random.Random) -> Loop:
        """A loop for a rows × cols board: a 3×3 ring in the middle, annealed."""
        annealer = Annealer(Region(*lattice(rows, cols, self.centres)), rng, self)
        annealer.run(ANNEAL_MOVES * rows * cols, ANNEAL_HEAT)
        return annealer


Bias = Grown | Annealed


def lattice(rows: int, cols: int, centres: bool) -> tuple[int, int]:
    """The points the loop of a rows × cols board runs through: its cells, or its cell corners."""
    return (rows, cols) if centres else (rows + 1, cols + 1)


class Loop:
    """A drawn loop: its edges, and whether it can be reshaped near given points (a grown loop
    cannot: the setter draws another)."""

    reshapable = False

    def __init__(self, region: Region) -> None:
        self.region = region

    def edges(self) -> frozenset[Point]:
        return self.region.edges()

    def reshape(self, focus: list[Point], holes: bool = False) -> None:
        """Reshape the loop near the points of `focus` (in reading order), those on the lattice;
        with `holes`, each 2×2 block of points off the loop costs as a flaw (Annealer.holes)."""
        raise NotImplementedError("a grown loop is drawn afresh, never reshaped")


class Annealer(Loop):
    """Anneals a Region from a small ring in the middle of the lattice; keeps count of the loop's
    points and flawed points, and of the loop points moves may start from (`ring`)."""

    reshapable = True

    def __init__(self, region: Region, rng: random.Random, bias: Annealed) -> None:
        rows, cols = region.rows, region.cols
        if rows < 3 or cols < 3:
            raise ValueError("an annealed loop starts as a 3×3 ring of points: the lattice needs at least 3×3")
        super().__init__(region)
        self.rng, self.flaw_cost = rng, bias.flaw_cost
        self.allowed = bytes(_code(pattern) in bias.allows for pattern in range(256))
        top, left = (rows - 3) // 2, (cols - 3) // 2
        region.fill(top, left, 2, 2, 1)  # a 3×3 ring of points: runs of 2
        self.length, self.flaws = 8, 0
        self.ring: list[Point] = []  # may hold points the loop has left: dropped when drawn
        self.listed: set[Point] = set()
        self._list(top, left, top + 2, left + 2)

    def _list(self, top: int, left: int, bottom: int, right: int) -> None:
        for point in self.region.points(top, left, bottom, right):
            if point not in self.listed and self.region.shape(*point) > 0:
                self.listed.add(point)
                self.ring.append(point)

    def flawed(self, i: int, j: int) -> bool:
        """A loop point (two arms) where the genre can place no clue."""
        arms = self.region.arms(i, j)
        code = 0
        for k, bit in enumerate((*arms, *self.region.beyond(i, j, arms))):
            code |= bit << k
        return not self.allowed[code]

    def tally(self, top: int, left: int, bottom: int, right: int) -> tuple[int, int, bool]:
        """Loop arms (twice the loop points), flawed points, and whether a pinch is among them."""
        arms = flaws = 0
        pinch = False
        for i, j in self.region.points(top, left, bottom, right):
            degree = sum(self.region.arms(i, j))
            arms += degree
            pinch = pinch or degree == 4
            flaws += degree == 2 and self.flawed(i, j)
        return arms, flaws, pinch

    def holes(self, top: int, left: int, bottom: int, right: int) -> int:
        """The 2×2 blocks of points off the loop whose top left point is among these: a loop
        fenced off round one is a second loop, which no rule up to Pearl's Tricky rules out."""
        region = self.region
        bottom, right = min(bottom, region.rows - 2), min(right, region.cols - 2)
        return sum(
            not any(any(region.arms(a, b)) for a, b in ((i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)))
            for i, j in region.points(top, left, bottom, right)
        )

    def reshape(self, focus: list[Point], holes: bool = False) -> None:
        inside = [(i, j) for i, j in focus if 0 <= i < self.region.rows and 0 <= j < self.region.cols]
        self.run(REPAIR_MOVES * len(inside), REPAIR_HEAT, inside, holes)

    def run(self, moves: int, heat: float, focus: list[Point] | None = None, holes: bool = False) -> None:
        """`moves` Metropolis moves at a temperature falling linearly from `heat` to 0, each from
        a loop point of `focus` when given, else of the whole loop; with `holes`, a 2×2 block of
        points off the loop costs as a flaw."""
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
            arms, flaws, _ = self.tally(*near)
            blocks = self.holes(*near) if holes else 0
            euler = region.euler(top, left, height, width)
            changed = region.fill(top, left, height, width, value)
            arms_after, flaws_after, pinch = self.tally(*near)
            gain, more_flaws = (arms_after - arms) // 2, flaws_after - flaws
            more_holes = self.holes(*near) - blocks if holes else 0
            cost = self.flaw_cost * (more_flaws + more_holes) - gain
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


def _code(pattern: int) -> tuple[int, ...]:
    """The 8 edges a pattern number stands for, first edge in its lowest bit."""
    return tuple(pattern >> k & 1 for k in range(8))


# The eight squares around a square, in ring order (N, NE, E, SE, S, SW, W, NW): ring neighbours
# are side by side, so one unbroken run of inside squares in the ring is one connected piece.
_RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def grow(region: Region, rng: random.Random, size: int, candidates: int = 1) -> None:
    """Grow the (empty) region from a random square to `size` squares (or until none can join),
    connected, without holes, its outside (the world beyond the lattice included) connected too,
    never meeting itself at a corner only: its boundary is then one simple loop.

    Each step draws `candidates` random frontier squares and takes the fit one with the fewest
    neighbours inside (so more than one grows arms rather than a round blob)."""
    rows, cols, inside, at = region.rows - 1, region.cols - 1, region.inside, region.square
    start = (rng.randrange(rows), rng.randrange(cols))
    frontier: list[Point] = []
    queued: set[Point] = set()

    def join(square: Point) -> None:
        i, j = square
        inside[at(i, j)] = 1
        for di, dj in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            near = (i + di, j + dj)
            if 0 <= near[0] < rows and 0 <= near[1] < cols and not inside[at(*near)] and near not in queued:
                queued.add(near)
                frontier.append(near)

    def joinable(square: Point) -> bool:
        """Adding the square keeps one piece and one outside, and makes no corner-only contact:
        the inside squares around it are one run (two runs: joining would close a ring). A
        frontier square has a side neighbour inside, so that run holds one, and a diagonal
        square in it touches the square through a side neighbour, never by a corner alone."""
        ring = [inside[at(square[0] + di, square[1] + dj)] for di, dj in _RING]
        return sum(a != b for a, b in zip(ring, ring[1:] + ring[:1], strict=True)) == 2

    def inner(square: Point) -> int:
        i, j = square
        return inside[at(i - 1, j)] + inside[at(i, j + 1)] + inside[at(i + 1, j)] + inside[at(i, j - 1)]

    join(start)
    target, grown = max(1, size), 1
    while grown < target and frontier:
        picks = [rng.randrange(len(frontier)) for _ in range(candidates)]
        fit = [k for k in picks if joinable(frontier[k])]
        if not fit:  # the sample missed: look at every frontier square before giving up
            fit = [k for k in range(len(frontier)) if joinable(frontier[k])]
            if not fit:
                break
            fit = [rng.choice(fit)]
        k = min(fit, key=lambda k: inner(frontier[k]))
        square = frontier[k]
        frontier[k] = frontier[-1]
        frontier.pop()
        queued.discard(square)
        join(square)
        grown += 1
