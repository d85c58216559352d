"""An independent referee: checks a solution against the genre's rules as a person states them.

It reads the Puzzle and the solution's h/v bit strings (docs/json.md) and shares no code with the
model, the generators or the backend, so a bug there cannot hide itself here. That is why it
restates each genre's rules itself and looks genres up by name: this twin of the genre modules
is deliberate, the one place where the rules are written twice.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from loopsat.errors import VerificationError
from loopsat.puzzle import Puzzle
from loopsat.tuples import NamedTuple

Vertex = tuple[int, int]


def verify(
    puzzle: Puzzle, h: list[str], v: list[str], *, single_loop: bool = True, options: Sequence[str] | None = None
) -> None:
    """Raise VerificationError unless (h, v) is one loop obeying every clue of `puzzle`.

    With `single_loop=False` (DLX3's solutions) any number of disjoint loops, none included, pass;
    on an MCC file, DLX3's rules alone: the exact cover and its colours. `options` (an MCC
    file's only) are the option lines the solution claims to choose: then that set is checked.
    """
    if puzzle.genre == "mcc":
        _mcc(puzzle, h, v, single_loop, options)
        return
    checks: dict[str, Callable[[Puzzle, list[str], list[str], bool], None]] = {
        "slitherlink": _slitherlink,
        "slink": _slitherlink,
        "masyu": _masyu,
    }
    checks[puzzle.genre](puzzle, h, v, single_loop)


def _fail(message: str) -> None:
    raise VerificationError(message)


def _checked_bits(h: list[str], v: list[str], rows: int, cols: int) -> int:
    """How many edges are on, after checking the bit strings' shape (a lattice of rows × cols
    points)."""
    if len(h) != rows or any(len(s) != cols - 1 for s in h):
        _fail(f"h must be {rows} strings of {cols - 1} bits")
    if len(v) != rows - 1 or any(len(s) != cols for s in v):
        _fail(f"v must be {rows - 1} strings of {cols} bits")
    bits = "".join(h + v)
    if not set(bits) <= {"0", "1"}:
        _fail("edge bits must be 0 or 1")
    return bits.count("1")


def _loop_edges(h: list[str], v: list[str]) -> list[tuple[Vertex, Vertex]]:
    """The on-edges, as pairs of points (`_checked_bits` first)."""
    edges = [((i, j), (i, j + 1)) for i, s in enumerate(h) for j, ch in enumerate(s) if ch == "1"]
    edges += [((i, j), (i + 1, j)) for i, s in enumerate(v) for j, ch in enumerate(s) if ch == "1"]
    return edges


def _arms(h: list[str], v: list[str], point: Vertex) -> list[Vertex]:
    """The points joined to `point` by an on-edge: W, E, N, S (`_cycles`' order)."""
    i, j = point
    found = []
    if j > 0 and h[i][j - 1] == "1":
        found.append((i, j - 1))
    if j < len(h[i]) and h[i][j] == "1":
        found.append((i, j + 1))
    if i > 0 and v[i - 1][j] == "1":
        found.append((i - 1, j))
    if i < len(v) and v[i][j] == "1":
        found.append((i + 1, j))
    return found


def _loops(h: list[str], v: list[str], on: int, single_loop: bool) -> None:
    """Check degree 2 everywhere on the path and (if asked) one connected cycle of all `on`
    edges: each row's points' degrees as bits of four ints (the edges left, right, up and down
    of each; none odd, none four), then one loop walked from its first edge. Listing every edge
    and every point's arms first (`_cycles`, kept to say what is wrong) cost a fresh 60×60
    `solve --json` 283 page faults (1.1 MB touched) and 13.7 M of its 899 M instructions."""
    rows, down = len(h), 0
    for i, row in enumerate(h):
        up, down = down, int(v[i], 2) if i < rows - 1 else 0
        left, right = int("0" + row, 2), int(row + "0", 2)
        if left ^ right ^ up ^ down or left & right & up & down:
            _cycles(_loop_edges(h, v), single_loop)  # refuses a point of one, three or four
            return
    if not single_loop:
        return
    if not on:
        _fail("no edge is on the loop")
    # one loop walked from its first edge east, a step (di, dj) at a time, never back
    i = start = next(i for i, row in enumerate(h) if "1" in row)
    j = first = h[start].index("1")
    di, dj, steps, last = 0, 1, 0, len(h[0])
    while True:
        i, j, steps = i + di, j + dj, steps + 1
        if j == first and i == start:
            break
        if dj != -1 and j < last and h[i][j] == "1":
            di, dj = 0, 1
        elif dj != 1 and j > 0 and h[i][j - 1] == "1":
            di, dj = 0, -1
        elif di != -1 and i < rows - 1 and v[i][j] == "1":
            di, dj = 1, 0
        else:
            di, dj = -1, 0
    if steps != on:
        _cycles(_loop_edges(h, v), single_loop)  # fails: more than one loop


def _cycles(edges: list[tuple[Vertex, Vertex]], single_loop: bool) -> None:
    """Check degree 2 everywhere on the path and (if asked) one connected cycle."""
    if not edges and single_loop:
        _fail("no edge is on the loop")
    adjacent: dict[Vertex, list[Vertex]] = {}
    for a, b in edges:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    for vertex, arms in adjacent.items():
        if len(arms) != 2:
            _fail(f"point {vertex} has {len(arms)} loop edges, not 2")
    if not single_loop:
        return
    start = next(iter(adjacent))
    previous, current, steps = None, start, 0
    while True:
        a, b = adjacent[current]
        previous, current = current, (b if a == previous else a)
        steps += 1
        if current == start:
            break
    if steps != len(edges):
        _fail(f"the edges form more than one loop (a cycle of {steps} of {len(edges)} edges)")


def _mcc(puzzle: Puzzle, h: list[str], v: list[str], single_loop: bool, options: Sequence[str] | None) -> None:
    """Loops on the tile lattice, using only edges the MCC's item line declares (secondary items
    named by two coordinate characters), and an exact cover behind them: some set of the MCC's
    options (or the one claimed) covers every primary item within its multiplicity, agrees on
    every secondary item's colour, and colours exactly the loop's edges 1. Without the single
    loop, or with no edge items (no loop to ask for), DLX3's rules alone: no degree is checked."""
    _checked_bits(h, v, puzzle.rows, puzzle.cols)
    edges = _loop_edges(h, v)
    cover = _read_mcc(puzzle.lines)
    if single_loop and cover.edges:
        _cycles(edges, True)
    on: set[str] = set()
    for a, b in edges:
        x, y = a[0] + b[0], a[1] + b[1]  # the edge's midpoint in doubled coordinates
        name = _CODE_CHARS[x] + _CODE_CHARS[y]
        if name not in cover.edges:
            _fail(f"edge ({x},{y}) is no item of the MCC")
        on.add(name)
    if options is not None:
        _claimed_cover(cover, options, on)
    elif not _exact_cover(cover, frozenset(on)):
        _fail("no set of the MCC's options covers its items and colours exactly these edges 1")


def _claimed_cover(cover: _Mcc, lines: Sequence[str], on: set[str]) -> None:
    """The option lines are options of the MCC (a line written twice there may be chosen twice)
    that cover each primary item lo..hi times, give each secondary item one colour (or a single
    uncoloured use), and colour exactly the edges in `on` 1."""
    chosen = [_entries(line) for line in lines]
    available = Counter(cover.options)
    for option, times in Counter(chosen).items():
        if available[option] < times:
            _fail(f"{' '.join(n if c is None else f'{n}:{c}' for n, c in option)!r} is no option of the MCC")
    counts = dict.fromkeys(cover.bounds, 0)
    colours: dict[str, str | None] = {}
    for option in chosen:
        for name, colour in option:
            if name in counts:
                counts[name] += 1
            elif name not in colours:
                colours[name] = colour
            elif colour is None or colours[name] is None or colours[name] != colour:
                _fail(f"the chosen options use secondary item {name!r} in clashing ways")
    for name, (lo, hi) in cover.bounds.items():
        if not lo <= counts[name] <= hi:
            _fail(f"primary item {name!r} is covered {counts[name]} times, not {lo}..{hi}")
    if {name for name, colour in colours.items() if colour == "1" and name in cover.edges} != on:
        _fail("the chosen options do not colour exactly the loop's edges 1")


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


def _slitherlink(puzzle: Puzzle, h: list[str], v: list[str], single_loop: bool) -> None:
    m, n = puzzle.rows, puzzle.cols
    _loops(h, v, _checked_bits(h, v, m + 1, n + 1), single_loop)

    def sides(i: int, j: int) -> dict[str, bool]:
        return {"N": h[i][j] == "1", "S": h[i + 1][j] == "1", "W": v[i][j] == "1", "E": v[i][j + 1] == "1"}

    letter_count: dict[str, int] = {}
    for i, row in enumerate(puzzle.grid):
        for j, ch in enumerate(row):
            if ch == ".":
                continue
            if ch in "01234":  # counted off the four bits, no dict: a 60×60's cells in 1.0 ms, not 1.75
                on = (h[i][j] + h[i + 1][j] + v[i][j] + v[i][j + 1]).count("1")
                if on != int(ch):
                    _fail(f"cell ({i},{j}) has {on} loop edges, its clue is {ch}")
            else:
                around = sides(i, j)
                neighbours = {"N": (i - 1, j), "S": (i + 1, j), "W": (i, j - 1), "E": (i, j + 1)}
                for side, (a, b) in neighbours.items():
                    same = 0 <= a < m and 0 <= b < n and puzzle.grid[a][b] == ch
                    if same and around[side]:
                        _fail(f"edge {side} of cell ({i},{j}) lies inside region {ch!r}")
                    if not same and around[side]:
                        letter_count[ch] = letter_count.get(ch, 0) + 1
    for letter, clue in puzzle.letters.items():
        if letter_count.get(letter, 0) != clue:
            _fail(f"region {letter!r} has {letter_count.get(letter, 0)} boundary loop edges, its clue is {clue}")


def _masyu(puzzle: Puzzle, h: list[str], v: list[str], single_loop: bool) -> None:
    m, n = puzzle.rows, puzzle.cols
    _loops(h, v, _checked_bits(h, v, m, n), single_loop)

    def straight(cell: Vertex) -> bool:
        """Whether the loop goes straight through `cell` (on it: its two loop edges are known)."""
        i, j = cell
        return (0 < j < n - 1 and h[i][j - 1] == "1" == h[i][j]) or (0 < i < m - 1 and v[i - 1][j] == "1" == v[i][j])

    for i, row in enumerate(puzzle.grid):
        for j, ch in enumerate(row):
            if ch == ".":
                continue
            cell = (i, j)
            arms = _arms(h, v, cell)
            if not arms:
                _fail(f"circle at ({i},{j}) is not on the loop")
            if ch == "0":
                if not straight(cell):
                    _fail(f"white circle at ({i},{j}) turns")
                if all(straight(nb) for nb in arms):
                    _fail(f"white circle at ({i},{j}) has no turn next to it")
            else:
                if straight(cell):
                    _fail(f"black circle at ({i},{j}) goes straight")
                for nb in arms:
                    if not straight(nb):
                        _fail(f"black circle at ({i},{j}) turns again at {nb}")
