"""Every genre is a small module with the same interface; `GENRES` maps names to them."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from loopsat.errors import PuzzleError
from loopsat.genres import masyu, slink, slitherlink
from loopsat.puzzle import text_lines

GENRES: dict[str, ModuleType] = {"slitherlink": slitherlink, "masyu": masyu, "slink": slink}
SUFFIXES: dict[str, str] = {".slither": "slitherlink", ".masyu": "masyu", ".slink": "slink"}


def genre_of(path: str, data: bytes, override: str | None = None) -> ModuleType:
    """The genre module for a file: `--genre`, else its suffix, else an unambiguous sniff."""
    if override is not None:
        if override not in GENRES:
            raise PuzzleError(path, 1, 1, f"unknown genre {override!r} (known: {', '.join(GENRES)})")
        return GENRES[override]
    suffix = Path(path).suffix.lower()
    if suffix in SUFFIXES:
        return GENRES[SUFFIXES[suffix]]
    lines = text_lines(data, path)
    matches = [module for module in GENRES.values() if module.sniff(lines)]
    if len(matches) == 1:
        return matches[0]
    raise PuzzleError(path, 1, 1, "cannot tell the genre from the file name or content; use --genre")


def read_puzzles(path: str, data: bytes, override: str | None = None) -> list:
    """Every puzzle in one file."""
    return genre_of(path, data, override).parse(data, path)
