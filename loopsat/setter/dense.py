"""The densely clued board `generate` thins: a loop drawn to the genre's bias hook, every clue it
allows, and, where the deduction leaves edges open, the loop reshaped there until it decides them.

Genre-free: the genre hands the hooks (contract.Setter: `loop_bias`, `clued`), the solver is asked
through a `Judge`; a genre module never runs the deduction itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from loopsat.grid import Point, edge_ends

if TYPE_CHECKING:
    import random

    from loopsat.genres.contract import Setter
    from loopsat.puzzle import Puzzle

# Repair round k reshapes the loop within min(k, REPAIR_REACH) + 1 points of an undecided edge
# (setter/loopgen.py: REPAIR_MOVES per point there); measured with Masyu, the one genre whose
# loops are reshaped (bench/masyu_dense.py, as loopgen.ANNEAL_MOVES).
REPAIR_REACH = 5
CHECK_EVERY = 5  # repair rounds between asking the caller's solver (it may settle what deduction cannot)
ATTEMPTS = 20  # repair rounds before the loop is drawn afresh (reached by no board of the bench runs)
# Loops drawn for a capped judge before the solver may settle what its deduction leaves open (the
# board is then unique but above the cap, and `generate` says so): a bound, not a tuning; Masyu
# 40×40 seed 1 tricky was decided within them (93 CPU-s in all), 12×12 and 20×20 on the first.
CAPPED_DRAWS = 2
# Below probing nothing rules out a loop closed round 2×2 points off the loop and fenced off by
# off edges (a second loop): the repair of a capped judge's second draw on counts each such block
# as a flaw (loopgen.Annealer.holes), else it does not fill them. 40×40 tricky seed 2's first
# draw stalled at 300 open edges, 291 of them in such blocks; costed, seed 3 was made from its
# second draw (79 CPU-s in all, under load), seed 2's second draw still left 27-31 open (2×3
# blocks) after its 20 rounds. Costed from the first draw, seed 2's was decided in 11 rounds, but
# 40×40 seed 1 then took 177 CPU-s instead of 64: the first draw is repaired as it always was,
# which keeps 38 of the 40 10×10 and 12×12 tricky puzzles of seeds 1-20 (two came from a second draw).
HOLES_FROM_DRAW = 2


class Judge(Protocol):
    """The solver as the setter asks it (setter/generate.py hands one in)."""

    def solutions(self, puzzle: Puzzle) -> list[frozenset[Point]]:
        """Up to two solutions of `puzzle`, deterministically (two means not unique)."""
        ...

    def undecided(self, puzzle: Puzzle) -> list[Point]:
        """The edges the deduction leaves open (every edge when it meets a contradiction)."""
        ...

    @property
    def capped(self) -> bool:
        """Whether the deduction is capped below search (a grade is wanted): a board it leaves
        open is then reshaped rather than settled by `solutions`."""
        ...


def dense(setter: Setter, rows: int, cols: int, rng: random.Random, judge: Judge) -> tuple[Puzzle, frozenset[Point]]:
    """A puzzle with exactly one solution, clued with every clue its loop allows, and that loop
    (edges in doubled coordinates, grid.Edges), as `judge` finds them.

    A loop that cannot be reshaped (a grown one) is proved unique by `judge.solutions` or drawn
    afresh: a fully clued Slitherlink nearly always is. A reshapable one (annealed) is reshaped
    near the edges the deduction leaves open until it decides them all, which proves the loop
    unique without any search; `solutions` confirms that, and settles it when the deduction
    stalls. Masyu 30×30 takes 2.4-3.7 CPU-s, 40×40 4.5-5.6, seeds 0-3 (`python
    bench/masyu_dense.py 30x30 40x40 --seeds 4`, 2 shared cores): 1-6 repair rounds, 1-2 calls
    of `solutions`, where the last one only re-runs the deduction.
    """
    draws = 0
    while True:
        loop = setter.loop_bias().draw(rows, cols, rng)
        draws += 1
        settle = not judge.capped or draws > CAPPED_DRAWS
        for attempt in range(1, ATTEMPTS + 1):
            puzzle = setter.clued(rows, cols, loop.edges())
            undecided = judge.undecided(puzzle) if loop.reshapable else []
            if not undecided or (settle and attempt % CHECK_EVERY == 0):
                found = judge.solutions(puzzle)
                if len(found) == 1:
                    return puzzle, found[0]
            if not loop.reshapable:
                break
            ends = {(x // 2, y // 2) for edge in undecided for x, y in edge_ends(edge)}
            reach = min(attempt, REPAIR_REACH) + 1  # a round that changed nothing widens the next one
            near = {
                (i, j)
                for a, b in ends
                for i in range(a - reach, a + reach + 1)
                for j in range(b - reach, b + reach + 1)
            }
            loop.reshape(sorted(near), holes=judge.capped and draws >= HOLES_FROM_DRAW)
