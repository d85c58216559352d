"""`loopsat check`: a player's lines against the rules and the one solution."""

from __future__ import annotations

import json
from pathlib import Path

from damage import damage
from hypothesis import given, settings
from hypothesis import strategies as st

from loopsat.api import load, solve
from loopsat.grid import Point, lattice_edges
from loopsat.solver.check import check, line_name

PUZZLE = "puzzles/slitherlink/pzprjs-5x5.slither"  # 2..1. / .2..1 / ..2.. / 3..3. / .0..3, unique


def test_one_line_on_or_off_is_completable_exactly_as_the_solution_has_it() -> None:
    (puzzle,) = load(PUZZLE)
    (solution,) = solve(puzzle).solutions
    for edge in lattice_edges(6, 6):
        for on in (True, False):
            faults, completable = check(puzzle, {edge: on})
            assert completable == (on == (edge in solution.edges)), (edge, on, faults)
    assert check(puzzle, dict.fromkeys(solution.edges, True)) == ([], True)


def test_broken_rules_are_named_where_they_are() -> None:
    (puzzle,) = load(PUZZLE)
    lines: dict[Point, bool] = {(0, 1): True, (1, 0): True, (2, 1): True}  # three sides of the 2 at (0, 0)
    faults, completable = check(puzzle, lines)
    assert not completable
    assert [(f.rule, f.at, f.lines) for f in faults] == [("2 clue", (0, 0), ("h[0][0]", "v[0][0]", "h[1][0]"))]
    three = {(2, 3): True, (2, 5): True, (3, 4): True}  # three lines meet at corner (1, 2)
    assert ("loop: two lines at a corner", (1, 2)) in {(f.rule, f.at) for f in check(puzzle, three)[0]}
    ring = {(4, 5): True, (5, 4): True, (5, 6): True, (6, 5): True, (0, 9): True}  # around cell (2, 2), a line apart
    assert "loop: one loop" in {f.rule for f in check(puzzle, ring)[0]}
    assert line_name((2, 3)) == "h[1][1]" and line_name((3, 4)) == "v[1][2]"


def test_command_line(cli, tmp_path: Path) -> None:
    (puzzle,) = load(PUZZLE)
    (solution,) = solve(puzzle).solutions
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"h": list(solution.h), "v": list(solution.v)}))
    done = cli("check", PUZZLE, str(good))
    assert done.exit_code == 0 and done.stdout == "solved\n", done.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"h": ["1....", "1...."] + ["....."] * 4, "v": ["1....."] + ["......"] * 4}))
    done = cli("check", "--json", PUZZLE, str(bad))
    assert done.exit_code == 1
    assert json.loads(done.stdout) == {
        "faults": [{"rule": "2 clue", "at": [0, 0], "lines": ["h[0][0]", "v[0][0]", "h[1][0]"]}],
        "completable": False,
        "solved": False,
    }
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    done = cli("check", PUZZLE, str(broken))
    assert done.exit_code == 2 and done.stderr.count("\n") == 1


PZPRJS = {"slither": "puzzles/slitherlink/pzprjs-5x5.slither", "mashu": "puzzles/masyu/pzprjs-6x6.masyu"}
# pzprjs's verdict -> what check says of the board: local faults are named; a board pzprjs
# rejects only when finished (a pearl off the loop, a dead end) may still be completed.
NAMED = {"lnBranch", "lnCross", "mashuWCurve", "mashuBStrig", "mashuWStNbr", "lnPlLoop"}
COMPLETABLE = {"brNoLine", "mashuOnLine"}


def _pzprjs_boards() -> list[tuple[str, str, str]]:
    boards = []
    for pid, puzzle in PZPRJS.items():
        for line in (Path("tests/data/pzprv3") / f"{pid}.txt").read_text().splitlines():
            verdict, board = line.split(" ", 1)
            boards.append((puzzle, verdict, board))
    return boards


def test_pzprjs_boards_get_pzprjs_verdicts(tmp_path: Path) -> None:
    """Every board pzprjs's own tests reject is not solved, every local fault is named, and the
    board pzprjs accepts is solved: the pzprv3 reading and the check agree with pzprjs."""
    from loopsat.solver.check import solved
    from loopsat.solver.explain import read_partial

    for path, verdict, board in _pzprjs_boards():
        (puzzle,) = load(path)
        lines = read_partial("board.pzprv3", board.encode(), puzzle)
        faults, completable = check(puzzle, lines)
        assert solved(puzzle, lines) == (verdict == "ok"), verdict
        assert bool(faults) == (verdict in NAMED), (verdict, faults)
        if verdict == "lnDeadEnd" and path == PZPRJS["mashu"]:  # the dead end may still be walked on
            continue
        assert completable == (verdict in COMPLETABLE or verdict == "ok"), verdict


def test_a_pzprv3_file_on_the_command_line(cli, tmp_path: Path) -> None:
    (_, _, solved_board) = next(b for b in _pzprjs_boards() if b[1] == "ok" and "slither" in b[0])
    board = tmp_path / "board.txt"
    board.write_text("\n".join(solved_board.strip("/").split("/")) + "\n")  # the file's form: a line each
    done = cli("check", "--json", PZPRJS["slither"], str(board))
    assert done.exit_code == 0 and json.loads(done.stdout) == {"faults": [], "completable": True, "solved": True}
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(board.read_text().replace("2 . . 1 .", "2 . . 2 .", 1))
    done = cli("check", PZPRJS["slither"], str(wrong))
    assert done.exit_code == 2
    assert done.stderr == f"{wrong}:5:1: error: the clue at (0, 3) is '2': the puzzle's is '1'\n"
    flags = tmp_path / "flags.txt"
    flags.write_text(board.read_text().replace("1 -1 0 -1 -1 1", "1 -1 0 -1 -1 7", 1))
    done = cli("check", PZPRJS["slither"], str(flags))
    assert done.exit_code == 2 and done.stderr.startswith(f"{flags}:10:1: error: expected 6 line flags"), done.stderr


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_damage_to_a_pzprv3_board_is_a_located_error_or_a_board(data: st.DataObject) -> None:
    """Words dropped, doubled or replaced anywhere in a real board: read_partial answers with the
    board's lines or a PuzzleError, never another exception."""
    from loopsat.errors import PuzzleError
    from loopsat.solver.explain import read_partial

    path, _, board = data.draw(st.sampled_from(_pzprjs_boards()))
    words = board.replace("/", " / ").split(" ")
    damage(words, data, st.sampled_from(["2", "-", "x", "", "/", "pzprv3", "-1", "99999", "é"]))
    (puzzle,) = load(path)
    try:
        lines = read_partial("b.pzprv3", " ".join(words).replace(" / ", "/").encode(), puzzle)
    except PuzzleError as error:
        assert error.line >= 1 and error.column >= 1
    else:
        assert all(isinstance(on, bool) for on in lines.values())
