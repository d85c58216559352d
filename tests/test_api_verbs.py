"""The API's verbs as a newcomer calls them: on a path or a URL as on a Puzzle, the enums in the
results, `dir(loopsat)` listing them, and the verbs the command line's explain, certain and
generate stand on, each checked against the lower layer it wraps."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import loopsat
from loopsat import api
from loopsat.setter.generate import generate as generate_puzzle
from loopsat.solver.certain import certain_edges
from loopsat.solver.explain import explain as explain_puzzle
from loopsat.solver.pipeline import Mode, Status, Strategy

ROOT = Path(__file__).parent.parent
PZPRJS = ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither"
URL = "https://puzz.link/p?slither/5/5/cbcbcddad"  # the same puzzle (`convert --to url`)
SLINK = ROOT / "puzzles" / "slink" / "spoj-sample.slink"


def test_every_verb_takes_a_path_a_url_or_a_puzzle() -> None:
    (puzzle,) = loopsat.load(PZPRJS)
    answers = [loopsat.solve(given) for given in (puzzle, PZPRJS, str(PZPRJS), URL)]
    assert {(a.status, a.count, a.solutions) for a in answers} == {(Status.UNIQUE, 1, answers[0].solutions)}
    assert loopsat.to_url(PZPRJS) == URL and loopsat.export_mcc(URL) == loopsat.export_mcc(puzzle)
    assert loopsat.svg(str(PZPRJS)) == loopsat.svg(puzzle)
    assert loopsat.count(URL) == 1 and next(loopsat.solutions(PZPRJS)) == answers[0].solutions[0]


def test_a_file_of_several_puzzles_is_refused_by_a_verb_of_one() -> None:
    with pytest.raises(loopsat.PuzzleError, match=r"loopsat\.solve takes one puzzle, this file holds \d+"):
        loopsat.solve(SLINK)
    assert loopsat.solve(f"{SLINK}#1").status in set(Status)  # FILE#N picks one


def test_results_carry_the_enums() -> None:
    result = loopsat.solve(PZPRJS, mode=Mode.ALL, strategy=Strategy.LAZY)
    assert type(result.status) is Status and result.status is Status.UNIQUE and result.exit_status == 0
    assert loopsat.Status is Status and loopsat.Mode is Mode and loopsat.Strategy is Strategy


def test_dir_lists_the_api_before_it_is_imported() -> None:
    code = "import sys, loopsat; print(sorted(set(loopsat.__all__) - set(dir(loopsat))), 'loopsat.api' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[] False\n"


def test_certain_is_the_certain_edges_of_solve_certain() -> None:
    (puzzle,) = loopsat.load(PZPRJS)
    result, certainty = api.certain(PZPRJS)
    outcome, expected = certain_edges(puzzle)
    timeless = {"seconds": 0}
    assert certainty == expected and result.to_json() | timeless == outcome.to_json() | timeless
    assert certainty is not None and certainty.on == result.solutions[0].edges  # unique: the loop is certain
    with_edges = loopsat.svg(puzzle, certainty)
    assert with_edges == loopsat.svg(puzzle, result.solutions[0])  # nothing undecided: the loop's picture


def test_explain_and_hint_are_the_explanations_steps() -> None:
    (puzzle,) = loopsat.load(PZPRJS)
    found = api.explain(URL)
    assert found.to_json() | {"file": ""} == explain_puzzle(puzzle).to_json() | {"file": ""}
    explanation, step = loopsat.hint(puzzle)
    assert step is not None and step == explanation.steps[0] and step.rule != "given"
    given = dict(step.decided)
    _, second = loopsat.hint(puzzle, given)
    assert second is not None and any(edge not in given for edge, _ in second.decided)
    with pytest.raises(TypeError, match="given"):
        loopsat.hint(puzzle, [1, 2])  # type: ignore[arg-type]


def test_generate_is_the_generators_puzzle_and_checks_its_arguments() -> None:
    made = loopsat.generate("slitherlink", 5, 5, seed=3)
    assert made == generate_puzzle("slitherlink", 5, 5, seed=3)
    assert loopsat.solve(made.puzzle).status is Status.UNIQUE
    for wrong, error in (({"genre": "sudoku"}, ValueError), ({"rows": 1}, ValueError), ({"seed": -1}, ValueError)):
        arguments = {"genre": "slitherlink", "rows": 5, "cols": 5, **wrong}
        with pytest.raises(error, match=next(iter(wrong))):
            loopsat.generate(**arguments)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="difficulty"):
        loopsat.generate("slitherlink", 5, 5, difficulty=2.5)  # type: ignore[arg-type]
