"""`--certain`'s rounds, progress and time limit, against the set of every loop by brute force."""

from __future__ import annotations

import json
from pathlib import Path
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st
from lattice import cycle_unions, midpoints
from referees import connected, obeys

from loopsat.deadline import TimeUp
from loopsat.grid import Point
from loopsat.puzzle import Puzzle
from loopsat.solver import certain
from loopsat.solver.certain import board_edges, certain_edges

BIG = Path(__file__).parents[1] / "bench" / "slitherlink" / "30x30" / "001.slither"


@st.composite
def clue_sets(draw: st.DrawFn) -> list[str]:
    """3×3 or 3×4 boards, clued sparsely enough that most have several loops."""
    cols = draw(st.integers(3, 4))
    cell = st.sampled_from(".....0123")
    return ["".join(draw(st.lists(cell, min_size=cols, max_size=cols))) for _ in range(3)]


def every_loop(grid: list[str]) -> list[frozenset[Point]]:
    unions = cycle_unions(len(grid) + 1, len(grid[0]) + 1)
    return [midpoints(e) for e in unions if connected(e) and obeys(grid, {}, e)]


@given(clue_sets(), st.sampled_from([0, 1, 10]))
@settings(max_examples=40, deadline=None)
def test_rounds_then_edge_by_edge_match_brute_force(grid: list[str], rounds: int) -> None:
    """However many wide rounds come before the edge-by-edge questions, the sets are exact."""
    loops = every_loop(grid)
    puzzle = Puzzle("slitherlink", "random", tuple(grid))
    with patch.object(certain, "ROUNDS", rounds):
        outcome, certainty = certain_edges(puzzle)
    if not loops:
        assert certainty is None and outcome.status == "none"
        return
    assert certainty is not None and certainty.complete
    on, everywhere = frozenset.intersection(*loops), frozenset.union(*loops)
    assert (certainty.on, certainty.off) == (on, board_edges(puzzle) - everywhere)
    assert certainty.undecided == everywhere - on
    assert outcome.status == ("unique" if len(loops) == 1 else "multiple")


@given(clue_sets(), st.integers(0, 40))
@settings(max_examples=40, deadline=None)
def test_stopped_anywhere_what_is_certain_is_true(grid: list[str], stop_after: int) -> None:
    """The time limit ringing after any number of decided edges (simulated: the progress hook
    raises TimeUp as the alarm would) leaves a sound answer: on and off are certain."""
    loops = every_loop(grid)
    heard = [0]

    def ring(_description: str) -> None:
        heard[0] += 1
        if heard[0] > stop_after:
            raise TimeUp

    puzzle = Puzzle("slitherlink", "random", tuple(grid))
    outcome, certainty = certain_edges(puzzle, progress=ring)
    if certainty is None:  # only when no loop exists; stopped before a loop, the deduction's edges
        assert outcome.status == "none" and not loops
        return
    assert loops or not certainty.complete
    assert certainty.on | certainty.off | certainty.undecided == board_edges(puzzle)
    assert all(certainty.on <= loop and not certainty.off & loop for loop in loops)
    assert certainty.complete == (heard[0] <= stop_after)


def test_progress_hears_every_edge_once() -> None:
    heard: list[str] = []
    puzzle = Puzzle("slitherlink", "p", ("3...", "....", "..3."))
    _, certainty = certain_edges(puzzle, progress=heard.append)
    assert certainty is not None and certainty.complete
    assert len(heard) == len(board_edges(puzzle)) == 31
    assert heard[-1] == "p: 29 undecided"


def big_ambiguous_board(tmp_path: Path) -> Path:
    """Tatham's 30×30 with its top five rows blanked: seconds of work for the full answer."""
    rows = BIG.read_text().split()
    source = tmp_path / "big.slither"
    source.write_text("\n".join(["." * len(rows[0])] * 5 + rows[5:]) + "\n")
    return source


def test_time_limit_returns_incomplete(cli, tmp_path: Path) -> None:
    """Stopped early: JSON says incomplete; exit 0 with a loop found, 3 without (README). The
    full answer takes tens of CPU-s (bench/certain.py), far beyond the limit on any machine."""
    done = cli("solve", "--certain", "--json", "--time-limit", "0.5", str(big_ambiguous_board(tmp_path)))
    result = json.loads(done.stdout)
    assert result["complete"] is False and "Traceback" not in done.stderr
    assert result["certain"]["complete"] is False  # before a loop too: what the deduction made certain
    # Whether a loop was found within the limit depends on the machine's load; either way the
    # status follows the count: 0 with a loop (even one whose uniqueness is still unknown), 3 without.
    assert done.exit_code == (0 if result["count"] else 3)
    assert result["status"] in ({"unknown", "multiple"} if result["count"] else {"unknown"})


def test_time_limit_text_says_incomplete(cli, tmp_path: Path) -> None:
    done = cli("solve", "--certain", "--time-limit", "0.3", str(big_ambiguous_board(tmp_path)))
    last = done.stdout.splitlines()[-1]
    assert last.startswith("unknown") or last.endswith(
        "(incomplete: time limit reached, some undecided edges untested)"
    )
