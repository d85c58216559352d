"""Tatham's save files as a player's board (`loopsat check`, `explain --hint`).

The two files under tests/data/tatham_saves are Debian's sgt-loopy and sgt-pearl's own
(`--generate 1 --save`); the moves are written here as his front ends write them: Loopy's edge
indices by a restatement of his grid library's construction (faces row by row, each face's
corners clockwise from the top left, an edge numbered when first met), Pearl's per-cell masks.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from damage import damage
from hypothesis import given, settings
from hypothesis import strategies as st

from loopsat.api import load, solve
from loopsat.errors import PuzzleError
from loopsat.formats.tatham_save import loopy_edges
from loopsat.grid import Point
from loopsat.solver.check import check, solved
from loopsat.solver.explain import read_partial

SAVES = Path(__file__).parent / "data" / "tatham_saves"
LOOPY = "5x5t0de:a22e123c3a020b2a2a"
PEARL = "6x6de:bBbBhBWaWWbBhBbBWa"
TRUNCATED = (SAVES / "loopy-5x5.sav").read_bytes().split(b"a22e")[0] + b"a22e"  # DESC's 18 bytes cut to 4


def grid_c_edges(rows: int, cols: int) -> list[Point]:
    """grid.c's numbering, restated as it runs: walk each face's corners, number a side the first
    time its pair of corners is met."""
    index: dict[frozenset[Point], int] = {}
    for y in range(rows):
        for x in range(cols):
            corners = [(y, x), (y, x + 1), (y + 1, x + 1), (y + 1, x)]
            for k in range(4):
                index.setdefault(frozenset((corners[k], corners[(k + 1) % 4])), len(index))
    edges: list[Point] = [(0, 0)] * len(index)
    for pair, number in index.items():
        (a, b), (c, d) = sorted(pair)
        edges[number] = (a + c, b + d)  # the midpoint, in doubled coordinates
    return edges


def save(base: str, moves: list[tuple[str, str]], position: int | None = None) -> bytes:
    """Tatham's file `base` with `moves` ((key, value) records) appended and STATEPOS set."""
    lines = [line for line in (SAVES / base).read_text().splitlines() if not line.startswith(("NSTATES", "STATEPOS"))]
    count = str(len(moves) + 1)
    at = str(position if position is not None else len(moves) + 1)
    records = [*lines, f"NSTATES :{len(count)}:{count}", f"STATEPOS:{len(at)}:{at}"]
    records += [f"{key:<8}:{len(value)}:{value}" for key, value in moves]
    return ("\n".join(records) + "\n").encode()


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4), (3, 2), (5, 5), (7, 10)])
def test_loopy_edges_are_grid_c_s(rows: int, cols: int) -> None:
    assert loopy_edges(rows, cols) == grid_c_edges(rows, cols)


def test_a_saved_loopy_board_replays_to_what_the_player_saw() -> None:
    (puzzle,) = load(LOOPY)
    assert read_partial("g.sav", (SAVES / "loopy-5x5.sav").read_bytes(), puzzle) == {}
    (solution,) = solve(puzzle).solutions
    number = {edge: i for i, edge in enumerate(grid_c_edges(5, 5))}
    solve_move = "S" + "".join(f"{number[e]}{'y' if e in solution.edges else 'n'}" for e in sorted(number))
    whole = read_partial("s.sav", save("loopy-5x5.sav", [("SOLVE", solve_move)]), puzzle)
    assert solved(puzzle, whole) and check(puzzle, whole) == ([], True)
    first = min(solution.edges)
    wrong = [("MOVE", f"{number[first]}n"), ("MOVE", f"{number[first]}u{number[first]}y")]
    assert read_partial("m.sav", save("loopy-5x5.sav", wrong), puzzle) == {first: True}
    assert read_partial("u.sav", save("loopy-5x5.sav", wrong, position=2), puzzle) == {first: False}  # one undone
    restarted = read_partial("r.sav", save("loopy-5x5.sav", [("SOLVE", solve_move), ("RESTART", "x")]), puzzle)
    assert restarted == {}


def test_a_saved_pearl_board_replays_to_what_the_player_saw() -> None:
    (puzzle,) = load(PEARL)
    assert read_partial("p.sav", (SAVES / "pearl-6x6.sav").read_bytes(), puzzle) == {}
    (solution,) = solve(puzzle).solutions
    bits = {(0, 1): 1, (-1, 0): 2, (0, -1): 4, (1, 0): 8}
    masks = {
        (row, col): sum(bit for (di, dj), bit in bits.items() if (2 * row + di, 2 * col + dj) in solution.edges)
        for row in range(6)
        for col in range(6)
    }
    solve_move = "S;" + ";".join(f"R{mask},{col},{row}" for (row, col), mask in masks.items())
    whole = read_partial("s.sav", save("pearl-6x6.sav", [("SOLVE", solve_move)]), puzzle)
    assert solved(puzzle, whole) and set(whole) == {e for e in whole if whole[e]} == set(solution.edges)
    # A line flipped on between (0, 0) and (0, 1) (both halves, as Pearl writes it), then a cross
    # below (0, 0), then the line flipped off again and undone.
    moves = [("MOVE", "F1,0,0;F4,1,0"), ("MOVE", "M8,0,0;M2,0,1"), ("MOVE", "F1,0,0;F4,1,0")]
    assert read_partial("m.sav", save("pearl-6x6.sav", moves), puzzle) == {(1, 0): False}
    assert read_partial("u.sav", save("pearl-6x6.sav", moves, position=3), puzzle) == {(0, 1): True, (1, 0): False}


@pytest.mark.parametrize(
    ("puzzle", "data", "message"),
    [
        (PEARL, (SAVES / "loopy-5x5.sav").read_bytes(), "a save file of 'Loopy', not of this masyu"),
        (
            "5x5t0de:a22e123c3a020b2a3a",
            (SAVES / "loopy-5x5.sav").read_bytes(),
            "the save file's puzzle is not this one",
        ),
        (LOOPY, save("loopy-5x5.sav", [("MOVE", "60y")]), "not a Loopy move on this board: '60y'"),
        (PEARL, save("pearl-6x6.sav", [("MOVE", "H")]), "a hint (H), which only Tatham's solver can replay: 'H'"),
        (PEARL, save("pearl-6x6.sav", [("MOVE", "F1,6,0")]), "not a Pearl move on this board: 'F1,6,0'"),
        (LOOPY, TRUNCATED, "the record ends before its 18 bytes"),
        (LOOPY, (SAVES / "loopy-5x5.sav").read_bytes() + b"junk\n", "expected a save record"),
    ],
)
def test_a_bad_save_is_a_located_error(puzzle: str, data: bytes, message: str) -> None:
    (board,) = load(puzzle)
    with pytest.raises(PuzzleError, match=None) as raised:
        read_partial("x.sav", data, board)
    assert raised.value.args[0].startswith(message), str(raised.value)
    assert raised.value.line >= 1


def test_check_reads_a_save_on_the_command_line(cli) -> None:
    done = cli("check", "--json", LOOPY, str(SAVES / "loopy-5x5.sav"))
    assert done.exit_code == 0, done.stderr
    assert done.stdout == '{"faults": [], "completable": true, "solved": false}\n'


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_any_damage_to_a_save_is_a_located_error_or_a_board(data: st.DataObject) -> None:
    """Bytes dropped, doubled or replaced anywhere in a save with moves: a board or a PuzzleError."""
    number = len(grid_c_edges(5, 5))
    moves = [("MOVE", f"{data.draw(st.integers(0, number - 1))}{data.draw(st.sampled_from('ynu'))}") for _ in range(3)]
    raw = bytearray(save("loopy-5x5.sav", moves, position=data.draw(st.integers(1, 4))))
    damage(raw, data, st.integers(0, 255))
    (puzzle,) = load(LOOPY)
    try:
        lines = read_partial("x.sav", bytes(raw), puzzle)
    except PuzzleError as error:
        assert error.line >= 1 and error.column >= 1
    else:
        assert all(isinstance(on, bool) for on in lines.values())


def test_a_save_file_is_a_puzzle_file(tmp_path: Path) -> None:
    """`loopsat solve game.sav`: the save's own puzzle, by suffix or by its first line."""
    for name, game_id in (("loopy-5x5.sav", LOOPY), ("pearl-6x6.sav", PEARL)):
        renamed = tmp_path / f"{name}.txt"
        renamed.write_bytes((SAVES / name).read_bytes())
        (expected,) = load(game_id)
        for path in (SAVES / name, renamed):
            (puzzle,) = load(path)
            assert (puzzle.genre, puzzle.grid, puzzle.path) == (expected.genre, expected.grid, str(path))


def test_a_save_alone_is_the_puzzle_and_the_board(cli) -> None:
    """`loopsat check game.sav` and `explain --hint game.sav`: the save's puzzle and its moves."""
    game = "puzzles/masyu/tatham-6x6.sav"  # four moves: a line through the white at (2, 3) turns there
    done = cli("check", game)
    assert done.exit_code == 1
    assert done.stdout == "h[2][2], v[2][3] break the white circle at (2, 3)\ncan no longer be completed\n"
    assert cli("explain", "--hint", game).stdout.endswith("no next step: no solution has these lines\n")
    fresh = cli("explain", "--hint", str(SAVES / "pearl-6x6.sav"))
    assert fresh.exit_code == 0 and fresh.stdout.startswith("white circle")
    done = cli("check", "puzzles/masyu/pzprjs-6x6.masyu")
    assert done.exit_code == 2 and "PARTIAL" in done.stderr and done.stderr.count("\n") == 1
