"""Ctrl-C during `--certain`: what is certain so far, marked incomplete, and exit 130,
as `solve`'s other modes do. The interrupt is simulated where the rounds look for another loop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loopsat.puzzle import Puzzle
from loopsat.solver import certain
from loopsat.solver.certain import board_edges, certain_edges
from loopsat.solver.pipeline import Stopped

AMBIGUOUS = ("3...", "....", "..3.")  # 31 edges, 29 undecided when complete


@pytest.fixture
def interrupted_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C the moment a second loop turns up."""

    def interrupt(*_args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(certain._Rounds, "_differ", interrupt)


@pytest.mark.usefixtures("interrupted_rounds")
def test_certain_edges_raise_what_is_settled_so_far() -> None:
    puzzle = Puzzle("slitherlink", "p", AMBIGUOUS)
    with pytest.raises(Stopped) as stopped:
        certain_edges(puzzle)
    certainty = stopped.value.certainty
    assert certainty is not None and not certainty.complete and certainty.interrupted
    assert certainty.on | certainty.off | certainty.undecided == board_edges(puzzle)
    assert stopped.value.outcome.count == 1 and not stopped.value.outcome.complete


@pytest.mark.usefixtures("interrupted_rounds")
def test_the_cli_prints_it_and_exits_130(cli, tmp_path: Path) -> None:
    path = tmp_path / "p.slither"
    path.write_text("\n".join(AMBIGUOUS) + "\n")
    done = cli("solve", "--certain", str(path))
    assert done.exit_code == 130 and "Traceback" not in done.stderr
    assert done.stdout.endswith(" undecided (incomplete: interrupted, some undecided edges untested)\n")
    done = cli("solve", "--certain", "--json", str(path))
    result = json.loads(done.stdout)
    assert (done.exit_code, result["complete"], result["certain"]["complete"]) == (130, False, False)


def test_stopped_before_the_first_loop_it_keeps_what_the_deduction_made_certain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C while CP-SAT looks for the first loop: the edges the deduction fixed are kept, on
    and off as in every loop (the complete answer agrees), the rest undecided."""
    from loopsat.cpsat import Search

    puzzle = Puzzle("slitherlink", "p", AMBIGUOUS)
    _, whole = certain_edges(puzzle)
    assert whole is not None

    def interrupt(*_args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Search, "find", interrupt)
    with pytest.raises(Stopped) as stopped:
        certain_edges(puzzle)
    kept, outcome = stopped.value.certainty, stopped.value.outcome
    assert kept is not None and kept.interrupted and not kept.complete
    assert kept.on  # the corner 3 fixes its two outer edges
    assert kept.on <= whole.on and kept.off <= whole.off
    assert kept.on | kept.off | kept.undecided == board_edges(puzzle)
    assert (outcome.status, outcome.count, outcome.exit_status) == ("unknown", 0, 3)
