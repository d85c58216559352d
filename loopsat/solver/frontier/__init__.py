"""Exact solution counts by frontier dynamic programming, without listing a single solution.

The loop lives on the genre's lattice of tiles (`tile_shape`), the vertices here. They are
visited row by row along the shorter side; at each one the DP decides its two forward edges
(south, east). A state is the "broken profile" of the C + 1 arms that cross the frontier (the
south arms of the vertices already visited in this row, the east arm entering the next vertex,
the south arms of the row above it), 2 bits each: 0 = off. With a single loop the on-arms carry
brackets (1 = `(`, 2 = `)`): two arms are ends of the same path exactly when their brackets
match, which is planar and canonical, so equal states merge without normalising. With
disjoint loops only degrees matter, so an on-arm is just 1.

The rules are the genre's own tables (`rules(puzzle).tables`), each over a few nearby edges
(layout.py keeps the edges they read in memo bits). Every table is checked for satisfiability
whenever one of its edges is decided. The DP never restates a genre's law, so it declines
puzzles whose tables do not state every clue (`Rules.whole`).

All states of a step are processed at once as numpy arrays (step.py); counts are residues
modulo 2⁶⁴ and primes below 2³² (residues.py), added as the counts' exact total grows; the
sweep (sweep.py) reuses the transitions of empty rows and stops before it passes its memory
budget (budget.py). On a clued board a sweep of the board turned half a turn runs first and
tells which states the rest of the board can still finish (lookahead.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from loopsat.genres import GENRES
from loopsat.puzzle import Puzzle
from loopsat.solver.frontier.budget import budget, heap_kept
from loopsat.solver.frontier.layout import lattice_table
from loopsat.solver.frontier.refusals import NotCountable, OverBudget

__all__ = ["MAX_WIDTH", "NotCountable", "OverBudget", "Settings", "count"]

# The widest frontier (vertices across the shorter side) counted: a 20-wide Slitherlink board.
# What really bounds the width is the memory budget, which the states of an empty board pass
# long before this: an empty 14×14 (15 vertices across) peaks at 405 MB, reused transitions
# included, and each vertex more about triples the states. Clues prune: a 20×20 puzzle of the
# bench (bench/slitherlink/20x20/001.slither) peaks at 476 MB, 002 at 67 MB.
MAX_WIDTH = 21


@dataclass(frozen=True)
class Settings:
    """How a count runs: its memory budget in bytes (None: `budget.budget()`'s default) and who
    hears where the sweep is (a progress bar's `advance`)."""

    memory: int | None = None
    progress: Callable[[str], None] | None = None


def count(
    puzzle: Puzzle,
    *,
    single_loop: bool = True,
    memory: int | None = None,
    progress: Callable[[str], None] | None = None,
    lookahead: bool = True,
) -> int:
    """The exact number of solutions: single loops, or (`single_loop=False`) DLX3's solutions,
    any set of disjoint loops obeying the clues, the empty one included when the clues allow it.
    Time grows with the width, not with the count.

    Raises NotCountable before any work for a genre without clue tables for every clue
    (superclue letters, MCC items) or a board whose shorter side has more than MAX_WIDTH vertices,
    and OverBudget (a NotCountable) before a step whose states would pass `memory` bytes (None:
    budget.budget()'s default). `progress` hears where the sweep is and how many states it holds.
    On a clued board a single loop's states are first pruned to those the rest of the board can
    finish (`lookahead`, lookahead.py; False: every state, as the DP before had them).
    """
    from loopsat.solver.frontier import dense
    from loopsat.solver.frontier.layout import Frontier
    from loopsat.solver.frontier.lookahead import Lookahead
    from loopsat.solver.frontier.sweep import Sweep

    genre = GENRES.get(puzzle.genre)
    if genre is None:
        raise NotCountable(f"no frontier DP for the genre {puzzle.genre!r}")
    rules = genre.rules(puzzle)
    if not rules.whole:
        raise NotCountable("superclue letters or MCC items (the DP needs every clue as a local table)")
    rows, cols = genre.tile_shape(puzzle)
    if min(rows, cols) > MAX_WIDTH:
        cells = MAX_WIDTH - (rows - puzzle.rows)
        raise NotCountable(
            f"a {puzzle.rows}×{puzzle.cols} board is too wide for the frontier DP "
            f"(it counts {puzzle.genre} boards up to {cells} cells across)"
        )
    transposed = cols > rows  # the frontier runs along the shorter side
    tables = [lattice_table(table, rows, cols, transposed) for table in rules.tables]
    if transposed:
        rows, cols = cols, rows
    if not tables:  # a state is then its arms alone, with a place of its own: no keys to sort
        return dense.count(rows, cols, single_loop, budget(memory), progress)
    limit, frontier = budget(memory), Frontier(rows, cols, tables, single_loop)
    with heap_kept():
        # Disjoint loops are counted by a sweep no larger than the turned one: nothing to gain.
        ahead = Lookahead(frontier, tables, limit, progress) if lookahead and single_loop else None
        return Sweep(frontier, limit, progress, ahead).run()
