"""Puzzles as one line of text, in and out: puzz.link URLs and Simon Tatham's game IDs.

People trade puzzles as links, not files; these decode into the same Puzzle the `.slither` or
`.masyu` file would give, so every command accepts them unchanged.
"""

from __future__ import annotations

import re

from loopsat.errors import PuzzleError
from loopsat.formats import puzzlink, tatham
from loopsat.formats.link import LINKED, Link, family
from loopsat.puzzle import Puzzle

FORMS = ("url", "slither", "masyu", "tatham")
# With a scheme anything is a URL (so its mistakes get located); without, a host, a path and `?`/`#`.
_URL = re.compile(r"https?://\S*|[\w-]+(?:\.[\w-]+)+(?::\d+)?/[^\s?#]*[?#]\S*")
_GAME_ID = re.compile(r"\d+(?:x\d+)?[a-z0-9]*[:#]\S*")


def is_link(text: str) -> bool:
    """Whether `text` (blanks around it aside) looks like a URL or a game ID rather than a file name."""
    text = text.strip()
    return bool(_URL.fullmatch(text) or _GAME_ID.fullmatch(text))


def decode(text: str, path: str, line: int = 1, index: int | None = None) -> Puzzle:
    """The puzzle of a URL or game ID found on `line` of `path` (errors point into the line)."""
    stripped = text.lstrip()
    link = Link(stripped.rstrip(), path, line, 1 + len(text) - len(stripped))
    if _GAME_ID.fullmatch(link.text):
        return tatham.decode(link, index)
    if not _URL.fullmatch(link.text):
        raise link.error(0, "expected a puzz.link URL or a Tatham game ID")
    fragment, query = link.text.find("#"), link.text.find("?")
    if fragment >= 0 and not 0 <= query < fragment:  # Tatham's web page: .../js/loopy.html#10x10t0:...
        page = link.text[:fragment].lower()
        genre = "slitherlink" if "loopy" in page else "masyu" if "pearl" in page else None
        return tatham.decode(link.tail(fragment + 1), index, genre)
    return puzzlink.decode(link, index)


def convert(puzzle: Puzzle, form: str) -> str:
    """`puzzle` written in `form` (one of FORMS), without a final newline."""
    if form in ("url", "tatham") and puzzle.genre not in LINKED:
        raise PuzzleError(puzzle.path, 1, 1, f"{puzzle.genre} puzzles have no {form} form")
    if form == "url":
        return puzzlink.encode(puzzle)
    if form == "tatham":
        return tatham.encode(puzzle)
    genre = family(puzzle.genre)
    if genre != {"slither": "slitherlink", "masyu": "masyu"}[form]:
        which = f" ({puzzle.label})" if puzzle.index is not None else ""
        raise PuzzleError(puzzle.path, 1, 1, f"a {genre} puzzle{which} has no .{form} form")
    return "\n".join([*puzzle.grid, *(f"!{letter}={clue}" for letter, clue in puzzle.letters.items())])
