"""Puzzles with exactly one solution, from a seed (`loopsat generate`).

setter/dense.py draws a loop to the genre's hooks (genres.SETTERS) and clues it densely, its one
loop known; this module thins its clues, genre-free, while the loop stays the only one:

1. Thinning. Without a difficulty (or with `search`), in a genre that asks for it
   (Setter.REFUTE_SINGLY), clues are tried one at a time, each with its law negated: the puzzle
   has one loop, so the puzzle without clue c has another exactly when some loop breaks c's law.
   When the deduction (loopsat/deduce) with c's law negated meets a contradiction, no such loop
   exists and c goes; it probes nearest c first, where the contradiction usually is. Otherwise
   random batches of clues are tried at once (doubling after a success, halving after a
   failure), and a removal is kept while the whole deduction still decides the board, with no
   rule above D when a difficulty D below `search` is asked (deduce.GRADES: 1 easy ... 5 deep,
   "decided by the deduction alone"). With a difficulty no check needs a search, as in
   Tatham's generators: a board the deduction decides has one loop. A try that a loop next to
   the puzzle's own survives fails at once (setter/witness.py). Without a difficulty each other
   try is screened first by a deduction near the removed clues, every edge farther than
   board.SCREEN given as in the loop: it knows more than the whole one and so fails whenever
   that one would, at a fraction of the cost. A single clue that fails is held; deduction is
   monotone (fewer clues never deduce more), so it stays held. Where the genre thins clue by
   clue (Masyu) and a difficulty is asked, each batch is gathered clue by clue through the
   screen (SCREEN_GRADED) instead (setter/gather.py).
2. Without a difficulty, each held clue (or orbit) is then tried once, in order
   (setter/minimal.py): it goes when no loop breaks its law, found near it, by the deduction's
   backtracking or by CP-SAT on the whole board. Removing clues only adds loops, so a clue once
   needed stays needed: one pass leaves a minimal set.

With a difficulty the result is minimal *for that difficulty*: removing any one clue more either
admits a second loop or makes the puzzle harder than D. Nothing in that keeps it from being
decided below D as well, and a Masyu loop annealed to carry a circle on nearly every point is
decided by Pearl's Easy rules with every circle on: thinned in a random order, its clues met
Tricky on 30% of 10×10 loops (seeds 1-10, 6 loops each), 48% at 12×12. Where the clues sit on
the loop's points (Masyu), a loop thinned below D is thinned again with the clues beside another
stretch of the loop first (Thinning.beside_itself): gone while the board is still rich, they
leave the edges between the stretches to the shortcut-loop rule, Pearl's Tricky (65% of the same
10×10 loops, 77% at 12×12). Always thinned that way, 20×20 and 40×40 seed 1 kept 8-11 more
clues and took 1.06-1.09× the CPU-s, so it is the second try only. A result still graded below D
is refused and another loop drawn (Tatham's generators refuse a dense board that easy instead).

Reproducible: one `random.Random(seed)` drives the genre's loop and the order of removals, and
the answers are deterministic (the deduction and its backtracking are, and so is CP-SAT with
one worker), so a seed gives the same puzzle on the same OR-Tools version. The one exception is
a proof stopped by its time limit (minimal.proof_seconds): its clue stays, and
`Generated.unproved` says so.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, replace

from loopsat import deduce
from loopsat.deduce import GRADES, Difficulty, Level, Rule
from loopsat.errors import Unmet
from loopsat.genres import SETTERS, suffix_of
from loopsat.grid import Edges, Point
from loopsat.puzzle import Puzzle
from loopsat.setter.board import SCREEN, Thinning
from loopsat.setter.dense import dense
from loopsat.setter.gather import complete, step
from loopsat.setter.minimal import Looker, minimal
from loopsat.setter.taste import Taste, orbits
from loopsat.setter.witness import Witnesses
from loopsat.solver.pipeline import deduction, solve

# The first batch of clues tried at once, and the largest. Thinning 20×20 Slitherlink seed 1
# (`time loopsat generate --genre slitherlink --size 20x20 --seed 1 --difficulty hard`): 16/64
# took 27.7 CPU-s (326 deductions), 64/256 took 23.7 (324), within the noise of a loaded machine;
# most deductions are the single clues that stay (137 of them), whatever the batches.
FIRST_BATCH = 16
LARGEST_BATCH = 64
_SEARCH = len(GRADES)  # the level at which the search may prove what the deduction cannot
# Loops drawn (each thinned) before a difficulty or taste asked is given up. `python
# bench/difficulty_kept.py --seeds 6`: Slitherlink 7×7 and 10×10 met every level from the first
# loop; Masyu 7×7 normal took 1-3 loops, the other levels 1-2; 12×12 easy 1-3 loops.
ATTEMPTS = 8
# The screen's reach (board.SCREEN) when a difficulty caps the deduction, in the batches gathered
# clue by clue (setter/gather.py). Slitherlink's batches drawn blind go without a screen once the
# loops next to the puzzle's own refuse what they can (setter/witness.py): of the tries left, the
# screen stopped a third at a third of a whole deduction's cost, and generating without it took
# 0.88 of the CPU-s at 20×20 hard seed 1 (paired, 5 runs), 27.1 against 30.6 CPU-s at 40×40, the
# same puzzles. Before the witnesses: 6 (three cells) against
# 12, CPU-s of the whole generation (the same puzzles: a screen only spares whole deductions),
# Slitherlink 20×20 hard seed 1 7.7 against 9.1, seed 2 10.2 against 12.5, Masyu 20×20 tricky
# seed 1 9.7 against 11.0; at 2 and 4 the whole deductions the screen let through cost more, and
# a second screen at 10, 12 or 16 before the whole deduction of a single orbit saved nothing
# (8.3-9.4 against 8.0-8.4: `python bench/generate_phases.py slitherlink 20x20 --difficulty hard
# --taste`).
SCREEN_GRADED = 6
PLAIN = Taste()  # no symmetry, mask, ceiling or target: the puzzles of a seed as they always were


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its one loop, its grade, and how many clues the dense board had."""

    puzzle: Puzzle
    solution: Edges
    difficulty: Difficulty
    dense_clues: int
    clues: int
    unproved: int = 0  # clues kept because proving them removable ran out of time: then not minimal
    loops: int = 1  # loops drawn until one gave the difficulty asked

    def text(self, form: str | None = None) -> str:
        """The puzzle as its genre's file (or in `form`: url, tatham), as `loopsat generate` prints it."""
        return file_text(self.puzzle, form)


def level(difficulty: str | int) -> int:
    """A difficulty as its level 1..6: a number, or one of deduce.GRADES (ValueError otherwise)."""
    text = str(difficulty).strip().lower()
    if text in GRADES:
        return GRADES.index(text) + 1
    if text.isdigit() and 1 <= int(text) <= len(GRADES):
        return int(text)
    raise ValueError(f"unknown difficulty {difficulty!r} (1-{len(GRADES)} or {', '.join(GRADES)})")


def file_name(genre: str, rows: int, cols: int, seed: int, suffix: str | None = None) -> str:
    """`<genre>-RxC-<seed>.<suffix>`: the name `-o DIR` writes (the genre's suffix unless one is
    given), and the puzzle's path."""
    suffix = suffix or suffix_of(genre)
    return f"{genre}-{rows}x{cols}-{seed}{suffix}"


def file_text(puzzle: Puzzle, form: str | None = None) -> str:
    """The puzzle in `form` (formats.FORMS; default its genre's file format), as `convert --to`
    writes it, with a final newline."""
    from loopsat.formats import convert

    return convert(puzzle, form or puzzle.path.rsplit(".", 1)[-1]) + "\n"


def unique_loops(puzzle: Puzzle) -> list[Edges]:
    """Up to two loops of `puzzle`, deterministically (the deduction, then one CP-SAT worker)."""
    return solve(puzzle).solutions


class Solver:
    """The solver as the setter asks it (setter/dense.py's Judge): the edges the deduction capped
    at `cap` leaves open, so that a reshapable loop is reshaped until a puzzle of that grade can be
    thinned from it (a 40×40 Masyu with every circle is beyond Pearl's Tricky, 8 loops of 8)."""

    def __init__(self, cap: Level = Level.SEARCH) -> None:
        self.cap = cap

    @property
    def capped(self) -> bool:
        return self.cap < Level.SEARCH

    def solutions(self, puzzle: Puzzle) -> list[Edges]:
        return unique_loops(puzzle)

    def undecided(self, puzzle: Puzzle) -> list[Point]:
        found = deduce.puzzle(puzzle, max_level=self.cap, trail=False)
        fixed = found.fixed or {}
        return [edge for edge in found.edges if edge not in fixed]


JUDGE = Solver()  # uncapped: the dense board of a minimal puzzle


def generate(
    genre: str,
    rows: int,
    cols: int,
    *,
    difficulty: int | None = None,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
    taste: Taste = PLAIN,
) -> Generated:
    """A `genre` puzzle of rows × cols with exactly one loop, its clues minimal (for `difficulty`,
    a level 1..6, when given: then graded exactly that) and to the setter's `taste`, else Unmet
    after ATTEMPTS loops; the same arguments give the same puzzle. `progress` hears what is
    being done."""
    setter = SETTERS[genre]
    tell = progress or (lambda _text: None)
    rng = random.Random(seed)
    missed: Counter[str] = Counter()
    picky = difficulty is not None or taste != PLAIN
    for loops in range(1, ATTEMPTS + 1 if picky else 2):
        tell("drawing a loop")
        puzzle, solution = dense(setter, rows, cols, rng, Solver(Level(difficulty or _SEARCH)))
        puzzle = replace(puzzle, path=file_name(genre, rows, cols, seed))
        dense_clues = len(setter.clue_cells(puzzle))
        puzzle, why = _laid_out(puzzle, taste, difficulty or _SEARCH)
        if why:
            missed[why] += 1
            continue
        made = _thinned(puzzle, solution, rng, difficulty, taste, tell)
        if difficulty is not None and made.difficulty.level < difficulty and setter.loop_bias().centres:
            tell("thinning again, the clues beside another stretch of the loop first")
            made = _thinned(puzzle, solution, rng, difficulty, taste, tell, steered=True)
        made = replace(made, dense_clues=dense_clues)
        if difficulty is not None and made.difficulty.level != difficulty:
            missed[f"thinned to {made.difficulty.grade}"] += 1
        elif (share := _sparse_share(made.puzzle)) > (1.0 if taste.zeros is None else taste.zeros):
            missed[f"{share:.0%} of the clues were {setter.SPARSE}"] += 1
        else:
            return replace(made, loops=loops)
    why = ", ".join(f"{reason} ({times}×)" for reason, times in missed.items())
    wanted = f"graded {GRADES[difficulty - 1]}" if difficulty is not None else "to this taste"
    raise Unmet(f"no {genre} {rows}x{cols} puzzle {wanted} in {ATTEMPTS} loops from seed {seed}: {why}")


def graded(puzzle: Puzzle) -> Difficulty:
    """The puzzle's grade (deduce's scale): the one function generate's promise reads."""
    found = deduction(puzzle).grade()
    assert found is not None, "a puzzle made from its loop has that loop"
    return found


def decided(puzzle: Puzzle, most: int) -> bool:
    """Whether `puzzle` has one loop, proved at grade `most` at the most: below `search`, the
    deduction with no rule above that level decides every edge (no search at all: Tatham's
    generators ask only this); at `search`, the solver finds one loop and proves it the only one."""
    return len(unique_loops(puzzle)) == 1 if most >= _SEARCH else complete(puzzle, Level(most))


def _laid_out(puzzle: Puzzle, taste: Taste, most: int) -> tuple[Puzzle, str]:
    """The dense puzzle less the clues off the mask or without their symmetric images, and why it
    will not do ("" when it will): it must stay unique, and decided at grade `most` (fewer clues
    are never easier)."""
    setter = SETTERS[puzzle.genre]
    cells = setter.clue_cells(puzzle)
    off = [cell for cell in cells if taste.mask is not None and cell not in taste.mask]
    kept = [cell for cell in cells if cell not in off]
    off += orbits(kept, puzzle.rows, puzzle.cols, taste.symmetry)[1]
    puzzle = setter.without(puzzle, off) if off else puzzle
    if (off or most < _SEARCH) and not decided(puzzle, most):
        if most >= _SEARCH:
            return puzzle, "the clues the mask and symmetry allow left it ambiguous"
        return puzzle, f"the {'fully ' if not off else ''}clued board was harder than {GRADES[most - 1]}"
    return _unsparse(puzzle, taste, most), ""


def _unsparse(puzzle: Puzzle, taste: Taste, most: int) -> Puzzle:
    """With fewer of the sparse clue wanted, the puzzle without any, where that leaves it unique
    and graded at most `most` (else thinning tries them first). Trying each one's orbit in turn
    here as well took 56 CPU-s of the first loop of 20×20 Slitherlink seed 1 hard."""
    setter = SETTERS[puzzle.genre]
    if not taste.sparing or setter.SPARSE is None:
        return puzzle
    cells = setter.clue_cells(puzzle)
    sparse = [(i, j) for i, j in cells if puzzle.grid[i][j] == setter.SPARSE]
    whole, _ = orbits([cell for cell in cells if cell not in sparse], puzzle.rows, puzzle.cols, taste.symmetry)
    others = {cell for orbit in whole for cell in orbit}
    bare = setter.without(puzzle, [cell for cell in cells if cell not in others])  # orbits stay whole
    # by the deduction alone, even where a search may prove: the search's answer here was "not
    # unique" after 10.8 CPU-s on 20×20 Slitherlink seed 1 (124 clues left), and thinning
    # tries the sparse clues first anyway
    if decided(bare, min(most, _SEARCH - 1)):
        return bare
    return puzzle


def _sparse_share(puzzle: Puzzle) -> float:
    """The share of the clues that are the genre's sparse one (0 for Slitherlink)."""
    setter = SETTERS[puzzle.genre]
    cells = setter.clue_cells(puzzle)
    if setter.SPARSE is None or not cells:
        return 0.0
    return sum(puzzle.grid[i][j] == setter.SPARSE for i, j in cells) / len(cells)


def _thinned(
    puzzle: Puzzle,
    solution: Edges,
    rng: random.Random,
    difficulty: int | None,
    taste: Taste,
    tell: Callable[[str], None],
    steered: bool = False,
) -> Generated:
    """The dense `puzzle` thinned (the module's docstring says how), the order drawn from `rng`;
    a symmetric layout's orbits go whole, the sparse clue's first when their share is capped.
    `steered`: the clues on loop points beside another stretch of the loop first (the module's
    docstring says why)."""
    setter = SETTERS[puzzle.genre]
    dense_clues = len(setter.clue_cells(puzzle))
    most = _SEARCH if difficulty is None else difficulty
    board = Thinning(puzzle, solution)

    cap = Level(min(most, _SEARCH - 1))  # a deduction stops at the grade asked: one above fails
    singly = most >= _SEARCH and setter.REFUTE_SINGLY  # each law negated: a proof may use the search
    first, largest = (1, 1) if singly else (FIRST_BATCH, LARGEST_BATCH)
    # batches gathered by the screen (setter/gather.py) where the genre thins clue by clue and a
    # difficulty caps the deduction; Slitherlink's graded thinning keeps its batches drawn blind
    gathering = difficulty is not None and setter.REFUTE_SINGLY
    sure: set[tuple[Point, ...]] = set()  # orbits gathering takes unscreened (setter/gather.py)

    def removable(candidate: Puzzle, laws: list[Rule]) -> bool:
        if singly and len(laws) == 1:
            return board.refuted(candidate, laws[0])
        if difficulty is None and not board.screened(candidate, laws, cap, SCREEN):
            return False
        return complete(candidate, cap)

    order = orbits(setter.clue_cells(puzzle), puzzle.rows, puzzle.cols, taste.symmetry)[0]
    rng.shuffle(order)
    if steered:
        order.sort(key=lambda orbit: not any(board.beside_itself(cell) for cell in orbit))
    if taste.sparing and setter.SPARSE is not None:
        order.sort(key=lambda orbit: all(puzzle.grid[i][j] != setter.SPARSE for i, j in orbit))
    queue, batch = deque(order), first
    # the loops next to this one, where batches are drawn blind (Slitherlink's); a try of one clue
    # (Masyu's without a difficulty) is a deduction near it already, and a gathered batch screened
    witnesses = Witnesses(board, puzzle) if not (gathering or singly) else None
    held: list[tuple[Point, ...]] = []  # clues the deduction cannot do without, not yet shown needed
    left = len(setter.clue_cells(puzzle))
    with closing(Looker(board, most >= _SEARCH)) as looker:
        while queue and (taste.clues is None or left > taste.clues):
            tell(f"thinning: {left} clues, {len(queue)} to try")
            if gathering:
                puzzle, batch, stopped = step(board, puzzle, queue, batch, largest, cap, SCREEN_GRADED, sure)
                held += stopped
                left = len(setter.clue_cells(puzzle))
                continue
            taken = [queue.popleft() for _ in range(min(batch, len(queue)))]
            cells = [cell for orbit in taken for cell in orbit]
            candidate = setter.without(puzzle, cells)
            refuted = witnesses is not None and witnesses.refute(cells)
            if not refuted and removable(candidate, [board.law(cell) for cell in cells]):
                puzzle, batch = candidate, min(largest, 2 * batch)
                if witnesses is not None:
                    witnesses.remove(cells)
                left = len(setter.clue_cells(puzzle))
            elif len(taken) == 1:
                held.append(taken[0])
                looker.look(puzzle, taken[0])
            else:
                queue.extendleft(reversed(taken))
                batch = max(1, batch // 2)
        needed = looker.shown()
    unproved: list[tuple[Point, ...]] = []
    held = [orbit for orbit in held if orbit not in needed]
    if most >= _SEARCH and held and (taste.clues is None or left > taste.clues):
        tell(f"proving: {len(held)} clues")
        held.sort(key=len)  # the lone clues first (a symmetric layout's middle), as they always went
        puzzle, unproved = minimal(puzzle, held, board)
    clues = len(setter.clue_cells(puzzle))
    return Generated(puzzle, solution, graded(puzzle), dense_clues, clues, sum(map(len, unproved)))
