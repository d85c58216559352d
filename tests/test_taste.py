"""`generate`'s taste: symmetric clue layouts, minimal within the symmetry (no orbit can go, by
the frontier DP), masks, the share of 0s, a clue target, and the forms it writes."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from loopsat.api import parse
from loopsat.genres import SETTERS
from loopsat.grid import Point
from loopsat.setter.generate import PLAIN, Generated, file_text, generate
from loopsat.setter.taste import Taste, chosen, images, orbits, read_mask
from loopsat.solver import frontier


@cache
def made(genre: str, side: int, seed: int, taste: Taste) -> Generated:
    return generate(genre, side, side, seed=seed, taste=taste)


def clue_cells(generated: Generated) -> list[Point]:
    return SETTERS[generated.puzzle.genre].clue_cells(generated.puzzle)


def test_images() -> None:
    assert images((0, 1), 4, 5, "rot180") == ((0, 1), (3, 3))
    assert images((0, 1), 4, 5, "mirror") == ((0, 1), (0, 3))
    assert images((0, 1), 4, 4, "rot90") == ((0, 1), (1, 3), (2, 0), (3, 2))
    assert images((1, 1), 3, 3, "rot90") == ((1, 1),)
    with pytest.raises(ValueError, match="square"):
        images((0, 0), 4, 5, "rot90")
    whole, broken = orbits([(0, 0), (3, 4), (1, 1)], 4, 5, "rot180")
    assert whole == [((0, 0), (3, 4))] and broken == [(1, 1)]


@pytest.mark.parametrize(
    ("genre", "symmetry", "seed"),
    [("slitherlink", "rot180", 1), ("slitherlink", "rot90", 2), ("slitherlink", "mirror", 3), ("masyu", "rot180", 0)],
)
def test_symmetric_and_minimal_within_the_symmetry(genre: str, symmetry: str, seed: int) -> None:
    side = 6 if genre == "slitherlink" else 8
    generated = made(genre, side, seed, Taste(symmetry))
    puzzle, setter = generated.puzzle, SETTERS[genre]
    cells = clue_cells(generated)
    assert all(image in cells for cell in cells for image in images(cell, side, side, symmetry))
    assert frontier.count(puzzle) == 1
    for orbit in orbits(cells, side, side, symmetry)[0]:
        assert frontier.count(setter.without(puzzle, orbit)) >= 2, orbit


def test_mask_holds_every_clue(tmp_path: Path) -> None:
    rows = ["xxxxxx", "x.xx.x", "xx..xx", "xx..xx", "x.xx.x", "xxxxxx"]
    path = tmp_path / "mask"
    path.write_text("\n".join(rows) + "\n")
    mask = read_mask(str(path), path.read_bytes(), 6, 6)
    assert len(mask) == 28
    generated = made("slitherlink", 6, 4, Taste("rot180", mask))
    assert set(clue_cells(generated)) <= mask
    assert frontier.count(generated.puzzle) == 1


def test_zeros_share_and_clue_target() -> None:
    capped = made("slitherlink", 7, 5, Taste("rot180", zeros=0.04))
    cells = clue_cells(capped)
    assert sum(capped.puzzle.grid[i][j] == "0" for i, j in cells) <= 0.04 * len(cells)
    target = made("slitherlink", 7, 5, Taste("none", clues=30))
    assert target.clues <= 30 and frontier.count(target.puzzle) == 1


def test_plain_taste_is_the_old_generator(cli) -> None:
    """`--symmetry none --zeros any` gives the puzzle of the plain taste (the API's default),
    whose seeds reproduce what generate made before tastes."""
    done = cli(
        "generate", "--genre", "slitherlink", "--size", "5x6", "--seed", "1", "--symmetry", "none", "--zeros", "any"
    )
    assert done.exit_code == 0, done.stderr
    assert done.stdout == file_text(generate("slitherlink", 5, 6, seed=1, taste=PLAIN).puzzle)


def test_default_and_forms(cli) -> None:
    done = cli("generate", "--genre", "slitherlink", "--size", "6x6", "--seed", "3", "--to", "url")
    assert done.exit_code == 0, done.stderr
    assert done.stdout.startswith("https://puzz.link/p?slither/6/6/")
    (puzzle,) = parse(done.stdout, path="x.url")
    default = made("slitherlink", 6, 3, chosen("slitherlink", 6, 6))
    assert puzzle.grid == default.puzzle.grid
    cells = clue_cells(default)
    assert all(image in cells for cell in cells for image in images(cell, 6, 6, "rot180"))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--symmetry", "rot90", "--size", "5x6"], "square"),
        (["--symmetry", "spiral"], "unknown symmetry"),
        (["--zeros", "many"], "--zeros"),
        (["--to", "svg"], "--to"),
    ],
)
def test_bad_taste_is_one_line(cli, options: list[str], message: str) -> None:
    args = ["generate", "--genre", "slitherlink", *(["--size", "5x5"] if "--size" not in options else []), *options]
    done = cli(*args)
    assert done.exit_code == 2 and done.stderr.count("\n") == 1 and message in done.stderr, done.stderr


def test_bad_mask_is_located(cli, tmp_path: Path) -> None:
    path = tmp_path / "mask"
    path.write_text("xxxxx\nxx xx\nxxxxx\nxxxxx\nxxxxx\n")
    done = cli("generate", "--genre", "slitherlink", "--size", "5x5", "--mask", str(path))
    assert done.exit_code == 2 and done.stderr.startswith(f"{path}:2:3: error: "), done.stderr
