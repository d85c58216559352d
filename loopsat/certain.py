"""Certain edges of an ambiguous puzzle: on the loop in every solution, in none, or undecided.

This is what a setter needs to repair a puzzle: a clue near the undecided edges will do. It is
settled without listing the solutions: find a loop S and try for a second; without one, every
edge is certain. Else, for every edge e not yet seen both ways, ask CP-SAT for a loop that
differs from S at e. None means e is certain; a loop T means every edge where T and S differ is
undecided, so a few calls find most undecided edges. The model's cuts are kept from call to
call; only the question about e is an assumption.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from loopsat.genres import GENRES
from loopsat.grid import Point, lattice_edges
from loopsat.pipeline import Outcome, Solution, Status, bits
from loopsat.puzzle import Puzzle
from loopsat.render import canvas
from loopsat.verify import verify

UNDECIDED_MARK = "?"


@dataclass(frozen=True)
class Certainty:
    """Every edge of the board in exactly one set. When `complete` is False (time limit),
    `undecided` also holds the edges that were not tested yet."""

    on: frozenset[Point]
    off: frozenset[Point]
    undecided: frozenset[Point]
    complete: bool

    def summary(self) -> str:
        line = f"certain: {len(self.on)} on, {len(self.off)} off, {len(self.undecided)} undecided"
        return line if self.complete else line + " (incomplete: time limit reached, some undecided edges untested)"

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        """The three sets as h/v bit strings, laid out like a solution's (docs/json.md)."""
        genre = GENRES[puzzle.genre]
        sets = {"on": self.on, "off": self.off, "undecided": self.undecided}
        obj: dict[str, Any] = {
            key: dict(zip(("h", "v"), bits(genre, puzzle, edges), strict=True)) for key, edges in sets.items()
        }
        obj["complete"] = self.complete
        return obj

    def drawing(self, puzzle: Puzzle) -> list[str]:
        """The canvas with the always-on edges drawn and `?` on each undecided edge."""
        genre = GENRES[puzzle.genre]
        labels = genre.labels(puzzle) | dict.fromkeys(self.undecided, UNDECIDED_MARK)
        rows, cols = genre.tile_shape(puzzle)
        return canvas(rows, cols, self.on, labels)


def certain_edges(puzzle: Puzzle, *, time_limit: float | None = None) -> tuple[Outcome, Certainty | None]:
    """The outcome (every distinct loop met on the way) and the certain edges, None without a loop.

    The outcome's status is `unique` when no edge can differ, `multiple` as soon as one does.
    Every loop found passes the independent verifier (VerificationError on a bug).
    """
    from loopsat.cpsat import LazyCuts, Search, TimedOut  # imported here: CP-SAT is slow to import

    started = time.perf_counter()
    genre = GENRES[puzzle.genre]
    search = Search(genre.cover(puzzle), LazyCuts(), time_limit=time_limit)
    found: dict[Solution, None] = {}  # distinct loops, in the order found

    def outcome(status: Status) -> Outcome:
        complete = status in (Status.UNIQUE, Status.NONE)
        return Outcome(puzzle, status, len(found), complete, list(found), time.perf_counter() - started)

    def keep(solution: Solution) -> None:
        verify(puzzle, *bits(genre, puzzle, solution))
        found[solution] = None

    fixed: set[Point] = set()
    complete = True
    try:
        # Most puzzles are unique, and two solves settle all their edges at once. The loops found
        # are blocked, which hides no answer below: each question asks for a loop that differs
        # from the first at an edge where both agree.
        for solution in search.solutions(2):
            keep(solution)
        if len(found) == 1:
            fixed.update(search.edges)
        elif found:
            first, second = found
            differ = set(first ^ second)
            for edge in sorted(search.edges):
                if edge in differ:
                    continue
                other = search.find({edge: edge not in first})
                if other is None:
                    fixed.add(edge)
                else:
                    keep(other)
                    differ |= first ^ other
    except TimedOut:
        complete = False
    if not found:
        return outcome(Status.NONE if complete else Status.UNKNOWN), None
    first = next(iter(found))
    board = frozenset(lattice_edges(*genre.tile_shape(puzzle)))
    outside_model = board - search.edges  # edges the rules forbid outright
    on = frozenset(fixed & first)
    off = frozenset((fixed - first) | outside_model)
    certainty = Certainty(on, off, board - on - off, complete)
    status = Status.MULTIPLE if len(found) > 1 else Status.UNIQUE if complete else Status.UNKNOWN
    return outcome(status), certainty
