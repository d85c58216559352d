"""Which of the clues thinning held can go, one by one in order (`minimal`): the held clue c goes
when the puzzle without it still has one loop, that is, when no loop breaks c's law (a symmetric
layout's orbit goes whole: when no loop breaks any of its laws).

A loop that breaks c's law near c (`Thinning.shown_needed`: every edge beyond board.WINDOWS given
as in the loop, a small backtracking search over the deduction) is a second loop once c goes, so
c is needed. These looks are made as thinning holds each clue, in a helper process (`Looker`), and
again on the thinned puzzle in a thread (`ahead`). For the rest a proof decides, two at a time
(`Proofs`): the same backtracking over the whole board without c, c's law negated
(PROOF_NODES), and where that runs out CP-SAT on the whole board (`proof_seconds`).
Removing clues only adds loops, so a clue once needed stays needed: one pass leaves a minimal
clue set, and but for proofs out of time the answers are those of trying clue by clue.
"""

from __future__ import annotations

import os
import signal
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING

from loopsat.deduce import Rule
from loopsat.deduce.branch import OutOfNodes
from loopsat.grid import Edges, Point
from loopsat.puzzle import Puzzle
from loopsat.setter.board import Orbit, Thinning
from loopsat.setter.redundant import tie
from loopsat.signals import die_with, held
from loopsat.solver.outcome import bits
from loopsat.verify import verify
from loopsat.workers import ahead, cpus, leave_signals_to_main, process_context

if TYPE_CHECKING:
    from loopsat.cpsat import Search, Stopper

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
# Bigger boards get more, in proportion to their tiles beyond PROOF_TILES: 40×40 Slitherlink
# seed 1 ran 63 proofs out of 10 s (62 clues not proved); 8 of them searched again alone for
# 30 s answered 7 times, in 12.7-29.8 s (`python bench/proof_plans.py` replays proofs).
PROOF_SECONDS = 10.0
PROOF_TILES = 600
# The decisions the deduction's backtracking may make on the whole board, each law of a held
# clue negated, before CP-SAT is asked: 20×20 Slitherlink seed 1 (the command line's taste), of
# 8 proofs CP-SAT took 1.7-4.7 s of wall time each for, 3,000 decisions answered 6 in 0.1-0.2
# CPU-s (5 loops, one "none"), and with the deduction alone 1 more. Not in a genre that thins
# clue by clue (Masyu): there thinning's deduction with the law negated already failed, and
# backtracking first made 20×20 Masyu seed 1 1.50× slower (three paired runs).
PROOF_NODES = 20_000
# The decisions of the backtracking again once CP-SAT ran out of time. `loopsat generate --genre
# slitherlink --size 40x40 --seed 1` (/usr/bin/time, whole process, one run each): 20,000 alone
# 182 CPU-s, 4 clues not proved; 100,000 from the start 425 CPU-s, every clue proved (570
# kept); 20,000 and then 100,000 for what CP-SAT could not prove 183 CPU-s, the same 570.
MORE_NODES = 100_000


def minimal(puzzle: Puzzle, held: list[Orbit], board: Thinning) -> tuple[Puzzle, list[Orbit]]:
    """`puzzle` less every held orbit (one clue, or a symmetric layout's images, which go
    together) whose removal leaves one loop, tried one by one in order, and the orbits kept
    because their proof ran out of time (`proof_seconds`).

    The looks near each clue run ahead in a thread, on the puzzle thinning left, while CP-SAT
    proves the clue before (it releases the GIL): a loop found there is a loop of every puzzle
    with fewer clues, so the clue stays; a look that found none is made again once a clue has
    gone, so the answers are those of looking clue by clue. The proofs run two at a time
    (`Proofs`). 30×30 Masyu seed 1: of 214 clues thinning held, the `Looker` showed 179 needed,
    and of the 35 left here the looks 14 more; 21 took a proof (14 clues removed, 7 needed).
    `python bench/generate_phases.py masyu 30x30` times each kind."""
    thinned, unproved = puzzle, []
    looked: list[bool] = []  # the looks' answers on `thinned`, by index into `held`
    near: dict[tuple[Orbit, frozenset[Point]], bool] = {}  # looks again, by orbit and clue set

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
        closing(ahead(lambda orbit: board.shown_needed(thinned, orbit), held)) as looks,
        closing(Proofs(board)) as proofs,
    ):
        for index, orbit in enumerate(held):
            if stays(index, puzzle):
                proofs.forget(orbit)
                continue
            proofs.begin(orbit, puzzle)
            gone = board.setter.without(puzzle, list(orbit))
            stay = needed + timed
            guess = gone if stay * stay <= went * (went + timed) else puzzle
            after = next((k for k in range(index + 1, len(held)) if not stays(k, guess)), None)
            if after is not None:
                proofs.begin(held[after], guess)
            answer = proofs.needed(orbit, puzzle)
            if answer is False:
                puzzle, went = gone, went + 1
            elif answer is None:
                unproved.append(orbit)
                timed += 1
            else:
                needed += 1
    return puzzle, unproved


class Looker:
    """Looks near each clue as thinning holds it (`Thinning.shown_needed` on the puzzle then), in a
    helper process beside the thinning, when `wanted` and this process may use more than one
    CPU: a clue it shows needed then is needed in the end, and skips its look and proof (179 of
    the 214 clues held in 30×30 Masyu seed 1). The process comes from workers.process_context
    (never a fork of this threaded process); the board is sent to it once."""

    def __init__(self, board: Thinning, wanted: bool) -> None:
        context = process_context(["loopsat.setter.board"])
        self.pool = ProcessPoolExecutor(1, context, _looking, (board,)) if wanted and cpus() > 1 else None
        self.looks: dict[Orbit, Future[bool]] = {}

    def look(self, puzzle: Puzzle, orbit: Orbit) -> None:
        if self.pool is not None:
            with held():  # the first submit starts the pool's thread: a stop inside left it unjoinable
                self.looks[orbit] = self.pool.submit(_shown_needed, puzzle, orbit)

    def shown(self) -> set[Orbit]:
        """The orbits shown needed, once every look is done."""
        return {orbit for orbit, look in self.looks.items() if look.result()}

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


_LOOKING: list[Thinning] = []  # the looker process's board


def _looking(board: Thinning) -> None:
    """Start the looker process: Ctrl-C is its parent's to handle (it closes the pool), SIGTERM
    ends it as it would any process, and it dies with the fork server that started it, which
    ends with this process's parent (a SIGKILL there gives no chance to close the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with(os.getppid())
    _LOOKING.append(board)


def _shown_needed(puzzle: Puzzle, orbit: Orbit) -> bool:
    return _LOOKING[0].shown_needed(puzzle, orbit)


@dataclass(frozen=True)
class _Begun:
    """A proof under way: the clues of the puzzle it was begun on, its loop to come, its stop."""

    clues: frozenset[Point]
    loop: Future[Edges | None]
    stopper: Stopper


class Proofs:
    """CP-SAT's proofs of held clues, two at a time: while the main thread waits for one clue's
    proof, the next clue's runs on the other core, on the puzzle the clue before is likelier to
    leave (`minimal` guesses from the outcomes so far: 14 of 21 clues went in 30×30 Masyu seed
    1, 8 of 77 in 40×40 Slitherlink, where most proofs ran out of 10 s). An answer is used for
    the puzzle met in the end wherever it holds there: "no loop breaks the law" on every puzzle
    with the clues it was proved under and more (more clues, fewer loops), a loop on every
    puzzle it verifies on (every one with fewer clues among them). Otherwise the clue is proved
    again on the puzzle met, so the answers are those of proving clue by clue; a proof out of
    time is not made again (the clue stays, not proved): in 20×20 Slitherlink seed 1 the one
    made again ran out of time again, 10 s more of wall time."""

    def __init__(self, board: Thinning) -> None:
        self.board = board
        self.pool = ThreadPoolExecutor(min(2, cpus()), "proof", initializer=leave_signals_to_main)
        self.begun: dict[Orbit, _Begun] = {}

    def begin(self, orbit: Orbit, puzzle: Puzzle) -> None:
        """Start proving whether `puzzle` needs `orbit`, unless a proof of it is under way."""
        from loopsat.cpsat import Stopper  # CP-SAT is slow to import

        if orbit not in self.begun:
            candidate, laws = self.board.without_orbit(puzzle, orbit)
            stopper = Stopper()
            with held():  # a submit may start a thread of the pool
                loop = self.pool.submit(loop_breaking, candidate, laws, self.board, stopper)
            self.begun[orbit] = _Begun(self.board.clues(puzzle), loop, stopper)

    def forget(self, orbit: Orbit) -> None:
        """Stop the proof of `orbit`, if one is under way: it is not needed."""
        begun = self.begun.pop(orbit, None)
        if begun is not None:
            begun.stopper.stop()

    def needed(self, orbit: Orbit, puzzle: Puzzle) -> bool | None:
        """Whether `puzzle` needs `orbit`: some loop breaks a law of it without it (None: the proof
        ran out of time)."""
        from loopsat.cpsat import TimedOut

        clues = self.board.clues(puzzle)
        begun = self.begun.get(orbit)
        if begun is not None and not clues >= begun.clues and not begun.loop.done():
            self.forget(orbit)  # "no loop" would not hold here, and may be long in coming
        self.begin(orbit, puzzle)
        begun = self.begun.pop(orbit)
        try:
            loop = begun.loop.result()
        except TimedOut:  # on another puzzle too: the clues near hard ones are hard, so it stays
            return None
        if loop is None:
            holds = clues >= begun.clues  # more clues, fewer loops
        else:
            holds = begun.clues == clues or self.board.loop_of(self.board.setter.without(puzzle, list(orbit)), loop)
        if holds:
            return loop is not None
        return self.needed(orbit, puzzle)  # the answer does not hold for this puzzle: prove it on it

    def close(self) -> None:
        for begun in self.begun.values():
            begun.stopper.stop()
        self.pool.shutdown(cancel_futures=True)


def proof_seconds(board: Thinning) -> float:
    """A proof's time limit on this board: PROOF_SECONDS, more beyond PROOF_TILES tiles (30×30
    Masyu 15 s, 40×40 Slitherlink 28 s)."""
    return PROOF_SECONDS * max(1.0, board.tiles / PROOF_TILES)


def loop_breaking(candidate: Puzzle, laws: list[Rule], board: Thinning, stopper: Stopper) -> Edges | None:
    """A loop of `candidate` that breaks one of `laws`, or None: for each law, the deduction's
    backtracking over the whole board with the law negated (PROOF_NODES decisions), then a
    CP-SAT search on the whole board for the laws it left (TimedOut after `proof_seconds`, or
    when stopped), then, for a search out of time, the backtracking again with MORE_NODES."""
    from loopsat.cpsat import TimedOut  # CP-SAT is slow to import

    found, left = None, laws
    if not board.setter.REFUTE_SINGLY:  # else thinning refuted each law negated, and failed
        found, left = _backtracked(candidate, laws, board, stopper, PROOF_NODES)
    if found is not None or not left:
        return found
    try:
        return _searched(candidate, left, board, stopper)
    except TimedOut:
        if stopper.stopped:
            raise
    found, left = _backtracked(candidate, left, board, stopper, MORE_NODES)
    if found is not None or not left:
        return found
    raise TimedOut


def _backtracked(
    candidate: Puzzle, laws: list[Rule], board: Thinning, stopper: Stopper, nodes: int
) -> tuple[Edges | None, list[Rule]]:
    """A loop that breaks one of `laws` found by backtracking, else the laws it did not refute
    within `nodes` decisions each."""
    from loopsat.cpsat import TimedOut

    left = []
    for law in laws:
        if stopper.stopped:
            raise TimedOut
        try:
            loop = board.breaking(candidate, law, nodes)
        except OutOfNodes:
            left.append(law)
            continue
        if loop is not None:
            return loop, []
    return None, left


def _searched(candidate: Puzzle, laws: list[Rule], board: Thinning, stopper: Stopper) -> Edges | None:
    """CP-SAT's loop of `candidate` that breaks one of `laws`, or None."""
    from loopsat.cpsat import Circuit, Search

    cover = board.genre.cover(candidate)
    search = Search(
        cover, Circuit(), time_limit=proof_seconds(board), inprocessing=False, portfolio=True, stopper=stopper
    )
    if len(laws) == 1:
        _forbid(search, laws[0])
    else:
        search.model.clause([tie(search, law) for law in laws])
    loop = search.find()
    if loop is not None:
        verify(candidate, *bits(board.genre, candidate, loop))
    return loop


def _forbid(search: Search, law: Rule) -> None:
    """Add to the search's model a clause against each pattern `law` allows (an edge the model
    lacks is off in every loop)."""
    from loopsat.cpsat.proto import negated

    edge_var = search.translation.edge_var
    scope, allowed = law.scope, law.allowed
    for pattern in allowed:
        if any(bit and edge not in edge_var for edge, bit in zip(scope, pattern, strict=True)):
            continue  # the pattern never occurs
        search.model.clause(
            negated(edge_var[e]) if bit else edge_var[e] for e, bit in zip(scope, pattern, strict=True) if e in edge_var
        )
