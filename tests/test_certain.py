"""Certain edges against brute force: on in every loop, in none, and the rest undecided."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from goldens import counts, golden_dirs, golden_puzzle, listed_solutions
from hypothesis import given, settings
from hypothesis import strategies as st
from lattice import cycle_unions, edges_of, midpoints
from pictures import drawn_edges
from referees import connected, masyu_boards, masyu_referee, obeys, slitherlink_boards

from loopsat import api
from loopsat.genres import GENRES
from loopsat.grid import Point, lattice_edges
from loopsat.puzzle import Puzzle
from loopsat.solver.certain import certain_edges

Sets = tuple[frozenset[Point], frozenset[Point], frozenset[Point]]
# Goldens whose solutions.txt lists every loop (slither_center3_5x5 lists 20 of 208828).
FOLDERS = [
    f
    for f in golden_dirs(("slither_", "super_", "slink_", "masyu_"))
    if counts(f)["solutions_listed"] == counts(f)["single_loop_solutions"]
]


def expected(puzzle: Puzzle, loops: list[frozenset[Point]]) -> Sets:
    board = frozenset(lattice_edges(*GENRES[puzzle.genre].tile_shape(puzzle)))
    on = frozenset.intersection(*loops)
    off = board - frozenset.union(*loops)
    return on, off, board - on - off


# Loops listed first (`sample`): none; fewer than many boards have, so the rounds follow; all.
SAMPLES = st.sampled_from((0, 2, 64))


def check(puzzle: Puzzle, loops: list[frozenset[Point]], sample: int = 0) -> None:
    """certain_edges agrees with the list of every loop, whatever it lists first; the outcome
    says it has every loop only when it does."""
    outcome, certainty = certain_edges(puzzle, sample=sample)
    if not loops:
        assert (outcome.status, outcome.count, certainty) == ("none", 0, None)
        return
    assert certainty is not None and certainty.complete
    assert (certainty.on, certainty.off, certainty.undecided) == expected(puzzle, loops)
    assert outcome.status == ("unique" if len(loops) == 1 else "multiple")
    assert len(set(outcome.solutions)) == outcome.count and set(outcome.solutions) <= set(loops)
    if outcome.complete:
        assert set(outcome.solutions) == set(loops)
    if len(loops) < sample and not puzzle.letters:  # letters: the cover's search, which lists none
        assert outcome.complete


def slitherlink_loops(grid: list[str], letters: dict[str, int]) -> list[frozenset[Point]]:
    """Every single loop on the board's corners that the test's own rule check accepts."""
    unions = cycle_unions(len(grid) + 1, len(grid[0]) + 1)
    return [midpoints(e) for e in unions if connected(e) and obeys(grid, letters, e)]


@given(slitherlink_boards(), SAMPLES)
@settings(max_examples=60, deadline=None)
def test_slitherlink_against_brute_force(board: tuple[list[str], dict[str, int]], sample: int) -> None:
    grid, letters = board
    check(Puzzle("slitherlink", "random", tuple(grid), letters, ()), slitherlink_loops(grid, letters), sample)


@given(slitherlink_boards())
@settings(max_examples=40, deadline=None)
def test_a_quick_badge_is_the_badge(board: tuple[list[str], dict[str, int]]) -> None:
    """`quick` (the cockpit's badge, before its certain edges) changes the loops shown, never the
    status: two of the board's loops, or all of them when there are fewer."""
    grid, letters = board
    puzzle = Puzzle("slitherlink", "random", tuple(grid), letters, ())
    loops = slitherlink_loops(grid, letters)
    quick = api.solve(puzzle, quick=True)
    assert quick.status == api.solve(puzzle).status
    shown = {solution.edges for solution in quick.solutions}
    assert shown <= set(loops) and len(shown) == len(quick.solutions) == min(2, len(loops))


@given(masyu_boards(), SAMPLES)
@settings(max_examples=40, deadline=None)
def test_masyu_against_brute_force(puzzle: Puzzle, sample: int) -> None:
    unions = [midpoints(e) for e in cycle_unions(puzzle.rows, puzzle.cols)]
    check(puzzle, [s for s in unions if masyu_referee(puzzle, s, single_loop=True)], sample)


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_goldens_against_knuths_listed_loops(folder: Path) -> None:
    check(golden_puzzle(folder), listed_solutions(folder))


def test_every_edge_of_the_empty_board_is_undecided() -> None:
    """Each of the 12 edges of a 2×2 board lies on some of its 13 loops and off others."""
    _, certainty = certain_edges(Puzzle("slitherlink", "t", ("..", "..")))
    assert certainty is not None
    assert (len(certainty.on), len(certainty.off), len(certainty.undecided)) == (0, 0, 12)


# --- the command line ----------------------------------------------------------------------------


def test_text_marks_undecided_edges(cli, tmp_path: Path) -> None:
    source = tmp_path / "p.slither"
    source.write_text("3...\n....\n..3.\n")
    done = cli("solve", "--certain", str(source))
    assert done.exit_code == 0, done.stderr
    *board, summary = done.stdout.splitlines()
    assert summary == "certain: 2 on, 0 off, 29 undecided"
    assert board[:5] == [
        "#####################",
        "#                   #",
        "# +---+ ?   ?   ?   #",
        "# | 3 ?   ?   ?   ? #",
        "# + ?   ?   ?   ?   #",
    ]
    assert sum(line.count("?") for line in board) == 29


def test_json_sets_match_brute_force(cli, tmp_path: Path) -> None:
    grid = ["2.1", "...", ".3."]
    source = tmp_path / "p.slither"
    source.write_text("\n".join(grid) + "\n")
    done = cli("solve", "--certain", "--json", str(source))
    assert done.exit_code == 0, done.stderr
    result = json.loads(done.stdout)
    puzzle = Puzzle("slitherlink", "p", tuple(grid))
    loops = slitherlink_loops(grid, {})
    assert len(loops) > 1
    certain = result["certain"]
    assert certain["complete"] is True
    got = tuple(edges_of(certain[key]["h"], certain[key]["v"]) for key in ("on", "off", "undecided"))
    assert got == expected(puzzle, loops)
    assert result["status"] == "multiple" and result["complete"] is False
    assert result["count"] == len(result["solutions"]) >= 2
    assert all(edges_of(**s) in loops for s in result["solutions"])


def test_unique_none_and_svg(cli, tmp_path: Path) -> None:
    source = tmp_path / "p.slither"
    source.write_text("22\n22\n")
    out = tmp_path / "p.svg"
    done = cli("solve", "--certain", "--json", "--svg", str(out), str(source))
    result = json.loads(done.stdout)
    assert (done.exit_code, result["status"], result["count"], result["complete"]) == (0, "unique", 1, True)
    assert edges_of(**result["certain"]["on"]) == edges_of(**result["solutions"][0])
    assert drawn_edges(out.read_text()) == edges_of(**result["solutions"][0])
    assert drawn_edges(out.read_text(), "undecided") == frozenset()
    source.write_text("04\n..\n")
    done = cli("solve", "--certain", "--json", str(source))
    assert done.exit_code == 1
    assert (json.loads(done.stdout)["status"], json.loads(done.stdout)["certain"]) == ("none", None)


def test_svg_dashes_the_undecided_edges(cli, tmp_path: Path) -> None:
    source = tmp_path / "p.masyu"
    source.write_text("1...\n....\n..0.\n")
    out = tmp_path / "p.svg"
    done = cli("solve", "--certain", "--json", "--svg", str(out), str(source))
    assert done.exit_code == 0, done.stderr
    certain = json.loads(done.stdout)["certain"]
    picture = out.read_text()
    assert drawn_edges(picture) == edges_of(**certain["on"])
    assert drawn_edges(picture, "undecided") == edges_of(**certain["undecided"]) != frozenset()


def test_usage_errors_and_time_limit(cli, tmp_path: Path) -> None:
    source = tmp_path / "p.slither"
    source.write_text("..\n..\n")
    for extra in ("--all", "--count", "--disjoint", "--limit=3"):
        done = cli("solve", "--certain", extra, str(source))
        assert (
            done.exit_code == 2 and done.stderr == "error: --certain excludes --all, --count, --limit and --disjoint\n"
        )
    done = cli("solve", "--certain", "--time-limit", "0", str(source))
    assert done.exit_code == 3 and "Traceback" not in done.stderr
    assert done.stdout.splitlines()[-1] == (  # no loop yet: what the deduction made certain (here nothing)
        "certain: 0 on, 0 off, 12 undecided (incomplete: time limit reached, some undecided edges untested)"
    )
