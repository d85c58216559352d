"""Puzzles with exactly one solution, from a seed (`loopsat generate`).

The genre (genres.SETTERS) makes a densely clued puzzle whose one loop it knows; this module thins
its clues, genre-free, while the loop stays the only one:

1. Random batches of clues are removed while the deduction (loopsat/deduce) still decides the
   whole board, which proves the loop unique without any search (a board it decides has one
   loop). The batch doubles after a success and halves after a failure; a single clue whose
   removal the deduction cannot follow is held. Deduction is monotone (fewer clues never deduce
   more), so a held clue stays held.
2. Without a difficulty, or with `search`, each held clue is then tried once with the full proof
   (deduction, then CP-SAT for a second loop). Removing clues only adds loops, so a clue whose
   removal once gave two loops never becomes removable: one pass leaves a minimal clue set.

With a difficulty D (explain.GRADES: 1 easy ... 5 search) a removal is kept only when the grade
stays at most D, so the result is minimal *for that difficulty*: removing any one clue more
either admits a second loop or makes the puzzle harder than D. D = 4 (hard) means "decided by the
deduction alone"; D = 5 (search), like no D, lets the search prove what the deduction cannot.

Reproducible: one `random.Random(seed)` drives the genre's loop and the order of removals, and
every solver call is deterministic (the deduction is; CP-SAT runs one worker without a time
limit, loopsat/cpsat/search.py), so a seed gives the same puzzle on the same OR-Tools version.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import product

from loopsat.explain import GRADES, Difficulty
from loopsat.genres import GENRES, SETTERS, SUFFIXES
from loopsat.pipeline import Solution, Status, deduction, solve
from loopsat.puzzle import Puzzle

# The first batch of clues tried at once, and the largest. 20×20 Slitherlink seeds 0-2 (`python
# bench/generate.py slitherlink 20 20`): ... (see bench/generate.py for the measurement)
FIRST_BATCH = 16
LARGEST_BATCH = 64
_SEARCH = len(GRADES)  # the level at which the search may prove what the deduction cannot


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its one loop, its grade, and how many clues the dense board had."""

    puzzle: Puzzle
    solution: Solution
    difficulty: Difficulty
    dense_clues: int
    clues: int


def level(difficulty: str | int) -> int:
    """A difficulty as its level 1..5: a number, or one of explain.GRADES (ValueError otherwise)."""
    text = str(difficulty).strip().lower()
    if text in GRADES:
        return GRADES.index(text) + 1
    if text.isdigit() and 1 <= int(text) <= len(GRADES):
        return int(text)
    raise ValueError(f"unknown difficulty {difficulty!r} (1-{len(GRADES)} or {', '.join(GRADES)})")


def file_name(genre: str, rows: int, cols: int, seed: int) -> str:
    """`<genre>-RxC-<seed>.<suffix>`: the name `-o DIR` writes, and the puzzle's path."""
    suffix = next(suffix for suffix, named in SUFFIXES.items() if named == genre)
    return f"{genre}-{rows}x{cols}-{seed}{suffix}"


def file_text(puzzle: Puzzle) -> str:
    """The puzzle in its genre's file format (what `convert --to` writes), with a final newline."""
    from loopsat.formats import convert

    return convert(puzzle, puzzle.path.rsplit(".", 1)[-1]) + "\n"


def unique_loops(puzzle: Puzzle) -> list[Solution]:
    """Up to two loops of `puzzle`, deterministically (the deduction, then one CP-SAT worker)."""
    return solve(puzzle).solutions


def generate(
    genre: str,
    rows: int,
    cols: int,
    *,
    difficulty: int | None = None,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
) -> Generated:
    """A `genre` puzzle of rows × cols with exactly one loop, its clues minimal (for `difficulty`,
    a level 1..5, when given); the same arguments give the same puzzle. `progress` hears what
    is being done."""
    setter = SETTERS[genre]
    tell = progress or (lambda _text: None)
    rng = random.Random(seed)
    tell("drawing a loop")
    puzzle, solution = setter.dense(rows, cols, rng, unique_loops)
    puzzle = replace(puzzle, path=file_name(genre, rows, cols, seed))
    dense_clues = len(setter.clue_cells(puzzle))
    most = _SEARCH if difficulty is None else difficulty

    def deduced_within(candidate: Puzzle) -> bool:
        found = deduction(candidate)
        return found.complete and (most >= _SEARCH - 1 or found.grade().level <= most)

    order = setter.clue_cells(puzzle)
    rng.shuffle(order)
    queue, held, batch = deque(order), [], FIRST_BATCH
    while queue:
        tell(f"thinning: {len(setter.clue_cells(puzzle))} clues, {len(queue)} to try")
        taken = [queue.popleft() for _ in range(min(batch, len(queue)))]
        candidate = setter.without(puzzle, taken)
        if deduced_within(candidate):
            puzzle, batch = candidate, min(LARGEST_BATCH, 2 * batch)
        elif len(taken) == 1:
            held.append(taken[0])
        else:
            queue.extendleft(reversed(taken))
            batch = max(1, batch // 2)
    if most >= _SEARCH:
        for number, cell in enumerate(held, start=1):
            tell(f"proving: clue {number} of {len(held)}")
            candidate = setter.without(puzzle, [cell])
            if _still_unique(puzzle, candidate):
                puzzle = candidate
    return Generated(puzzle, solution, deduction(puzzle).grade(), dense_clues, len(setter.clue_cells(puzzle)))


def _still_unique(puzzle: Puzzle, candidate: Puzzle) -> bool:
    """Whether `candidate`, `puzzle` less one clue, still has one loop, proved.

    `puzzle` has one loop, so a second loop of the candidate breaks the removed clue's law: the
    deduction runs with that law negated first. A contradiction proves the candidate unique, a
    complete deduction is a second loop; only when it stops short does the search decide (0.1
    CPU-s for the deduction against 0.25-0.55 for a search of a 20×20 Slitherlink with 137 clues,
    `python bench/generate.py`).
    """
    tables = GENRES[puzzle.genre].rules
    removed = set(tables(puzzle).tables) - set(tables(candidate).tables)
    if len(removed) == 1:
        ((scope, allowed),) = removed
        found = deduction(candidate, [(scope, frozenset(product((0, 1), repeat=len(scope))) - allowed)])
        if found.fixed is None:
            return True
        if found.complete:
            return False
    return solve(candidate).status == Status.UNIQUE
