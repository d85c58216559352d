"""Any MCC file as input: Knuth's own generator output solves to Knuth's counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from goldens import GOLDEN, counts

from loopsat.errors import PuzzleError
from loopsat.genres import read_puzzles
from loopsat.solver.pipeline import solve

CASES = [
    (folder, run["mcc_file"], run["dlx3_solutions"], run["single_loop_solutions"])
    for folder in sorted(GOLDEN.iterdir())
    if (folder / "counts.json").exists()
    for run in counts(folder).get("runs", [])
    if run.get("dlx3_solutions") is not None and run["dlx3_solutions"] <= 30_000
]


# DLX3's counts up to this many solutions are enumerated here: each is verified against the
# MCC, 1.5 ms a solution of super_piday's general file (5.3 CPU-s for its 3609). That puzzle's
# 3609 is counted from knuth.mcc by the example of docs/commands.md, which test_readme.py runs.
ENUMERATED = 1000


@pytest.mark.parametrize(("folder", "name", "dlx3", "single"), CASES, ids=[f"{c[0].name}-{c[1]}" for c in CASES])
def test_knuths_mcc_gives_knuths_counts(folder: Path, name: str, dlx3: int, single: int) -> None:
    path = folder / name
    [puzzle] = read_puzzles(str(path), path.read_bytes())
    assert puzzle.genre == "mcc"
    if dlx3 <= ENUMERATED:
        assert solve(puzzle, mode="count", single_loop=False).count == dlx3
    assert solve(puzzle, mode="count").count == single  # every loop passes the MCC verifier


def test_cases_cover_every_genre() -> None:
    assert {c[0].name.split("_")[0] for c in CASES} == {"masyu", "slink", "slither", "super"}
    assert {c[0].name.split("_")[0] for c in CASES if c[2] <= ENUMERATED} == {"masyu", "slink", "slither", "super"}


def test_the_generals_undeclared_item_is_a_located_error() -> None:
    path = GOLDEN / "super_zero_multi_5x5" / "knuth-general.mcc"
    with pytest.raises(PuzzleError, match="unknown item name"):
        read_puzzles(str(path), path.read_bytes())


def test_solve_mcc_through_the_command_line(cli, tmp_path: Path) -> None:
    source = (GOLDEN / "slither_pzprjs_5x5" / "knuth.mcc").read_bytes()
    target = tmp_path / "p.txt"  # no suffix: --mcc says what it is
    target.write_bytes(source)
    done = cli("solve", "--mcc", "--json", str(target))
    assert done.exit_code == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["genre"], answer["status"], answer["rows"], answer["cols"]) == ("mcc", "unique", 6, 6)
    sniffed = cli("solve", "-q", str(target))
    assert sniffed.stdout == f"{target}: unique\n"


def test_an_mcc_puzzle_draws_as_svg(cli, tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    source = str(GOLDEN / "masyu_pzprjs_6x6" / "knuth.mcc")
    done = cli("render", "--solution", source, "-o", str(out))
    assert done.exit_code == 0
    assert out.read_text().count('class="loop"') == 1


def test_the_lattice_reaches_the_far_tile_of_every_edge() -> None:
    """The largest coordinates here are odd (edges 23 and 32): their far tiles make the lattice
    3×3, where halving the largest coordinate alone gave 2×2."""
    text = b"| hand made\na | 01 10 12 21 23 32\na 01:1 12:1 21:1 10:1 23:0 32:0\n"
    [puzzle] = read_puzzles("square.mcc", text)
    assert (puzzle.rows, puzzle.cols) == (3, 3)
    assert solve(puzzle, mode="count").count == 1
