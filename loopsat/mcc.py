"""MCC text, the input language of Knuth's DLX3: written byte-identical to his generators, and read."""

from __future__ import annotations

import re

from loopsat.errors import PuzzleError
from loopsat.grid import decode
from loopsat.model import ExactCover, Item, Option

MAX_MULTIPLICITY = 2**31 - 1  # DLX3 reads bounds into C ints; beyond them CP-SAT's domains overflow
_ITEM_TOKEN = re.compile(r"\||[^\s|]\S*")  # DLX3 takes `|x` as the separator, then x
_BOUND = re.compile(r"(?:(\d*):)?(\d+)\|(.+)")  # DLX3 reads an empty lower bound as 0


def write(cover: ExactCover) -> str:
    """The MCC text of `cover`, as Knuth's generators print it."""
    out = [f"| {line}\n" for line in cover.comments]
    primary = "".join(item.spelled() + " " for item in cover.primary)
    if cover.bar:
        out.append(primary + "|" + "".join(" " + item.name for item in cover.secondary) + "\n")
    else:
        out.append(primary.rstrip(" ") + "\n")
    out.extend(option.line() + "\n" for option in cover.options)
    return "".join(out)


def read(text: str, path: str = "<mcc>") -> ExactCover:
    """Parse MCC text (DLX3's grammar); two-character names that decode to an edge become edges.

    Header comments (before the item line) are kept; blank option lines are kept as empty
    options so that a write of what was read gives back the same bytes.
    """
    comments: list[str] = []
    cover: ExactCover | None = None
    known: dict[str, Item] = {}  # built once: per option line it made a 30×30 export take 16 s to read
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r")
        if line.lstrip().startswith("|"):
            if cover is None:
                comments.append(line.lstrip()[2:] if line.lstrip().startswith("| ") else "")
            continue
        if cover is None:
            if not line.strip():
                continue
            cover = _item_line(line, path, number)
            cover.comments = comments
            known = {item.name: item for item in cover.items}
            continue
        cover.options.append(_option_line(line, known, path, number))
    if cover is None:
        raise PuzzleError(path, 1, 1, "no item-name line")
    return cover


def _item_line(line: str, path: str, number: int) -> ExactCover:
    items: list[Item] = []
    edges: dict[str, tuple[int, int]] = {}
    primary = True
    bar = False
    seen: set[str] = set()
    for match in _ITEM_TOKEN.finditer(line):
        token, col = match.group(), match.start() + 1
        if token == "|":
            if bar:
                raise PuzzleError(path, number, col, "a second `|` in the item-name line")
            primary, bar = False, True
            continue
        bounded = _BOUND.fullmatch(token)
        if bounded and primary:
            lo_text, hi_text, name = bounded.groups()
            hi = int(hi_text)
            lo = int(lo_text or 0) if lo_text is not None else hi
            if hi == 0 or lo > hi:
                raise PuzzleError(path, number, col, f"bad multiplicity in {token!r}")
            if hi > MAX_MULTIPLICITY:
                raise PuzzleError(path, number, col, f"multiplicity {hi} is beyond DLX3's {MAX_MULTIPLICITY}")
            item = Item(name, True, lo, hi, explicit=True, no_lower=lo_text == "")
        else:
            name = token
            item = Item(name, primary)
        if ":" in name or "|" in name:
            raise PuzzleError(path, number, col, f"illegal item name {token!r}")
        if name in seen:
            raise PuzzleError(path, number, col, f"duplicate item name {name!r}")
        seen.add(name)
        items.append(item)
        if not primary and len(name) == 2:
            x, y = decode(name[0]), decode(name[1])
            if x >= 0 and y >= 0 and (x + y) % 2:
                edges[name] = (x, y)
    return ExactCover(items, [], edges=edges, bar=bar)


def _option_line(line: str, known: dict[str, Item], path: str, number: int) -> Option:
    entries: list[tuple[str, str | None]] = []
    named: set[str] = set()
    for match in re.finditer(r"\S+", line):
        token, col = match.group(), match.start() + 1
        name, _, colour = token.partition(":")
        item = known.get(name)
        if item is None:
            raise PuzzleError(path, number, col, f"unknown item name {name!r}")
        if ":" in token and (len(colour) != 1 or item.primary):
            raise PuzzleError(path, number, col, f"bad colour in {token!r}")
        if name in named:
            raise PuzzleError(path, number, col, f"item {name!r} named twice in one option")
        named.add(name)
        entries.append((name, colour if ":" in token else None))
    return Option(tuple(entries), trailing_blank=line.endswith(" ") and bool(entries))
