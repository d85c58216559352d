"""`loopsat check`: a player's lines against the rules and the one solution."""

from __future__ import annotations

import json
from pathlib import Path

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
    assert done.exit_code == 0 and done.stdout == "can still be completed\n", done.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"h": ["1....", "1...."] + ["....."] * 4, "v": ["1....."] + ["......"] * 4}))
    done = cli("check", "--json", PUZZLE, str(bad))
    assert done.exit_code == 1
    assert json.loads(done.stdout) == {
        "faults": [{"rule": "2 clue", "at": [0, 0], "lines": ["h[0][0]", "v[0][0]", "h[1][0]"]}],
        "completable": False,
    }
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    done = cli("check", PUZZLE, str(broken))
    assert done.exit_code == 2 and done.stderr.count("\n") == 1
