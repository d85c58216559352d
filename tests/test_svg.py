"""SVG pictures read back: valid XML whose loop segments are exactly the solution's edges."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from goldens import golden_dirs, golden_puzzle, listed_solutions
from hypothesis import given, settings
from hypothesis import strategies as st
from lattice import edges_of
from loopgen import random_region
from pictures import NS, drawn_edges

from loopsat.genres import GENRES
from loopsat.grid import Point, lattice_edges
from loopsat.output.picture import draw
from loopsat.puzzle import Puzzle

BENCH = Path(__file__).parent.parent / "bench"
FOLDERS = [folder for folder in golden_dirs(("slither_", "super_", "slink_", "masyu_")) if listed_solutions(folder)]


def picture(puzzle: Puzzle, loop: frozenset[Point] = frozenset(), undecided: frozenset[Point] = frozenset()) -> str:
    return draw(GENRES[puzzle.genre].sketch(puzzle), loop, undecided)


def texts(text: str, kind: str) -> dict[Point, str]:
    root = ET.fromstring(text)
    return {(int(t.get("y")), int(t.get("x"))): t.text for t in root.iterfind(f"svg:g[@class='{kind}']/svg:text", NS)}


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_golden_solutions_are_drawn_exactly(folder: Path) -> None:
    puzzle = golden_puzzle(folder)
    solution = listed_solutions(folder)[0]
    text = picture(puzzle, solution)
    assert drawn_edges(text) == solution
    assert drawn_edges(text, "undecided") == frozenset()
    root = ET.fromstring(text)
    if puzzle.genre == "masyu":
        circles = {
            (int(c.get("cy")) // 2, int(c.get("cx")) // 2): c.get("class")
            for c in root.iterfind("svg:g[@class='circles']/svg:circle", NS)
        }
        expected = {
            (i, j): "white" if ch == "0" else "black" for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row)
        }
        assert circles == {cell: kind for cell, kind in expected.items() if puzzle.grid[cell[0]][cell[1]] != "."}
        assert root.find("svg:path[@class='dots']", NS) is None  # the loop runs through cell centres
        return
    clues = {((x - 1) // 2, (y - 1) // 2): digit for (x, y), digit in texts(text, "numbers").items()}
    assert clues == {(i, j): ch for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row) if ch in "01234"}
    dots = root.find("svg:path[@class='dots']", NS).get("d")
    assert dots.count("M") == (puzzle.rows + 1) * (puzzle.cols + 1)
    regions = {g.get("data-letter"): g for g in root.iterfind("svg:g[@class='region']", NS)}
    assert set(regions) == set(puzzle.letters)
    for letter, group in regions.items():
        shaded = {(int(r.get("y")) // 2, int(r.get("x")) // 2) for r in group.iterfind("svg:rect", NS)}
        assert shaded == {(i, j) for i, row in enumerate(puzzle.grid) for j, ch in enumerate(row) if ch == letter}
        first = min(shaded)
        assert texts(text, "superclues")[2 * first[0] + 1, 2 * first[1] + 1] == str(puzzle.letters[letter])


def test_a_60x60_board_with_its_known_loop() -> None:
    """Tatham's 60×60 from the benchmark with the manifest's solution: render only, no solve."""
    entry = next(p for p in json.loads((BENCH / "manifest.json").read_text())["puzzles"] if p["rows"] == 60)
    path = BENCH / entry["file"]
    puzzle = GENRES[entry["genre"]].parse(path.read_bytes(), str(path))[0]
    loop = edges_of(entry["solution"]["h"], entry["solution"]["v"])
    text = picture(puzzle, loop)
    assert drawn_edges(text) == loop
    assert len(texts(text, "numbers")) == sum(ch != "." for row in puzzle.grid for ch in row)
    root = ET.fromstring(text)
    width, height = int(root.get("width")), int(root.get("height"))
    assert 900 <= width == height <= 1100  # 16 px a cell: readable, not huge
    assert len(text) < 400_000


def test_two_by_two_boards_are_not_tiny() -> None:
    for genre, text in (("slitherlink", "..\n..\n"), ("masyu", "..\n..\n")):
        puzzle = GENRES[genre].parse(text.encode(), "t")[0]
        root = ET.fromstring(picture(puzzle))
        assert int(root.get("width")) >= 100
        assert root.find("svg:g[@class='loop']", NS) is None


@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None)
def test_any_loop_round_trips(m: int, n: int, seed: int) -> None:
    """The boundary of a random region and some other edges read back edge for edge."""
    region = random_region(m, n, random.Random(seed))
    loop = frozenset(
        (2 * i + di + 1, 2 * j + dj + 1)
        for i, j in region
        for di, dj in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if (i + di, j + dj) not in region
    )
    puzzle = Puzzle("slitherlink", "t", ("." * n,) * m)
    rng = random.Random(seed)
    undecided = frozenset(e for e in lattice_edges(m + 1, n + 1) if e not in loop and rng.random() < 0.3)
    text = picture(puzzle, loop, undecided)
    assert (drawn_edges(text), drawn_edges(text, "undecided")) == (loop, undecided)


def test_odd_letters_are_escaped() -> None:
    puzzle = GENRES["slitherlink"].parse(b'<&.\n<..\n"..\n!<=2\n!&=3\n!"=1\n', "t.slither")[0]
    root = ET.fromstring(picture(puzzle))
    titles = sorted(t.text for t in root.iterfind("svg:g[@class='region']/svg:title", NS))
    assert titles == ['" = 1', "& = 3", "< = 2"]


def test_undecided_edges_are_their_own_group() -> None:
    puzzle = Puzzle("slitherlink", "t", ("..", ".."))
    loop, undecided = frozenset({(0, 1), (1, 0)}), frozenset({(0, 3), (3, 0)})
    text = picture(puzzle, loop, undecided)
    assert (drawn_edges(text), drawn_edges(text, "undecided")) == (loop, undecided)
    assert ET.fromstring(text).find("svg:g[@class='undecided']", NS).get("stroke-dasharray")


# --- the command line ----------------------------------------------------------------------------


def test_render_board_and_solution(cli, tmp_path: Path) -> None:
    folder = next(f for f in FOLDERS if f.name == "super_piday_7x7")
    source = tmp_path / "piday.slither"
    source.write_bytes((folder / "puzzle.txt").read_bytes())
    done = cli("render", str(source), "-o", str(tmp_path / "board.svg"))
    assert (done.exit_code, done.stdout, done.stderr) == (0, "", "")
    assert drawn_edges((tmp_path / "board.svg").read_text()) == frozenset()
    done = cli("render", str(source), "--solution")
    assert done.exit_code == 0, done.stderr
    assert drawn_edges(done.stdout) == listed_solutions(folder)[0]


def test_render_masyu_solution(cli, tmp_path: Path) -> None:
    folder = next(f for f in FOLDERS if f.name == "masyu_pzprjs_6x6")
    source = tmp_path / "p.masyu"
    source.write_bytes((folder / "puzzle.txt").read_bytes())
    done = cli("render", "--solution", str(source))
    assert done.exit_code == 0, done.stderr
    assert drawn_edges(done.stdout) == listed_solutions(folder)[0]


def test_solve_svg_draws_the_first_of_several(cli, tmp_path: Path) -> None:
    source = tmp_path / "p.slither"
    source.write_text("..\n..\n")
    out = tmp_path / "p.svg"
    done = cli("solve", "--json", "--svg", str(out), str(source))
    assert done.exit_code == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["status"] == "multiple"
    assert drawn_edges(out.read_text()) == edges_of(**result["solutions"][0])


def test_render_without_solution_and_bad_targets(cli, tmp_path: Path) -> None:
    source = tmp_path / "p.slither"
    source.write_text("04\n..\n")
    done = cli("render", "--solution", str(source), "-o", str(tmp_path / "p.svg"))
    assert done.exit_code == 1 and done.stderr == f"{source}: no solution\n"
    assert drawn_edges((tmp_path / "p.svg").read_text()) == frozenset()
    target = tmp_path / "missing" / "p.svg"
    done = cli("solve", "--svg", str(target), str(source))
    assert done.exit_code == 2 and done.stderr.startswith(f"{target}:1:1: error: cannot write")
    assert "Traceback" not in done.stderr
    several = tmp_path / "two.slink"
    several.write_text("2 2 2 2 2 2\n2 2 2 2 2 2\n0 0\n")
    for args in (("render", str(several)), ("solve", "--svg", str(tmp_path / "x.svg"), str(several))):
        done = cli(*args)
        assert done.exit_code == 2 and done.stderr.startswith(f"{several}:1:1: error:"), done.stderr
    done = cli("solve", "--svg", str(tmp_path / "x.svg"), str(source), str(source))
    assert done.exit_code == 2 and "--svg draws one puzzle" in done.stderr
