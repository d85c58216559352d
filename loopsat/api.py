"""loopsat as a library: the verbs a Python user needs. The command line is a thin layer over these.

    import loopsat
    result = loopsat.solve("puzzles/slitherlink/pzprjs-5x5.slither")
    print(result.text())          # the board with the loop, then `unique`
    result.solutions[0].h         # the JSON's bit strings

Every verb takes a Puzzle, or a file name, URL or game ID that holds one puzzle. Every function
raises `loopsat.PuzzleError` (with `file`, `line`, `column`, `message`) for bad input and never
exits the interpreter.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from loopsat import arguments as check
from loopsat.errors import Exit, PuzzleError
from loopsat.formats import decode, is_link
from loopsat.genres import GENRES, read_data_sets, read_puzzles
from loopsat.grid import Point
from loopsat.limits import read_input
from loopsat.puzzle import Puzzle, check_mcc_size, puzzles_of

if TYPE_CHECKING:
    from loopsat.deduce import Difficulty, Step
    from loopsat.setter.fix import Suggestion
    from loopsat.setter.generate import Generated
    from loopsat.solver.certain import Certainty
    from loopsat.solver.explain import Explanation
    from loopsat.solver.pipeline import Mode, Outcome, Status, Strategy

PuzzleLike = Puzzle | str | os.PathLike[str]  # a Puzzle, or a file name, URL or game ID holding one


@dataclass(frozen=True)
class Solution:
    """One loop: its edges in Knuth's doubled coordinates, and the JSON's `h`/`v` bit strings;
    for an MCC file also the chosen option lines (a solution is a set of options there)."""

    edges: frozenset[Point]
    h: tuple[str, ...]
    v: tuple[str, ...]
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Result:
    """What solving established. `count` is exact only when `complete`; `status` is a
    `Status` (a str enum): `unique`, `multiple`, `none`, `unknown` (stopped before the question
    was settled)."""

    puzzle: Puzzle
    status: Status
    count: int
    complete: bool
    solutions: tuple[Solution, ...] = ()
    seconds: float = 0.0
    _outcome: Outcome | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """Exactly the object `loopsat solve --json` prints for this puzzle."""
        return {} if self._outcome is None else self._outcome.to_json()

    @property
    def exit_status(self) -> Exit:
        """The exit status `loopsat solve` gives this answer (docs/exit-status.md)."""
        return Exit.SOLVED if self._outcome is None else self._outcome.exit_status

    def text(self) -> str:
        """The boards `loopsat solve` prints (every solution found, or the empty board), without
        the status line."""
        from loopsat.solver.pipeline import drawing

        boards = [drawing(self.puzzle, solution.edges) for solution in self.solutions] or [drawing(self.puzzle, None)]
        return "\n".join("\n".join(board) for board in boards) + "\n"


def load(source: str | os.PathLike[str], genre: str | None = None) -> list[Puzzle]:
    """Every puzzle of a file (`-`: standard input), a puzz.link URL or a Tatham game ID.

    A `.slink` file gives one puzzle per data set, a `.url` file one per line; `FILE#N`, the
    label the output gives such a puzzle, is that data set alone (a file of that very name wins).
    The first bad data set raises its PuzzleError; `data_sets` gives the good ones beside it.
    """
    check.source(source)
    check.name(genre, "genre", optional=True)
    return puzzles_of(data_sets(source, genre))


def data_sets(source: str | os.PathLike[str], genre: str | None = None) -> list[Puzzle | PuzzleError]:
    """`load`, but each bad data set of a file of several (a `.url` line, a `.slink` data set)
    stands in its place as its PuzzleError (`index` set), and the others are read. This is
    how the command line reads; a fault of the whole file still raises."""
    check.source(source)
    check.name(genre, "genre", optional=True)
    text = os.fspath(source)
    path, wanted = _data_set_of(text)
    if wanted is None and text != "-" and is_link(text) and not os.path.exists(text):
        return [decode(text, text)]
    data = read_input(path)
    found = read_data_sets(path, data, genre)
    if wanted is None:
        return list(found)
    chosen = [data_set for data_set in found if data_set.index == wanted]
    if not chosen:
        numbers = [f"#{data_set.index}" for data_set in found if data_set.index is not None]
        if not numbers:
            raise PuzzleError(path, 1, 1, f"no data set #{wanted}: the file holds one puzzle, not numbered data sets")
        some = ", ".join(numbers[:_NAMED]) + (f", ... ({len(numbers)} in all)" if len(numbers) > _NAMED else "")
        raise PuzzleError(path, 1, 1, f"no data set #{wanted} (the file has {some})")
    return chosen


_LABEL = re.compile(r"(.+)#([0-9]{1,12})")  # FILE#N; a longer N is no data set (and int() refuses 4,300 digits)
_NAMED = 10  # data sets an error names before it sums up the rest


def _data_set_of(source: str) -> tuple[str, int | None]:
    """`FILE#N` as (FILE, N) when FILE exists (or is `-`) and no file has the whole name."""
    label = _LABEL.fullmatch(source)
    if label is None or os.path.lexists(source) or not (label[1] == "-" or os.path.exists(label[1])):
        return source, None
    return label[1], int(label[2])


def parse(text: str | bytes, genre: str | None = None, *, path: str = "<text>") -> list[Puzzle]:
    """Every puzzle in `text`, read as the file `path` would be (`genre` as `--genre`)."""
    check.text(text)
    check.name(genre, "genre", optional=True)
    check.name(path, "path")
    data = text.encode() if isinstance(text, str) else text
    return read_puzzles(path, data, genre)


def solve(
    puzzle: PuzzleLike,
    *,
    mode: Mode | str = "unique",
    limit: int | None = None,
    time_limit: float | None = None,
    single_loop: bool = True,
    strategy: Strategy | str = "auto",
) -> Result:
    """Find a solution and prove whether it is unique (`mode="unique"`), list them (`"all"`) or
    count them (`"count"`, by the frontier DP where it applies). `single_loop=False` gives DLX3's
    solutions (disjoint loops). Every solution has passed the independent verifier."""
    from loopsat.solver.pipeline import Mode
    from loopsat.solver.pipeline import solve as solve_puzzle

    check.choice(mode, "mode", Mode)
    puzzle = _check_search(puzzle, limit, time_limit, single_loop, strategy)

    outcome = solve_puzzle(
        puzzle, mode=mode, limit=limit, time_limit=time_limit, single_loop=single_loop, strategy=strategy
    )
    return _result(puzzle, outcome)


def _result(puzzle: Puzzle, outcome: Outcome) -> Result:
    solutions = tuple(_solution(puzzle, edges) for edges in outcome.solutions)
    return Result(puzzle, outcome.status, outcome.count, outcome.complete, solutions, outcome.seconds, outcome)


def solutions(
    puzzle: PuzzleLike,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    single_loop: bool = True,
    strategy: Strategy | str = "auto",
) -> Iterator[Solution]:
    """The solutions one at a time, as the search finds them; stop whenever you like (`break`,
    `.close()`, or drop the iterator): the search stops with it. `time_limit` counts from the
    first solution asked for, your time between solutions included."""
    from loopsat.solver.pipeline import stream

    puzzle = _check_search(puzzle, limit, time_limit, single_loop, strategy)

    found = stream(puzzle, mode="all", limit=limit, time_limit=time_limit, single_loop=single_loop, strategy=strategy)
    with closing(found):
        for edges in found:
            yield _solution(puzzle, edges)


def grade(puzzle: PuzzleLike) -> Difficulty | None:
    """The puzzle's grade, read off the trail of the deduction `solve` runs: `grade` names the
    level (Tatham's easy, normal, tricky, hard, then loopsat's deep and search), `level` is its
    number 1..6, with the steps and probes `explain` shows and the hardest rule it needed. None
    when the puzzle has no solution or several (they have a status, not a grade)."""
    from loopsat.solver.pipeline import solve as solve_puzzle

    return solve_puzzle(_one(puzzle)).difficulty


def count(puzzle: PuzzleLike, *, single_loop: bool = True, time_limit: float | None = None) -> int:
    """The exact number of solutions; TimeoutError when `time_limit` stops the count first."""
    puzzle = _check_search(puzzle, None, time_limit, single_loop, "auto")
    result = solve(puzzle, mode="count", time_limit=time_limit, single_loop=single_loop)
    if not result.complete:
        raise TimeoutError(f"{puzzle.label}: counting stopped after {result.count} solutions")
    return result.count


def export_mcc(puzzle: PuzzleLike, variant: str = "auto") -> str:
    """Knuth's MCC text of the puzzle, byte-identical to his generator of that `variant`."""
    from loopsat import mcc

    puzzle = _one(puzzle)
    check.name(variant, "variant")
    genre = GENRES[puzzle.genre]
    if variant not in genre.VARIANTS:
        raise PuzzleError(puzzle.path, 1, 1, f"variant {variant!r} does not apply to {puzzle.genre}")
    check_mcc_size(puzzle, genre.MCC_MAX)
    return mcc.write(genre.cover(puzzle, variant))


def to_url(puzzle: PuzzleLike) -> str:
    """The puzz.link URL of the puzzle."""
    from loopsat.formats import convert

    puzzle = _one(puzzle)
    return convert(puzzle, "url")


def svg(puzzle: PuzzleLike, solution: Solution | Certainty | frozenset[Point] | None = None) -> str:
    """The SVG picture of the puzzle, with the loop of `solution` (or those edges) when given, or
    a `certain` answer's edges (on drawn, undecided marked)."""
    from loopsat.output import picture
    from loopsat.solver.certain import Certainty

    puzzle = _one(puzzle)
    if isinstance(solution, Certainty):
        on, undecided = solution.on, solution.undecided
    elif solution is None or isinstance(solution, Solution | frozenset):
        on, undecided = (solution.edges if isinstance(solution, Solution) else solution or frozenset()), frozenset()
    else:
        kind = type(solution).__name__
        raise TypeError(
            f"solution must be a loopsat.Solution (from a Result), its edges, a Certainty or None, not {kind}"
        )
    return picture.draw(GENRES[puzzle.genre].sketch(puzzle), on, undecided)


def certain(puzzle: PuzzleLike, *, time_limit: float | None = None) -> tuple[Result, Certainty | None]:
    """The edges every solution uses (`on`), none uses (`off`), and the rest (`undecided`), as
    `solve --certain`; None when there is no loop. The Result has the loops met on the way
    (`unique` when no edge can differ). Stopped by `time_limit`, the Certainty is incomplete."""
    from loopsat.solver.certain import certain_edges

    puzzle = _one(puzzle)
    check.seconds(time_limit)
    outcome, certainty = certain_edges(puzzle, time_limit=time_limit)
    return _result(puzzle, outcome), certainty


def explain(puzzle: PuzzleLike, *, time_limit: float | None = None) -> Explanation:
    """The solving path as steps (`steps`, `text()`, `to_json()` as `explain --json`) and the
    grade (`difficulty`); TimeoutError when `time_limit` runs out first."""
    from loopsat.solver.explain import explain as explaining

    puzzle = _one(puzzle)
    check.seconds(time_limit)
    with _timeout(puzzle):
        return explaining(puzzle, time_limit=time_limit)


def hint(
    puzzle: PuzzleLike, given: Mapping[Point, bool] | None = None, *, time_limit: float | None = None
) -> tuple[Explanation, Step | None]:
    """The next step after the `given` edges (on or off, in Knuth's doubled coordinates), None
    when the deduction has none, with the explanation it comes from (`explain --hint`)."""
    from loopsat.solver.explain import hint as hinting

    puzzle = _one(puzzle)
    check.seconds(time_limit)
    if given is not None and not isinstance(given, Mapping):
        raise TypeError(f"given must be a mapping of edges to True/False, or None, not {type(given).__name__}")
    with _timeout(puzzle):
        return hinting(puzzle, given or {}, time_limit)


@contextmanager
def _timeout(puzzle: Puzzle) -> Iterator[None]:
    """The deadline's TimeUp as the TimeoutError a Python user expects (as `count` raises)."""
    from loopsat.deadline import TimeUp

    try:
        yield
    except TimeUp:
        raise TimeoutError(f"{puzzle.label}: no answer within the time limit") from None


def generate(genre: str, rows: int, cols: int, *, difficulty: int | str | None = None, seed: int = 0) -> Generated:
    """A new puzzle with exactly one solution and minimal clues (`puzzle`, `solution`,
    `difficulty`, `clues`), as `loopsat generate`: the same arguments give the same puzzle.
    `difficulty` is the grade wanted, a level 1..6 or its name (`explain`'s scale): when no loop
    tried gives it, loopsat.setter.generate.Unmet."""
    from loopsat.genres import SETTERS
    from loopsat.limits import MAX_CELLS
    from loopsat.setter.generate import generate as make
    from loopsat.setter.generate import level

    check.choice(genre, "genre", SETTERS)
    least = SETTERS[genre].MIN_SIDE
    check.whole(rows, "rows", least)
    check.whole(cols, "cols", least)
    check.whole(seed, "seed", 0)
    if rows * cols > MAX_CELLS:
        raise ValueError(f"rows x cols must be at most {MAX_CELLS:,} cells, not {rows * cols:,}")
    if difficulty is not None and (isinstance(difficulty, bool) or not isinstance(difficulty, int | str)):
        raise TypeError(f"difficulty must be a level 1..6, its name or None, not {type(difficulty).__name__}")
    return make(genre, rows, cols, difficulty=None if difficulty is None else level(difficulty), seed=seed)


def _one(puzzle: Any) -> Puzzle:
    """A Puzzle as given; a file name, URL or game ID read, when it holds exactly one."""
    if isinstance(puzzle, str | os.PathLike):
        found = load(puzzle)
        if len(found) != 1:
            where = os.fspath(puzzle)
            raise PuzzleError(where, 1, 1, f"{len(found)} puzzles here: choose one (FILE#N, or loopsat.load)")
        return found[0]
    check.puzzle(puzzle)
    return puzzle


def _check_search(puzzle: Any, limit: Any, time_limit: Any, single_loop: Any, strategy: Any) -> Puzzle:
    """The puzzle (read, when a file name or URL), once every search argument is checked."""
    from loopsat.solver.pipeline import Strategy

    check.limit(limit)
    check.seconds(time_limit)
    check.flag(single_loop, "single_loop")
    check.choice(strategy, "strategy", Strategy)
    return _one(puzzle)


def fix(puzzle: PuzzleLike) -> list[Suggestion]:
    """The single clue additions and changes that make an ambiguous puzzle unique, or the clue
    removals that give a puzzle without a solution one, best first (`loopsat fix`); [] for a
    unique puzzle. Each `Suggestion` has `kind` ("add", "change", "remove"), `cell` (row, col
    from 0), `clue` (as the genre's file writes it; None: removed), `was`, `unique`, `grade`,
    `applied(puzzle)` and `to_json()`."""
    from loopsat.setter.fix import fix as fixes

    return fixes(_one(puzzle))


def _solution(puzzle: Puzzle, edges: frozenset[Point]) -> Solution:
    from loopsat.model import option_lines
    from loopsat.solver.pipeline import bits

    h, v = bits(GENRES[puzzle.genre], puzzle, edges)
    return Solution(frozenset(edges), tuple(h), tuple(v), tuple(option_lines(edges) or ()))
