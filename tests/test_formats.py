"""puzz.link URLs and Tatham game IDs: round trips, real links with known answers, errors, the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from goldens import GOLDEN, listed_solutions
from hypothesis import given, settings
from hypothesis import strategies as st

from loopsat.errors import PuzzleError
from loopsat.formats import convert, decode, is_link, puzzlink, tatham
from loopsat.genres import masyu, read_puzzles, slitherlink
from loopsat.puzzle import Puzzle
from loopsat.solver.outcome import bits
from loopsat.solver.pipeline import solve

HERE = Path(__file__).parent
BENCH = HERE.parent / "bench"
TATHAM = json.loads((HERE / "links" / "tatham.json").read_text())["puzzles"]
ERROR_LINE = re.compile(r"^.+:\d+:\d+: error: [^\n]+\n$")
GENRE_MODULES = {"slitherlink": slitherlink, "masyu": masyu}
CODECS = {"url": puzzlink, "tatham": tatham}


def file_puzzle(genre: str, rows: list[str], path: str) -> Puzzle:
    """What the genre's own reader makes of a file holding these rows."""
    return GENRE_MODULES[genre].parse("\n".join(rows).encode(), path)[0]


@st.composite
def boards(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A random board of either genre, 1×1 to 12×40, sometimes nearly empty (long blank runs)."""
    genre = draw(st.sampled_from(("slitherlink", "masyu")))
    clues = "01234" if genre == "slitherlink" else "01"
    alphabet = draw(st.sampled_from(("." + clues, "." * 40 + clues[-1])))
    rows, cols = draw(st.integers(1, 12)), draw(st.integers(1, 40))
    cells = draw(st.text(alphabet=alphabet, min_size=rows * cols, max_size=rows * cols))
    return genre, [cells[i * cols : (i + 1) * cols] for i in range(rows)]


@settings(max_examples=300, deadline=None)
@given(board=boards(), form=st.sampled_from(("url", "tatham")))
def test_encode_then_decode_gives_the_same_puzzle(board, form) -> None:
    genre, rows = board
    text = convert(file_puzzle(genre, rows, "p"), form)
    assert is_link(text)
    assert decode(text, text) == file_puzzle(genre, rows, text)


@settings(max_examples=100, deadline=None)
@given(board=boards())
def test_board_forms_round_trip(board) -> None:
    genre, rows = board
    form = "slither" if genre == "slitherlink" else "masyu"
    assert convert(file_puzzle(genre, rows, "p"), form) == "\n".join(rows)


# Real URLs: pzprjs's and puzz.link's samples, with Knuth's goldens as their answers.
REAL_URLS = [
    ("https://puzz.link/p?slither/5/5/cbcbcddad", "slither_pzprjs_5x5"),
    ("https://puzz.link/p?slither/6/6/kdhdg37ah733ddhd", "slither_puzzlink_6x6"),
    ("http://pzv.jp/p.html?mashu/6/6/1063000i3000", "masyu_pzprjs_6x6"),
]


@pytest.mark.parametrize(("url", "golden"), REAL_URLS)
def test_real_urls_decode_to_the_golden_boards_and_answers(url, golden) -> None:
    folder = GOLDEN / golden
    genre = "masyu" if golden.startswith("masyu") else "slitherlink"
    puzzle = decode(url, url)
    assert puzzle == file_puzzle(genre, (folder / "puzzle.txt").read_text().split(), url)
    assert puzzlink.encode(puzzle) == "https://puzz.link/p?" + url.split("?")[1]  # pzprjs's own encoding
    outcome = solve(puzzle)
    assert outcome.status == "unique"
    assert outcome.solutions == listed_solutions(folder)


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?slither/5/5/cbcbcddad",
        "https://puzz.link/p?slitherlink/5/5/cbcbcddad/",
        "puzz.link/p?slither_edit/5/5/cbcbcddad",
        "https://pzprxs.vercel.app/p?type=editor&slither/5/5/cbcbcddadTRAILING",
        "http://pzplus.tck.mn/p.html?type=player&slither_play/v:/5/5/cbcbcddad",
        "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/loopy.html#5x5t0:2b1b2b1b2b3b3b0b3",
        "5x5t0dh:2b1b2b1b2b3b3b0b3",
        "5t0:2b1b2b1b2b3b3b0b3",
    ],
)
def test_hosts_aliases_and_prefixes(url) -> None:
    rows = (GOLDEN / "slither_pzprjs_5x5" / "puzzle.txt").read_text().split()
    assert decode(url, url).grid == tuple(rows)


@pytest.mark.parametrize("url", ["http://pzv.jp/p.html?masyu/6/6/1063000i3000", "pzv.jp/p.html?pearl/6/6/1063000i3000"])
def test_masyu_aliases(url) -> None:
    assert decode(url, url).grid == ("..0...", ".1..0.", "......", "...1..", ".0....", "......")


def test_notes_examples_columns_first_and_bare_last_digit() -> None:
    cspuz = decode("https://puzz.link/p?slither/4/4/dgdh2c71", "u")
    assert cspuz.grid == ("3...", "3...", ".22.", ".2.1")
    assert puzzlink.encode(cspuz) == "https://puzz.link/p?slither/4/4/dgdh2c7b"  # pzprjs writes a-e at the end
    assert decode("https://puzz.link/p?slither/4/2/b4j", "u").grid == ("1..4", "....")
    assert decode("4x2t0:1b4d", "u").grid == ("1..4", "....")
    assert decode("https://puzz.link/p?mashu/4/2/1o0", "u").grid == ("..01", "1...")
    assert decode("4x2:bWBBc", "u").grid == ("..01", "1...")


def test_long_blank_runs_split_like_the_originals() -> None:
    """pzprjs writes at most 20 blanks a letter (z), Tatham 26 (z); a clue then swallows two."""
    puzzle = file_puzzle("slitherlink", ["." * 45 + "3...."], "p")
    assert convert(puzzle, "url") == "https://puzz.link/p?slither/50/1/zzkdh"
    assert convert(puzzle, "tatham") == "50x1t0:zs3d"
    assert convert(file_puzzle("masyu", ["." * 27 + "1"], "p"), "tatham") == "28x1:zaB"


def test_every_bench_game_id_is_its_bench_file() -> None:
    manifest = json.loads((BENCH / "manifest.json").read_text())["puzzles"]
    tatham = [entry for entry in manifest if "tatham_game_id" in entry]  # the rest are loopsat's own
    assert len(tatham) >= 10
    for entry in tatham:
        rows = (BENCH / entry["file"]).read_text().split()
        puzzle = decode(entry["tatham_game_id"], "id")
        assert puzzle == file_puzzle(entry["genre"], rows, "id")
        assert convert(puzzle, "tatham") == entry["tatham_game_id"]  # Tatham's own encoding, byte for byte


@pytest.mark.parametrize("entry", TATHAM, ids=[entry["source"] for entry in TATHAM])
def test_tatham_ids_solve_to_the_known_solutions(entry) -> None:
    puzzle = decode(entry["game_id"], "id")
    assert puzzle.grid == tuple(entry["board"])
    outcome = solve(puzzle)
    assert outcome.status == "unique"
    h, v = bits(GENRE_MODULES[entry["genre"]], puzzle, outcome.solutions[0])
    assert {"h": h, "v": v} == entry["solution"]


@pytest.mark.parametrize(
    ("text", "col", "message"),
    [
        ("https://puzz.link/p?slither/5/5/cbcbcdd%d", 40, "unexpected '%'"),
        ("https://puzz.link/p?slither/5/5/cbcbc", 38, "ends after 15 of the board's 25 cells"),
        ("https://puzz.link/p?nurikabe/5/5/abc", 21, "unsupported puzzle type 'nurikabe'"),
        ("https://puzz.link/p?slither/f/3/3/gdk", 29, "flag `f`"),
        ("https://puzz.link/p?mashu/v:x/4/4/000000", 29, "unsupported variant 'x'"),
        ("https://puzz.link/p?slither/5/0/cbc", 31, "number of rows"),
        ("https://puzz.link/p?slither/5", 30, "expected the number of rows"),
        ("https://puzz.link/p", 20, "expected `?`"),
        ("https://puzz.link/p?mashu/6/6/1063000i300z", 42, "unexpected 'z'"),
        ("https://puzz.link/p?mashu/6/6/10630", 36, "ends after 15 of the board's 36 cells"),
        ("5x5t1:abc", 4, "unsupported grid type t1"),
        ("5x5t12:abc", 4, "unsupported grid type t12"),
        ("3x3t0:aa7", 9, "unexpected '7'"),
        ("3x3t0:aah", 9, "longer than the board's 9 cells"),
        ("3x3t0:aa", 9, "ends after 2 of the board's 9 cells"),
        ("3x3t0dh#1234", 8, "random seed"),
        ("3x3t0q:i", 6, "unexpected 'q' in the game parameters"),
        ("3x3:aaaaaaaaX", 13, "unexpected 'X' in a Pearl description"),
    ],
)
def test_malformed_links_name_the_column(text, col, message) -> None:
    with pytest.raises(PuzzleError) as caught:
        decode("  " + text, "f.url", line=7)
    assert (caught.value.path, caught.value.line, caught.value.col) == ("f.url", 7, col + 2)
    assert message in caught.value.message


def test_letters_have_no_link_form() -> None:
    puzzle = slitherlink.parse(b"a.\n.a\n!a=2\n", "s.slither")[0]
    for form in ("url", "tatham"):
        with pytest.raises(PuzzleError, match="SuperSlitherlink letters have no"):
            convert(puzzle, form)
    assert convert(puzzle, "slither") == "a.\n.a\n!a=2"


def test_url_files_are_sniffed_and_number_their_puzzles() -> None:
    data = b"https://puzz.link/p?slither/5/5/cbcbcddad\n\n  4x2:bWBBc  \r\n"
    for path in ("set.url", "set.txt"):
        puzzles = read_puzzles(path, data)
        assert [(p.genre, p.label) for p in puzzles] == [("slitherlink", f"{path}#1"), ("masyu", f"{path}#3")]
    assert read_puzzles("s.txt", b"1a\n!a=1\n")[0].letters == {"a": 1}  # letters alone make no URL file


def test_cli_solves_a_url_like_its_file(cli) -> None:
    url, golden = REAL_URLS[0]
    by_url, by_file = cli("solve", url), cli("solve", "--genre", "slitherlink", str(GOLDEN / golden / "puzzle.txt"))
    assert by_url.exit_code == by_file.exit_code == 0, by_url.stderr
    assert by_url.stdout == by_file.stdout
    assert by_url.stdout.endswith("unique\n")


def test_cli_convert(cli) -> None:
    done = cli("convert", "http://pzv.jp/p.html?mashu/6/6/1063000i3000", "--to", "tatham")
    assert (done.exit_code, done.stdout) == (0, "6x6:bWdBbWjBcWj\n")
    done = cli("convert", done.stdout.strip(), "--to", "url")
    assert (done.exit_code, done.stdout) == (0, "https://puzz.link/p?mashu/6/6/1063000i3000\n")


def test_cli_errors_are_one_located_line(cli, tmp_path) -> None:
    bad = "https://puzz.link/p?slither/5/5/cbcbcdd%d"
    done = cli("solve", bad)
    assert done.exit_code == 2
    assert ERROR_LINE.match(done.stderr) and done.stderr.startswith(f"{bad}:1:40: error:")
    done = cli("solve", "5x5t1:abc")
    assert (done.exit_code, done.stderr) == (2, "5x5t1:abc:1:4: error: unsupported grid type t1 (triangular): "
                                                 "loopsat reads square grids, t0\n")  # fmt: skip
    letters = tmp_path / "super.slither"
    letters.write_text("a.\n.a\n!a=2\n")
    done = cli("convert", str(letters), "--to", "url")
    assert done.exit_code == 2 and ERROR_LINE.match(done.stderr) and f"{letters}:1:1: error: letter 'a'" in done.stderr


def test_cli_url_file(cli, tmp_path) -> None:
    links = tmp_path / "set.url"
    links.write_text(f"{REAL_URLS[0][0]}\n\n{TATHAM[2]['game_id']}\n")
    done = cli("solve", "-q", str(links))
    assert (done.exit_code, done.stdout) == (0, f"{links}#1: unique\n{links}#3: unique\n")
    done = cli("convert", str(links), "--to", "tatham")
    assert done.stdout == f"5x5t0:2b1b2b1b2b3b3b0b3\n{TATHAM[2]['game_id']}\n"


def test_hidden_clue_reads_as_empty_with_a_warning(capsys) -> None:
    assert decode("https://puzz.link/p?slither/2/2/1.h", "u").grid == ("1.", "..")
    assert (
        capsys.readouterr().err
        == "u:1:34: warning: a `?` clue (number hidden) has no Slitherlink form; read as an empty cell\n"
    )
