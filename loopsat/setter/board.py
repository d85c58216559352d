"""A puzzle being thinned and its one loop: the deductions near its clues, which decide cheaply
whether a clue can go (setter/generate.py thins with them, setter/minimal.py looks with them
for a second loop before it asks CP-SAT)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from loopsat import deduce
from loopsat.deduce import Level, Rule
from loopsat.deduce.branch import OutOfNodes
from loopsat.errors import VerificationError
from loopsat.genres import GENRES, SETTERS
from loopsat.grid import Edges, Point, edge_ends, lattice_edges
from loopsat.puzzle import Puzzle
from loopsat.solver.outcome import bits
from loopsat.verify import verify

# How far (doubled coordinates: 12 = six cells) around the removed clues the screen of a try
# deduces, every edge beyond given as in the loop. 30×30 Masyu seed 1, the 211 clues thinning
# holds: at 4, 6, 12 cells 2-5 % of them passed the screen (and failed the whole deduction),
# 0.04-0.05 CPU-s a screen against 0.5 for the whole deduction; thinning took 91 CPU-s instead
# of 193. With each law negated (thinned singly), of the 214 clues held, 39 passed the screen
# and failed the whole deduction (0.43 CPU-s each); at 8, 10, 12 cells 34, 30, 20 did, the
# screens costing 1.9, 4.6, 8.8 CPU-s more for 2.1, 3.9, 8.2 saved.
SCREEN = 12
# How far (doubled coordinates) from a held clue a loop that breaks it is looked for, every edge
# beyond given as in the loop, and the backtracking's budget of decisions there, in turn. 30×30
# Masyu seed 1, thinned singly: of 214 clues held, 179 such loops within 4 cells and 14 more
# within 8, 0.03 CPU-s a look; 21 clues were left for a proof.
WINDOWS = ((8, 200), (16, 1000))
Orbit = tuple[Point, ...]  # clues that go together (a symmetric layout's images), or one clue


class Thinning:
    """The lattice of a puzzle being thinned, and its one loop: the deductions near clues."""

    def __init__(self, puzzle: Puzzle, solution: Edges) -> None:
        genre = GENRES[puzzle.genre]
        self.genre = genre
        self.setter = SETTERS[puzzle.genre]
        self.solution = solution
        rows, cols = genre.tile_shape(puzzle)
        self.tiles = rows * cols
        self.edges = list(lattice_edges(rows, cols))
        if not genre.rules(puzzle).whole:  # what the deduction's completeness proves relies on it
            raise ValueError(f"{puzzle.genre}: its clue tables do not state every clue")
        self.made = puzzle, solution
        self.blank = self.setter.without(puzzle, self.setter.clue_cells(puzzle))
        self.cached_laws: dict[Point, Rule] = {}
        self._points: set[Point] = set()  # the loop's points (doubled coordinates), once asked

    def __reduce__(self) -> tuple[type[Thinning], tuple[Puzzle, Edges]]:
        """Sent to a helper process as what it is made from (its genre is a module)."""
        return Thinning, self.made

    def beside_itself(self, cell: Point) -> bool:
        """Whether the loop runs through `cell`'s centre and through a neighbour's it does not
        join: once the clues there are gone, only the shortcut-loop rule (Pearl's Tricky) may rule
        that edge out. Clues on loop points only (Masyu's circles)."""
        i, j = cell
        if not self._points:
            self._points.update(end for edge in self.solution for end in edge_ends(edge))
        return (2 * i, 2 * j) in self._points and any(
            (2 * i + di, 2 * j + dj) in self._points and (2 * i + di // 2, 2 * j + dj // 2) not in self.solution
            for di, dj in ((0, 2), (2, 0), (0, -2), (-2, 0))
        )

    def clues(self, puzzle: Puzzle) -> frozenset[Point]:
        """The cells of `puzzle` that hold a clue: the thinner puzzles' differ only in them."""
        return frozenset(self.setter.clue_cells(puzzle))

    def without(self, puzzle: Puzzle, cell: Point) -> tuple[Puzzle, Rule]:
        """`puzzle` less the clue in `cell`, and that clue's law."""
        candidate, (law,) = self.without_orbit(puzzle, (cell,))
        return candidate, law

    def law(self, cell: Point) -> Rule:
        """The law of the clue in `cell` of the puzzle thinned (a thinner one's is the same:
        clues only go): the one table of that clue alone on the board (a clue's table does not
        depend on the others', as setter/fix.py relies on too), worked out once. The tables of
        two whole boards told apart, as before, took 8 ms a clue on a 40×40 Masyu, and the
        thinning of a 40×40 Slitherlink asked for them at every try."""
        if cell not in self.cached_laws:
            i, j = cell
            laws = self.genre.rules(self.setter.placed(self.blank, {cell: self.made[0].grid[i][j]})).tables
            if len(laws) != 1:  # a clue of several tables would have no one negation
                raise ValueError(f"{self.made[0].genre}: a clue is not one table")
            self.cached_laws[cell] = laws[0]
        return self.cached_laws[cell]

    def without_orbit(self, puzzle: Puzzle, orbit: Orbit) -> tuple[Puzzle, list[Rule]]:
        """`puzzle` less the clues in `orbit` (cells that go together), and their laws, one a cell."""
        return self.setter.without(puzzle, list(orbit)), [self.law(cell) for cell in orbit]

    def loop_of(self, puzzle: Puzzle, loop: Edges) -> bool:
        """Whether `loop` is a loop of `puzzle`."""
        try:
            verify(puzzle, *bits(self.genre, puzzle, loop))
        except VerificationError:
            return False
        return True

    def near(self, laws: Iterable[Rule], reach: int) -> tuple[set[Point], dict[Point, bool]]:
        """The edges within `reach` (doubled coordinates) of the laws' edges, and every other
        edge given as in the loop."""
        near: set[Point] = set()
        for law in laws:
            xs, ys = [x for x, _ in law.scope], [y for _, y in law.scope]
            near.update(
                (x, y)
                for x in range(min(xs) - reach, max(xs) + reach + 1)
                for y in range(min(ys) - reach, max(ys) + reach + 1)
            )
        return near, {edge: edge in self.solution for edge in self.edges if edge not in near}

    def screened(self, candidate: Puzzle, laws: list[Rule], most: Level = Level.SEARCH, reach: int = SCREEN) -> bool:
        """Whether the deduction (no rule above `most`) decides every edge within `reach` of the
        removed laws, the rest given."""
        near, given = self.near(laws, reach)
        fixed = deduce.puzzle(candidate, given=given, near=near, max_level=most, trail=False).fixed
        return fixed is not None and len(fixed) == len(self.edges)

    def refuted(self, candidate: Puzzle, law: Rule) -> bool:
        """Whether the deduction with `law` negated finds no loop of `candidate`; screened first
        near the law (SCREEN)."""
        return self.negated(candidate, law, SCREEN) is None and self.negated(candidate, law) is None

    def negated(self, candidate: Puzzle, law: Rule, reach: int | None = None) -> dict[Point, bool] | None:
        """The deduction of `candidate` with `law` negated, probing nearest the law first (None:
        it found no loop that breaks the law); within `reach` of the law only, when given, every
        edge beyond given as in the loop."""
        near, given = self.near([law], reach) if reach is not None else (None, None)
        found = deduce.puzzle(candidate, given=given, near=near, extra=[_negated(law)], focus=_centre(law), trail=False)
        return found.fixed

    def shown_needed(self, puzzle: Puzzle, orbit: Orbit) -> bool:
        """Whether a loop of `puzzle` without the clues in `orbit` breaks one's law near it
        (WINDOWS): a second loop, in `puzzle` and every thinner one, so the orbit is needed in
        them all."""
        candidate, laws = self.without_orbit(puzzle, orbit)
        return any(self.broken_near(candidate, law, reach, nodes) for reach, nodes in WINDOWS for law in laws)

    def broken_near(self, candidate: Puzzle, law: Rule, reach: int, nodes: int) -> bool:
        """Whether a loop of `candidate` breaks `law` within `reach` of it, every edge beyond as in
        the loop (False also when the backtracking's budget ran out); a loop found is verified."""
        return self.loop_near(candidate, law, reach, nodes) is not None

    def loop_near(self, candidate: Puzzle, law: Rule, reach: int, nodes: int) -> Edges | None:
        """`broken_near`'s loop, verified, or None."""
        near, given = self.near([law], reach)
        try:
            return self.breaking(candidate, law, nodes, near, given)
        except OutOfNodes:
            return None

    def breaking(
        self,
        candidate: Puzzle,
        law: Rule,
        nodes: int,
        near: set[Point] | None = None,
        given: dict[Point, bool] | None = None,
    ) -> Edges | None:
        """A loop of `candidate` that breaks `law`, verified, or None when there is none, by the
        deduction's backtracking (within `near` only, `given` beyond, when given); OutOfNodes
        after `nodes` decisions without an answer."""
        loop = deduce.loop(candidate, given=given, near=near, extra=[_negated(law)], nodes=nodes)
        if loop is not None:
            verify(candidate, *bits(self.genre, candidate, loop))
        return loop


def _centre(law: Rule) -> Point:
    """The middle of a law's edges (doubled coordinates, rounded down)."""
    scope = law.scope
    return sum(x for x, _ in scope) // len(scope), sum(y for _, y in scope) // len(scope)


def _negated(law: Rule) -> Rule:
    """The table of every pattern `law` forbids."""
    scope = law.scope
    return Rule(scope, frozenset(p for p in product((0, 1), repeat=len(scope)) if p not in law.allowed))
