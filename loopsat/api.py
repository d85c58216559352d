"""loopsat as a library: the verbs a Python user needs. The command line is a thin layer over these.

    import loopsat
    puzzle, = loopsat.load("puzzles/slitherlink/pzprjs-5x5.slither")
    result = loopsat.solve(puzzle)
    print(result.text())          # the board with the loop, then `unique`
    result.solutions[0].h         # the JSON's bit strings

Every function raises `loopsat.PuzzleError` (with `file`, `line`, `column`, `message`) for bad
input and never exits the interpreter.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from loopsat import arguments as check
from loopsat.errors import PuzzleError
from loopsat.formats import decode, is_link
from loopsat.genres import GENRES, read_data_sets, read_puzzles
from loopsat.grid import Point
from loopsat.limits import read_input
from loopsat.puzzle import Puzzle, check_mcc_size, puzzles_of

if TYPE_CHECKING:
    from loopsat.deduce import Difficulty
    from loopsat.setter.fix import Suggestion


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
    """What solving established. `count` is exact only when `complete`; `status` is one of
    `unique`, `multiple`, `none`, `unknown` (stopped before the question was settled)."""

    puzzle: Puzzle
    status: str
    count: int
    complete: bool
    solutions: tuple[Solution, ...] = ()
    seconds: float = 0.0
    _json: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """Exactly the object `loopsat solve --json` prints for this puzzle."""
        return dict(self._json)

    def text(self) -> str:
        """The boards `loopsat solve` prints (every solution found, or the empty board), without
        the status line."""
        from loopsat.pipeline import drawing

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
    puzzle: Puzzle,
    *,
    mode: str = "unique",
    limit: int | None = None,
    time_limit: float | None = None,
    single_loop: bool = True,
    strategy: str = "auto",
) -> Result:
    """Find a solution and prove whether it is unique (`mode="unique"`), list them (`"all"`) or
    count them (`"count"`, by the frontier DP where it applies). `single_loop=False` gives DLX3's
    solutions (disjoint loops). Every solution has passed the independent verifier."""
    from loopsat.pipeline import Mode
    from loopsat.pipeline import solve as solve_puzzle

    check.choice(mode, "mode", Mode)
    _check_search(puzzle, limit, time_limit, single_loop, strategy)

    outcome = solve_puzzle(
        puzzle, mode=mode, limit=limit, time_limit=time_limit, single_loop=single_loop, strategy=strategy
    )
    return Result(
        puzzle,
        str(outcome.status),
        outcome.count,
        outcome.complete,
        tuple(_solution(puzzle, edges) for edges in outcome.solutions),
        outcome.seconds,
        outcome.to_json(),
    )


def solutions(
    puzzle: Puzzle,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    single_loop: bool = True,
    strategy: str = "auto",
) -> Iterator[Solution]:
    """The solutions one at a time, as the search finds them; stop whenever you like (`break`,
    `.close()`, or drop the iterator): the search stops with it. `time_limit` counts from the
    first solution asked for, your time between solutions included."""
    from loopsat.pipeline import stream

    _check_search(puzzle, limit, time_limit, single_loop, strategy)

    found = stream(puzzle, mode="all", limit=limit, time_limit=time_limit, single_loop=single_loop, strategy=strategy)
    with closing(found):
        for edges in found:
            yield _solution(puzzle, edges)


def grade(puzzle: Puzzle) -> Difficulty | None:
    """The puzzle's grade, read off the trail of the deduction `solve` runs: `grade` names the
    level (Tatham's easy, normal, tricky, hard, then loopsat's deep and search), `level` is its
    number 1..6, with the steps and probes `explain` shows and the hardest rule it needed. None
    when the puzzle has no solution or several (they have a status, not a grade)."""
    from loopsat.pipeline import solve as solve_puzzle

    return solve_puzzle(puzzle).difficulty


def count(puzzle: Puzzle, *, single_loop: bool = True, time_limit: float | None = None) -> int:
    """The exact number of solutions; TimeoutError when `time_limit` stops the count first."""
    _check_search(puzzle, None, time_limit, single_loop, "auto")
    result = solve(puzzle, mode="count", time_limit=time_limit, single_loop=single_loop)
    if not result.complete:
        raise TimeoutError(f"{puzzle.label}: counting stopped after {result.count} solutions")
    return result.count


def export_mcc(puzzle: Puzzle, variant: str = "auto") -> str:
    """Knuth's MCC text of the puzzle, byte-identical to his generator of that `variant`."""
    from loopsat import mcc

    check.puzzle(puzzle)
    check.name(variant, "variant")
    genre = GENRES[puzzle.genre]
    if variant not in genre.VARIANTS:
        raise PuzzleError(puzzle.path, 1, 1, f"variant {variant!r} does not apply to {puzzle.genre}")
    check_mcc_size(puzzle, genre.MCC_MAX)
    return mcc.write(genre.cover(puzzle, variant))


def to_url(puzzle: Puzzle) -> str:
    """The puzz.link URL of the puzzle."""
    from loopsat.formats import convert

    check.puzzle(puzzle)
    return convert(puzzle, "url")


def svg(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The SVG picture of the puzzle, with the loop of `solution` when given."""
    from loopsat import picture

    check.puzzle(puzzle)
    if solution is not None and not isinstance(solution, Solution):
        raise TypeError(f"solution must be a loopsat.Solution (from a Result) or None, not {type(solution).__name__}")
    return picture.draw(GENRES[puzzle.genre].sketch(puzzle), solution.edges if solution else (), ())


def _check_search(puzzle: Any, limit: Any, time_limit: Any, single_loop: Any, strategy: Any) -> None:
    from loopsat.pipeline import Strategy

    check.puzzle(puzzle)
    check.limit(limit)
    check.seconds(time_limit)
    check.flag(single_loop, "single_loop")
    check.choice(strategy, "strategy", Strategy)


def fix(puzzle: Puzzle) -> list[Suggestion]:
    """The single clue additions and changes that make an ambiguous puzzle unique, or the clue
    removals that give a puzzle without a solution one, best first (`loopsat fix`); [] for a
    unique puzzle. Each `Suggestion` has `kind` ("add", "change", "remove"), `cell` (row, col
    from 0), `clue` (as the genre's file writes it; None: removed), `was`, `unique`, `grade`,
    `applied(puzzle)` and `to_json()`."""
    from loopsat.setter.fix import fix as fixes

    check.puzzle(puzzle)
    return fixes(puzzle)


def _solution(puzzle: Puzzle, edges: frozenset[Point]) -> Solution:
    from loopsat.model import option_lines
    from loopsat.pipeline import bits

    h, v = bits(GENRES[puzzle.genre], puzzle, edges)
    return Solution(frozenset(edges), tuple(h), tuple(v), tuple(option_lines(edges) or ()))
