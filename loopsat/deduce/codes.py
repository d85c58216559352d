"""Each dot's arms and each cell's sides as one small int, kept up to date as edges are decided,
for the pairs' levels (deduce/pairs.py, tricky.py, relations.py) to look their plans up by
(deduce/dots.py, cells.py). A look read the four values into a tuple (an itemgetter, or four
subscripts) and found its plan by that tuple in a dict (hashed, then compared): 1 670
instructions, against 170 for a subscript of a list of codes and one of a list of plans
(callgrind, 23 000 looks). A 60×60 solve makes some 55 000 looks, and decides 7 320 edges,
each of which adds to four codes here.

A code is sum((s[i] + 1) * 3**i) over the four states s (N, E, S, W; -1 open, 0 off, 1 on; off
the lattice: off), from 0 to 80: int objects Python keeps made, never allocated."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

# a clue's cell as the pairs' levels read it: its clue, sides N, E, S, W, corners' dlines NE, SE,
# SW, NW (faces.Face), and where its code is in a board's codes (`cell_at`)
CodedFace = tuple[int, tuple[int, int, int, int], tuple[int, int, int, int], int]

# each code's four states, N, E, S, W
STATES: list[tuple[int, int, int, int]] = [(c % 3 - 1, c // 3 % 3 - 1, c // 9 % 3 - 1, c // 27 - 1) for c in range(81)]


def code_of(states: Sequence[int]) -> int:
    """The code of four states, N, E, S, W."""
    n, e, s, w = states
    return n + 3 * e + 9 * s + 27 * w + 40


def cell_at(dots: int, cols: int, north_west: int) -> int:
    """Where in a board's codes the cell whose north-west dot is `north_west` has its own."""
    return dots + cols + north_west


@lru_cache(maxsize=8)  # as faces.geometry: a batch of boards of mixed sizes keeps a few
def open_codes(rows: int, cols: int) -> list[int]:
    """The codes of a rows × cols lattice of dots whose every edge is open: each dot's (arms off
    the lattice are off), then `cols` places no cell has, then each cell's by its north-west dot
    (`cell_at`; a dot in the last row or column has none: its place is never read). Copied by
    each board; a row's pattern repeated, not worked out dot by dot."""
    middle = [0] * cols
    middle[0] += 27  # the west arm off the lattice
    middle[-1] += 3  # the east one
    if rows == 1:
        dots = [c + 1 + 9 for c in middle]
    else:
        dots = [c + 1 for c in middle] + middle * (rows - 2) + [c + 9 for c in middle]
    return dots + [0] * (cols + rows * cols)


def add_decided(
    codes: list[int], edges: Sequence[int], value: Sequence[int], ends: Sequence[tuple[int, int]], cols: int
) -> None:
    """Count each of `edges`, just decided, in the codes of its two dots and the two cells beside
    it (a cell on the border's other side has a place never read). An edge across joins dot a
    (its east arm) to a + 1 (west), and is the north side of the cell of a, the south one of the
    cell above; an edge down joins a (south) to a + cols (north), the west side of the cell of a,
    the east one of the cell of a - 1. Weights by arithmetic, not a table an edge: none made."""
    dots = (len(codes) - cols) // 2
    below = dots + cols  # the cell of dot a
    above = dots  # the cell of dot a - cols
    left = below - 1  # the cell of dot a - 1
    for k in edges:
        a, b = ends[k]
        bit = value[k] + 1
        if b - a == cols:  # down (a lattice one dot wide has only these)
            codes[a] += 9 * bit
            codes[b] += bit
            codes[a + below] += 27 * bit
            codes[a + left] += 3 * bit
        else:
            codes[a] += 3 * bit
            codes[b] += 27 * bit
            codes[a + below] += bit
            codes[a + above] += 9 * bit
