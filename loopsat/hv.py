"""The JSON's h/v layout of a board's edges (docs/json.md), written once.

On a lattice of rows × cols tiles, `h[i][j]` is the edge joining tiles (i, j) and (i, j+1), in
Knuth's doubled coordinates (2i, 2j+1); `v[i][j]` joins (i, j) and (i+1, j), at (2i+1, 2j).
`solve --json`, `--certain`, `explain` and partial solutions all use it; the verifier keeps its
own restatement on purpose, so that a slip here cannot vouch for itself.
"""

from __future__ import annotations

from collections.abc import Callable, Container

from loopsat.grid import Point, lattice_points

KINDS = ("h", "v")


def shape(kind: str, rows: int, cols: int) -> tuple[int, int]:
    """How many strings the kind has, and how many characters each."""
    return (rows, cols - 1) if kind == "h" else (rows - 1, cols)


def edge_at(kind: str) -> Callable[[int, int], Point]:
    """The edge of `kind`[i][j]."""
    return (lambda i, j: (2 * i, 2 * j + 1)) if kind == "h" else (lambda i, j: (2 * i + 1, 2 * j))


def index(edge: Point) -> tuple[str, int, int]:
    """Where an edge stands in the strings: its kind and i, j."""
    x, y = edge
    return ("v", x // 2, y // 2) if x % 2 else ("h", x // 2, y // 2)


def edges(rows: int, cols: int) -> list[Point]:
    """Every edge in the strings' order: h row by row, then v."""
    listed: list[Point] = []
    for kind in KINDS:
        at, (lines, length) = edge_at(kind), shape(kind, rows, cols)
        listed += [at(i, j) for i in range(lines) for j in range(length)]
    return listed


def strings(rows: int, cols: int, on: Container[Point]) -> tuple[list[str], list[str]]:
    """The h and v bit strings of a set of edges: 1 in it, 0 not. The lattice's edges tested in
    C in its order (a row of tiles' edges across, its h line, then those down, its v line), then
    cut into lines: a test each in Python, a call and a tuple each, cost a fresh 60×60 `solve
    --json` 12.6 M instructions for its loop (callgrind), this way 3.3 M."""
    text = bytes(map(on.__contains__, lattice_points(rows, cols))).translate(_DIGITS).decode()
    width = 2 * cols - 1  # a row of tiles' edges: cols - 1 across, cols down
    h = [text[i * width : i * width + cols - 1] for i in range(rows)]
    v = [text[i * width + cols - 1 : (i + 1) * width] for i in range(rows - 1)]
    return h, v


_DIGITS = bytes.maketrans(b"\0\1", b"01")  # an edge's test (False, True) as its bit
