"""Puzzles with exactly one solution, from a seed (`loopsat generate`).

The genre (genres.SETTERS) makes a densely clued puzzle whose one loop it knows; this module thins
its clues, genre-free, while the loop stays the only one:

1. Thinning. Without a difficulty (or with `search`), in a genre that asks for it
   (Setter.REFUTE_SINGLY), clues are tried one at a time, each with its law negated: the puzzle
   has one loop, so the puzzle without clue c has another exactly when some loop breaks c's law.
   When the deduction (loopsat/deduce) with c's law negated meets a contradiction, no such loop
   exists and c goes; it probes nearest c first, where the contradiction usually is. Otherwise
   random batches of clues are tried at once (doubling after a success, halving after a
   failure), and a removal is kept while the whole deduction still decides the board, with a
   grade at most D when a difficulty D below `search` is asked (explain.GRADES: 1 easy ... 4
   hard, "decided by the deduction alone"). Each try is screened first by a deduction near the
   removed clues, every edge farther than SCREEN given as in the loop: it knows more than the
   whole one and so fails whenever that one would, at a fraction of the cost. A single clue that
   fails is held; deduction is monotone (fewer clues never deduce more), so it stays held.
2. Without a difficulty, each held clue c is then tried once. A loop that breaks c's law near c
   (every edge beyond WINDOWS given as in the loop, a small backtracking search over the
   deduction) is a second loop once c goes, so c is needed. Otherwise CP-SAT decides, on the
   whole board without c and with c's law negated (PROOF_SECONDS), two such proofs at a time
   (the next clue's as if c went: `_Proofs`). Removing clues only adds loops, so a clue once
   needed stays needed: one pass leaves a minimal clue set.

With a difficulty the result is minimal *for that difficulty*: removing any one clue more either
admits a second loop or makes the puzzle harder than D.

Reproducible: one `random.Random(seed)` drives the genre's loop and the order of removals, and
the answers are deterministic (the deduction and its backtracking are, and so is CP-SAT with
one worker), so a seed gives the same puzzle on the same OR-Tools version. The one exception is
a proof stopped by its time limit (PROOF_SECONDS): its clue stays, and `Generated.unproved`
says so.
"""

from __future__ import annotations

import multiprocessing
import queue
import random
import signal
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass, replace
from itertools import product
from typing import TYPE_CHECKING

from loopsat.deduce import Rule, deduce
from loopsat.deduce.branch import OutOfNodes, find_loop
from loopsat.errors import VerificationError
from loopsat.explain import GRADES, Difficulty
from loopsat.genres import GENRES, SETTERS, SUFFIXES
from loopsat.grid import Point, lattice_edges
from loopsat.pipeline import Solution, bits, deduction, solve
from loopsat.puzzle import Puzzle
from loopsat.verify import verify

if TYPE_CHECKING:
    from loopsat.cpsat import Search, Stopper

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
# of 193. With each law negated (thinned singly), of the 214 clues held, 39 passed the screen
# and failed the whole deduction (0.43 CPU-s each); at 8, 10, 12 cells 34, 30, 20 did, the
# screens costing 1.9, 4.6, 8.8 CPU-s more for 2.1, 3.9, 8.2 saved.
SCREEN = 12
# How far (doubled coordinates) from a held clue a loop that breaks it is looked for, every edge
# beyond given as in the loop, and the backtracking's budget of decisions there, in turn. 30×30
# Masyu seed 1, thinned singly: of 214 clues held, 179 such loops within 4 cells and 14 more
# within 8, 0.03 CPU-s a look; 21 clues were left for a proof.
WINDOWS = ((8, 200), (16, 1000))
# The seconds of the CP-SAT search that proves a held clue needed or not (the puzzle without it,
# its law negated: any loop found is the second one); when it runs out the clue stays and the
# puzzle is reported not proved minimal. One worker's default search is heavy-tailed on these
# sparse boards; CP-SAT's portfolio of heuristics, switched at its restarts (Search(portfolio=
# True)), is not. The proofs of one run, each model built and searched on one core (`python
# bench/proof_plans.py GENRE RxC`), wall seconds and proofs out of time:
#   Masyu 30×30 seed 1, 21 proofs: portfolio on the whole board 21.0, none; with inprocessing
#     26.0; on what the deduction with the law negated leaves open 23.5; the default search 74.4,
#     4 out; the default on what the deduction leaves open (as before) 85.2, 5 out.
#   Slitherlink 20×20 seed 1, 10 proofs: 22.0, 22.3, 21.7 with 2 out each; the default 31.7, 3
#     out; the default on what the deduction leaves open 51.2, 5 out.
# The former race of two plans in two threads took 50.5 s of wall time for the Masyu proofs, 2
# out of time. One of the two Slitherlink proofs out of time answers in 12-19 s.
PROOF_SECONDS = 10.0


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

    singly = most >= _SEARCH and setter.REFUTE_SINGLY  # each law negated: a proof may use the search
    first, largest = (1, 1) if singly else (FIRST_BATCH, LARGEST_BATCH)

    def removable(candidate: Puzzle, laws: list[Rule]) -> bool:
        if singly and len(laws) == 1:
            return board.refuted(candidate, laws[0])
        if not board.screened(candidate, laws):
            return False
        found = deduction(candidate)
        return found.complete and (most >= _SEARCH - 1 or found.grade().level <= most)

    order = setter.clue_cells(puzzle)
    rng.shuffle(order)
    queue, batch = deque(order), first
    held: list[Point] = []  # clues the deduction cannot do without, not yet shown needed
    with closing(_Looker(board, most >= _SEARCH)) as looker:
        while queue:
            tell(f"thinning: {len(setter.clue_cells(puzzle))} clues, {len(queue)} to try")
            taken = [queue.popleft() for _ in range(min(batch, len(queue)))]
            candidate = setter.without(puzzle, taken)
            if removable(candidate, board.laws(puzzle, candidate)):
                puzzle, batch = candidate, min(largest, 2 * batch)
            elif len(taken) == 1:
                held.append(taken[0])
                looker.look(puzzle, taken[0])
            else:
                queue.extendleft(reversed(taken))
                batch = max(1, batch // 2)
        needed = looker.shown()
    unproved: list[Point] = []
    held = [cell for cell in held if cell not in needed]
    if most >= _SEARCH and held:
        tell(f"proving: {len(held)} clues")
        puzzle, unproved = _minimal(puzzle, held, board)
    clues = len(setter.clue_cells(puzzle))
    return Generated(puzzle, solution, deduction(puzzle).grade(), dense_clues, clues, len(unproved))


class _Board:
    """The lattice of a puzzle being thinned, and its one loop: the deductions near clues."""

    def __init__(self, puzzle: Puzzle, solution: Solution) -> None:
        genre = GENRES[puzzle.genre]
        self.genre = genre
        self.setter = SETTERS[puzzle.genre]
        self.solution = solution
        self.edges = list(lattice_edges(*genre.tile_shape(puzzle)))
        if not genre.rules(puzzle).whole:  # what the deduction's completeness proves relies on it
            raise ValueError(f"{puzzle.genre}: its clue tables do not state every clue")

    def clues(self, puzzle: Puzzle) -> frozenset[Point]:
        """The cells of `puzzle` that hold a clue: the thinner puzzles' differ only in them."""
        return frozenset(self.setter.clue_cells(puzzle))

    def without(self, puzzle: Puzzle, cell: Point) -> tuple[Puzzle, Rule]:
        """`puzzle` less the clue in `cell`, and that clue's law."""
        candidate = self.setter.without(puzzle, [cell])
        (law,) = self.laws(puzzle, candidate)  # a clue of several tables would have no one negation
        return candidate, law

    def loop_of(self, puzzle: Puzzle, loop: Solution) -> bool:
        """Whether `loop` is a loop of `puzzle`."""
        try:
            verify(puzzle, *bits(self.genre, puzzle, loop))
        except VerificationError:
            return False
        return True

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

    def refuted(self, candidate: Puzzle, law: Rule) -> bool:
        """Whether the deduction with `law` negated finds no loop of `candidate`; screened first
        near the law (SCREEN)."""
        return self.negated(candidate, law, SCREEN) is None and self.negated(candidate, law) is None

    def negated(self, candidate: Puzzle, law: Rule, reach: int | None = None) -> dict[Point, bool] | None:
        """The deduction of `candidate` with `law` negated, probing nearest the law first (None:
        it found no loop that breaks the law); within `reach` of the law only, when given, every
        edge beyond given as in the loop."""
        near, given = self.near([law], reach) if reach is not None else (None, None)
        tables, names = self.tables(candidate, near)
        return deduce(self.edges, [*tables, _negated(law)], names=names, given=given, focus=_centre(law))

    def shown_needed(self, puzzle: Puzzle, cell: Point) -> bool:
        """Whether a loop of `puzzle` without the clue in `cell` breaks its law near it (WINDOWS):
        a second loop, in `puzzle` and every thinner one, so the clue is needed in them all."""
        candidate, law = self.without(puzzle, cell)
        return any(self.broken_near(candidate, law, reach, nodes) for reach, nodes in WINDOWS)

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


def _minimal(puzzle: Puzzle, held: list[Point], board: _Board) -> tuple[Puzzle, list[Point]]:
    """`puzzle` less every held clue whose removal leaves one loop, tried one by one in order,
    and the clues kept because their proof ran out of time (PROOF_SECONDS).

    The looks near each clue run ahead in a thread, on the puzzle thinning left, while CP-SAT
    proves the clue before (it releases the GIL): a loop found there is a loop of every puzzle
    with fewer clues, so the clue stays; a look that found none is made again once a clue has
    gone, so the answers are those of looking clue by clue. The proofs run two at a time
    (`_Proofs`). 30×30 Masyu seed 1: 214 held clues, 193 loops near the clue, 21 proofs (14
    clues removed, 7 needed); `python bench/generate_phases.py masyu 30x30` times each kind."""
    thinned, unproved = puzzle, []
    looked: list[bool] = []  # the looks' answers on `thinned`, by index into `held`
    near: dict[tuple[Point, frozenset[Point]], bool] = {}  # looks again, by clue and clue set

    def stays(index: int, puzzle: Puzzle) -> bool:
        """Whether a look shows held[index] needed in `puzzle` (a loop near it breaks its law)."""
        while len(looked) <= index:
            looked.append(next(looks))
        if looked[index] or puzzle is thinned:
            return looked[index]
        key = (held[index], board.clues(puzzle))
        if key not in near:
            near[key] = board.shown_needed(puzzle, held[index])
        return near[key]

    # The proofs' outcomes so far (one "went" assumed), for the guess of the next proof's puzzle:
    # begun as if this clue went, it is wasted when the clue stays and its answer is not "no
    # loop"; begun as if it stays, when the clue goes and its answer is not a loop. The likelier
    # waste is avoided: 30×30 Masyu seed 1 has 14 clues removed, 7 needed, 0 out of time (so
    # "went"), 40×40 Slitherlink seed 1 has 8, 11 and 58 (so "stays").
    went, needed, timed = 1, 0, 0
    with (
        closing(_ahead(lambda cell: board.shown_needed(thinned, cell), held)) as looks,
        closing(_Proofs(board)) as proofs,
    ):
        for index, cell in enumerate(held):
            if stays(index, puzzle):
                proofs.forget(cell)
                continue
            proofs.begin(cell, puzzle)
            gone = board.without(puzzle, cell)[0]
            stay = needed + timed
            guess = gone if stay * stay <= went * (went + timed) else puzzle
            after = next((k for k in range(index + 1, len(held)) if not stays(k, guess)), None)
            if after is not None:
                proofs.begin(held[after], guess)
            answer = proofs.needed(cell, puzzle)
            if answer is False:
                puzzle, went = gone, went + 1
            elif answer is None:
                unproved.append(cell)
                timed += 1
            else:
                needed += 1
    return puzzle, unproved


class _Looker:
    """Looks near each clue as thinning holds it (`Board.shown_needed` on the puzzle then), in a
    helper process beside the thinning, when `wanted`: a clue it shows needed then is needed in
    the end, and skips its look and proof (179 of the 214 clues held in 30×30 Masyu seed 1). The
    process is forked, so that the board comes along; where fork is missing, nothing is looked."""

    def __init__(self, board: _Board, wanted: bool) -> None:
        forks = "fork" in multiprocessing.get_all_start_methods()
        self.pool = (
            ProcessPoolExecutor(1, multiprocessing.get_context("fork"), _looking, (board,))
            if wanted and forks
            else None
        )
        self.looks: dict[Point, Future[bool]] = {}

    def look(self, puzzle: Puzzle, cell: Point) -> None:
        if self.pool is not None:
            self.looks[cell] = self.pool.submit(_shown_needed, puzzle, cell)

    def shown(self) -> set[Point]:
        """The clues shown needed, once every look is done."""
        return {cell for cell, look in self.looks.items() if look.result()}

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


_LOOKING: list[_Board] = []  # the looker process's board


def _looking(board: _Board) -> None:
    """Start the looker process: Ctrl-C is its parent's to handle (it closes the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _LOOKING.append(board)


def _shown_needed(puzzle: Puzzle, cell: Point) -> bool:
    return _LOOKING[0].shown_needed(puzzle, cell)


def _leave_ctrl_c_to_main() -> None:
    """Block SIGINT in this worker thread: Ctrl-C is the main thread's (cpsat/stream.py says why)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _ahead(answer: Callable[[Point], bool], cells: list[Point]) -> Generator[bool, None, None]:
    """`answer` of each cell in turn, worked out ahead in a daemon thread; closing the generator
    stops the thread at its next cell."""
    answers: queue.Queue[tuple[bool] | BaseException] = queue.Queue()
    stop = threading.Event()

    def work() -> None:
        _leave_ctrl_c_to_main()
        for cell in cells:
            if stop.is_set():
                return
            try:
                answers.put((answer(cell),))
            except BaseException as error:  # raised again in the caller's thread
                answers.put(error)
                return

    threading.Thread(target=work, name="looks ahead", daemon=True).start()
    try:
        for _ in cells:
            got = answers.get()
            if isinstance(got, BaseException):
                raise got
            yield got[0]
    finally:
        stop.set()


@dataclass(frozen=True)
class _Begun:
    """A proof under way: the clues of the puzzle it was begun on, its loop to come, its stop."""

    clues: frozenset[Point]
    loop: Future[Solution | None]
    stopper: Stopper


class _Proofs:
    """CP-SAT's proofs of held clues, two at a time: while the main thread waits for one clue's
    proof, the next clue's runs on the other core, on the puzzle the clue before is likelier to
    leave (`_minimal` guesses from the outcomes so far: 14 of 21 clues went in 30×30 Masyu seed
    1, 8 of 77 in 40×40 Slitherlink, where most proofs run out of time). An answer is used for
    the puzzle met in the end wherever it holds there: "no loop breaks the law" on every puzzle
    with the clues it was proved under and more (more clues, fewer loops), a loop on every
    puzzle it verifies on (every one with fewer clues among them). Otherwise the clue is proved
    again on the puzzle met, so the answers are those of proving clue by clue."""

    def __init__(self, board: _Board) -> None:
        self.board = board
        self.pool = ThreadPoolExecutor(2, "proof", initializer=_leave_ctrl_c_to_main)
        self.begun: dict[Point, _Begun] = {}

    def begin(self, cell: Point, puzzle: Puzzle) -> None:
        """Start proving whether `puzzle` needs `cell`, unless a proof of it is under way."""
        from loopsat.cpsat import Stopper  # CP-SAT is slow to import

        if cell not in self.begun:
            candidate, law = self.board.without(puzzle, cell)
            stopper = Stopper()
            loop = self.pool.submit(_loop_breaking, candidate, law, self.board, stopper)
            self.begun[cell] = _Begun(self.board.clues(puzzle), loop, stopper)

    def forget(self, cell: Point) -> None:
        """Stop the proof of `cell`, if one is under way: it is not needed."""
        begun = self.begun.pop(cell, None)
        if begun is not None:
            begun.stopper.stop()

    def needed(self, cell: Point, puzzle: Puzzle) -> bool | None:
        """Whether `puzzle` needs `cell`: some loop breaks its law without it (None: the proof
        ran out of time)."""
        from loopsat.cpsat import TimedOut

        clues = self.board.clues(puzzle)
        begun = self.begun.get(cell)
        if begun is not None and not clues >= begun.clues and not begun.loop.done():
            self.forget(cell)  # "no loop" would not hold here, and may be long in coming
        self.begin(cell, puzzle)
        begun = self.begun.pop(cell)
        try:
            loop = begun.loop.result()
        except TimedOut:
            if begun.clues == clues:
                return None
            return self.needed(cell, puzzle)  # out of time on another puzzle: try this one
        if loop is None and clues >= begun.clues:
            return False
        if loop is not None and (begun.clues == clues or self.board.loop_of(self.board.without(puzzle, cell)[0], loop)):
            return True
        return self.needed(cell, puzzle)  # the answer does not hold for this puzzle: prove it on it

    def close(self) -> None:
        for begun in self.begun.values():
            begun.stopper.stop()
        self.pool.shutdown(cancel_futures=True)


def _loop_breaking(candidate: Puzzle, law: Rule, board: _Board, stopper: Stopper) -> Solution | None:
    """A loop of `candidate` that breaks `law`, or None: a CP-SAT search on the whole board
    (TimedOut after PROOF_SECONDS, or when stopped)."""
    from loopsat.cpsat import Circuit, Search  # CP-SAT is slow to import

    cover = board.genre.cover(candidate)
    search = Search(cover, Circuit(), time_limit=PROOF_SECONDS, inprocessing=False, portfolio=True, stopper=stopper)
    _forbid(search, law)
    loop = search.find()
    if loop is not None:
        verify(candidate, *bits(board.genre, candidate, loop))
    return loop


def _centre(law: Rule) -> Point:
    """The middle of a law's edges (doubled coordinates, rounded down)."""
    scope = law[0]
    return sum(x for x, _ in scope) // len(scope), sum(y for _, y in scope) // len(scope)


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
