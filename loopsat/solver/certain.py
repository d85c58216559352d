"""Certain edges of an ambiguous puzzle: on the loop in every solution, in none, or undecided.

This is what a setter needs to repair a puzzle: a clue near the undecided edges will do. It is
settled without listing the solutions. Deduction (loopsat/deduce) first: every edge it fixes is
certain without a solve. Then a loop S, and rounds in cspuz's way: a loop that differs from S
on at least one edge not yet seen to differ shows every edge where it differs undecided; none
means every such edge is certain (the first round is the uniqueness check). After ROUNDS of
them, edge by edge: a loop that differs from S at e, or none, which proves e certain. The
model's cuts are kept from solve to solve. A time limit bounds all of it and leaves the edges
not proved yet undecided, the answer marked incomplete.

Measured with `python bench/certain.py --blank 20` (Tatham 30x30 001, 20 clues blanked: 467
on, 576 off, 817 undecided), CPU-s of `certain_edges`: 118 before (edge by edge from the first
two loops, no deduction), 47 now; the gain is the deduction's (ROUNDS). A sparse board is
still slow: with 150 clues blanked (`--blank 150 --time-limit 60`) the lazy cuts find no loop
in 60 s, and neither does AddCircuit (`Circuit()` in `_Rounds.run`, same command: 36 CPU-s, no
loop) nor plain `loopsat solve --time-limit 60` of that board (`auto` or `--strategy circuit`):
the first loop is CP-SAT's difficulty there, not the rounds'.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from loopsat import deduce, hv
from loopsat.deadline import TimeUp, deadline, limit_seconds
from loopsat.errors import PuzzleError
from loopsat.genres import GENRES
from loopsat.genres.mcc import shows_options
from loopsat.grid import Edges, Point, lattice_edges
from loopsat.model import ExactCover
from loopsat.output.render import canvas
from loopsat.puzzle import Puzzle
from loopsat.solver import pipeline
from loopsat.solver.outcome import Outcome, bits
from loopsat.solver.pipeline import Status
from loopsat.verify import verify

if TYPE_CHECKING:
    from loopsat.cpsat import Search

UNDECIDED_MARK = "?"
# Rounds of the wide question before asking edge by edge. Tatham 30x30 001 with 20 clues blanked
# (`python bench/certain.py --blank 20 [--rounds N]`: 789 of 1801 edges deduced, 817 undecided,
# 195 more certain), CPU-s of certain_edges: 10 rounds 47.1, 0 rounds 44.9 (the same within the
# noise); rounds only, no edge by edge (commit ed2caa4), over 170: late rounds cost 3-5 s each
# and find an edge or two, where one edge's assumption propagates far better than the wide clause.
ROUNDS = 10


@dataclass(frozen=True)
class Certainty:
    """Every edge of the board in exactly one set. When `complete` is False (time limit),
    `undecided` also holds the edges that were not tested yet."""

    on: frozenset[Point]
    off: frozenset[Point]
    undecided: frozenset[Point]
    complete: bool
    interrupted: bool = False  # stopped by Ctrl-C rather than the time limit

    def summary(self) -> str:
        line = f"certain: {len(self.on)} on, {len(self.off)} off, {len(self.undecided)} undecided"
        why = "interrupted" if self.interrupted else "time limit reached"
        return line if self.complete else line + f" (incomplete: {why}, some undecided edges untested)"

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        """The three sets as h/v bit strings, laid out like a solution's (docs/json.md)."""
        genre = GENRES[puzzle.genre]
        sets = {"on": self.on, "off": self.off, "undecided": self.undecided}
        obj: dict[str, Any] = {
            key: dict(zip(hv.KINDS, bits(genre, puzzle, edges), strict=True)) for key, edges in sets.items()
        }
        obj["complete"] = self.complete
        return obj

    def drawing(self, puzzle: Puzzle) -> list[str]:
        """The canvas with the always-on edges drawn and `?` on each undecided edge."""
        genre = GENRES[puzzle.genre]
        labels = genre.labels(puzzle) | dict.fromkeys(self.undecided, UNDECIDED_MARK)
        rows, cols = genre.tile_shape(puzzle)
        return canvas(rows, cols, self.on, labels)


def board_edges(puzzle: Puzzle) -> frozenset[Point]:
    """Every edge of the puzzle's board: the total a progress bar counts the decided ones of."""
    return frozenset(lattice_edges(*GENRES[puzzle.genre].tile_shape(puzzle)))


def at_once(puzzle: Puzzle, outcome: Outcome | None) -> Certainty:
    """The certain edges known without a solve: a unique `outcome`'s loop and the rest of the
    board; else the edges the deduction fixes (the outcome's, when it ran one), the rest
    undecided and the answer incomplete (the cockpit shows these with its badge)."""
    board = board_edges(puzzle)
    if outcome is not None and outcome.status == Status.UNIQUE:
        loop = outcome.solutions[0]
        return Certainty(loop, board - loop, frozenset(), True)
    deduced = outcome.deduced if outcome is not None else None
    fixed = (deduced or deduce.puzzle(puzzle, trail=False)).fixed or {}
    on = frozenset(edge for edge, value in fixed.items() if value)
    off = frozenset(edge for edge, value in fixed.items() if not value)
    return Certainty(on, off, board - on - off, False)


def certain_edges(
    puzzle: Puzzle,
    *,
    time_limit: float | None = None,
    progress: Callable[[str], None] | None = None,
    deduced: deduce.Deduction | None = None,
    known: Sequence[Edges] = (),
    sample: int = 0,
) -> tuple[Outcome, Certainty | None]:
    """The outcome (every distinct loop met on the way) and the certain edges, None when no loop
    exists; stopped before a loop is found, the edges the deduction made certain.

    The outcome's status is `unique` when no edge can differ, `multiple` as soon as one does.
    Every loop found passes the independent verifier (VerificationError on a bug). `time_limit`
    bounds all of it (loopsat/deadline.py); the answer is then incomplete. `progress` hears
    once per edge decided (certain or undecided), of `board_edges(puzzle)` in all. A caller that
    has the deduction of this puzzle (`deduced`) or some of its loops (`known`, distinct) hands
    them over: the deduction is not run again, and every edge where two known loops differ is
    undecided without a solve. `sample`: first list up to that many loops in one CP-SAT run where
    the deduction's tables state every clue (the outcome has them all, `complete` when they are
    every loop, and then no round is needed): on the cockpit's ambiguous 20×20s they show most
    undecided edges at about 5 ms a loop, where a round costs 0.1-0.3 s (load average 8).
    """
    if shows_options(puzzle, single_loop=True):  # an MCC file without edge items: DLX3's solutions
        raise PuzzleError(puzzle.path, 1, 1, "no edge items, so no edge to be certain of: solve it without --certain")
    time_limit = limit_seconds(time_limit)
    rounds = _Rounds(puzzle, progress or (lambda _description: None))
    try:
        with deadline(time_limit):
            rounds.run(time_limit, deduced, known, sample)
    except TimeUp:
        pass
    except KeyboardInterrupt:
        raise pipeline.Stopped(*rounds.result(interrupted=True)) from None
    return rounds.result()


def _search(model: deduce.Deduction | ExactCover, fixed: dict[Point, bool], time_limit: float | None) -> Search:
    """The one CP-SAT model the rounds ask: the deduction's tables under the circuit (it lists
    loops in one run), else the cover with lazy loop cuts."""
    from loopsat.cpsat import Circuit, LazyCuts, Search, Tabled

    if isinstance(model, ExactCover):
        return Search(model, LazyCuts(), time_limit=time_limit, fixed=fixed)
    tables = Tabled(model.edges, model.rules.tables, fixed, degrees=False)  # the circuit states the degrees
    return Search(tables, Circuit(), time_limit=time_limit, fixed=fixed, light_presolve=True)


class _Rounds:
    """What the rounds have settled so far, so that a time limit can stop them anywhere."""

    def __init__(self, puzzle: Puzzle, progress: Callable[[str], None]) -> None:
        self.puzzle, self.progress = puzzle, progress
        self.genre = GENRES[puzzle.genre]
        self.started = time.perf_counter()
        self.board = board_edges(puzzle)
        self.certain: set[Point] = set()  # proved: the same in every loop
        self.undecided: set[Point] = set()  # proved: on in one loop found, off in another
        self.found: dict[Edges, None] = {}  # distinct loops, in the order found
        self.settled = False  # every edge proved one way or the other (or no loop at all)
        self.deduced_on: set[Point] = set()  # the certain edges on the loop before one is found
        self.listed = False  # `found` holds every loop (an enumeration ran out of them)

    def run(
        self, time_limit: float | None, deduced: deduce.Deduction | None, known: Sequence[Edges], sample: int
    ) -> None:
        from loopsat.cpsat import TimedOut  # imported here: CP-SAT is slow to import
        from loopsat.cpsat.proto import negated

        deduction = deduced or deduce.puzzle(self.puzzle, trail=False)
        # Deduction holds in every loop, so each edge it fixes is certain without a solve.
        fixed = deduction.fixed
        # The deduction's own tables (cpsat.tabled) under the circuit, which lists loops in one
        # run, where they state every clue; else the cover, its loops cut lazily.
        cover = None if sample and fixed is not None and deduction.rules.whole else self.genre.cover(self.puzzle)
        model_edges = set(deduction.edges if cover is None else cover.edges.values())
        self._decide(self.certain, self.board - model_edges)  # edges the rules forbid outright
        if fixed is not None and cover is not None:
            fixed = cover.modelled(fixed)
        if fixed is None:
            self.settled = True
            return
        self.deduced_on = {edge for edge, on in fixed.items() if on}  # before they count as certain
        self._decide(self.certain, fixed.keys())
        left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - self.started))
        search = _search(cover or deduction, fixed, left)
        edge_var = search.translation.edge_var
        try:
            for loop in known:
                self.found[loop] = None  # the caller's, verified already
            self.listed = sample > 0 and search.streams and self._list(search, sample)
            first = next(iter(self.found), None) if self.found or self.listed else search.find()
            if first is None:
                self.settled = True
                return
            self._keep(first)
            candidates = model_edges - fixed.keys()  # not yet seen to differ nor proved certain
            for loop in list(self.found)[1:]:
                self._differ(first, loop, candidates)
            if self.listed:  # every loop is known: an edge none of them changes is certain
                self._decide(self.certain, candidates)
                candidates = set()
            # A round asks for a loop that differs from the first on some candidate; each loop
            # shows every edge where it differs undecided. The rounds' questions narrow, each
            # implying the one before, so their clauses stay in the model for good, and every
            # later question (a candidate differs) implies them all.
            for _ in range(ROUNDS):
                if not candidates:
                    break
                search.model.clause(negated(edge_var[e]) if e in first else edge_var[e] for e in candidates)
                other = search.find()
                if other is None:
                    self._decide(self.certain, candidates)
                    candidates = set()
                    break
                self._differ(first, other, candidates)
            # Then edge by edge: the single-edge assumption propagates far better than the wide
            # clause, once few candidates are left to differ.
            for edge in sorted(candidates):
                if edge not in candidates:
                    continue
                other = search.find({edge: edge not in first})
                if other is None:
                    candidates.discard(edge)
                    self._decide(self.certain, (edge,))
                else:
                    self._differ(first, other, candidates)
            self.settled = True
        except TimedOut:
            pass

    def _list(self, search: Search, sample: int) -> bool:
        """Up to `sample` loops of one CP-SAT enumeration, each kept as it comes (a time limit
        keeps those before it); True when they are every loop."""
        count = 0
        for loop in search.stream(sample):
            count += 1
            if loop not in self.found:
                self._keep(loop)
        return count < sample

    def _differ(self, first: Edges, other: Edges, candidates: set[Point]) -> None:
        """A second loop: every candidate where it differs from the first is undecided."""
        self._keep(other)
        differ = candidates & (first ^ other)
        candidates -= differ
        self._decide(self.undecided, differ)

    def _keep(self, solution: Edges) -> None:
        """A loop found here: verified, then kept."""
        if solution in self.found:
            return
        verify(self.puzzle, *bits(self.genre, self.puzzle, solution))
        self.found[solution] = None

    def _decide(self, proved: set[Point], edges: Iterable[Point]) -> None:
        new = set(edges) - self.certain - self.undecided
        proved |= new
        for _ in new:
            self.progress(f"{self.puzzle.label}: {len(self.undecided)} undecided")

    def result(self, interrupted: bool = False) -> tuple[Outcome, Certainty | None]:
        found = list(self.found)
        if not found and self.settled:
            return Outcome(self.puzzle, Status.NONE, 0, True, [], self._seconds()), None
        status = Status.of(len(found), self.settled)
        complete = status == Status.UNIQUE or self.listed
        outcome = Outcome(self.puzzle, status, len(found), complete, found, self._seconds())
        # Stopped before a loop: what the deduction made certain is kept all the same.
        first = found[0] if found else frozenset(self.deduced_on)
        on = frozenset(self.certain & first)
        off = frozenset(self.certain - first)
        return outcome, Certainty(on, off, self.board - on - off, self.settled, interrupted and not self.settled)

    def _seconds(self) -> float:
        return time.perf_counter() - self.started
