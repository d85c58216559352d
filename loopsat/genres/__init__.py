"""Every genre is a small module satisfying `Genre` (contract.py); `GENRES` maps names to them.

`READERS` adds the readers that are no genre (`url`: a file of URLs and game IDs; `save`: a save
file of Tatham's Loopy or Pearl); they only
`parse` and `sniff` (`Reader`), and the puzzles they return carry a real genre. `SETTERS` lists
the genres `loopsat generate` makes puzzles of (`Setter`).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator, Mapping, Sequence

from loopsat.errors import PuzzleError
from loopsat.genres.contract import Genre, Reader, Setter
from loopsat.puzzle import DataSet, Puzzle, puzzles_of, text_lines

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:  # mypy checks here that every module keeps its contract
    from typing import Any

    from loopsat.formats import tatham_save, url
    from loopsat.genres import masyu, mcc, slink, slitherlink

    _KEPT: tuple[tuple[Genre, ...], tuple[Setter, ...], Reader] = (
        (slitherlink, masyu, slink, mcc),
        (slitherlink, masyu),
        url,
    )
    _SAVES: Reader = tatham_save


class _Registry(Mapping[str, "Any"]):
    """Names to genre modules, each imported when first asked for: `loopsat --help` lists the
    genres without importing them (and with them the deduction and the pictures)."""

    def __init__(self, homes: Mapping[str, str]) -> None:
        self._homes = dict(homes)

    def __getitem__(self, name: str) -> Any:
        return importlib.import_module(self._homes[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self._homes)

    def __len__(self) -> int:
        return len(self._homes)


_HOMES = {name: f"loopsat.genres.{name}" for name in ("slitherlink", "masyu", "slink", "mcc")}
# Each genre's MCC variants (`export --variant`; the first, `auto`, picks one), kept here so that
# the command line lists them without importing the genres; each module's VARIANTS is its entry.
_SLITHERLINK_VARIANTS = ("auto", "super", "general", "plain")
VARIANTS_OF = {
    "slitherlink": _SLITHERLINK_VARIANTS,
    "masyu": ("auto",),
    "slink": _SLITHERLINK_VARIANTS,
    "mcc": ("auto",),
}
GENRES: Mapping[str, Genre] = _Registry(_HOMES)
# The genres `loopsat generate` makes puzzles of (loopsat/setter/generate.py).
SETTERS: Mapping[str, Setter] = _Registry({name: _HOMES[name] for name in ("slitherlink", "masyu")})
__all__ = [
    "GENRES",
    "READERS",
    "SETTERS",
    "SUFFIXES",
    "VARIANTS_OF",
    "Genre",
    "Reader",
    "Setter",
    "genre_of",
    "read_data_sets",
    "read_puzzles",
    "saved_game",
    "suffix_of",
]
READERS: Mapping[str, Reader] = _Registry(
    {**_HOMES, "url": "loopsat.formats.url", "save": "loopsat.formats.tatham_save"}
)
SUFFIXES: dict[str, str] = {
    ".slither": "slitherlink",
    ".masyu": "masyu",
    ".slink": "slink",
    ".url": "url",
    ".sav": "save",
    ".mcc": "mcc",
}


def suffix_of(genre: str) -> str:
    """The file suffix of `genre`'s own format (`.slither`, `.masyu`, ...): the name a written
    puzzle gets."""
    return next(suffix for suffix, named in SUFFIXES.items() if named == genre)


def saved_game(path: str) -> bool:
    """Whether the file is a saved game (`.sav`): the puzzle and the player's board at once."""
    return SUFFIXES.get(os.path.splitext(path)[1].lower()) == "save"


def genre_of(path: str, data: bytes, override: str | None = None) -> Reader:
    """The reader for a file: `--genre`, else its suffix, else an unambiguous sniff.

    A file of URLs is sniffed first: URLs are full of letters, which also look like SuperSlitherlink.
    """
    if override is not None:
        if override not in READERS:
            raise PuzzleError(path, 1, 1, f"unknown genre {override!r} (known: {', '.join(READERS)})")
        return READERS[override]
    suffix = os.path.splitext(path)[1].lower()
    if suffix in SUFFIXES:
        return READERS[SUFFIXES[suffix]]
    lines = text_lines(data, path)
    for reader in ("save", "url"):
        if READERS[reader].sniff(lines):
            return READERS[reader]
    matches = [module for module in GENRES.values() if module.sniff(lines)]
    if len(matches) == 1:
        return matches[0]
    raise PuzzleError(path, 1, 1, "cannot tell the genre from the file name or content; use --genre")


def read_data_sets(path: str, data: bytes, override: str | None = None) -> Sequence[DataSet]:
    """Every data set of one file, a bad one as its PuzzleError (contract.Reader.parse)."""
    return genre_of(path, data, override).parse(data, path)


def read_puzzles(path: str, data: bytes, override: str | None = None) -> list[Puzzle]:
    """Every puzzle of one file taken whole: the first bad data set is raised."""
    return puzzles_of(read_data_sets(path, data, override))
