"""Puzzles with exactly one solution, from a seed (`loopsat generate`).

The genre (genres.SETTERS) makes a densely clued puzzle whose one loop it knows; this module thins
its clues, genre-free, while the loop stays the only one:

1. Random batches of clues are removed while the deduction (loopsat/deduce) still decides the
   whole board, which proves the loop unique without any search (a board it decides has one
   loop). The batch doubles after a success and halves after a failure. A single clue is first
   looked at near where it is: a loop that breaks its law there (every edge beyond WINDOWS
   given as in the loop, a small backtracking search over the deduction) is a second loop once
   the clue goes, so the clue is needed, now and after any later removal. Otherwise, a single
   clue whose removal the deduction cannot follow is held; deduction is monotone (fewer clues
   never deduce more), so a held clue stays held. Each try is screened before the whole
   deduction by one near the removed clues, every edge farther than SCREEN given as in the
   loop: it knows more than the whole deduction and so fails whenever that one would, at a
   fraction of the cost.
2. Without a difficulty, or with `search`, each held clue c is then tried once. The puzzle has
   one loop, so the puzzle without c has another exactly when some loop breaks c's law: one
   near c is looked for first (WINDOWS), then the whole board decides (the deduction with c's
   law negated: a contradiction removes c; then CP-SAT on what it left open, PROOFS). Removing
   clues only adds loops, so a clue once needed stays needed: one pass leaves a minimal clue set.

With a difficulty D (explain.GRADES: 1 easy ... 5 search) a removal is kept only when the grade
stays at most D, so the result is minimal *for that difficulty*: removing any one clue more
either admits a second loop or makes the puzzle harder than D. D = 4 (hard) means "decided by the
deduction alone"; D = 5 (search), like no D, lets the search prove what the deduction cannot.

Reproducible: one `random.Random(seed)` drives the genre's loop and the order of removals, and
the solver calls are deterministic (the deduction and its backtracking are; CP-SAT runs one
worker), so a seed gives the same puzzle on the same OR-Tools version. The one exception is a
proof stopped by its time limits (PROOFS): its clue stays, and `Generated.unproved` says so.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import product
from typing import TYPE_CHECKING

from loopsat.deduce import Rule, deduce
from loopsat.deduce.branch import OutOfNodes, find_loop
from loopsat.explain import GRADES, Difficulty
from loopsat.genres import GENRES, SETTERS, SUFFIXES, Setter
from loopsat.grid import Point, lattice_edges
from loopsat.pipeline import Solution, bits, deduction, solve
from loopsat.puzzle import Puzzle
from loopsat.verify import verify

if TYPE_CHECKING:
    from loopsat.cpsat import Search

# The first batch of clues tried at once, and the largest. Thinning 20×20 Slitherlink seed 1
# (`time loopsat generate --genre slitherlink --size 20x20 --seed 1 --difficulty hard`): 16/64
# took 27.7 CPU-s (326 deductions), 64/256 took 23.7 (324), within the noise of a loaded machine;
# most deductions are the single clues that stay (137 of them), whatever the batches.
FIRST_BATCH = 16
LARGEST_BATCH = 64
_SEARCH = len(GRADES)  # the level at which the search may prove what the deduction cannot
# How far (doubled coordinates: 12 = six cells) around the removed clues the screen of a try
# deduces, every edge beyond given as in the loop. 30×30 Masyu seed 1, the 211 clues thinning
# holds: at 4, 6, 12 cells 2-5 % of them passed the screen (and failed the whole deduction),
# 0.04-0.05 CPU-s a screen against 0.5 for the whole deduction; thinning took 91 CPU-s instead
# of 193.
SCREEN = 12
# How far (doubled coordinates) from a clue a loop that breaks it is looked for, every edge
# beyond given as in the loop, and the backtracking's budget of decisions there: the first in
# thinning, both for the held clues. 30×30 Masyu seed 1, 211 clues held after thinning without
# the looks: within 4 cells 170 such loops (0.02 CPU-s each), within 6 cells 181. With the looks
# in thinning too, 30×30 Masyu seed 1 took 125 CPU-s against 129 (40 clues held instead of 211),
# 20×20 Slitherlink 45 against 46.
WINDOWS = ((8, 200), (16, 1000))
# The search that finishes a proof the deduction left open: CP-SAT with each loop condition in
# turn, with its bound in seconds, on the puzzle without the clue and with its law negated
# (then any loop found is the second one); when both run out the clue stays and the puzzle is
# reported not proved minimal. These searches on sparse boards are heavy-tailed, each loop
# condition where the other is not (two of them: deduction and lazy cuts 10.7 and 6.8 CPU-s,
# AddCircuit alone 4.6 and 131). CP-SAT's deterministic time (which would keep runs identical)
# did not stop a runaway proof, so the bounds are wall time: a seed reproduces its puzzle unless
# a proof hits one (the summary then says so).
PROOFS = (("circuit", 3.0), ("lazy", 7.0))


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
    board = _Board(puzzle, solution)

    def deduced_within(candidate: Puzzle, laws: list[Rule]) -> bool:
        if not board.screened(candidate, laws):
            return False
        found = deduction(candidate)
        return found.complete and (most >= _SEARCH - 1 or found.grade().level <= most)

    order = setter.clue_cells(puzzle)
    rng.shuffle(order)
    queue, batch = deque(order), FIRST_BATCH
    held: list[Point] = []  # clues the deduction cannot do without, not yet shown needed
    while queue:
        tell(f"thinning: {len(setter.clue_cells(puzzle))} clues, {len(queue)} to try")
        taken = [queue.popleft() for _ in range(min(batch, len(queue)))]
        candidate = setter.without(puzzle, taken)
        laws = board.laws(puzzle, candidate)
        if len(taken) == 1 and len(laws) == 1 and board.broken_near(candidate, laws[0], *WINDOWS[0]):
            continue  # a second loop once it goes: the clue stays, whatever goes later
        if deduced_within(candidate, laws):
            puzzle, batch = candidate, min(LARGEST_BATCH, 2 * batch)
        elif len(taken) == 1:
            held.append(taken[0])
        else:
            queue.extendleft(reversed(taken))
            batch = max(1, batch // 2)
    unproved: list[Point] = []
    if most >= _SEARCH and held:
        tell(f"proving: {len(held)} clues")
        puzzle, unproved = _minimal(puzzle, held, setter, board)
    clues = len(setter.clue_cells(puzzle))
    return Generated(puzzle, solution, deduction(puzzle).grade(), dense_clues, clues, len(unproved))


class _Board:
    """The lattice of a puzzle being thinned, and its one loop: the deductions near clues."""

    def __init__(self, puzzle: Puzzle, solution: Solution) -> None:
        genre = GENRES[puzzle.genre]
        self.genre = genre
        self.solution = solution
        self.edges = list(lattice_edges(*genre.tile_shape(puzzle)))
        if not genre.rules(puzzle).whole:  # what the deduction's completeness proves relies on it
            raise ValueError(f"{puzzle.genre}: its clue tables do not state every clue")

    def laws(self, puzzle: Puzzle, thinner: Puzzle) -> list[Rule]:
        """The tables `puzzle` has and `thinner` lacks: the laws of the clues removed."""
        kept = set(self.genre.rules(thinner).tables)
        return [rule for rule in self.genre.rules(puzzle).tables if rule not in kept]

    def near(self, laws: Iterable[Rule], reach: int) -> tuple[set[Point], dict[Point, bool]]:
        """The edges within `reach` (doubled coordinates) of the laws' edges, and every other
        edge given as in the loop."""
        near: set[Point] = set()
        for scope, _ in laws:
            xs, ys = [x for x, _ in scope], [y for _, y in scope]
            near.update(
                (x, y)
                for x in range(min(xs) - reach, max(xs) + reach + 1)
                for y in range(min(ys) - reach, max(ys) + reach + 1)
            )
        return near, {edge: edge in self.solution for edge in self.edges if edge not in near}

    def tables(self, puzzle: Puzzle, near: set[Point] | None = None) -> tuple[list[Rule], list[str]]:
        """The deduction's tables of `puzzle` (those reading an edge of `near`, when given)."""
        tables, names = self.genre.rules(puzzle).for_deduction()
        if near is None:
            return tables, names
        chosen = [n for n, (scope, _) in enumerate(tables) if not near.isdisjoint(scope)]
        return [tables[n] for n in chosen], [names[n] for n in chosen]

    def screened(self, candidate: Puzzle, laws: list[Rule]) -> bool:
        """Whether the deduction decides every edge near the removed laws, the rest given."""
        near, given = self.near(laws, SCREEN)
        tables, names = self.tables(candidate, near)
        fixed = deduce(self.edges, tables, names=names, given=given)
        return fixed is not None and len(fixed) == len(self.edges)

    def broken_near(self, candidate: Puzzle, law: Rule, reach: int, nodes: int) -> bool:
        """Whether a loop of `candidate` breaks `law` within `reach` of it, every edge beyond as in
        the loop (False also when the backtracking's budget ran out); a loop found is verified."""
        near, given = self.near([law], reach)
        tables, names = self.tables(candidate, near)
        try:
            loop = find_loop(self.edges, [*tables, _negated(law)], given=given, names=names, nodes=nodes)
        except OutOfNodes:
            return False
        if loop is not None:
            verify(candidate, *bits(self.genre, candidate, loop))
        return loop is not None


def _minimal(puzzle: Puzzle, held: list[Point], setter: Setter, board: _Board) -> tuple[Puzzle, list[Point]]:
    """`puzzle` less every held clue whose removal leaves one loop, tried one by one in order,
    and the clues kept because their proof ran out of time (PROOFS).

    30×30 Masyu seed 1, 40 held clues: 20 loops near the clue, 20 proofs of 0.2-3.6 CPU-s (10
    clues removed), 32 CPU-s of proofs in all; `solve` as the proof, after CP-SAT's own looks
    near each clue, took about 500 CPU-s (`python bench/run.py --sets none --no-counts`)."""
    unproved = []
    for cell in held:
        candidate = setter.without(puzzle, [cell])
        (law,) = board.laws(puzzle, candidate)  # a clue of several tables would have no one negation
        if any(board.broken_near(candidate, law, reach, nodes) for reach, nodes in WINDOWS):
            continue  # a second loop near the clue: the clue stays
        needed = _proof(candidate, law, board)
        if needed is False:
            puzzle = candidate
        elif needed is None:
            unproved.append(cell)
    return puzzle, unproved


def _proof(candidate: Puzzle, law: Rule, board: _Board) -> bool | None:
    """Whether some loop of `candidate` breaks `law` (None: the proof ran out of time): the
    deduction with the law negated, then CP-SAT on what it left open (PROOFS)."""
    from loopsat.cpsat import Circuit, LazyCuts, Search, TimedOut  # CP-SAT is slow to import

    tables, names = board.tables(candidate)
    fixed = deduce(board.edges, [*tables, _negated(law)], names=names)
    if fixed is None:
        return False
    if len(fixed) == len(board.edges):
        return True
    cover = board.genre.cover(candidate)
    fixed = cover.modelled(fixed)
    cover = cover.agreeing(fixed)
    for strategy, seconds in PROOFS:
        search = Search(cover, Circuit() if strategy == "circuit" else LazyCuts(), time_limit=seconds, fixed=fixed)
        _forbid(search, law)
        try:
            loop = search.find()
        except TimedOut:
            continue
        if loop is not None:
            verify(candidate, *bits(board.genre, candidate, loop))
        return loop is not None
    return None


def _negated(law: Rule) -> Rule:
    """The table of every pattern `law` forbids."""
    scope, allowed = law
    return scope, frozenset(p for p in product((0, 1), repeat=len(scope)) if p not in allowed)


def _forbid(search: Search, law: Rule) -> None:
    """Add to the search's model a clause against each pattern `law` allows (an edge the model
    lacks is off in every loop)."""
    from loopsat.cpsat.proto import negated

    edge_var = search.translation.edge_var
    scope, allowed = law
    for pattern in allowed:
        if any(bit and edge not in edge_var for edge, bit in zip(scope, pattern, strict=True)):
            continue  # the pattern never occurs
        search.model.clause(
            negated(edge_var[e]) if bit else edge_var[e] for e, bit in zip(scope, pattern, strict=True) if e in edge_var
        )
