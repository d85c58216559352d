"""Reading puzzles for the API: a file (`-`: stdin), a URL or game ID, `FILE#N`, or text; and
`one`, the puzzle of a verb that takes one."""

from __future__ import annotations

import os
import re

from loopsat import arguments
from loopsat.errors import PuzzleError
from loopsat.genres import read_data_sets, read_puzzles
from loopsat.limits import read_input
from loopsat.puzzle import Puzzle, puzzles_of

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any


def load(source: str | os.PathLike[str], genre: str | None = None) -> list[Puzzle]:
    """Every puzzle of a file (`-`: standard input), a puzz.link URL or a Tatham game ID.

    A `.slink` file gives one puzzle per data set, a `.url` file one per line; `FILE#N`, the
    label the output gives such a puzzle, is that data set alone (a file of that very name wins).
    The first bad data set raises its PuzzleError; `data_sets` gives the good ones beside it.
    """
    arguments.source(source)
    arguments.name(genre, "genre", optional=True)
    return puzzles_of(data_sets(source, genre))


def data_sets(source: str | os.PathLike[str], genre: str | None = None) -> list[Puzzle | PuzzleError]:
    """`load`, but each bad data set of a file of several (a `.url` line, a `.slink` data set)
    stands in its place as its PuzzleError (`index` set), and the others are read. This is
    how the command line reads; a fault of the whole file still raises."""
    arguments.source(source)
    arguments.name(genre, "genre", optional=True)
    text = os.fspath(source)
    path, wanted = _data_set_of(text)
    if wanted is None and text != "-" and not os.path.exists(text):
        from loopsat.formats import decode, is_link  # URLs and game IDs: a file's reader needs none of it

        if is_link(text):
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


def one(source: Any, what: str, genre: str | None = None) -> Puzzle:
    """A Puzzle as given; a file name, URL or game ID read (`genre` as `load`'s), when it holds
    exactly one: `what` (the verb or command) takes one, says the error otherwise."""
    if isinstance(source, str | os.PathLike):
        found = load(source, genre)
        if len(found) != 1:
            where = os.fspath(source)
            raise PuzzleError(
                where, 1, 1, f"{what} takes one puzzle, this file holds {len(found)}: choose one (FILE#N)"
            )
        return found[0]
    arguments.puzzle(source)
    return source


def parse(text: str | bytes, genre: str | None = None, *, path: str = "<text>") -> list[Puzzle]:
    """Every puzzle in `text`, read as the file `path` would be (`genre` as `--genre`); a puzz.link
    URL or Tatham game ID alone is decoded (never looked up as a file)."""
    arguments.text(text)
    arguments.name(genre, "genre", optional=True)
    arguments.name(path, "path")
    from loopsat.formats import decode, is_link

    if isinstance(text, str) and is_link(text.strip()):
        return [decode(text.strip(), text.strip())]
    data = text.encode() if isinstance(text, str) else text
    return read_puzzles(path, data, genre)
