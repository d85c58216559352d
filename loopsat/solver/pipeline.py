"""One puzzle in, one answer out: the pipeline every command (and the Python API) shares.

puzzle ──genre.cover──▶ ExactCover ──cpsat.Search──▶ solutions ──verify──▶ Outcome (text, JSON)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from contextlib import closing

from loopsat import deduce
from loopsat.deadline import TimeUp, deadline, limit_seconds
from loopsat.deduce import Deduction
from loopsat.errors import NotCountable
from loopsat.genres import GENRES
from loopsat.grid import Edges, Point
from loopsat.puzzle import Puzzle
from loopsat.solver.outcome import Outcome, bits
from loopsat.status import STRATEGIES as STRATEGIES  # also read from here (scripts, tests)
from loopsat.status import Mode as Mode
from loopsat.status import Status as Status
from loopsat.status import Strategy as Strategy
from loopsat.tuples import NamedTuple
from loopsat.verify import verify

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.cpsat.translate import Lattice
    from loopsat.model import ExactCover
    from loopsat.solver import frontier
    from loopsat.solver.certain import Certainty

# After the deduction, a uniqueness proof first backtracks over the deduction's own propagator
# (deduce.branch), at most BRANCH_NODES decisions, and only then asks CP-SAT, which costs at
# least 0.13 CPU-s there (its import 0.06, the model 0.015-0.03, the proof 0.05-0.11 on the hard
# Masyu 25×25 of bench/): 2,000 decisions at 350-450 open edges cost about as much (0.09-0.12),
# so a board that runs out has wasted at most one CP-SAT's price. Of those 16 boards, the 15
# with at most 450 open all finished within 2,000; 4 of them (357-443 open) needed over 1,000,
# and with 1,000 went on to CP-SAT, one after 0.08 s for nothing; 746 open took 3,000 (0.39 s,
# CP-SAT 0.25) (`python bench/solve_phases.py bench/masyu/25x25/*`).
BRANCH_NODES = 2000
# ...and only where the deduction left at most BRANCH_OPEN edges open (above, a proof costs more
# than CP-SAT's). The Slitherlink 25×30 that need search leave 125 and 188 open. With the
# search's weights learned (reach.Reaching), the hard Masyu 25×25 that leaves 746 open took 524
# decisions (0.07 CPU-s, against CP-SAT's 0.19 with its import); the one other puzzle of bench/
# and puzzles/ above 450 open (a Slitherlink 20×20 of bench/count, 786) runs out (see below).
BRANCH_OPEN = 800
# ...and within BRANCH_FLOOR decisions and BRANCH_PER_DECIDED for each edge the deduction decided
# (the least of that and BRANCH_NODES): where the deduction decided little around clues, the
# propagation decides little a node and a loop the clues allow is seldom met. The Slitherlink
# 20×20 and 14×14 of bench/count with 30 % of the cells clued (54 and 19 edges decided, 786 and
# 401 open) found no loop in 5,000; an empty board, where every loop holds, proves two in 30.
# The most any board of bench/ and puzzles/ needs per edge decided: hard Masyu 25×25 023, 950
# decisions at 454 decided (a budget of 1,462), then a Slitherlink 20×20 of `python
# bench/needs_search.py 20 20 12`, 836 at 707 (the least budget that finishes, by bisection).
BRANCH_FLOOR = 100
BRANCH_PER_DECIDED = 3


def branch_nodes(decided: int) -> int:
    """The backtracking's budget of decisions after a deduction that decided `decided` edges."""
    return min(BRANCH_NODES, BRANCH_FLOOR + BRANCH_PER_DECIDED * decided)


class Stopped(KeyboardInterrupt):
    """Ctrl-C during solve() or certain_edges(), the CP-SAT search stopped: `outcome` is what was
    found so far, and for certain_edges `certainty` what was settled (sound, as after a time
    limit; before the first loop, the deduction's certain edges). The API's Interrupted carries
    them on."""

    def __init__(self, outcome: Outcome, certainty: Certainty | None = None) -> None:
        super().__init__()
        self.outcome, self.certainty = outcome, certainty


class _Settled(NamedTuple):
    """What the work behind a stream settled once it ran out of solutions to yield (a NamedTuple:
    a frozen dataclass cost every process 0.4 ms to define)."""

    found: int  # how many solutions (not `count`: a tuple's method)
    complete: bool
    deduced: Deduction | None = None


def solve(
    puzzle: Puzzle,
    *,
    mode: Mode | str = Mode.UNIQUE,
    limit: int | None = None,
    time_limit: float | None = None,
    single_loop: bool = True,
    strategy: Strategy | str = Strategy.AUTO,
    progress: Callable[[int, Edges], None] | None = None,
    fallback: Callable[[str], None] | None = None,
    counting: frontier.Settings | None = None,
    deduced: Deduction | None = None,
    quick: bool = False,
) -> Outcome:
    """Find one solution and prove it unique (`unique`), list them (`all`) or count them.

    Every solution found is checked by the independent verifier (VerificationError on a bug).
    Counting uses the frontier DP (exact, no enumeration) when the strategy allows and it applies.
    `time_limit` bounds all of it, not only CP-SAT (loopsat/deadline.py); what was found by then
    is the (incomplete) outcome. `progress` hears each verified solution of the search with the
    number found so far; `fallback` hears why, when counting cannot use the DP and falls back to
    enumeration; `counting` sets the DP's memory budget and who hears its progress. Ctrl-C
    raises Stopped (a KeyboardInterrupt) carrying what was found. `deduced` and `quick` as
    `stream`'s.
    """
    found = stream(
        puzzle,
        mode=mode,
        limit=limit,
        time_limit=time_limit,
        single_loop=single_loop,
        strategy=strategy,
        fallback=fallback,
        counting=counting,
        deduced=deduced,
        quick=quick,
    )
    count = 0
    with closing(found):
        while True:
            try:
                solution = next(found)
                count += 1
                if progress is not None:
                    progress(count, solution)
            except StopIteration as finished:
                outcome: Outcome = finished.value
                return outcome
            except Stopped:  # raised by the stream, with what it yielded
                raise
            except KeyboardInterrupt as stop:  # here between solutions (often, at 10^5 a second)
                found.throw(stop)  # the stream raises Stopped with what it has yielded


def stream(
    puzzle: Puzzle,
    *,
    mode: Mode | str = Mode.ALL,
    limit: int | None = None,
    time_limit: float | None = None,
    single_loop: bool = True,
    strategy: Strategy | str = Strategy.AUTO,
    fallback: Callable[[str], None] | None = None,
    counting: frontier.Settings | None = None,
    deduced: Deduction | None = None,
    quick: bool = False,
) -> Generator[Edges, None, Outcome]:
    """solve() as a generator: each verified solution as the search finds it, and the Outcome as
    its return value (StopIteration.value). Closing it early (or dropping it) stops the search
    and joins its CP-SAT thread. `time_limit` counts from the first `next`, the caller's time
    between solutions included, but its alarm (loopsat/deadline.py) rings only while the stream
    runs, never in the caller's code. Ctrl-C while it runs, or thrown in at a `yield`, raises
    Stopped carrying what was yielded. `deduced`: this puzzle's deduction, when the caller ran
    it already (the cockpit lists an ambiguous board's loops after its badge): not run again to
    list or count (a proof of uniqueness backtracks from a deduction of its own). `quick`: an
    ambiguous puzzle's two loops as the deduction's backtracking found them, not the two a
    CP-SAT search always shows (the cockpit's badge shows neither, and answers sooner)."""
    mode, strategy = Mode(mode), Strategy(strategy)  # ValueError for a misspelt one
    time_limit = limit_seconds(time_limit)  # ValueError for nan or a negative one; inf: none
    if strategy == Strategy.FRONTIER and mode != Mode.COUNT:
        raise NotCountable("the frontier strategy only counts: use it with --count")
    started = time.perf_counter()
    found: list[Edges] = []  # counting keeps no solutions: there may be billions
    count = 0
    work = _solve(puzzle, mode, limit, time_limit, single_loop, strategy, fallback, counting, started, deduced, quick)
    with closing(work):
        try:
            while True:
                left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started))
                late = count > 0 and left == 0.0  # the caller spent the time since the last solution
                # Armed per solution so that it never rings in the caller's code: 11 µs each
                # (`with deadline(100.0): pass`, 80,000 times), 4% of the 250 µs a solution of an
                # empty 4×5 costs to enumerate and verify (`solve --count --strategy circuit`).
                with deadline(left):
                    try:
                        solution = next(work)
                    except StopIteration as finished:
                        settled: _Settled = finished.value
                        return _outcome(puzzle, settled.found, settled.complete, found, started, settled.deduced)
                if late:  # one CP-SAT queued meanwhile is not handed out
                    return _outcome(puzzle, count, False, found, started)
                count += 1
                if mode != Mode.COUNT:
                    found.append(solution)
                yield solution
        except TimeUp:
            return _outcome(puzzle, count, False, found, started)
        except KeyboardInterrupt:
            raise Stopped(_outcome(puzzle, count, False, found, started)) from None


def _solve(
    puzzle: Puzzle,
    mode: Mode,
    limit: int | None,
    time_limit: float | None,
    single_loop: bool,
    strategy: Strategy,
    fallback: Callable[[str], None] | None,
    counting: frontier.Settings | None,
    started: float,
    deduced: Deduction | None = None,
    quick: bool = False,
) -> Generator[Edges, None, _Settled]:
    """The work of a stream: the DP, else deduction, else the search with the time left."""
    if mode == Mode.COUNT and limit is None and strategy in (Strategy.AUTO, Strategy.FRONTIER):
        from loopsat.solver import frontier  # numpy's import: only for a count

        try:
            settings = counting or frontier.Settings()
            count = frontier.count(puzzle, single_loop=single_loop, memory=settings.memory, progress=settings.progress)
        except NotCountable as exc:
            if strategy == Strategy.FRONTIER:
                raise
            if fallback is not None:
                fallback(str(exc))
        else:
            return _Settled(count, True)
    genre = GENRES[puzzle.genre]
    fixed: dict[Point, bool] | None = None
    deduce_first = puzzle.rows * puzzle.cols <= genre.DEDUCE_FIRST_CELLS
    proving = strategy == Strategy.AUTO and mode == Mode.UNIQUE and limit is None  # one loop, and no other
    found: list[Edges] | None = None  # the loops backtracking found after the deduction, if it finished
    if single_loop and (strategy == Strategy.DEDUCE or (strategy == Strategy.AUTO and deduce_first)):
        if proving:  # its backtracking goes on from a deduction of its own: a given one is not used
            deduced, found = deduce.searched(
                puzzle, limit=2, nodes=branch_nodes, most_open=BRANCH_OPEN, walk=genre.BRANCH_WALK
            )
        else:
            deduced = deduced or deduction(puzzle)
        fixed = deduced.fixed
        if fixed is None:
            return _Settled(0, True, deduced)
        if deduced.complete or (found is not None and (len(found) < 2 or quick)):
            loops = [deduced.loop] if deduced.complete else found or []
            for solution in loops:
                if solution:
                    verify(puzzle, *bits(genre, puzzle, solution), single_loop=True)
                    yield solution
            count = sum(1 for solution in loops if solution)
            return _Settled(count, count < 2, deduced)  # two loops: there may be more
    model: ExactCover | Lattice
    # two loops found: the cover's search shows the two it always showed
    if deduced is not None and fixed is not None and proving and deduced.rules.whole and found is None:
        from loopsat.cpsat import Tabled  # CP-SAT is slow to import: only when a search follows

        # cheaper than the cover (cpsat.tabled); a circuit states the degrees. Listing keeps the
        # cover's model: CP-SAT lists another model's loops in another order (docs/python.md's)
        model = Tabled(deduced.edges, deduced.rules.tables, fixed, degrees=not genre.AUTO_CIRCUIT)
    else:
        model = genre.cover(puzzle)
        if fixed is not None:
            fixed = model.modelled(fixed)
            model = model.agreeing(fixed)
    left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started))
    count, complete = yield from _search(puzzle, model, fixed, mode, limit, left, single_loop, strategy)
    return _Settled(count, complete, deduced)


def deduction(puzzle: Puzzle) -> Deduction:
    """The deduction on a puzzle, as solve() runs it before any search."""
    return deduce.puzzle(puzzle)


def _outcome(
    puzzle: Puzzle,
    count: int,
    complete: bool,
    found: list[Edges],
    started: float,
    deduced: Deduction | None = None,
) -> Outcome:
    return Outcome(puzzle, Status.of(count, complete), count, complete, found, time.perf_counter() - started, deduced)


def _search(
    puzzle: Puzzle,
    cover: ExactCover | Lattice,
    fixed: dict[Point, bool] | None,
    mode: str,
    limit: int | None,
    time_limit: float | None,
    single_loop: bool,
    strategy: str,
) -> Generator[Edges, None, tuple[int, bool]]:
    """CP-SAT (lazy loop cuts, or the circuit constraint): solutions one at a time, each verified;
    returns how many, and whether the search finished.

    A uniqueness check uses the loop condition the genre's measurements chose (AUTO_CIRCUIT).
    Listing or counting wants every loop: `auto` then takes the circuit constraint, whose fixed
    direction makes each loop one assignment, and enumerates them in one CP-SAT run (`lazy` would
    solve again for each loop: the 9,349 loops of an empty 4×4 board's MCC took over 6 CPU-minutes
    that way, 3.7 CPU-s in one run, each loop's exact cover verified:
    `time loopsat solve --count bench/count/empty-4x4.mcc`). Under the circuit constraint the
    uniqueness check is one run too, stopped at the second loop: CP-SAT in-process, median of 3,
    after the deduction, Masyu 25×25 that need search 0.08 / 0.13 CPU-s against 0.10 / 0.22 for a
    solve, a block and a second solve; Slitherlink 25×30 0.04 / 0.08 / 0.06 against 0.05 / 0.09 /
    0.09. `lazy` and `deduce` keep the lazy cuts as asked (one solve per loop, cuts between),
    except where a loop is several option sets (docs/formats.md): only the circuit's one run
    lists them all.
    """
    from loopsat.cpsat import Circuit, Disjoint, LazyCuts, Search, TimedOut  # CP-SAT is slow to import
    from loopsat.model import ExactCover, option_lines

    genre = GENRES[puzzle.genre]
    wanted = 2 if mode == Mode.UNIQUE else limit
    if mode == Mode.UNIQUE and limit is not None:
        wanted = min(2, limit)
    listing = mode != Mode.UNIQUE
    circuit = strategy == Strategy.CIRCUIT or (strategy == Strategy.AUTO and (listing or genre.AUTO_CIRCUIT))
    options = puzzle.genre == "mcc"  # an MCC file's solutions name their options
    # no edge items: a plain exact cover
    loop = single_loop and (not isinstance(cover, ExactCover) or bool(cover.edges) or not options)
    condition = Disjoint() if not loop else Circuit() if circuit else LazyCuts()
    light = not isinstance(cover, ExactCover)  # the deduction's own tables: presolved already, in effect
    search = Search(cover, condition, time_limit=time_limit, fixed=fixed, options=options, light_presolve=light)
    one_run = listing or not loop or circuit
    if loop and not search.translation.options_follow_edges:  # one loop, several option sets
        if not circuit:
            search = Search(cover, Circuit(), time_limit=time_limit, fixed=fixed, options=options)
        one_run = True
    count = 0
    try:
        # closing: an interrupt (Ctrl-C, an alarm) raised out here, or the stream's own closing,
        # stops and joins the search too
        with closing(search.stream(wanted) if one_run and search.streams else search.solutions(wanted)) as solutions:
            for solution in solutions:
                verify(puzzle, *bits(genre, puzzle, solution), single_loop=single_loop, options=option_lines(solution))
                count += 1
                yield solution
    except TimedOut:
        return count, False
    return count, wanted is None or count < wanted
