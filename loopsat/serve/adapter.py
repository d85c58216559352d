"""The one place the cockpit calls loopsat's Python API: when the API changes (a new grade, the
setter's `fix`), only this module is re-pointed. Everything here is plain data in and out, the
JSON the page reads: boards as rows of the genre's file text, edges as doubled coordinates."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, is_dataclass
from typing import TYPE_CHECKING, Any

from loopsat import api
from loopsat.errors import PuzzleError
from loopsat.genres import suffix_of
from loopsat.grid import Edges, Point
from loopsat.puzzle import Puzzle
from loopsat.status import Status

if TYPE_CHECKING:
    from loopsat.solver.certain import Certainty

PAGE = "<page>"  # the "file" a board typed on the page is, in located errors
# The genres the page draws and edits (SuperSlitherlink is Slitherlink with letters), each with
# its empty cell.
BLANK = {"slitherlink": ".", "masyu": "."}
EXPORTS = {  # export form: (file suffix, media type)
    "url": (".url", "text/plain"),
    "tatham": (".txt", "text/plain"),
    "file": ("", "text/plain"),
    "mcc": (".mcc", "text/plain"),
    "svg": (".svg", "image/svg+xml"),
}
Json = dict[str, Any]


def read(text: str, genre: str | None = None, name: str | None = None) -> Json:
    """The board of a pasted puzz.link URL, Tatham game ID or file text (one puzzle); `genre` as
    `--genre`, `name` the file's (its suffix tells the genre, its errors name it)."""
    # A link is decoded, never looked up as a file: the page reads no file of the server's.
    puzzles = api.parse(text.strip(), genre, path=name or PAGE)
    if len(puzzles) != 1:
        raise PuzzleError(PAGE, 1, 1, f"the cockpit takes one puzzle, this text holds {len(puzzles)}")
    return board_of(_shown(puzzles[0]))


def _shown(puzzle: Puzzle) -> Puzzle:
    if puzzle.genre not in BLANK:
        raise PuzzleError(puzzle.path, 1, 1, f"the cockpit shows {' and '.join(BLANK)} puzzles, not {puzzle.genre}")
    return puzzle


def blank(genre: str, rows: int, cols: int) -> Json:
    """An empty board, checked as a file of it would be."""
    if genre not in BLANK:
        raise PuzzleError(PAGE, 1, 1, f"no blank boards of {genre!r} (known: {', '.join(BLANK)})")
    return board_of(puzzle_of({"genre": genre, "rows": [BLANK[genre] * cols] * rows, "letters": {}}))


def board_of(puzzle: Puzzle) -> Json:
    return {"genre": puzzle.genre, "rows": list(puzzle.grid), "letters": dict(puzzle.letters)}


def text_of(board: Json) -> str:
    """The board as its genre's file text: the rows, then SuperSlitherlink's `!a=3` lines."""
    letters = board.get("letters") or {}
    return "\n".join([*board["rows"], *(f"!{k}={v}" for k, v in letters.items())]) + "\n"


def puzzle_of(board: Json) -> Puzzle:
    """The Puzzle of a board the page sent, read as a file (the same located errors)."""
    if not (
        isinstance(board, dict)
        and isinstance(board.get("genre"), str)
        and isinstance(board.get("rows"), list)
        and all(isinstance(row, str) for row in board["rows"])
        and isinstance(board.get("letters", {}), dict)
    ):
        raise PuzzleError(PAGE, 1, 1, "expected a board: genre, rows, letters")
    (puzzle,) = api.parse(text_of(board), board["genre"], path=PAGE)
    return _shown(puzzle)


def export(board: Json, form: str) -> tuple[str, str, str]:
    """The board in `form` (EXPORTS): its text, a file name and a media type."""
    puzzle = puzzle_of(board)
    suffix, media = EXPORTS[form]
    name = f"{puzzle.genre}-{puzzle.rows}x{puzzle.cols}"
    if form == "mcc":
        text = api.export_mcc(puzzle)
    elif form == "svg":
        text = api.svg(puzzle)
    elif form == "file":
        text = text_of(board)
        suffix = suffix_of(puzzle.genre)
    else:
        text = api.convert(puzzle, form) + "\n"
    return text, name + suffix, media


def edges(points: Any) -> list[list[int]]:
    return sorted([x, y] for x, y in points)


def solved(puzzle: Puzzle, time_limit: float | None) -> api.Result:
    """`solve`'s Result: the badge, and the deduction and loops the other answers read (as
    `solved=`), so that an edit pays for one deduction, not one per answer. `quick`: an
    ambiguous board's two loops as the deduction's backtracking met them (the page shows
    neither); on the cockpit's 20×20s that halves the badge's time."""
    return api.solve(puzzle, time_limit=time_limit, quick=True)


def status(result: api.Result) -> Json:
    """The badge: unique, multiple, none or unknown (the time limit), and a loop when there is one."""
    return {
        "status": result.status,
        "found": len(result.solutions),
        "seconds": round(result.seconds, 3),
        "solution": edges(result.solutions[0].edges) if result.solutions else None,
    }


def certain_at_once(puzzle: Puzzle, result: api.Result) -> Json:
    """The certain edges known without another solve: a unique puzzle's loop and the rest; an
    ambiguous one's deduced edges (`pending`: the rest are being tested, `certain` follows)."""
    _, certainty = api.certain(puzzle, solved=result, search=False)
    assert certainty is not None  # without a search there is always an answer
    found = _certain_json(certainty)
    return found if certainty.complete else found | {"pending": True}


def certain(puzzle: Puzzle, result: api.Result, sample: int, time_limit: float | None) -> tuple[Json, api.Result]:
    """An ambiguous puzzle's certain edges: every solution uses them, or none does (`api.certain`
    after the badge's deduction, from its two loops, up to `sample` more listed first), and the
    Result whose solutions are every loop met on the way (`complete`: all there are)."""
    found, certainty = api.certain(puzzle, time_limit=time_limit, solved=result, known=result.solutions, sample=sample)
    if certainty is None:
        return {"on": [], "off": [], "undecided": edges(api.edges(puzzle)), "complete": False}, found
    return _certain_json(certainty), found


def _certain_json(certainty: Certainty) -> Json:
    return {
        "on": edges(certainty.on),
        "off": edges(certainty.off),
        "undecided": edges(certainty.undecided),
        "complete": certainty.complete,
    }


def explanation(puzzle: Puzzle, status: str | None = None, result: api.Result | None = None) -> Json:
    """The steps a person can follow (the hints), which edges the rules alone decide, the grade.
    A board whose `status` (the badge's) is known to be other than unique has no grade, and the
    page shows no search step: it is explained without solving it again. With the badge's
    `result`, its deduction is read, not run again."""
    if result is not None:
        status = result.status
    found = api.explain(puzzle, search=status in (None, Status.UNIQUE), solved=result)
    steps = []
    for step, text in zip(found.steps, found.step_texts(), strict=True):
        decided = {edge for edge, _ in step.decided}
        steps.append(
            {
                "rule": step.rule,
                "text": text,
                "read": edges(edge for edge in step.read if edge not in decided),
                "on": edges(edge for edge, on in step.decided if on),
                "off": edges(edge for edge, on in step.decided if not on),
            }
        )
    return {
        "steps": steps,
        "ruled": edges(found.ruled),
        "grade": found.difficulty.grade if found.difficulty else None,
        "solvable": found.solvable if status is None else status != Status.NONE,
    }


def usage(found: api.Result, undecided: list[Point]) -> Json:
    """How many of the `found` loops use each undecided edge (an ambiguous board)."""
    counts = dict.fromkeys(undecided, 0)
    for loop in found.solutions:
        for edge in loop.edges:
            if edge in counts:
                counts[edge] += 1
    return {"counts": _counts(counts), "solutions": len(found.solutions), "complete": found.complete}


def _counts(counts: dict[Point, int]) -> list[list[int]]:
    return sorted([x, y, n] for (x, y), n in counts.items())


def redundant(puzzle: Puzzle, solution: Edges, time_limit: float | None) -> Iterator[tuple[Point, bool | None]]:
    """Each clue of a unique puzzle and whether it can go (None: not settled in time), as they
    are settled (`api.redundant`); closing it stops the search under way."""
    return api.redundant(puzzle, solution, time_limit=time_limit, helper=True)


def warm() -> None:
    """Start what the redundant clues' first big board would (`api.redundant_ready`)."""
    api.redundant_ready()


def can_thin(puzzle: Puzzle) -> bool:
    """Whether redundant clues can be looked for (the genres `generate` thins, without letters)."""
    return api.thinnable(puzzle)


def has_fix() -> bool:
    """Whether the API suggests single clues that make an ambiguous puzzle unique."""
    return callable(getattr(api, "fix", None))


def fixes(puzzle: Puzzle) -> list[Json]:
    """The API's `fix` suggestions as JSON objects (kind, cell, clue)."""
    found = getattr(api, "fix")(puzzle)  # noqa: B009 (feature-detected: has_fix)
    out = []
    for suggestion in found:
        if hasattr(suggestion, "to_json"):
            out.append(suggestion.to_json())
        elif is_dataclass(suggestion) and not isinstance(suggestion, type):
            out.append(asdict(suggestion))
        else:
            out.append(dict(suggestion))
    return out
