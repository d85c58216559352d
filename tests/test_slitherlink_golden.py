"""Knuth's goldens: exact MCC bytes per generator, solution counts, the listed loops."""

from __future__ import annotations

from pathlib import Path

import pytest
from goldens import counts, golden_dirs, listed_solutions

from loopsat import mcc
from loopsat.cpsat import Disjoint, LazyCuts, Search
from loopsat.genres import slitherlink
from loopsat.solver.pipeline import solve

FOLDERS = golden_dirs(("slither_", "super_", "slink_"))
GENERATOR_FILES = {"super": "knuth.mcc", "general": "knuth-general.mcc", "plain": "knuth-slitherlink-dlx.mcc"}
# Where Knuth's GENERAL program writes MCC that DLX3 rejects, loopsat writes MCC that it accepts.
KNUTH_BUGS = {("super_zero_multi_5x5", "general")}


def puzzle_of(folder: Path):
    return slitherlink.parse((folder / "puzzle.txt").read_bytes(), "puzzle.txt")[0]


CASES = [
    (folder, variant)
    for folder in FOLDERS
    for variant, name in GENERATOR_FILES.items()
    if (folder / name).exists() and (folder.name, variant) not in KNUTH_BUGS
]


@pytest.mark.parametrize(("folder", "variant"), CASES, ids=[f"{f.name}-{v}" for f, v in CASES])
def test_mcc_is_byte_identical(folder: Path, variant: str) -> None:
    expected = (folder / GENERATOR_FILES[variant]).read_text()
    assert mcc.write(slitherlink.cover(puzzle_of(folder), variant)) == expected


@pytest.mark.parametrize(("folder", "variant"), CASES, ids=[f"{f.name}-{v}" for f, v in CASES])
def test_mcc_round_trip(folder: Path, variant: str) -> None:
    text = mcc.write(slitherlink.cover(puzzle_of(folder), variant))
    if folder.name == "super_diag_same_5x5" and variant == "super":
        with pytest.raises(Exception, match="named twice"):
            mcc.read(text)  # DLX3 rejects it too: "Duplicate item name in this option!"
        return
    assert mcc.write(mcc.read(text)) == text


def test_general_zero_letter_is_repaired() -> None:
    """Knuth's GENERAL program names the cleared letter `z`; we drop its edges like `0` cells."""
    folder = next(f for f in FOLDERS if f.name == "super_zero_multi_5x5")
    text = mcc.write(slitherlink.cover(puzzle_of(folder), "general"))
    cover = mcc.read(text)  # would raise on an unknown item name
    assert all(name != "z" for option in cover.options for name, _ in option.entries)
    knuth = (folder / "knuth-general.mcc").read_text()
    assert text.splitlines()[:7] == knuth.splitlines()[:7]  # the header comment


def test_auto_picks_general_only_when_super_names_an_item_twice() -> None:
    for folder in FOLDERS:
        auto = mcc.write(slitherlink.cover(puzzle_of(folder), "auto"))
        wanted = "general" if folder.name == "super_diag_same_5x5" else "super"
        assert auto == mcc.write(slitherlink.cover(puzzle_of(folder), wanted)), folder.name


COUNT_CASES = [
    (folder, variant)
    for folder in FOLDERS
    for variant in ("auto", "general", "plain")
    if not (variant == "plain" and puzzle_of(folder).letters)
]


@pytest.mark.parametrize(("folder", "variant"), COUNT_CASES, ids=[f"{f.name}-{v}" for f, v in COUNT_CASES])
def test_counts_equal_knuth(folder: Path, variant: str) -> None:
    expected = counts(folder)
    cover = slitherlink.cover(puzzle_of(folder), variant)
    if expected["single_loop_solutions"] <= 30_000:
        loops = list(Search(cover, LazyCuts()).solutions())
        assert len(loops) == expected["single_loop_solutions"]
        assert len(set(loops)) == len(loops)
        assert sorted(map(sorted, loops))[:20] == sorted(map(sorted, listed_solutions(folder)))
    if expected["dlx3_solutions"] <= 30_000:
        disjoint = sum(1 for _ in Search(cover, Disjoint()).stream())
        assert disjoint == expected["dlx3_solutions"]


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_solve_status(folder: Path) -> None:
    expected = counts(folder)["single_loop_solutions"]
    outcome = solve(puzzle_of(folder))
    assert outcome.complete == (expected <= 1)
    assert outcome.status == {0: "none", 1: "unique"}.get(expected, "multiple")
    if expected == 1:
        assert outcome.solutions == listed_solutions(folder)
