"""deduce/codes.py's codes, kept edge by edge, against each dot's arms and each cell's sides read
from the edges' values (as the pairs' levels read them before the codes)."""

from __future__ import annotations

import random
from itertools import product

import pytest

from loopsat.deduce.codes import STATES, add_decided, cell_at, code_of, open_codes
from loopsat.deduce.faces import geometry
from loopsat.deduce.layout import Layout


def test_states_and_codes_are_inverse() -> None:
    assert sorted(code_of(states) for states in product((-1, 0, 1), repeat=4)) == list(range(81))
    assert all(code_of(STATES[code]) == code for code in range(81))


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4), (4, 1), (2, 2), (3, 5), (6, 4)])
@pytest.mark.parametrize("seed", [1, 2])
def test_codes_follow_the_edges_decided(rows: int, cols: int, seed: int) -> None:
    """Edges decided in batches of random sizes and order: after each batch, every dot's code is
    that of its arms N, E, S, W (off the lattice: off), and every cell's that of its sides."""
    rng = random.Random(seed * 100 + rows * 10 + cols)
    layout = Layout()
    layout._lay(rows, cols)
    arms = geometry(rows, cols)[0]
    value = [-1] * len(layout.lattice)
    codes = open_codes(rows, cols).copy()
    order = list(range(len(value)))
    rng.shuffle(order)
    while order:
        size = rng.randint(1, 5)
        batch, order = order[:size], order[size:]
        for k in batch:
            value[k] = rng.randint(0, 1)
        add_decided(codes, batch, value, layout.ends, cols)
        for v, dot in enumerate(arms):
            assert codes[v] == code_of([value[k] if k >= 0 else 0 for k in dot])
        for r, c in product(range(rows - 1), range(cols - 1)):
            v = r * cols + c
            sides = (arms[v][1], arms[v + 1][2], arms[v + cols][1], arms[v][2])  # N, E, S, W
            assert codes[cell_at(len(arms), cols, v)] == code_of([value[k] for k in sides])
