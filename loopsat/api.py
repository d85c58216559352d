"""loopsat as a library: the verbs a Python user needs. The command line is a thin layer over these.

    import loopsat
    result = loopsat.solve("puzzles/slitherlink/pzprjs-5x5.slither")
    print(result.text(), result.solutions[0].h)  # the board with the loop, `unique`; the JSON's bits

Every verb takes a Puzzle, or a file name, URL or game ID holding one, raises `loopsat.PuzzleError` (located) for bad
input, never exits the interpreter, and is named here; some live in reading.py, result.py and setting.py (the setter's).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import closing, contextmanager

from loopsat import arguments
from loopsat.errors import NotCountable as NotCountable
from loopsat.errors import PuzzleError as PuzzleError
from loopsat.errors import Unmet as Unmet
from loopsat.genres import GENRES
from loopsat.grid import Edges, Point
from loopsat.limits import read_input
from loopsat.puzzle import Puzzle as Puzzle
from loopsat.puzzle import check_mcc_size
from loopsat.reading import data_sets as data_sets
from loopsat.reading import load as load
from loopsat.reading import one as one
from loopsat.reading import parse as parse
from loopsat.result import Interrupted as Interrupted
from loopsat.result import PuzzleLike as PuzzleLike
from loopsat.result import Result as Result
from loopsat.result import Solution as Solution
from loopsat.result import result_of
from loopsat.setting import file_name as file_name
from loopsat.setting import fix as fix
from loopsat.setting import generate as generate
from loopsat.setting import level as level
from loopsat.setting import redundant as redundant
from loopsat.setting import redundant_ready as redundant_ready
from loopsat.setting import taste as taste
from loopsat.setting import thinnable as thinnable
from loopsat.status import Mode as Mode
from loopsat.status import Status as Status
from loopsat.status import Strategy as Strategy

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, TypeGuard

    from loopsat.deduce import Difficulty
    from loopsat.solver.certain import Certainty
    from loopsat.solver.check import Checked
    from loopsat.solver.explain import Explanation, Hint
    from loopsat.solver.outcome import Outcome

Drawn = Solution | Edges | None  # what a picture shows: a Result's Solution, its edges, or the bare board


def solve(
    puzzle: PuzzleLike,
    *,
    mode: Mode | str = Mode.UNIQUE,
    limit: int | None = None,
    time_limit: float | None = None,
    single_loop: bool = True,
    strategy: Strategy | str = Strategy.AUTO,
    memory_limit: int | str | None = None,
    progress: Callable[[int, Edges], None] | None = None,
    fallback: Callable[[str], None] | None = None,
    sweep: Callable[[str], None] | None = None,
    solved: Result | None = None,
    quick: bool = False,
) -> Result:
    """Find a solution and prove whether it is unique (`mode="unique"`), list them (`"all"`) or
    count them (`"count"`, by the frontier DP where it applies). `single_loop=False` gives DLX3's
    solutions (disjoint loops). Every solution has passed the independent verifier.

    Counting by the DP uses at most `memory_limit` (`memory_budget`'s reading). The hooks, for a
    caller that shows progress: `progress` hears each solution (its edges) with the number found
    so far, `fallback` why counting cannot use the DP (it enumerates instead), `sweep` where the
    DP is. NotCountable when `strategy="frontier"` cannot count this puzzle; Ctrl-C raises
    Interrupted with the result so far. `solved`: a Result of this puzzle you have already (say,
    its uniqueness before listing its solutions): to list or count, the deduction it ran is not
    run again. `quick`: an ambiguous puzzle's two solutions as the deduction's backtracking met
    them, sooner than the two CP-SAT always shows (for a caller that only wants the status)."""
    from loopsat.solver.pipeline import Stopped
    from loopsat.solver.pipeline import solve as solve_puzzle

    arguments.choice(mode, "mode", Mode)
    for name, hook in (("progress", progress), ("fallback", fallback), ("sweep", sweep)):
        arguments.hook(hook, name)
    puzzle = _check_search("loopsat.solve", puzzle, limit, time_limit, single_loop, strategy)
    arguments.flag(quick, "quick")
    memory = None if memory_limit is None else memory_budget(memory_limit)
    earlier = _earlier(solved, puzzle)
    counting = None
    if mode == Mode.COUNT:  # the DP's package (and numpy) is imported for a count only
        from loopsat.solver.frontier import Settings

        counting = Settings(memory, sweep)
    try:
        outcome = solve_puzzle(
            puzzle,
            mode=mode,
            limit=limit,
            time_limit=time_limit,
            single_loop=single_loop,
            strategy=strategy,
            progress=progress,
            fallback=fallback,
            counting=counting,
            deduced=earlier.deduced if earlier is not None else None,
            quick=quick,
        )
    except Stopped as stop:
        raise Interrupted(result_of(puzzle, stop.outcome)) from None
    return result_of(puzzle, outcome)


def memory_budget(size: int | str | None = None) -> int:
    """The bytes counting by the DP may use: `size` (bytes, or text such as `4G`), else the
    environment's LOOPSAT_MEMORY_LIMIT, else half the memory available. ValueError when either
    is malformed (the message names the variable)."""
    from loopsat.solver.frontier.budget import budget, parse_size

    if isinstance(size, bool) or not isinstance(size, int | str | None):
        raise TypeError(f"memory_limit must be bytes, a size such as '4G', or None, not {type(size).__name__}")
    if isinstance(size, int) and size < 1:
        raise ValueError(f"memory_limit must be at least 1 byte, not {size}")
    return budget(parse_size(size) if isinstance(size, str) else size)


def solutions(
    puzzle: PuzzleLike,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    single_loop: bool = True,
    strategy: Strategy | str = Strategy.AUTO,
) -> Iterator[Solution]:
    """The solutions one at a time, as the search finds them; stop whenever you like (`break`,
    `.close()`, or drop the iterator): the search stops with it. `time_limit` counts from the
    first solution asked for, your time between solutions included."""
    from loopsat.solver.pipeline import stream

    puzzle = _check_search("loopsat.solutions", puzzle, limit, time_limit, single_loop, strategy)

    found = stream(
        puzzle, mode=Mode.ALL, limit=limit, time_limit=time_limit, single_loop=single_loop, strategy=strategy
    )
    with closing(found):
        for edges in found:
            yield Solution.of(puzzle, edges)


def grade(puzzle: PuzzleLike) -> Difficulty | None:
    """The puzzle's grade, read off the trail of the deduction `solve` runs: `grade` names the
    level (Tatham's easy, normal, tricky, hard, then loopsat's deep and search), `level` is its
    number 1..6, with the steps and probes `explain` shows and the hardest rule it needed. None
    when the puzzle has no solution or several (they have a status, not a grade)."""
    from loopsat.solver.pipeline import solve as solve_puzzle

    return solve_puzzle(one(puzzle, "loopsat.grade")).difficulty


def count(puzzle: PuzzleLike, *, single_loop: bool = True, time_limit: float | None = None) -> int:
    """The exact number of solutions; TimeoutError when `time_limit` stops the count first."""
    puzzle = _check_search("loopsat.count", puzzle, None, time_limit, single_loop, Strategy.AUTO)
    result = solve(puzzle, mode=Mode.COUNT, time_limit=time_limit, single_loop=single_loop)
    if not result.complete:
        raise TimeoutError(f"{puzzle.label}: counting stopped after {result.count} solutions")
    return result.count


def certain(
    puzzle: PuzzleLike,
    *,
    time_limit: float | None = None,
    progress: Callable[[str], None] | None = None,
    solved: Result | None = None,
    known: Iterable[Solution] = (),
    search: bool = True,
    sample: int = 0,
) -> tuple[Result, Certainty | None]:
    """The edges every solution uses (`on`), none uses (`off`), and the rest (`undecided`), as
    `solve --certain`; None when there is no loop. The Result has the loops met on the way
    (`unique` when no edge can differ). Stopped by `time_limit`, the Certainty is incomplete;
    by Ctrl-C, Interrupted carries both. `progress` hears once per edge decided, of
    `len(edges(puzzle))`. What you have already saves work: `solved`, a Result of this puzzle
    (its deduction is not run again), and `known`, some of its Solutions (every edge where two
    differ is undecided without a solve). `search=False` solves nothing: a unique `solved`'s
    loop, else the edges the deduction fixes, the Certainty incomplete (the Result is `solved`).
    `sample`: list up to that many loops first, in one search (they are the Result's solutions,
    `complete` when they are all): most of an ambiguous board's undecided edges at once."""
    from loopsat.solver.certain import at_once, certain_edges
    from loopsat.solver.pipeline import Stopped

    puzzle = one(puzzle, "loopsat.certain")
    arguments.seconds(time_limit)
    arguments.hook(progress, "progress")
    arguments.flag(search, "search")
    arguments.whole(sample, "sample", 0)
    earlier = _earlier(solved, puzzle)
    if not search:
        return solved or Result(puzzle, Status.UNKNOWN, 0, False), at_once(puzzle, earlier)
    loops = list(dict.fromkeys(_loop(solution) for solution in known))
    deduced = earlier.deduced if earlier is not None else None
    try:
        outcome, certainty = certain_edges(
            puzzle, time_limit=time_limit, progress=progress, deduced=deduced, known=loops, sample=sample
        )
    except Stopped as stop:
        raise Interrupted(result_of(puzzle, stop.outcome), stop.certainty) from None
    return result_of(puzzle, outcome), certainty


def edges(puzzle: PuzzleLike) -> Edges:
    """Every edge of the puzzle's board, in Knuth's doubled coordinates."""
    from loopsat.solver.certain import board_edges

    return board_edges(one(puzzle, "loopsat.edges"))


def explain(
    puzzle: PuzzleLike, *, time_limit: float | None = None, search: bool = True, solved: Result | None = None
) -> Explanation:
    """The solving path as steps (`steps`, `text()`, `to_json()` as `explain --json`, `svg(n)`
    step n's picture) and the grade (`difficulty`); TimeoutError when `time_limit` runs out
    first. `search=False` solves nothing: the deduction's steps alone, the status unknown unless
    they prove it (for a caller who knows it already). `solved`: `solve`'s Result for this
    puzzle, when you have it: its deduction and loops are read, not made again."""
    from loopsat.solver.explain import explain as explaining

    puzzle = _explainable(one(puzzle, "loopsat.explain"))
    arguments.seconds(time_limit)
    arguments.flag(search, "search")
    earlier = _earlier(solved, puzzle)
    with _timeout(puzzle):
        return explaining(puzzle, time_limit=time_limit, search=search, solved=earlier)


def hint(
    puzzle: PuzzleLike,
    given: Mapping[Point, bool] | str | os.PathLike[str] | None = None,
    *,
    time_limit: float | None = None,
) -> Hint:
    """The next step after the `given` edges (on or off, in Knuth's doubled coordinates, or a
    partial solution's JSON file), None when the deduction has none, with the explanation it
    comes from (`explain --hint`): a pair (explanation, step) with `text()`, `to_json()`, `svg()`."""
    from loopsat.solver.explain import hint as hinting

    puzzle = _explainable(one(puzzle, "loopsat.hint"))
    arguments.seconds(time_limit)
    known = _given(given, puzzle)
    with _timeout(puzzle):
        return hinting(puzzle, known, time_limit)


def check(puzzle: PuzzleLike, given: Mapping[Point, bool] | str | os.PathLike[str]) -> Checked:
    """Which of a player's lines (`given`, as `hint`'s: a file may be h/v JSON, puzz.link's pzprv3
    or Tatham's save) break which rule, whether the board can still be completed, and whether it
    is solved (`loopsat check`): a triple (faults, completable, solved) with `text()` and
    `to_json()`; each Fault has `rule`, `at`, `lines`, `text()`, `to_json()`."""
    from loopsat.solver.check import Checked, solved
    from loopsat.solver.check import check as checking

    puzzle = one(puzzle, "loopsat.check")
    lines = _given(given, puzzle)
    faults, completable = checking(puzzle, lines)
    return Checked(faults, completable, completable and solved(puzzle, lines))


def _given(given: Any, puzzle: Puzzle) -> dict[Point, bool]:
    """Known edges: a mapping as given, or read from a partial solution's JSON file."""
    from loopsat.solver.explain import read_partial

    if given is None:
        return {}
    if isinstance(given, str | os.PathLike):
        path = os.fspath(given)
        return read_partial(path, read_input(path), puzzle)
    if not isinstance(given, Mapping):
        kind = type(given).__name__
        raise TypeError(
            f"given must be a mapping of edges to True/False, a partial solution's file or None, not {kind}"
        )
    return dict(given)


def _explainable(puzzle: Puzzle) -> Puzzle:
    """The puzzle, unless its board is larger than explain takes (its memory grows with the trail)."""
    from loopsat.limits import MAX_EXPLAIN_CELLS

    if puzzle.rows * puzzle.cols > MAX_EXPLAIN_CELLS:
        size = f"{puzzle.rows * puzzle.cols:,} cells ({puzzle.rows}×{puzzle.cols})"
        raise PuzzleError(puzzle.path, 1, 1, f"the board has {size}, more than explain takes ({MAX_EXPLAIN_CELLS:,})")
    return puzzle


@contextmanager
def _timeout(puzzle: Puzzle) -> Iterator[None]:
    """The deadline's TimeUp as the TimeoutError a Python user expects (as `count` raises)."""
    from loopsat.deadline import TimeUp

    try:
        yield
    except TimeUp:
        raise TimeoutError(f"{puzzle.label}: no answer within the time limit") from None


def export_mcc(puzzle: PuzzleLike, variant: str = "auto") -> str:
    """Knuth's MCC text of the puzzle, byte-identical to his generator of that `variant`."""
    from loopsat import mcc

    puzzle = one(puzzle, "loopsat.export_mcc")
    arguments.name(variant, "variant")
    genre = GENRES[puzzle.genre]
    if variant not in genre.VARIANTS:
        raise PuzzleError(puzzle.path, 1, 1, f"variant {variant!r} does not apply to {puzzle.genre}")
    check_mcc_size(puzzle, genre.MCC_MAX)
    return mcc.write(genre.cover(puzzle, variant))


def convert(puzzle: PuzzleLike, to: str) -> str:
    """The puzzle as a puzz.link URL (`url`), a Tatham game ID (`tatham`) or a board file
    (`slither`, `masyu`), without a final newline (`loopsat convert`)."""
    from loopsat.formats import FORMS
    from loopsat.formats import convert as converting

    puzzle = one(puzzle, "loopsat.convert")
    arguments.choice(to, "to", FORMS)
    return converting(puzzle, to)


def to_url(puzzle: PuzzleLike) -> str:
    """The puzz.link URL of the puzzle."""
    return convert(puzzle, "url")


def drawing(puzzle: PuzzleLike, solution: Drawn | Certainty = None) -> str:
    """The board as `loopsat solve` prints it (no final newline), with the loop of `solution`
    (a Solution, or its edges) when given, or a `certain` answer's edges (`?` on the undecided)."""
    from loopsat.solver.outcome import drawing as lines

    puzzle = one(puzzle, "loopsat.drawing")
    if _is_certainty(solution):
        return "\n".join(solution.drawing(puzzle))
    return "\n".join(lines(puzzle, _loop(solution) or None))


def svg(puzzle: PuzzleLike, solution: Drawn | Certainty = None) -> str:
    """The SVG picture of the puzzle, with the loop of `solution` (or those edges) when given, or
    a `certain` answer's edges (on drawn, undecided marked)."""
    from loopsat.output import picture
    from loopsat.solver.certain import Certainty

    puzzle = one(puzzle, "loopsat.svg")
    if isinstance(solution, Certainty):
        on, undecided = solution.on, solution.undecided
    else:
        on, undecided = _loop(solution), frozenset()
    return picture.draw(GENRES[puzzle.genre].sketch(puzzle), on, undecided)


def _is_certainty(solution: object) -> TypeGuard[Certainty]:
    """Whether `solution` is a `certain` answer: there is none before its module is loaded, and a
    plain solve need not load it (5 M instructions of a small puzzle's start-up)."""
    certain = sys.modules.get("loopsat.solver.certain")
    return certain is not None and isinstance(solution, certain.Certainty)


def _loop(solution: Any) -> Edges:
    """The edges of what a picture shows (none for the bare board)."""
    if solution is None or isinstance(solution, Solution | frozenset):
        return solution.edges if isinstance(solution, Solution) else solution or frozenset()
    kind = type(solution).__name__
    raise TypeError(f"solution must be a loopsat.Solution (from a Result), its edges, a Certainty or None, not {kind}")


def _earlier(solved: Any, puzzle: Puzzle) -> Outcome | None:
    """The pipeline's answer that `solved`, a Result of this puzzle, carries (None: none given)."""
    if solved is None:
        return None
    if not isinstance(solved, Result):
        raise TypeError(f"solved must be a loopsat.Result of this puzzle or None, not {type(solved).__name__}")
    if solved.puzzle != puzzle:
        raise ValueError("solved must be a Result of this same puzzle")
    return solved._settled()


def _check_search(what: str, puzzle: Any, limit: Any, time_limit: Any, single_loop: Any, strategy: Any) -> Puzzle:
    """The puzzle (read, when a file name or URL), once every search argument is checked."""
    arguments.limit(limit)
    arguments.seconds(time_limit)
    arguments.flag(single_loop, "single_loop")
    arguments.choice(strategy, "strategy", Strategy)
    return one(puzzle, what)
