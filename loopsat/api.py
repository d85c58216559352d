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
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from loopsat.errors import PuzzleError
from loopsat.formats import decode, is_link
from loopsat.genres import GENRES, genre_of
from loopsat.grid import Point
from loopsat.limits import read_input
from loopsat.puzzle import Puzzle, check_mcc_size


@dataclass(frozen=True)
class Solution:
    """One loop: its edges in Knuth's doubled coordinates, and the JSON's `h`/`v` bit strings."""

    edges: frozenset[Point]
    h: tuple[str, ...]
    v: tuple[str, ...]


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

    A `.slink` file gives one puzzle per data set, a `.url` file one per line.
    """
    text = os.fspath(source)
    if text != "-" and is_link(text) and not os.path.exists(text):
        return [decode(text, text)]
    data = read_input(text)
    return genre_of(text, data, genre).parse(data, text)


def parse(text: str | bytes, genre: str | None = None, *, path: str = "<text>") -> list[Puzzle]:
    """Every puzzle in `text`, read as the file `path` would be (`genre` as `--genre`)."""
    data = text.encode() if isinstance(text, str) else text
    return genre_of(path, data, genre).parse(data, path)


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
    from loopsat.pipeline import solve as solve_puzzle

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
    """The solutions one at a time; the caller may stop early."""
    result = solve(puzzle, mode="all", limit=limit, time_limit=time_limit, single_loop=single_loop, strategy=strategy)
    yield from result.solutions


def count(puzzle: Puzzle, *, single_loop: bool = True, time_limit: float | None = None) -> int:
    """The exact number of solutions; TimeoutError when `time_limit` stops the count first."""
    result = solve(puzzle, mode="count", time_limit=time_limit, single_loop=single_loop)
    if not result.complete:
        raise TimeoutError(f"{puzzle.label}: counting stopped after {result.count} solutions")
    return result.count


def export_mcc(puzzle: Puzzle, variant: str = "auto") -> str:
    """Knuth's MCC text of the puzzle, byte-identical to his generator of that `variant`."""
    from loopsat import mcc

    genre = GENRES[puzzle.genre]
    if variant not in genre.VARIANTS:
        raise PuzzleError(puzzle.path, 1, 1, f"variant {variant!r} does not apply to {puzzle.genre}")
    check_mcc_size(puzzle, genre.MCC_MAX)
    return mcc.write(genre.cover(puzzle, variant))


def to_url(puzzle: Puzzle) -> str:
    """The puzz.link URL of the puzzle."""
    from loopsat.formats import convert

    return convert(puzzle, "url")


def svg(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The SVG picture of the puzzle, with the loop of `solution` when given."""
    from loopsat import picture

    return picture.draw(GENRES[puzzle.genre].sketch(puzzle), solution.edges if solution else (), ())


def _solution(puzzle: Puzzle, edges: frozenset[Point]) -> Solution:
    from loopsat.pipeline import bits

    h, v = bits(GENRES[puzzle.genre], puzzle, edges)
    return Solution(edges, tuple(h), tuple(v))
