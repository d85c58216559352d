"""The command line is the API's: each command's answer is the verb's, printed (the `cli` fixture
runs the command in this process, so nothing here pays for a process of its own)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Cli

import loopsat
from loopsat import api
from loopsat.status import Mode, Status

ROOT = Path(__file__).resolve().parent.parent
PZPRJS = str(ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither")
SLINK = str(ROOT / "puzzles" / "slink" / "spoj-sample.slink")


def test_the_top_level_verbs_are_the_apis_even_after_the_modules_of_those_names_load() -> None:
    import loopsat.solver.certain
    import loopsat.solver.check
    import loopsat.solver.explain  # bound on loopsat.solver, never on loopsat

    for name in ("certain", "check", "convert", "drawing", "edges", "explain", "hint", "redundant", "taste"):
        assert name in loopsat.__all__ and name in dir(loopsat)
        assert getattr(loopsat, name) is getattr(api, name)
    assert loopsat.Interrupted is api.Interrupted and issubclass(loopsat.Interrupted, KeyboardInterrupt)


def test_solve_prints_the_apis_board_and_status(cli: Cli) -> None:
    result = loopsat.solve(PZPRJS)
    assert cli("solve", PZPRJS).stdout == loopsat.drawing(PZPRJS, result.solutions[0]) + "\nunique\n"
    assert json.loads(cli("solve", "--json", PZPRJS).stdout) | {"seconds": 0} == result.to_json() | {"seconds": 0}


def test_generate_with_the_commands_taste_is_the_commands_puzzle(cli: Cli) -> None:
    made = loopsat.generate("slitherlink", 5, 5, seed=1, taste=loopsat.taste("slitherlink", 5, 5))
    assert cli("generate", "--genre", "slitherlink", "--size", "5x5", "--seed", "1").stdout == made.text()
    with pytest.raises(loopsat.PuzzleError, match="mask"):
        loopsat.taste("slitherlink", 5, 5, mask=str(ROOT / "no such mask"))


def test_one_puzzle_is_asked_for_in_one_words_by_the_command_and_the_api(cli: Cli) -> None:
    held = len(loopsat.load(SLINK))
    done = cli("render", SLINK)
    assert done.exit_code == 2
    assert done.stderr == f"{SLINK}:1:1: error: render takes one puzzle, this file holds {held}: choose one (FILE#N)\n"
    with pytest.raises(loopsat.PuzzleError) as refused:
        loopsat.svg(SLINK)
    assert str(refused.value) == done.stderr.strip().replace("render", "loopsat.svg")


def test_hint_and_check_read_the_partial_file_the_commands_read(cli: Cli, tmp_path: Path) -> None:
    first = loopsat.explain(PZPRJS).steps[0]
    solution = loopsat.solve(PZPRJS).to_json()["solutions"][0]
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps(solution))
    hint = loopsat.hint(PZPRJS, str(partial))
    assert hint.step is None and json.loads(cli("explain", "--hint", "--json", PZPRJS, str(partial)).stdout) == {
        "step": None,
        "solvable": True,
    }
    assert loopsat.hint(PZPRJS).step == first
    assert cli("explain", "--hint", PZPRJS).stdout == loopsat.hint(PZPRJS).text() + "\n"
    assert loopsat.check(PZPRJS, partial) == ([], True, True)
    assert cli("check", PZPRJS, str(partial)).stdout == loopsat.check(PZPRJS, partial).text() + "\n" == "solved\n"


def test_a_stop_during_solve_carries_the_solutions_so_far() -> None:
    empty = loopsat.parse("....\n....\n....\n", "slitherlink")[0]
    heard: list[int] = []

    def progress(count: int, _edges: frozenset[tuple[int, int]]) -> None:
        heard.append(count)
        if count == 3:
            raise KeyboardInterrupt

    with pytest.raises(loopsat.Interrupted) as stopped:
        loopsat.solve(empty, mode=Mode.ALL, progress=progress)
    result = stopped.value.result
    assert heard == [1, 2, 3] and result.count == 3 and not result.complete and len(result.solutions) == 3
    assert result.status is Status.MULTIPLE and stopped.value.certainty is None


def test_the_memory_budget_reads_sizes_and_refuses_nonsense(monkeypatch: pytest.MonkeyPatch) -> None:
    assert api.memory_budget("4G") == 4 * 2**30 and api.memory_budget(1000) == 1000
    monkeypatch.setenv("LOOPSAT_MEMORY_LIMIT", "12M")
    assert api.memory_budget() == 12 * 2**20
    monkeypatch.setenv("LOOPSAT_MEMORY_LIMIT", "lots")
    with pytest.raises(ValueError, match="LOOPSAT_MEMORY_LIMIT"):
        api.memory_budget()
    for wrong, error in (("-1G", ValueError), (0, ValueError), (True, TypeError), (1.5, TypeError)):
        with pytest.raises(error):
            api.memory_budget(wrong)  # type: ignore[arg-type]


def test_a_result_made_of_its_fields_prints_as_solve_would() -> None:
    """A batch worker killed at its time limit files such a result: nothing found, unknown."""
    (puzzle,) = loopsat.load(PZPRJS)
    unanswered = loopsat.Result(puzzle, Status.UNKNOWN, 0, False, seconds=1.5)
    assert unanswered.exit_status == 3 and unanswered.difficulty is None
    assert unanswered.to_json() == {
        "file": PZPRJS,
        "genre": "slitherlink",
        "rows": 5,
        "cols": 5,
        "status": "unknown",
        "count": 0,
        "complete": False,
        "solutions": [],
        "seconds": 1.5,
    }
    solved = loopsat.solve(puzzle)
    rebuilt = loopsat.Result(puzzle, solved.status, solved.count, solved.complete, solved.solutions, solved.seconds)
    assert rebuilt.to_json() | {"difficulty": None} == solved.to_json() | {"difficulty": None}
