"""One step of thinning by batches the screen gathers (`step`): clues are gathered one by one,
each screened (setter/board.py) with those gathered before it gone, so a batch holds only clues
the screen lets go together, and a clue the screen stops on the puzzle itself is held at once.
The batch goes when the whole deduction, capped, still decides every edge; when it does not,
the longest run of it that can go is found by halves, and the clue after it held.

Batches drawn blind (as setter/generate.py draws Slitherlink's) fail whole once the clues that
stay are a third of those tried, and a failed batch is halved down to single clues: thinning
40×40 Masyu seed 1 tricky made 467 whole deductions (0.25 CPU-s each) for 542 clues removed.
Gathered, it makes 352 (201 of them failing, where the screen let a clue through) and 1,432
screens (0.026 CPU-s each): `loopsat generate --genre masyu --size 40x40 --seed 1 --difficulty
tricky` took 116 CPU-s instead of 164 (whole process, one run each under load; the same
puzzle), 20×20 seed 1 0.98× (three paired runs).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from loopsat import deduce
from loopsat.deduce import Level
from loopsat.deduce.rules import PROBES
from loopsat.genres import GENRES
from loopsat.grid import Point
from loopsat.puzzle import Puzzle
from loopsat.setter.board import Orbit, Thinning


def step(
    board: Thinning,
    puzzle: Puzzle,
    queue: deque[Orbit],
    batch: int,
    largest: int,
    cap: Level,
    reach: int,
    sure: set[Orbit] | None = None,
) -> tuple[Puzzle, int, list[Orbit]]:
    """Gather up to `batch` orbits off the front of `queue` and try them (the module's docstring
    says how): the puzzle then, the next batch's size (doubled after a success, up to `largest`),
    and the orbits held (the screen or the whole deduction failed on one alone). `sure`, when
    given, holds across steps the orbits whose screen is known to pass (see `gather`)."""
    taken, candidate, held = gather(board, puzzle, queue, batch, cap, reach, sure)
    if not taken:
        return puzzle, batch, held
    found = deduced(candidate, cap)
    if found.complete:
        return candidate, min(largest, 2 * batch), held
    # what the batch's failed deduction fixed holds in every puzzle the halves try (they have
    # more clues), and below probing the deduction is propagation alone, whose fixpoint does not
    # depend on where it starts: each half starts there, every edge it fixed given
    known = found.fixed if confluent(candidate, cap) else None
    # the longest run of the batch that can go, by halves: the orbit after it cannot go once
    # that run has gone, nor ever after (fewer clues never deduce more); the rest are tried again
    fits, fails = 0, len(taken)
    while fails - fits > 1:
        half = (fits + fails) // 2
        thinner = board.setter.without(puzzle, [cell for orbit in taken[fits:half] for cell in orbit])
        if complete(thinner, cap, known):
            puzzle, fits = thinner, half
        else:
            fails = half
    queue.extendleft(reversed(taken[fails:]))
    if sure is not None and known is not None:
        # each orbit put back passed its screen with every orbit before it in the batch gone; it
        # comes back at the front, after those of them that went, so with fewer clues gone
        # (propagation alone: fewer clues never deduce more, more never less): it passes again
        sure.update(taken[fails:])
    return puzzle, max(1, batch // 2), [*held, taken[fits]]


def gather(
    board: Thinning,
    puzzle: Puzzle,
    queue: deque[Orbit],
    most: int,
    cap: Level,
    reach: int,
    sure: set[Orbit] | None = None,
) -> tuple[list[Orbit], Puzzle, list[Orbit]]:
    """Up to `most` orbits off the front of `queue` whose screens (no rule above `cap`, `reach`
    around their laws) pass in turn, each with those before gone; `puzzle` without them; and the
    orbits whose screen failed on `puzzle` itself: they fail on every thinner puzzle too (fewer
    clues never deduce more), so they stay. An orbit whose screen fails only beside those
    gathered goes back to the front of the queue, to be tried once they are settled. An orbit
    of `sure` (put back by `step`, its screen known to pass) is taken without one: 345 of the
    1,662 screens of 40×40 Masyu seed 1 tricky, the same puzzle."""
    taken: list[Orbit] = []
    held: list[Orbit] = []
    candidate = puzzle
    while queue and len(taken) < most:
        orbit = queue.popleft()
        laws = [board.law(cell) for cell in orbit]
        thinner = board.setter.without(candidate, list(orbit))
        if sure is not None and orbit in sure:
            sure.discard(orbit)
            taken.append(orbit)
            candidate = thinner
        elif board.screened(thinner, laws, cap, reach):
            taken.append(orbit)
            candidate = thinner
        elif not taken or not board.screened(board.setter.without(puzzle, list(orbit)), laws, cap, reach):
            held.append(orbit)
        else:
            queue.appendleft(orbit)
            break
    return taken, candidate, held


def deduced(puzzle: Puzzle, cap: Level, given: Mapping[Point, bool] | None = None) -> deduce.Deduction:
    """The deduction of `puzzle`, no rule above `cap`, without a trail (`given` first: edges a
    thinner puzzle's deduction fixed, where `confluent` says that is the same)."""
    return deduce.puzzle(puzzle, given=given, max_level=cap, trail=False)


def complete(puzzle: Puzzle, cap: Level, given: Mapping[Point, bool] | None = None) -> bool:
    """Whether the deduction, no rule above `cap`, decides every edge of `puzzle`."""
    return deduced(puzzle, cap, given).complete


def confluent(puzzle: Puzzle, cap: Level) -> bool:
    """Whether the deduction of `puzzle`'s genre, no rule above `cap`, is propagation alone (no
    probe): then it ends at the one fixpoint of its rules whatever it was given that holds."""
    levels = GENRES[puzzle.genre].rules(puzzle).levels
    return all(levels[name] > cap for name in PROBES)
