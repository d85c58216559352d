"""The redundant clues of a unique puzzle, streamed as they are settled: each clue whose removal
alone keeps the puzzle unique (it "goes"), every other one shown needed by a second loop.

A needed clue c has a witness: a loop that keeps every other clue and breaks c's. Three searches
look for witnesses, cheapest first, and every witness found is verified:

1. flips: the loop is the border of a region of faces; flipping up to FLIPS faces next to each
   other gives a nearby loop, which is a witness when it breaks exactly one clue (pure Python,
   no deduction);
2. looks: a loop that breaks c's law near c, every edge beyond as in the loop (setter/board.py,
   the deduction's backtracking), in the calling thread;
3. one CP-SAT model of the bare board, every clue's law tied to a literal "broken" and exactly
   one literal true, solved again and again in a thread beside the looks (it releases the GIL):
   each loop it finds is a witness for one more clue, whose literal is then fixed false; when
   none is left to find, every clue still open goes, all proved by that one answer.

Measured on bench/slitherlink/20x20/001.slither (175 clues, 29 go; load average 8-12 on the two
cores, so about a third of a core each): a model per clue, its law negated, took 0.8-1.5 s a
clue; the one model with the open clues' literals took 2.2 s to prove all 29 at once. The flips
show 48 clues needed in 0.4 s (0.06 s once each flip was checked where it happens,
setter/flips.py); the looks show 74 more (3.4 CPU-s in all, 47 of them in vain); the one model
finds the other witnesses, about 0.3 CPU-s each. The whole pass, paired against the
looks, the deduction with the law negated and a model per clue (as `setter/minimal.py` does),
three runs each at load average 10-12: 11.9 against 11.9 CPU-s, 32.9 against 30.6 s wall.
"""

from __future__ import annotations

import queue
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import product
from typing import TYPE_CHECKING

from loopsat.deduce import Rule
from loopsat.grid import Point
from loopsat.puzzle import Puzzle
from loopsat.setter.board import Thinning
from loopsat.setter.flips import faces_of, flips
from loopsat.workers import leave_signals_to_main

if TYPE_CHECKING:
    from loopsat.cpsat import Search, Stopper

Loop = frozenset[Point]
# Faces flipped at most, next to each other. 20×20 Slitherlink 001 (175 clues, 146 needed), CPU
# seconds under load and needed clues shown: up to 3 faces 0.37 s, 48; 4 faces 1.2 s, 50; 5
# faces 3.7 s, 51. The looks after them cost about 0.2 s a clue under the same load.
FLIPS = 3
# CP-SAT models searched at once, each in a thread on its share of the open clues, so that the
# second core works once the looks are done. Paired runs of the whole pass on 20×20 001 at load
# average 10-12 (three each, medians): 2 models 14.1 CPU-s, 38.4 s wall; 1 model 11.9 CPU-s,
# 32.9 s wall. On a loaded machine the second model only adds its own proof.
MODELS = 1


def redundant(puzzle: Puzzle, solution: Loop, time_limit: float | None) -> Iterator[tuple[Point, bool | None]]:
    """Each clue of a unique `puzzle` (its one loop `solution`) and whether it can go (None: not
    settled within `time_limit`), as they are settled. Closing the generator stops the search."""
    board = Thinning(puzzle, solution)
    laws = {cell: board.without(puzzle, cell)[1] for cell in sorted(board.clues(puzzle))}
    open_ = dict.fromkeys(laws)  # the clues not settled yet, in order
    for cell, loop in flipped(laws, solution, faces_of(board)):
        if board.loop_of(board.setter.without(puzzle, [cell]), loop):  # the verifier's word
            open_.pop(cell)
            yield cell, False
    proofs = _Proofs(puzzle, board, laws, solution, time_limit)
    try:
        proofs.start(list(open_))
        for cell in list(open_):
            yield from proofs.heard(open_)
            if proofs.finished or cell not in open_:
                continue
            if board.shown_needed(puzzle, (cell,)):
                open_.pop(cell)
                proofs.needed(cell)
                yield cell, False
        while open_ and not proofs.finished:
            yield from proofs.heard(open_, wait=True)
        for cell in list(open_):  # never left, as each model answers every clue of its share
            yield cell, None
    finally:
        proofs.close()


class _Proofs:
    """The CP-SAT models, MODELS of them, each on its share of the open clues (every other one)
    and searched in a thread of its own; their answers wait in one queue for the caller."""

    def __init__(
        self, puzzle: Puzzle, board: Thinning, laws: dict[Point, Rule], solution: Loop, time_limit: float | None
    ) -> None:
        from loopsat.cpsat import Stopper  # CP-SAT is slow to import

        self.puzzle, self.board, self.laws, self.solution = puzzle, board, laws, solution
        self.time_limit = time_limit
        self.stopper: Stopper = Stopper()
        self.told: list[queue.Queue[Point]] = [queue.Queue() for _ in range(MODELS)]  # shown needed by the looks
        self.answers: queue.Queue[tuple[Point, bool | None] | None] = queue.Queue()  # None: a model's end
        self.ended = 0
        self.pool = ThreadPoolExecutor(MODELS, "redundant clues", initializer=leave_signals_to_main)

    @property
    def finished(self) -> bool:
        return self.ended == MODELS

    def start(self, cells: list[Point]) -> None:
        for k, told in enumerate(self.told):
            self.pool.submit(self._run, cells[k::MODELS], told)

    def needed(self, cell: Point) -> None:
        for told in self.told:
            told.put(cell)

    def heard(self, open_: dict[Point, None], wait: bool = False) -> Iterator[tuple[Point, bool | None]]:
        """The answers so far (waiting for the next one when `wait`), each clue once."""
        while True:
            try:
                answer = self.answers.get(block=wait and not self.finished)
            except queue.Empty:
                return
            if answer is None:
                self.ended += 1
                continue
            wait = False
            cell, goes = answer
            if open_.pop(cell, 0) is None:
                yield cell, goes

    def _run(self, cells: list[Point], told: queue.Queue[Point]) -> None:
        try:
            self._search(cells, told)
        except BaseException:  # out of time, stopped, or a bug: what is open stays unsettled
            for cell in cells:
                self.answers.put((cell, None))
        finally:
            self.answers.put(None)

    def _search(self, cells: list[Point], told: queue.Queue[Point]) -> None:
        from loopsat.cpsat import Circuit, Search, TimedOut
        from loopsat.cpsat.proto import negated

        board = self.board
        bare = board.setter.without(self.puzzle, list(self.laws))
        search = Search(board.genre.cover(bare), Circuit(), time_limit=self.time_limit, stopper=self.stopper)
        broken = {cell: tie(search, law) for cell, law in self.laws.items()}
        open_ = set(cells)
        for cell in self.laws.keys() - open_:
            search.model.clause([negated(broken[cell])])
        search.model.exactly_one(broken.values())
        while open_:
            while not told.empty():
                cell = told.get()
                open_.discard(cell)
                search.model.clause([negated(broken[cell])])
            try:
                loop = search.find(near=self.solution)
            except TimedOut:
                break
            if loop is None:
                for cell in sorted(open_):
                    self.answers.put((cell, True))
                return
            (cell,) = [c for c in open_ if not _keeps(self.laws[c], loop)]
            if not board.loop_of(board.setter.without(self.puzzle, [cell]), loop):
                raise AssertionError(f"CP-SAT's loop is no witness for the clue at {cell}")
            open_.discard(cell)
            search.model.clause([negated(broken[cell])])
            self.answers.put((cell, False))
        for cell in sorted(open_):
            self.answers.put((cell, None))

    def close(self) -> None:
        self.stopper.stop()
        self.pool.shutdown(wait=False, cancel_futures=True)


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
    by_edge: dict[Point, list[Point]] = {}
    for cell, law in laws.items():
        for edge in law.scope:
            by_edge.setdefault(edge, []).append(cell)
    for changed in flips(solution, faces, FLIPS):
        loop = solution.symmetric_difference(changed)
        touched = {cell for edge in changed for cell in by_edge.get(edge, ())}
        broken = [cell for cell in touched if not _keeps(laws[cell], loop)]
        if len(broken) == 1 and broken[0] not in found:
            found.add(broken[0])
            yield broken[0], loop
