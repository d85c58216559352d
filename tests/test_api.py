"""The Python API as a user meets it: `import loopsat` and the verbs of loopsat/api.py."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import islice
from pathlib import Path

import pytest

import loopsat

ROOT = Path(__file__).parent.parent
GOLDEN = ROOT / "tests" / "golden"
PZPRJS = ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither"


def test_import_is_light_and_names_are_exported() -> None:
    """`import loopsat` loads no solver; every name of __all__ resolves (a real process: sys.modules)."""
    code = (
        "import sys, loopsat\n"
        "heavy = [m for m in ('ortools', 'numpy', 'loopsat.solver.pipeline') if m in sys.modules]\n"
        "missing = [n for n in loopsat.__all__ if getattr(loopsat, n, None) is None]\n"
        "print(heavy, missing)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[0] == "[] []"


def test_solve_a_file() -> None:
    (puzzle,) = loopsat.load(PZPRJS)
    result = loopsat.solve(puzzle)
    assert (result.status, result.count, result.complete) == ("unique", 1, True)
    (solution,) = result.solutions
    assert solution.h[0] == "11111"
    assert len(solution.h) == 6 and len(solution.v) == 5
    assert all(x % 2 != y % 2 for x, y in solution.edges)
    assert result.text().splitlines()[0] == "#" * 25


def test_to_json_is_the_cli_object() -> None:
    (puzzle,) = loopsat.load(PZPRJS)
    mine = loopsat.solve(puzzle).to_json()
    done = subprocess.run(
        [sys.executable, "-m", "loopsat", "solve", "--json", str(PZPRJS)], capture_output=True, text=True, check=True
    )
    theirs = json.loads(done.stdout)
    mine.pop("seconds"), theirs.pop("seconds")
    assert mine == theirs


def test_load_urls_game_ids_and_multi_puzzle_files() -> None:
    (from_url,) = loopsat.load("https://puzz.link/p?slither/5/5/cbcbcddad")
    (from_file,) = loopsat.load(PZPRJS)
    assert from_url.grid == from_file.grid
    (from_id,) = loopsat.load("5x5t0:2b1b2b1b2b3b3b0b3")
    assert from_id.grid == from_file.grid
    data_sets = loopsat.load(ROOT / "puzzles" / "slink" / "spoj-sample.slink")
    assert [p.index for p in data_sets] == list(range(1, len(data_sets) + 1))
    assert loopsat.to_url(from_file) == "https://puzz.link/p?slither/5/5/cbcbcddad"


def test_parse_text_with_a_genre() -> None:
    (puzzle,) = loopsat.parse("1.\n..\n", "masyu")
    assert puzzle.genre == "masyu"
    assert loopsat.solve(puzzle).status == "none"


def test_count_and_solutions_agree_with_knuth() -> None:
    folder = GOLDEN / "slither_empty_2x2"
    (puzzle,) = loopsat.parse((folder / "puzzle.txt").read_bytes(), "slitherlink")
    expected = json.loads((folder / "counts.json").read_text())
    assert loopsat.count(puzzle) == expected["single_loop_solutions"]
    assert loopsat.count(puzzle, single_loop=False) == expected["dlx3_solutions"]
    every = list(loopsat.solutions(puzzle))
    assert len({s.edges for s in every}) == expected["single_loop_solutions"]
    assert len(list(islice(loopsat.solutions(puzzle), 3))) == 3


def test_export_mcc_is_knuths_text() -> None:
    folder = GOLDEN / "slither_pzprjs_5x5"
    (puzzle,) = loopsat.parse((folder / "puzzle.txt").read_bytes(), "slitherlink")
    assert loopsat.export_mcc(puzzle) == (folder / "knuth.mcc").read_text()
    assert loopsat.export_mcc(puzzle, "general") == (folder / "knuth-general.mcc").read_text()


def test_svg_draws_the_loop() -> None:
    (puzzle,) = loopsat.load(PZPRJS)
    result = loopsat.solve(puzzle)
    with_loop, without = loopsat.svg(puzzle, result.solutions[0]), loopsat.svg(puzzle)
    assert "<svg" in with_loop and 'class="loop"' in with_loop
    assert "<svg" in without and 'class="loop"' not in without


def test_errors_are_puzzle_errors_never_system_exit(tmp_path: Path) -> None:
    with pytest.raises(loopsat.PuzzleError) as raised:
        loopsat.parse("12.\n1x\n", "slitherlink", path="bad.slither")
    error = raised.value
    assert (error.path, error.line, error.col) == ("bad.slither", 2, 3)
    assert str(error).startswith("bad.slither:2:3: error:")
    with pytest.raises(loopsat.PuzzleError):
        loopsat.load(tmp_path / "missing.slither")
    with pytest.raises(loopsat.PuzzleError):
        loopsat.export_mcc(loopsat.parse("1\n", "slitherlink")[0])
