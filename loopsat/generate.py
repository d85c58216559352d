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
the solver calls are deterministic (the deduction is; CP-SAT runs one worker, the looks for a
second loop near a clue under a deterministic work limit, loopsat/cpsat/search.py), so a seed
gives the same puzzle on the same OR-Tools version. The one exception is a full proof stopped by
its time limits (PROOFS): its clue stays, and `Generated.unproved` says so.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import TYPE_CHECKING

from loopsat.deduce import Rule
from loopsat.explain import GRADES, Difficulty
from loopsat.genres import GENRES, SETTERS, SUFFIXES, Setter
from loopsat.grid import Point
from loopsat.pipeline import Outcome, Solution, Status, deduction, solve
from loopsat.puzzle import Puzzle

if TYPE_CHECKING:
    from loopsat.cpsat import Search
    from loopsat.cpsat.proto import Literal

# The first batch of clues tried at once, and the largest. Thinning 20×20 Slitherlink seed 1
# (`time loopsat generate --genre slitherlink --size 20x20 --seed 1 --difficulty hard`): 16/64
# took 27.7 CPU-s (326 deductions), 64/256 took 23.7 (324), within the noise of a loaded machine;
# most deductions are the single clues that stay (137 of them), whatever the batches.
FIRST_BATCH = 16
LARGEST_BATCH = 64
_SEARCH = len(GRADES)  # the level at which the search may prove what the deduction cannot
# How far (doubled coordinates: 6 = three cells) from a clue a second loop is looked for, every
# edge beyond kept as in the one loop, before the full proof: a quick certificate that the clue
# is needed.
WINDOWS = (6, 16)
# CP-SAT's deterministic time for that local look: most answer in 0.1-0.3 CPU-s, a few ran 5-45 s
# without a bound (20×20 Slitherlink seed 1, `python bench/run.py --sets none --no-counts`).
LOCAL_WORK = 0.5
# The full proof that a clue can go: `solve` by each strategy in turn, with its bound in seconds;
# when every one runs out the clue stays and the puzzle is reported not proved minimal. These
# searches on sparse boards are heavy-tailed, each loop condition where the other is not (two of
# them: deduction and lazy cuts 10.7 and 6.8 CPU-s, AddCircuit alone 4.6 and 131), so the first
# try is short and the second takes the other condition. 20×20 Slitherlink seed 1 (`time loopsat
# generate --genre slitherlink --size 20x20 --seed 1`): 64 CPU-s and 126 clues, where one 10 s
# `auto` proof per clue took 97-111 and left 130-131. CP-SAT's deterministic time (which would
# keep runs identical) did not stop a runaway proof, so the bounds are wall time: a seed
# reproduces its puzzle unless a proof hits one (the summary then says so).
PROOFS = (("auto", 3.0), ("circuit", 7.0))


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its one loop, its grade, and how many clues the dense board had."""

    puzzle: Puzzle
    solution: Solution
    difficulty: Difficulty
    dense_clues: int
    clues: int
    unproved: int = 0  # clues kept because proving them removable ran out of time: then not minimal


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
    unproved: list[Point] = []

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
    if most >= _SEARCH and held:
        tell(f"proving: {len(held)} clues")
        puzzle, unproved = _minimal(puzzle, solution, held, setter)
    clues = len(setter.clue_cells(puzzle))
    return Generated(puzzle, solution, deduction(puzzle).grade(), dense_clues, clues, len(unproved))


def _minimal(puzzle: Puzzle, solution: Solution, held: list[Point], setter: Setter) -> tuple[Puzzle, list[Point]]:
    """`puzzle` less every held clue whose removal leaves one loop, tried one by one in order,
    and the clues kept because their proof ran out of time (PROOFS).

    The puzzle has one loop, so a second loop after removing a clue breaks that clue's law.
    One CP-SAT model holds the puzzle without the held clues and each held clue's law twice,
    under a literal that keeps it and one that breaks it. A second loop is first looked for near
    the clue (assumptions: the others kept, this one broken, the edges beyond WINDOWS as in the
    loop): one found keeps the clue. Otherwise the full proof (solve: deduction, then CP-SAT)
    decides. 20×20 Slitherlink seed 1, 137 clues held: 103 second loops within three cells (0.19
    CPU-s each), 21 within eight, 11 clues removed (1.7 CPU-s per proof), 56 CPU-s in all; a
    deduction and a search for every clue took 0.25-0.55 CPU-s each, and the one model without
    the windows took up to 33 CPU-s for one clue.
    """
    from loopsat.cpsat import LazyCuts, Search  # CP-SAT is slow to import
    from loopsat.cpsat.proto import negated

    genre = GENRES[puzzle.genre]
    laws: dict[Point, Rule] = {}
    tables = set(genre.rules(puzzle).tables)
    for cell in held:
        removed = tables - set(genre.rules(setter.without(puzzle, [cell])).tables)
        if len(removed) != 1:  # a clue of several tables: its negation is no table
            raise ValueError(f"the clue at {cell} is {len(removed)} rule tables, not one")
        laws[cell] = removed.pop()
    # Lazy cuts for the local looks: a loop near the loop is found in one or two cut rounds. The
    # proofs (_proof) try the genre's choice and then AddCircuit alone (PROOFS).
    search = Search(genre.cover(setter.without(puzzle, held)), LazyCuts(), work_limit=LOCAL_WORK)
    model, edge_var = search.model, search.translation.edge_var
    keep, broken = {}, {}
    for cell, (scope, allowed) in laws.items():
        keep[cell], broken[cell] = model.new_bool(), model.new_bool()
        for pattern in product((0, 1), repeat=len(scope)):
            if any(bit and edge not in edge_var for edge, bit in zip(scope, pattern, strict=True)):
                continue  # an edge the model lacks is off in every loop: the pattern never occurs
            guard = broken[cell] if pattern in allowed else keep[cell]
            sides = [
                negated(edge_var[e]) if bit else edge_var[e]
                for e, bit in zip(scope, pattern, strict=True)
                if e in edge_var
            ]
            model.clause([negated(guard), *sides])
    kept, unproved = list(held), []
    for cell in held:
        others = [keep[other] for other in kept if other != cell]
        if any(_near_loop(search, solution, laws[cell][0], window, [*others, broken[cell]]) for window in WINDOWS):
            continue  # a second loop near the clue: the clue stays
        proof = _proof(setter.without(puzzle, [cell]))
        if proof.status == Status.UNIQUE:
            kept.remove(cell)
            puzzle = setter.without(puzzle, [cell])
        elif proof.status == Status.UNKNOWN:
            unproved.append(cell)
    return puzzle, unproved


def _proof(puzzle: Puzzle) -> Outcome:
    """Whether `puzzle` has one loop, by the strategies of PROOFS in turn, each with its bound."""
    for strategy, seconds in PROOFS:
        outcome = solve(puzzle, strategy=strategy, time_limit=seconds)
        if outcome.status != Status.UNKNOWN:
            break
    return outcome


def _near_loop(search: Search, solution: Solution, scope: Sequence[Point], window: int, also: list[Literal]) -> bool:
    """Whether `search` finds a loop under `also` that keeps every edge farther than `window`
    from `scope` as in `solution` (False also when the work limit ran out)."""
    from loopsat.cpsat import TimedOut

    xs, ys = [x for x, _ in scope], [y for _, y in scope]
    far = {
        edge: edge in solution
        for edge in search.edges
        if not (min(xs) - window <= edge[0] <= max(xs) + window and min(ys) - window <= edge[1] <= max(ys) + window)
    }
    try:
        return search.find(far, solution, also=also) is not None
    except TimedOut:
        return False
