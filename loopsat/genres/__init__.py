"""Every genre is a small module satisfying `Genre` (contract.py); `GENRES` maps names to them.

`READERS` adds the readers that are no genre (`url`: a file of URLs and game IDs); they only
`parse` and `sniff` (`Reader`), and the puzzles they return carry a real genre. `SETTERS` lists
the genres `loopsat generate` makes puzzles of (`Setter`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from loopsat.errors import PuzzleError
from loopsat.formats import url
from loopsat.genres import masyu, mcc, slink, slitherlink
from loopsat.genres.contract import Genre, Reader, Setter
from loopsat.puzzle import DataSet, Puzzle, puzzles_of, text_lines

GENRES: dict[str, Genre] = {"slitherlink": slitherlink, "masyu": masyu, "slink": slink, "mcc": mcc}
# The genres `loopsat generate` makes puzzles of (loopsat/setter/generate.py).
SETTERS: dict[str, Setter] = {"slitherlink": slitherlink, "masyu": masyu}
__all__ = [
    "GENRES",
    "READERS",
    "SETTERS",
    "SUFFIXES",
    "Genre",
    "Reader",
    "Setter",
    "genre_of",
    "read_data_sets",
    "read_puzzles",
]
READERS: dict[str, Reader] = {**GENRES, "url": url}
SUFFIXES: dict[str, str] = {
    ".slither": "slitherlink",
    ".masyu": "masyu",
    ".slink": "slink",
    ".url": "url",
    ".mcc": "mcc",
}


def genre_of(path: str, data: bytes, override: str | None = None) -> Reader:
    """The reader for a file: `--genre`, else its suffix, else an unambiguous sniff.

    A file of URLs is sniffed first: URLs are full of letters, which also look like SuperSlitherlink.
    """
    if override is not None:
        if override not in READERS:
            raise PuzzleError(path, 1, 1, f"unknown genre {override!r} (known: {', '.join(READERS)})")
        return READERS[override]
    suffix = Path(path).suffix.lower()
    if suffix in SUFFIXES:
        return READERS[SUFFIXES[suffix]]
    lines = text_lines(data, path)
    if url.sniff(lines):
        return url
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
