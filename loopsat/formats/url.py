"""The `url` reader: a file of puzz.link URLs and Tatham game IDs, one puzzle per line.

It reads files like a genre (`parse`, `sniff`) but is none: each puzzle it returns carries its
own genre (slitherlink or masyu) and is numbered by its line, so labels read `FILE#LINE`.
"""

from __future__ import annotations

from loopsat.formats import decode, is_link
from loopsat.puzzle import Puzzle, text_lines

GENRE = "url"


def parse(data: bytes, path: str) -> list[Puzzle]:
    """One puzzle per non-blank line."""
    lines = text_lines(data, path)
    return [decode(line, path, number, number) for number, line in enumerate(lines, start=1) if line.strip()]


def sniff(lines: list[str]) -> bool:
    """Every non-blank line is a URL or a game ID."""
    return all(is_link(line) for line in lines if line.strip())
