"""The `.slither` reader: every rejection located, every editor variant accepted."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loopsat.errors import PuzzleError
from loopsat.genres import slitherlink

PIDAY = b"aaa....\naaabb..\naaabb..\n.......\n..ccddd\n..ccddd\n....ddd\n!a=3\n!b=1\n!c=4\n!d=1\n"


def parse(data: bytes):
    return slitherlink.parse(data, "p.slither")[0]


@pytest.mark.parametrize(
    ("data", "line", "col", "words"),
    [
        (b"..\n...\n", 2, 3, "row has 3 cells"),
        (b"...\n..\n", 2, 3, "row has 2 cells"),
        (b".|\n..\n", 1, 2, "unknown character '|'"),
        (b"..\n.:\n", 2, 2, "unknown character ':'"),
        (b". \n.x\n", 2, 2, "row has 2 cells"),
        (b". .\n...\n", 1, 2, "unknown character ' '"),
        (b".\t.\n...\n", 1, 2, "unknown character '\\t'"),
        (b"a.\n..\n", 1, 1, "letter 'a' has no"),
        (b"a.\n..\n!b=2\n!a=1\n", 3, 2, "never occurs"),
        (b"a.\n..\n!a=1\n!a=2\n", 4, 2, "duplicate"),
        (b"a.\n..\n!a=x\n", 3, 4, "expected `!x=N`"),
        (b"a.\n..\n!a:2\n", 3, 3, "expected `!x=N`"),
        (b"a.\n..\n!a=-1\n", 3, 4, "expected `!x=N`"),
        (b"", 1, 1, "empty file"),
        (b"\n\n  \n", 1, 1, "empty file"),
        (b"..\n\x00.\n", 2, 1, "not a text file"),
        (b"..\n.\xff\n", 2, 2, "not a text file"),
        (b"..\n\n..\n", 2, 1, "empty line inside the board"),
        (b"..\n.\xc3\xa9\n", 2, 2, "unknown character"),
        (b"!a=1\n", 1, 1, "no board rows"),
    ],
)
def test_rejections_are_located(data: bytes, line: int, col: int, words: str) -> None:
    with pytest.raises(PuzzleError) as info:
        parse(data)
    assert (info.value.line, info.value.col) == (line, col)
    assert words in info.value.message
    assert str(info.value).startswith(f"p.slither:{line}:{col}: error: ")


@pytest.mark.parametrize(
    "variant",
    [
        PIDAY.replace(b"\n", b"\r\n"),
        PIDAY.rstrip(b"\n"),
        PIDAY.replace(b"\n", b"  \n"),
        PIDAY + b"\n\n \n",
    ],
    ids=["crlf", "no-final-newline", "trailing-blanks", "trailing-blank-lines"],
)
def test_editor_variants_read_the_same(variant: bytes) -> None:
    assert parse(variant) == parse(PIDAY)


def test_piday() -> None:
    puzzle = parse(PIDAY)
    assert (puzzle.rows, puzzle.cols) == (7, 7)
    assert puzzle.letters == {"a": 3, "b": 1, "c": 4, "d": 1}


def test_one_by_n_boards_read() -> None:
    assert parse(b"1.3\n").cols == 3
    assert parse(b"2\n.\n3\n").rows == 3


cells = st.sampled_from(".01234" + "abcXYZ5&")


@st.composite
def boards(draw: st.DrawFn) -> tuple[list[str], dict[str, int]]:
    m, n = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    rows = ["".join(draw(st.lists(cells, min_size=n, max_size=n))) for _ in range(m)]
    letters = sorted({ch for row in rows for ch in row if slitherlink.is_letter(ch)})
    return rows, {letter: draw(st.integers(0, 30)) for letter in letters}


@given(boards(), st.sampled_from(["\n", "\r\n"]), st.booleans())
@settings(max_examples=150, deadline=None)
def test_reader_round_trip(board: tuple[list[str], dict[str, int]], newline: str, final: bool) -> None:
    rows, letters = board
    lines = rows + [f"!{k}={v}" for k, v in letters.items()]
    text = newline.join(lines) + (newline if final else "")
    puzzle = parse(text.encode())
    assert list(puzzle.grid) == rows
    assert puzzle.letters == letters
    assert list(puzzle.lines) == lines


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet=".01234a", min_size=3, max_size=3), min_size=1, max_size=4))
def test_clue_tables_as_the_rule_says(grid: list[str]) -> None:
    """Each digit's table, built a row at a time without `Rule`'s call, is the one `Rule` makes
    over its cell's sides, in reading order, and the same when a cached row is asked again."""
    from loopsat.deduce import Rule
    from loopsat.grid import cell_sides
    from loopsat.puzzle import Puzzle

    puzzle = Puzzle("slitherlink", "p.slither", tuple(grid))
    want = [
        Rule(cell_sides((2 * i + 1, 2 * j + 1)), slitherlink._CLUE_PATTERNS[int(ch)], f"{ch} clue")
        for i, row in enumerate(grid)
        for j, ch in enumerate(row)
        if ch in "01234"
    ]
    for _ in range(2):
        tables = slitherlink.rules(puzzle).tables
        assert tables == want
        assert all(type(rule) is Rule for rule in tables)
