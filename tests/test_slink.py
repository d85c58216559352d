"""`loopsat slink`: the SPOJ sample byte for byte, the reader's tolerance and rejections, and
random loops drawn and read back."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from loopgen import clue_grid, random_region

from loopsat.errors import PuzzleError
from loopsat.genres import slink
from loopsat.puzzle import puzzles_of

HERE = Path(__file__).parent / "slink"
SAMPLE_IN = (HERE / "sample.in").read_bytes()


def test_sample_byte_for_byte(cli) -> None:
    done = cli("slink", input=SAMPLE_IN)
    assert done.exit_code == 0, done.stderr
    assert done.stdout.encode() == (HERE / "sample.out").read_bytes()
    assert cli("slink", str(HERE / "sample.in")).stdout == done.stdout


@pytest.mark.parametrize(
    "variant",
    [
        b" ".join(SAMPLE_IN.split()),  # everything on one line
        SAMPLE_IN.replace(b"\n", b"\r\n"),
        SAMPLE_IN.replace(b" ", b"\n  "),  # every number on a line of its own
        SAMPLE_IN.rsplit(b"0 0", 1)[0],  # no closing 0 0
        SAMPLE_IN + b"\n\n",
    ],
    ids=["one-line", "crlf", "split", "no-terminator", "blank-lines"],
)
def test_any_whitespace_layout(variant: bytes) -> None:
    assert slink.parse(variant, "x") == slink.parse(SAMPLE_IN, "x")


@pytest.mark.parametrize(
    ("data", "line", "col", "words"),
    [
        (b"2 2\n2 2\n2 5\n0 0\n", 3, 3, "must be from 0 to 4, found 5"),
        (b"2 2\n2 x\n2 2\n", 2, 3, "expected a clue 0-4, found 'x'"),
        (b"-2 2\n", 1, 1, "must be at least 0, found -2"),
        (b"2 -1\n", 1, 3, "must be at least 0, found -1"),
        (b"2 two\n", 1, 3, "expected the column count"),
        (b"2 2\n2 2\n2\n", 3, 2, "expected 2×2 numbers, found 3"),
        (b"0 3\n", 1, 4, "has no cells"),
        (b"0 0\n", 1, 1, "no data set"),
        (b"1 1\n2\n0 0\n7\n", 4, 1, "after the closing"),
        (b"", 1, 1, "empty file"),
    ],
)
def test_rejections(cli, data: bytes, line: int, col: int, words: str) -> None:
    with pytest.raises(PuzzleError) as info:
        puzzles_of(slink.parse(data, "in.slink"))  # a bad data set is returned as its error
    assert words in info.value.message
    assert (info.value.line, info.value.col) == (line, col)
    done = cli("slink", input=data)
    assert done.exit_code == 2
    assert re.fullmatch(r"-:\d+:\d+: error: [^\n]+\n", done.stderr), done.stderr


def test_unsolvable_and_ambiguous_data_sets(cli) -> None:
    done = cli("slink", input=b"1 2\n1 1\n2 2\n2 3\n3 2\n1 1\n4\n0 0\n")
    assert done.exit_code == 1  # one data set has no solution
    lines = done.stdout.splitlines()
    assert lines[:4] == ["1", "no solution", "2", "multiple solutions"]
    assert lines[4] == "3" and lines[5] == "#" * 9 and len(lines) == 5 + 7


def test_solve_and_json_per_data_set(cli) -> None:
    done = cli("solve", "--json", str(HERE / "sample.in"), "--genre", "slink")
    objects = [__import__("json").loads(line) for line in done.stdout.splitlines()]
    assert [o["index"] for o in objects] == [1, 2, 3, 4]
    assert all(o["status"] == "unique" and o["genre"] == "slink" for o in objects)


def parse_drawing(lines: list[str], m: int, n: int) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """Edges read back from the canvas: `---` between vertex columns, `|` between vertex lines."""
    edges = set()
    for i in range(m + 1):
        for j in range(n):
            if lines[2 + 2 * i][3 + 4 * j : 6 + 4 * j] == "---":
                edges.add(((i, j), (i, j + 1)))
    for i in range(m):
        for j in range(n + 1):
            if lines[3 + 2 * i][2 + 4 * j] == "|":
                edges.add(((i, j), (i + 1, j)))
    return edges


@given(st.integers(1, 8), st.integers(1, 8), st.randoms(use_true_random=False))
@settings(max_examples=25, deadline=None)
def test_random_loops_come_back(m: int, n: int, rng: random.Random) -> None:
    from loopsat.solver.outcome import drawing
    from loopsat.solver.pipeline import solve

    region = random_region(m, n, rng)
    grid = clue_grid(region, m, n)
    text = f"{m} {n}\n" + "\n".join(" ".join(row) for row in grid) + "\n0 0\n"
    (puzzle,) = slink.parse(text.encode(), "random")
    outcome = solve(puzzle, mode="all", limit=2)
    assert outcome.count >= 1
    edges = parse_drawing(drawing(puzzle, outcome.solutions[0]), m, n)
    for i in range(m):
        for j in range(n):
            sides = {
                ((i, j), (i, j + 1)),
                ((i + 1, j), (i + 1, j + 1)),
                ((i, j), (i + 1, j)),
                ((i, j + 1), (i + 1, j + 1)),
            }
            assert len(sides & edges) == int(grid[i][j])
    if outcome.status == "unique":  # then it must be the loop the clues were made from
        expected = {
            ((i, j), (i, j + 1)) for i in range(m + 1) for j in range(n) if ((i - 1, j) in region) != ((i, j) in region)
        }
        expected |= {
            ((i, j), (i + 1, j)) for i in range(m) for j in range(n + 1) if ((i, j - 1) in region) != ((i, j) in region)
        }
        assert edges == expected
