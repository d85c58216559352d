"""Removals refused without a deduction (`Witnesses`): a loop next to the puzzle's own (a flip of
a few faces, setter/flips.py) that breaks only clues being removed is a second loop of the
puzzle without them, so no deduction can decide that puzzle and the removal fails.

Each such loop is kept with the clues of the thinning's first puzzle it breaks, and a count of
those still on the board: a removal fails when, for some loop, every clue it breaks that is
still there is among those removed. Clues only go, so a loop that refused a clue refuses it on
every thinner puzzle too.

Measured on `loopsat generate --genre slitherlink --difficulty hard` seed 1: at 20×20 the loops
of up to three faces refuse 65 of the 103 removals the screen (setter/board.py) refused, at
40×40 229 of 348, each a screen spared.
"""

from __future__ import annotations

from collections.abc import Iterable

from loopsat.grid import Point
from loopsat.puzzle import Puzzle
from loopsat.setter.board import Thinning
from loopsat.setter.flips import broken_by_flips, faces_of

# The most faces a flip turns over. At 20×20 seed 1 (hard), 1-3 faces: 960 loops, found in
# 0.04 CPU-s.
FLIPS = 3


class Witnesses:
    """The loops next to the thinned puzzle's one loop, each with the clues it breaks."""

    def __init__(self, board: Thinning, puzzle: Puzzle, most: int = FLIPS) -> None:
        laws = {cell: board.law(cell) for cell in sorted(board.clues(puzzle))}
        self.standing: list[int] = []  # how many clues each loop breaks are still on the board
        self.breaking: dict[Point, list[int]] = {}  # the loops that break each clue
        for _, broken in broken_by_flips(laws, board.solution, faces_of(board), most):
            for cell in broken:
                self.breaking.setdefault(cell, []).append(len(self.standing))
            self.standing.append(len(broken))

    def refute(self, cells: Iterable[Point]) -> bool:
        """Whether some loop breaks no clue left once `cells` go (so the puzzle has two loops)."""
        hits: dict[int, int] = {}
        for cell in cells:
            for loop in self.breaking.get(cell, ()):
                hits[loop] = hits.get(loop, 0) + 1
        standing = self.standing
        return any(standing[loop] == count for loop, count in hits.items())

    def remove(self, cells: Iterable[Point]) -> None:
        """The clues of `cells` went."""
        standing = self.standing
        for cell in cells:
            for loop in self.breaking.get(cell, ()):
                standing[loop] -= 1
