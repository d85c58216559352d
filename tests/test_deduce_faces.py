"""deduce/faces.py's arithmetic geometry against the lattice read point by point."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from loopsat.deduce import faces
from loopsat.deduce.faces import Face, _face, count_faces, dline_numbers, geometry
from loopsat.grid import lattice_edges

_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W, as a point's neighbours on the lattice


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4), (4, 1), (2, 2), (3, 5), (6, 4)])
def test_arms_match_the_lattice(rows: int, cols: int) -> None:
    index = {e: k for k, e in enumerate(lattice_edges(rows, cols))}
    arms, present = geometry(rows, cols)
    expected = [
        tuple(index.get((2 * r + dx, 2 * c + dy), -1) for dx, dy in _STEPS) for r in range(rows) for c in range(cols)
    ]
    assert arms == expected
    assert present == [tuple(k for k in dot if k >= 0) for dot in expected]


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (3, 5), (6, 4)])
def test_a_cells_count_is_found_by_its_edge_numbers_as_by_its_points(rows: int, cols: int) -> None:
    """_face against the lattice read point by point: each cell's four sides in any order, and
    four edges that are no cell (a cell's sides with one moved, every run of four)."""
    lattice = list(lattice_edges(rows, cols))
    index = {e: k for k, e in enumerate(lattice)}
    two = frozenset(p for p in range(16) if p.bit_count() == 2)

    def by_points(scope: tuple[int, ...]) -> Face | None:
        x = sum(lattice[k][0] for k in scope) // 4
        y = sum(lattice[k][1] for k in scope) // 4
        sides = tuple(index.get((x + dx, y + dy), -1) for dx, dy in _STEPS)
        if x % 2 == 0 or y % 2 == 0 or set(sides) != set(scope):
            return None
        corners = [((-1, 1), 2), ((1, 1), 3), ((1, -1), 0), ((-1, -1), 1)]
        return 2, sides, tuple(4 * (((x + dx) // 2) * cols + (y + dy) // 2) + i for (dx, dy), i in corners)

    scopes = [tuple(range(k, k + 4)) for k in range(len(lattice) - 3)]
    for x in range(1, 2 * rows - 2, 2):
        for y in range(1, 2 * cols - 2, 2):
            sides = [index[(x + dx, y + dy)] for dx, dy in _STEPS]
            moved = (*sides[:3], (sides[3] + 1) % len(lattice))
            scopes += [tuple(sides), tuple(reversed(sides)), (*sides[1:], sides[0]), moved]
    found = 0
    dline_numbers(rows * cols)  # what count_faces makes before it reads a face's corners
    for scope in scopes:
        face = _face(scope, two, cols)
        assert face == by_points(scope), scope
        found += face is not None
    assert found >= 3 * (rows - 1) * (cols - 1)


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (3, 5), (6, 4)])
def test_count_faces_reads_a_cells_sides_in_the_layouts_order_as_face_does(rows: int, cols: int) -> None:
    """count_faces' own reading of four sides in order (N, W, E, S) against _face, for every
    cell's sides in that order and others, four edges that are no cell, and a table that counts
    nothing (a stand-in board: its rules between the vertices' and the clues' ends)."""
    lattice = list(lattice_edges(rows, cols))
    index = {e: k for k, e in enumerate(lattice)}
    two = SimpleNamespace(allowed=frozenset(p for p in range(16) if p.bit_count() == 2))
    some = SimpleNamespace(allowed=frozenset({0, 3}))
    scopes: list[tuple[int, ...]] = [tuple(range(k, k + 4)) for k in range(len(lattice) - 3)]
    width = 2 * cols - 1  # and every four edges shaped as a cell's sides by their numbers alone
    scopes += [(k, k + cols - 1, k + cols, k + width) for k in range(len(lattice) - width)]
    for x in range(1, 2 * rows - 2, 2):
        for y in range(1, 2 * cols - 2, 2):
            sides = sorted(index[(x + dx, y + dy)] for dx, dy in _STEPS)
            scopes += [tuple(sides), tuple(reversed(sides)), (*sides[:3], (sides[3] + 1) % len(lattice))]
    rules = [(scope, two) for scope in scopes] + [(scope, some) for scope in scopes]
    board = SimpleNamespace(shape=(rows, cols), rules=[((0,), some), *rules], vertex_rules=1, clue_rules=len(rules) + 1)
    expected = [face for scope, table in rules if (face := _face(scope, table.allowed, cols)) is not None]
    assert count_faces(board) == expected  # type: ignore[arg-type]
    assert len(expected) >= 2 * (rows - 1) * (cols - 1)


def test_dline_numbers_grow_and_stay_right_in_any_order() -> None:
    for dots in (3, 1, 40, 7, 41, 0):
        dline_numbers(dots)
        assert faces.DLINES[:dots] == [(4 * v, 4 * v + 1, 4 * v + 2, 4 * v + 3) for v in range(dots)]
        assert faces.DOT_OF[: 4 * dots] == [d >> 2 for d in range(4 * dots)]
    assert len(faces.DLINES) * 4 == len(faces.DOT_OF)
