"""The referee of an MCC file's solution (verify.py's, for `genre == "mcc"`): loops on the tile
lattice, on the edges the MCC declares, and an exact cover behind them, by DLX3's rules read
here again. Apart from verify.py so that a solve of another genre does not define what only an
MCC file needs (its NamedTuple and its exact-cover search, 40 KB of a solve's bytecode)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from loopsat.puzzle import Puzzle
from loopsat.tuples import NamedTuple
from loopsat.verify import checked_bits, cycles, fail, loop_edges


def mcc(puzzle: Puzzle, h: list[str], v: list[str], single_loop: bool, options: Sequence[str] | None) -> None:
    """Loops on the tile lattice, using only edges the MCC's item line declares (secondary items
    named by two coordinate characters), and an exact cover behind them: some set of the MCC's
    options (or the one claimed) covers every primary item within its multiplicity, agrees on
    every secondary item's colour, and colours exactly the loop's edges 1. Without the single
    loop, or with no edge items (no loop to ask for), DLX3's rules alone: no degree is checked."""
    checked_bits(h, v, puzzle.rows, puzzle.cols)
    edges = loop_edges(h, v)
    cover = _read_mcc(puzzle.lines)
    if single_loop and cover.edges:
        cycles(edges, True)
    on: set[str] = set()
    for a, b in edges:
        x, y = a[0] + b[0], a[1] + b[1]  # the edge's midpoint in doubled coordinates
        name = _CODE_CHARS[x] + _CODE_CHARS[y]
        if name not in cover.edges:
            fail(f"edge ({x},{y}) is no item of the MCC")
        on.add(name)
    if options is not None:
        _claimed_cover(cover, options, on)
    elif not _exact_cover(cover, frozenset(on)):
        fail("no set of the MCC's options covers its items and colours exactly these edges 1")


def _claimed_cover(cover: _Mcc, lines: Sequence[str], on: set[str]) -> None:
    """The option lines are options of the MCC (a line written twice there may be chosen twice)
    that cover each primary item lo..hi times, give each secondary item one colour (or a single
    uncoloured use), and colour exactly the edges in `on` 1."""
    chosen = [_entries(line) for line in lines]
    available = Counter(cover.options)
    for option, times in Counter(chosen).items():
        if available[option] < times:
            fail(f"{' '.join(n if c is None else f'{n}:{c}' for n, c in option)!r} is no option of the MCC")
    counts = dict.fromkeys(cover.bounds, 0)
    colours: dict[str, str | None] = {}
    for option in chosen:
        for name, colour in option:
            if name in counts:
                counts[name] += 1
            elif name not in colours:
                colours[name] = colour
            elif colour is None or colours[name] is None or colours[name] != colour:
                fail(f"the chosen options use secondary item {name!r} in clashing ways")
    for name, (lo, hi) in cover.bounds.items():
        if not lo <= counts[name] <= hi:
            fail(f"primary item {name!r} is covered {counts[name]} times, not {lo}..{hi}")
    if {name for name, colour in colours.items() if colour == "1" and name in cover.edges} != on:
        fail("the chosen options do not colour exactly the loop's edges 1")


def _entries(line: str) -> tuple[Entry, ...]:
    return tuple((token.partition(":")[0], token.partition(":")[2] or None) for token in line.split())


_CODE_CHARS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
Entry = tuple[str, str | None]  # (item name, colour or None)


class _Mcc(NamedTuple):
    """What the referee reads from MCC text: multiplicities, secondary items, the options that
    name a primary item (DLX3 never chooses the others), and what each option can satisfy. A
    NamedTuple: a frozen dataclass cost every process 0.7 ms to define, MCC or not."""

    bounds: dict[str, tuple[int, int]]
    secondary: frozenset[str]
    edges: frozenset[str]  # the secondary items that are edges
    options: tuple[tuple[Entry, ...], ...]
    # per option: the edges it colours 1, and the edges it uses otherwise
    edge_colours: tuple[tuple[frozenset[str], frozenset[str]], ...]
    needing: tuple[tuple[str, ...], ...]  # per option: its primary items and the edges it colours 1


@lru_cache(maxsize=4)
def _read_mcc(lines: tuple[str, ...]) -> _Mcc:
    """DLX3's grammar, read here again: `|` comment lines, the item line (`lo:hi|x`, `m|x` or
    `x`; a lone `|` before the secondary items), then one option per line (`x` or `x:c`)."""
    bounds: dict[str, tuple[int, int]] = {}
    secondary: set[str] = set()
    options: list[tuple[Entry, ...]] = []
    items_read = False
    for raw in lines:
        line = raw.rstrip("\r")
        if line.lstrip().startswith("|") or not (items_read or line.strip()):
            continue
        if not items_read:
            items_read = True
            tokens = re.findall(r"\||[^\s|]\S*", line)  # `|x`: the separator, then x
            bar = tokens.index("|") if "|" in tokens else len(tokens)
            for token in tokens[:bar]:
                spelled, _, name = token.rpartition("|")
                lo, colon, hi = spelled.partition(":")
                bounds[name] = (int(lo or 0), int(hi)) if colon else (int(lo or 1), int(lo or 1))
            secondary.update(tokens[bar + 1 :])
            continue
        option = _entries(line)
        if any(name in bounds for name, _ in option):
            options.append(option)
    edges = {name for name in secondary if len(name) == 2 and _is_edge(name)}
    edge_colours = tuple(
        (
            frozenset(name for name, colour in option if name in edges and colour == "1"),
            frozenset(name for name, colour in option if name in edges and colour != "1"),
        )
        for option in options
    )
    needing = tuple(
        tuple(name for name, colour in option if name in bounds or (name in edges and colour == "1"))
        for option in options
    )
    return _Mcc(bounds, frozenset(secondary), frozenset(edges), tuple(options), edge_colours, needing)


def _is_edge(name: str) -> bool:
    x, y = _CODE_CHARS.find(name[0]), _CODE_CHARS.find(name[1])
    return x >= 0 and y >= 0 and (x + y) % 2 == 1


def _exact_cover(cover: _Mcc, on: frozenset[str]) -> bool:
    """Whether some set of options covers each primary item lo..hi times, gives each secondary
    item one colour (or a single uncoloured use), and gives colour 1 to exactly the edges in
    `on`. Only options that fit the edges count; an item with a single one forces it (in
    Knuth's puzzles every item but a few), and a small backtracking search, the items with the
    fewest options first, settles the rest."""
    holding: dict[str, list[int]] = {name: [] for name in [*cover.bounds, *on]}
    for k, (ones, others) in enumerate(cover.edge_colours):
        if ones <= on and on.isdisjoint(others):
            for name in cover.needing[k]:
                holding[name].append(k)
    counts = dict.fromkeys(cover.bounds, 0)
    colours: dict[str, str | None] = {}  # None: used without a colour, so no other use may join

    def take(k: int) -> list[str] | None:
        """Choose option k unless it breaks a multiplicity or a colour; returns the secondary
        items it coloured first, for `drop`."""
        coloured: list[str] = []
        for name, colour in cover.options[k]:
            if name in counts:
                counts[name] += 1
                broken = counts[name] > cover.bounds[name][1]
            elif name in colours:
                broken = colour is None or colours[name] != colour
            else:
                colours[name] = colour
                coloured.append(name)
                broken = False
            if broken:
                drop(k, coloured, upto=name)
                return None
        return coloured

    def drop(k: int, coloured: list[str], upto: str | None = None) -> None:
        for name, _ in cover.options[k]:
            if name in counts:
                counts[name] -= 1
            if name == upto:
                break
        for name in coloured:
            del colours[name]

    chosen = {ks[0] for name, ks in holding.items() if len(ks) == 1 and cover.bounds.get(name, (1, 1))[0] > 0}
    if any(take(k) is None for k in chosen):
        return False
    needs = sorted(holding, key=lambda name: len(holding[name]))

    def met(name: str) -> bool:
        return counts[name] >= cover.bounds[name][0] if name in counts else colours.get(name) == "1"

    def extend(position: int) -> bool:
        while position < len(needs) and met(needs[position]):
            position += 1
        if position == len(needs):
            return True
        for k in holding[needs[position]]:
            if k in chosen:
                continue
            coloured = take(k)
            if coloured is None:
                continue
            chosen.add(k)
            if extend(position):
                return True
            drop(k, coloured)
            chosen.discard(k)
        return False

    return extend(0)
