"""The redundant clues of a unique puzzle, streamed as they are settled: each clue whose removal
alone keeps the puzzle unique (it "goes"), every other one shown needed by a second loop.

A needed clue c has a witness: a loop that keeps every other clue and breaks c's. The questions
come cheapest first, each clue answered (and shown) as soon as one settles it, every witness
verified:

1. flips: the loop is the border of a region of faces; flipping up to FLIPS faces next to each
   other gives a nearby loop, which is a witness when it breaks exactly one clue (pure Python,
   no deduction);
2. a look: a loop that breaks c's law near c, every edge beyond as in the loop (LOOK, the
   deduction's backtracking on a window, `Thinning.broken_near`);
3. the proof on the whole board: the deduction's backtracking on the puzzle without c, c's law
   negated (`Thinning.breaking`, NODES decisions), which gives the witness or proves that none
   exists: c goes;
4. for the clues it ran out on, one CP-SAT model of the bare board, every clue's law tied to a
   literal "broken" and exactly one literal true, solved again and again: each loop it finds is a
   witness for one more clue, whose literal is then fixed false, and its final "no loop" proves
   every clue left redundant at once.

The looks and the proofs are shared with a helper process (`_Helper`) on a big board: this one
takes the clues from the front, the helper from the back. A loop found for one clue is no
witness for another (it keeps every other clue by its making), so nothing is reused across
clues; the one model of step 4 is what settles many at once, and it is kept for the end.

The five bench/slitherlink/20x20 puzzles, one process (`python bench/redundant_pass.py`, load
average 6-8): 43.4 CPU-s in all when CP-SAT's model found every witness the looks missed (one
search each, 0.2-0.3 s, beside the looks in a thread), 25.4 with the backtracking first. On
20×20 001 after 48 flips (0.06 s, each flip checked where it happens: setter/flips.py) and 59
looks, the backtracking showed 35 clues needed (0.07 s each) and 28 redundant (0.03 s each),
ran out on 5, which CP-SAT settled in 1.0 s.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import product
from typing import TYPE_CHECKING

from loopsat.deduce import Rule
from loopsat.deduce.branch import OutOfNodes
from loopsat.grid import Point
from loopsat.puzzle import Puzzle
from loopsat.setter.board import Thinning
from loopsat.setter.flips import broken_by_flips, faces_of
from loopsat.signals import die_with, held
from loopsat.workers import cpus, process_context

if TYPE_CHECKING:
    from loopsat.cpsat import Search

Loop = frozenset[Point]
# Faces flipped at most, next to each other. 20×20 Slitherlink 001 (175 clues, 146 needed), CPU
# seconds under load and needed clues shown: up to 3 faces 0.37 s, 48; 4 faces 1.2 s, 50; 5
# faces 3.7 s, 51. The looks after them cost about 0.01 s a clue.
FLIPS = 3
# The look's window (doubled coordinates: 10 = five cells) and its backtracking's budget of
# decisions. The whole pass over the five bench/slitherlink/20x20 puzzles in one process, CPU-s
# (two runs each, load average 6-8): (8, 200) 25.5 and 25.9; (10, 300) 24.1, 24.2; (12, 400)
# 24.8, 24.0. A look costs about 0.01 s (mostly the far edges given), a proof on the whole board
# 0.03 (a clue that goes) to 0.06 (a witness), so a look pays when one in five finds a loop.
LOOK = (10, 300)
# The decisions of the backtracking on the whole board for one clue before CP-SAT's model is
# asked: the same five, (10, 300): 1,000 24.2 CPU-s, 2,000 24.1, 4,000 24.8. On 20×20 001 it
# ran out for 5 clues, which CP-SAT then settled in 1.0 s; CP-SAT's witness costs 0.2-0.3 s.
NODES = 2000
# The open clues (after the flips) from which a helper process shares the looks and the proofs:
# starting one costs about 0.2 CPU-s (its fork and its own `_Clues`), a 20×20's 120-130 open
# clues 4-5 CPU-s; a 6×6's pass takes 0.1 s alone. The questions the helper holds at once: one
# at work, one waiting, so it never idles between two and little is left to cancel.
HELP_FROM = 40
HELPER_QUEUE = 2


def redundant(
    puzzle: Puzzle, solution: Loop, time_limit: float | None, helper: bool = False
) -> Iterator[tuple[Point, bool | None]]:
    """Each clue of a unique `puzzle` (its one loop `solution`) and whether it can go (None: not
    settled within `time_limit`), as they are settled; with `helper`, a helper process shares a
    big board's work (only a caller that owns its process asks: it needs the main module
    guarded). Closing the generator stops the search."""
    ends = None if time_limit is None else time.monotonic() + time_limit
    clues = _Clues(puzzle, solution)
    board, laws = clues.board, clues.laws
    open_ = dict.fromkeys(laws)  # the clues not settled yet, in order
    for cell, loop in flipped(laws, solution, faces_of(board)):
        if clues.witness(cell, loop):
            open_.pop(cell)
            yield cell, False
    sharing = _Helper(puzzle, solution) if helper and len(open_) >= HELP_FROM and cpus() > 1 else None
    try:
        for stage in (LOOKED, PROVED):
            for cell, goes in _shared(clues, stage, list(open_), sharing, ends):
                if goes is not None:
                    open_.pop(cell)
                    yield cell, goes
    finally:
        if sharing is not None:
            sharing.close()
    left = None if ends is None else ends - time.monotonic()
    if open_ and (left is None or left > 0):
        yield from proved(puzzle, clues, open_, left)
    for cell in open_:
        yield cell, None


LOOKED, PROVED = "look", "proof"
Answer = tuple[bool | None, Loop | None]  # whether the clue goes (None: not settled), the witness


class _Clues:
    """The board, and each clue's law and puzzle without it, worked out once: what every stage
    reads, in this process and in the helper."""

    def __init__(self, puzzle: Puzzle, solution: Loop) -> None:
        self.board = board = Thinning(puzzle, solution)
        self.candidates = {cell: board.without(puzzle, cell) for cell in sorted(board.clues(puzzle))}
        self.laws = {cell: law for cell, (_, law) in self.candidates.items()}

    def answer(self, stage: str, cell: Point) -> Answer:
        """The `stage`'s answer for the clue in `cell`: a look settles only needed clues."""
        if stage == LOOKED:
            loop = self.board.loop_near(*self.candidates[cell], *LOOK)
            return (False, loop) if loop is not None else (None, None)
        try:
            loop = self.board.breaking(*self.candidates[cell], NODES)
        except OutOfNodes:
            return None, None
        return loop is None, loop

    def witness(self, cell: Point, loop: Loop) -> bool:
        """Whether `loop` is a loop of the puzzle without the clue in `cell` (the verifier's word)."""
        return self.board.loop_of(self.candidates[cell][0], loop)


def _shared(
    clues: _Clues, stage: str, cells: list[Point], helper: _Helper | None, ends: float | None
) -> Iterator[tuple[Point, bool | None]]:
    """Each of `cells` and its `stage`'s answer, as they come: this process takes them from the
    front, the helper (when there is one) from the back, till they meet."""
    front, back = 0, len(cells)
    asked: dict[Future[Answer], Point] = {}
    while front < back or asked:
        for future in [future for future in asked if future.done()]:
            cell = asked.pop(future)
            try:
                goes, loop = future.result()
            except BrokenProcessPool:  # the helper died (killed from outside): on without it
                assert helper is not None  # its futures are the only ones asked
                helper.alive = False
                goes, loop = clues.answer(stage, cell)
            if loop is not None and not clues.witness(cell, loop):
                raise AssertionError(f"the helper's loop is no witness for the clue at {cell}")
            yield cell, goes
        if ends is not None and time.monotonic() > ends:
            front = back  # the rest stay open
        while helper is not None and helper.alive and len(asked) < HELPER_QUEUE and front < back:
            back -= 1
            asked[helper.ask(stage, cells[back])] = cells[back]
        if front < back:
            yield cells[front], clues.answer(stage, cells[front])[0]
            front += 1
        elif asked:
            time.sleep(0.002)  # the helper's last answers: a sleep is cut by a stop, a lock's wait may be not


class _Helper:
    """A second process that answers clues too, while this one does (CPU-bound Python: a thread
    would wait for this one's lock). It is started from the fork server (never a fork of this
    threaded process), makes its own `_Clues` once, and dies with this process's fork server,
    which ends with this process."""

    def __init__(self, puzzle: Puzzle, solution: Loop) -> None:
        context = process_context([__name__])
        with held():  # the pool's first thread and process started whole
            self.pool = ProcessPoolExecutor(1, context, _helping, (puzzle, solution))
        self.alive = True

    def ask(self, stage: str, cell: Point) -> Future[Answer]:
        """The helper's answer to come (a BrokenProcessPool when it has died)."""
        future: Future[Answer] = Future()
        try:
            with held():
                return self.pool.submit(_helped, stage, cell)
        except BrokenProcessPool as broken:
            future.set_exception(broken)
        return future

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def ready() -> None:
    """Start the fork server the helpers come from, their modules loaded (about a second on a
    loaded machine, else paid by the first big board)."""
    context = process_context([__name__])
    if context.get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


_HELPING: list[_Clues] = []  # the helper process's clues


def _helping(puzzle: Puzzle, solution: Loop) -> None:
    """Start the helper process: Ctrl-C and the server's stop are its parent's to handle, and it
    dies with the fork server that started it (a SIGKILL of the parent gives no chance to close)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGUSR1, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with(os.getppid())
    _HELPING.append(_Clues(puzzle, solution))


def _helped(stage: str, cell: Point) -> Answer:
    return _HELPING[0].answer(stage, cell)


def proved(
    puzzle: Puzzle, clues: _Clues, open_: dict[Point, None], time_limit: float | None
) -> Iterator[tuple[Point, bool]]:
    """CP-SAT's answers for the clues still `open_` (each popped as it is answered): a witness
    each for the needed ones, then one proof for all the others; on time out the rest stay."""
    from loopsat.cpsat import Circuit, Search, TimedOut
    from loopsat.cpsat.proto import negated

    board, laws = clues.board, clues.laws
    bare = board.setter.without(puzzle, list(laws))
    search = Search(board.genre.cover(bare), Circuit(), time_limit=time_limit)
    broken = {cell: tie(search, law) for cell, law in laws.items()}
    for cell in laws.keys() - open_.keys():
        search.model.clause([negated(broken[cell])])
    search.model.exactly_one(broken.values())
    while open_:
        try:
            loop = search.find(near=board.solution)
        except TimedOut:
            return
        if loop is None:
            for cell in list(open_):
                open_.pop(cell)
                yield cell, True
            return
        (cell,) = [c for c in open_ if not _keeps(laws[c], loop)]
        if not clues.witness(cell, loop):
            raise AssertionError(f"CP-SAT's loop is no witness for the clue at {cell}")
        open_.pop(cell)
        search.model.clause([negated(broken[cell])])
        yield cell, False


def tie(search: Search, law: Rule) -> int:
    """A new literal of the search's model, true exactly when the loop breaks `law` (an edge the
    model lacks is off in every loop)."""
    from loopsat.cpsat.proto import negated

    model, edge_var = search.model, search.translation.edge_var
    broken = model.new_bool()
    for pattern in product((0, 1), repeat=len(law.scope)):
        if any(bit and edge not in edge_var for edge, bit in zip(law.scope, pattern, strict=True)):
            continue  # the pattern never occurs
        other = [
            negated(edge_var[e]) if bit else edge_var[e]
            for e, bit in zip(law.scope, pattern, strict=True)
            if e in edge_var
        ]
        model.clause([negated(broken) if pattern in law.allowed else broken, *other])
    return broken


def _keeps(law: Rule, loop: Loop) -> bool:
    return tuple(int(edge in loop) for edge in law.scope) in law.allowed


def flipped(laws: dict[Point, Rule], solution: Loop, faces: frozenset[Point]) -> Iterator[tuple[Point, Loop]]:
    """The clues that flipping up to FLIPS faces next to each other shows needed, each once with
    its witness: the loop, flipped, is still one loop (setter/flips.py) and breaks that clue's
    law alone."""
    found: set[Point] = set()
    for changed, broken in broken_by_flips(laws, solution, faces, FLIPS):
        if len(broken) == 1 and broken[0] not in found:
            found.add(broken[0])
            yield broken[0], solution.symmetric_difference(changed)
