"""Masyu: MASYU-DLX's exact bytes, Knuth's counts, the reader's errors, and a brute force."""

from __future__ import annotations

from pathlib import Path

import pytest
from goldens import counts, golden_dirs, golden_puzzle, listed_solutions
from hypothesis import given, settings
from lattice import cycle_unions, midpoints
from referees import masyu_boards, masyu_referee

from loopsat import mcc
from loopsat.cpsat import Circuit, Disjoint, LazyCuts, Search
from loopsat.errors import PuzzleError
from loopsat.genres import masyu
from loopsat.model import Item
from loopsat.puzzle import Puzzle, check_mcc_size

FOLDERS = golden_dirs(("masyu_",))
IDS = [folder.name for folder in FOLDERS]


def board(text: str) -> Puzzle:
    return masyu.parse(text.encode(), "t.masyu")[0]


def test_goldens_are_there() -> None:
    assert IDS == ["masyu_empty_2x2", "masyu_ohmec_8x8", "masyu_pzprjs_6x6", "masyu_white_corner_abort"]


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_mcc_is_byte_identical(folder: Path) -> None:
    assert mcc.write(masyu.cover(golden_puzzle(folder))) == (folder / "knuth.mcc").read_text()


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_mcc_round_trip(folder: Path) -> None:
    text = mcc.write(masyu.cover(golden_puzzle(folder)))
    assert mcc.write(mcc.read(text)) == text


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_counts_equal_knuth(folder: Path) -> None:
    expected = counts(folder)
    cover = masyu.cover(golden_puzzle(folder))
    assert sum(1 for _ in Search(cover, Disjoint()).stream()) == expected["dlx3_solutions"]
    loops = list(Search(cover, LazyCuts()).solutions())
    assert len(loops) == expected["single_loop_solutions"]
    assert sorted(map(sorted, loops)) == sorted(map(sorted, listed_solutions(folder)))


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_counts_from_the_mcc_text_too(folder: Path) -> None:
    """The backend reading Knuth's own bytes agrees with it (no help from the genre)."""
    cover = mcc.read((folder / "knuth.mcc").read_text())
    assert sum(1 for _ in Search(cover, Disjoint()).stream()) == counts(folder)["dlx3_solutions"]


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_every_secondary_item_is_an_edge(folder: Path) -> None:
    cover = masyu.cover(golden_puzzle(folder))
    assert set(cover.edges) == {item.name for item in cover.secondary}
    assert all((x + y) % 2 for x, y in cover.edges.values())


def test_abort_cover() -> None:
    cover = masyu.cover(board("0....\n.....\n"))
    assert cover.items == [Item("abort")]
    assert cover.options == []
    assert cover.bar is False
    assert cover.edges == {}
    assert cover.comments == ["masyu-dlx:", "0....", "....."]
    assert list(Search(cover, Disjoint()).stream()) == []


def test_board_without_circles_has_an_empty_first_option() -> None:
    text = mcc.write(masyu.cover(board("...\n...\n")))
    assert text.splitlines()[4] == ""


def test_first_option_has_a_trailing_blank() -> None:
    text = mcc.write(masyu.cover(board("....\n.1..\n....\n....\n")))
    first = text.splitlines()[6]
    assert first.startswith("22 ") and first.endswith(" ")


def test_class_items() -> None:
    """A white circle in the middle makes its four edges one class, led by the last merged into."""
    cover = masyu.cover(board("...\n.0.\n...\n"))
    assert [item.name for item in cover.primary if item.name.startswith("#")] == ["#21"]
    assert [option.line() for option in cover.options if option.entries[0][0] == "#21"] == [
        "#21 12:1 32:1 23:0 21:0",  # MASYU-DLX's bytes for this board
        "#21 12:0 32:0 23:1 21:1",
    ]


# --- the reader ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "col"),
    [
        ("..\n.2\n", 2, 2),
        ("0.\n..\n", None, None),
        ("..\n.a\n", 2, 2),
        ("..3\n...\n", 1, 3),
        ("...\n..\n", 2, 3),
        ("...\n....\n", 2, 4),
        ("..\n\n..\n", 2, 1),
        (". .\n...\n", 1, 2),
        ("..\n..\n|\n", 3, 1),
    ],
)
def test_parse_errors(text: str, line: int | None, col: int | None) -> None:
    if line is None:
        assert board(text).grid == ("0.", "..")
        return
    with pytest.raises(PuzzleError) as info:
        masyu.parse(text.encode(), "t.masyu")
    assert (info.value.path, info.value.line, info.value.col) == ("t.masyu", line, col)


def test_unknown_character_message() -> None:
    with pytest.raises(PuzzleError, match="unknown character '4'"):
        board("..\n4.\n")


@pytest.mark.parametrize("data", [b"", b"\n\n", b"  \n"])
def test_empty_file(data: bytes) -> None:
    with pytest.raises(PuzzleError) as info:
        masyu.parse(data, "t.masyu")
    assert (info.value.line, info.value.col) == (1, 1)


def test_binary_junk() -> None:
    with pytest.raises(PuzzleError) as info:
        masyu.parse(b"..\n.\x00\n", "t.masyu")
    assert (info.value.line, info.value.col) == (2, 2)
    with pytest.raises(PuzzleError):
        masyu.parse(b"..\n\xff.\n", "t.masyu")


@pytest.mark.parametrize("data", [b"0.\r\n.1\r\n", b"0.\n.1", b"0.  \n.1\t\n\n\n", b"0.\r\n.1"])
def test_editor_variants_give_the_same_puzzle(data: bytes) -> None:
    assert masyu.parse(data, "t.masyu") == masyu.parse(b"0.\n.1\n", "t.masyu")


def test_puzzle_fields() -> None:
    puzzle = board("0..\n.1.\n")
    assert puzzle == Puzzle("masyu", "t.masyu", ("0..", ".1."), {}, ("0..", ".1."))
    assert masyu.tile_shape(puzzle) == (2, 3)
    assert masyu.labels(puzzle) == {(0, 0): "O", (2, 2): "@"}


def test_sniff_never_claims_a_file() -> None:
    """Every `0 1 .` board is also a Slitherlink board: only the suffix or --genre say Masyu."""
    assert not masyu.sniff(["0.1", "..."])
    assert not masyu.sniff(["..2"])


# --- sizes -----------------------------------------------------------------------------------


def test_one_row_boards_parse_and_model_but_do_not_export() -> None:
    puzzle = board("..0..\n")
    assert (puzzle.rows, puzzle.cols) == (1, 5)
    masyu.cover(puzzle)
    with pytest.raises(PuzzleError, match="at least 2×2"):
        check_mcc_size(puzzle, masyu.MCC_MAX)


@pytest.mark.parametrize(("m", "n", "ok"), [(2, 2, True), (31, 31, True), (32, 2, False), (2, 32, False)])
def test_mcc_size_limit(m: int, n: int, ok: bool) -> None:
    puzzle = board("\n".join("." * n for _ in range(m)))
    if ok:
        check_mcc_size(puzzle, masyu.MCC_MAX)
    else:
        with pytest.raises(PuzzleError, match="31×31"):
            check_mcc_size(puzzle, masyu.MCC_MAX)


def test_largest_exportable_board_uses_short_names() -> None:
    rows = ["." * 31 for _ in range(31)]
    rows[30] = "." * 30 + "1"
    rows[15] = "." * 15 + "0" + "." * 15
    cover = masyu.cover(board("\n".join(rows)))
    assert all(len(item.name) <= 3 for item in cover.items)
    assert "ZZ" in {item.name for item in cover.items}  # the circle (61, 61)


def test_big_board_models_without_limit() -> None:
    rows = ["." * 58 for _ in range(40)]
    rows[20] = "." * 30 + "1" + "." * 27
    rows[39] = "." * 56 + "0."
    cover = masyu.cover(board("\n".join(rows)))
    assert len(cover.edges) == 40 * 57 + 39 * 58
    assert len({item.name for item in cover.items}) == len(cover.items)
    assert cover.edges["78.113"] == (78, 113)
    circles = [item.name for item in cover.primary if item.name in ("FZ", "79.113")]
    assert circles == ["FZ", "79.113"]  # the black (20, 30) and the white (39, 56)


# --- brute force from the rules --------------------------------------------------------------


def midpoint_sets(m: int, n: int) -> list[frozenset[tuple[int, int]]]:
    """Every cycle union of the m × n cell-centre lattice, as edge midpoints in tile coordinates."""
    return [midpoints(union) for union in cycle_unions(m, n)]


@settings(max_examples=60, deadline=None)
@given(masyu_boards())
def test_solutions_equal_a_brute_force(puzzle: Puzzle) -> None:
    cover = masyu.cover(puzzle)
    unions = midpoint_sets(puzzle.rows, puzzle.cols)
    every = {s for s in unions if masyu_referee(puzzle, s, single_loop=False)}
    single = {s for s in every if masyu_referee(puzzle, s, single_loop=True)}
    assert set(Search(cover, Disjoint()).stream()) == every
    assert set(Search(cover, LazyCuts()).solutions()) == single
    assert set(Search(cover, Circuit()).stream()) == single
