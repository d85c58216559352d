"""The setter's verbs of the API (loopsat.api names them): generate a puzzle to a taste, repair
one that is not unique, find the clues a unique one can lose. Their arguments are checked here;
the work is loopsat/setter's."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from loopsat import arguments
from loopsat.grid import Edges, Point
from loopsat.puzzle import Puzzle

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.result import PuzzleLike
    from loopsat.setter.fix import Suggestion
    from loopsat.setter.generate import Generated
    from loopsat.setter.taste import Taste


def generate(
    genre: str,
    rows: int,
    cols: int,
    *,
    difficulty: int | str | None = None,
    seed: int = 0,
    taste: Taste | None = None,
    progress: Callable[[str], None] | None = None,
) -> Generated:
    """A new puzzle with exactly one solution and minimal clues (`puzzle`, `solution`,
    `difficulty`, `clues`, `text(form)`): the same arguments give the same puzzle. `difficulty`
    is the grade wanted, a level 1..6 or its name (`explain`'s scale): when no loop tried gives
    it, Unmet. `taste` is a setter's choices (`taste(...)`; None: none, the clues as the
    seed's loop leaves them); `progress` hears what is being done."""
    from loopsat.genres import SETTERS
    from loopsat.limits import MAX_CELLS
    from loopsat.setter.generate import PLAIN
    from loopsat.setter.generate import generate as make
    from loopsat.setter.taste import Taste

    arguments.choice(genre, "genre", SETTERS)
    least = SETTERS[genre].MIN_SIDE
    arguments.whole(rows, "rows", least)
    arguments.whole(cols, "cols", least)
    arguments.whole(seed, "seed", 0)
    arguments.hook(progress, "progress")
    if rows * cols > MAX_CELLS:
        raise ValueError(f"rows x cols must be at most {MAX_CELLS:,} cells, not {rows * cols:,}")
    if difficulty is not None and (isinstance(difficulty, bool) or not isinstance(difficulty, int | str)):
        raise TypeError(f"difficulty must be a level 1..6, its name or None, not {type(difficulty).__name__}")
    if taste is not None and not isinstance(taste, Taste):
        raise TypeError(f"taste must be a loopsat.api.taste(...) or None, not {type(taste).__name__}")
    most = None if difficulty is None else level(difficulty)
    return make(genre, rows, cols, difficulty=most, seed=seed, progress=progress, taste=taste or PLAIN)


def level(difficulty: int | str) -> int:
    """A difficulty as its level 1..6: a number, or one of the grades' names (ValueError otherwise)."""
    from loopsat.setter.generate import level as read

    return read(difficulty)


def taste(
    genre: str,
    rows: int,
    cols: int,
    *,
    symmetry: str | None = None,
    mask: str | None = None,
    zeros: str | None = None,
    clues: int | None = None,
) -> Taste:
    """The taste `loopsat generate` sets by its options (None: the genre's default, which the
    command line always uses): the clue layout's `symmetry` (none, rot180, rot90, mirror), a
    `mask` file of where clues may go, the most `zeros` among the clues (a percentage, or
    `any`), and the `clues` thinning stops at. ValueError when one is wrong, PuzzleError for
    the mask file."""
    from loopsat.genres import SETTERS
    from loopsat.setter.taste import chosen

    arguments.choice(genre, "genre", SETTERS)
    return chosen(genre, rows, cols, symmetry=symmetry, mask=mask, zeros=zeros, clues=clues)


def file_name(genre: str, rows: int, cols: int, seed: int, suffix: str | None = None) -> str:
    """`GENRE-RxC-SEED.SUFFIX`: the name of a generated puzzle (its `path`), the file `loopsat
    generate -o` writes (the genre's suffix unless one is given)."""
    from loopsat.setter.generate import file_name as named

    return named(genre, rows, cols, seed, suffix)


def fix(puzzle: PuzzleLike) -> list[Suggestion]:
    """The single clue additions and changes that make an ambiguous puzzle unique, or the clue
    removals that give a puzzle without a solution one, best first (`loopsat fix`); [] for a
    unique puzzle. Each `Suggestion` has `kind` ("add", "change", "remove"), `cell` (row, col
    from 0), `clue` (as the genre's file writes it; None: removed), `was`, `unique`, `grade`,
    `applied(puzzle)` and `to_json()`."""
    from loopsat.reading import one
    from loopsat.setter.fix import fix as fixes

    return fixes(one(puzzle, "fix"))


def thinnable(puzzle: Puzzle) -> bool:
    """Whether `redundant` looks at this puzzle: the genres `generate` thins, without letters."""
    from loopsat.genres import SETTERS

    return puzzle.genre in SETTERS and not puzzle.letters


def redundant_ready() -> None:
    """Start now what `redundant` would start on its first big board (its helper's fork server),
    for a long-lived caller that wants no start-up paid later (the cockpit's worker)."""
    from loopsat.setter.redundant import ready

    ready()


def redundant(
    puzzle: Puzzle, solution: Edges, *, time_limit: float | None = None, helper: bool = False
) -> Iterator[tuple[Point, bool | None]]:
    """Each clue of a unique puzzle (`solution` its loop) and whether it can go (None: not
    settled within `time_limit`), as they are settled: a needed clue is shown by a second loop
    that breaks it alone, a redundant one proved by the deduction's backtracking or CP-SAT
    (loopsat/setter/redundant.py). With `helper=True` a helper process shares a big board's
    work (the cockpit's worker asks for it): the calling script then needs the
    `if __name__ == "__main__":` guard, without which the helper fails and the pass goes on alone.
    Closing the generator stops the search. For the puzzles `thinnable` accepts."""
    from loopsat.deadline import limit_seconds
    from loopsat.setter.redundant import redundant as search

    arguments.seconds(time_limit)
    return search(puzzle, frozenset(solution), limit_seconds(time_limit), helper)  # inf: none
