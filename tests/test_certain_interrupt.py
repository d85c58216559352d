"""Ctrl-C during `--certain`: what is certain so far, marked incomplete, and exit 130,
as `solve`'s other modes do. The interrupt is simulated where the rounds look for another loop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loopsat import certain
from loopsat.certain import board_edges, certain_edges
from loopsat.puzzle import Puzzle

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
    with pytest.raises(certain.Interrupted) as stopped:
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
