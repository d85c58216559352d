"""The command line a newcomer expects: --version, numbered --all, --limit alone, readable --help."""

from __future__ import annotations

import json

from goldens import GOLDEN

from loopsat import __version__

EMPTY_2X2 = str(GOLDEN / "slither_empty_2x2" / "puzzle.txt")


def test_version(cli) -> None:
    done = cli("--version")
    assert (done.exit_code, done.stdout) == (0, f"loopsat {__version__}\n")


def test_all_numbers_each_solution_and_ends_with_the_total(cli) -> None:
    done = cli("solve", "--genre", "slitherlink", "--all", EMPTY_2X2)
    lines = done.stdout.splitlines()
    headers = [line for line in lines if line.startswith("solution ")]
    assert headers == [f"solution {k}" for k in range(1, 14)]
    assert lines[-1] == "multiple (13 solutions)"
    frame = lines[1]
    assert lines.count(frame) == 2 * 13  # every board whole, top and bottom frame
    assert all(lines[k - 1] == "" for k, line in enumerate(lines) if line.startswith("solution ") and k)


def test_limit_alone_lists_up_to_n(cli) -> None:
    done = cli("solve", "--genre", "slitherlink", "--limit", "3", EMPTY_2X2)
    lines = done.stdout.splitlines()
    assert [line for line in lines if line.startswith("solution ")] == ["solution 1", "solution 2", "solution 3"]
    assert lines[-1] == "multiple (3 solutions, stopped by --limit or --time-limit)"
    counted = cli("solve", "--genre", "slitherlink", "--count", "--limit", "3", EMPTY_2X2)
    assert counted.stdout.startswith("3 (incomplete")


def test_help_names_its_placeholders(cli) -> None:
    text = cli("solve", "--help").stdout
    assert "<bool>" not in text and "{files}" not in text and "--no-disjoint" not in text
    assert "--limit N" in text and "--time-limit S" in text and "--strategy NAME" in text


def test_a_byte_order_mark_is_no_character_of_the_board(cli, tmp_path) -> None:
    plain = (GOLDEN / "slither_pzprjs_5x5" / "puzzle.txt").read_bytes()
    path = tmp_path / "bom.slither"
    path.write_bytes(b"\xef\xbb\xbf" + plain)
    assert cli("solve", "-q", str(path)).stdout == f"{path}: unique\n"
    bad = tmp_path / "bad.slither"
    bad.write_bytes(b"\xef\xbb\xbf2.x\n...\n")
    assert cli("solve", str(bad)).stderr.startswith(f"{bad}:1:3: error:")  # columns count after the mark


def test_masyu_reads_its_own_drawing_marks(cli, tmp_path) -> None:
    marks, digits = tmp_path / "marks.masyu", tmp_path / "digits.masyu"
    marks.write_text("@..@\n.O..\n@..@\n")
    digits.write_text("1..1\n.0..\n1..1\n")
    answers = [json.loads(cli("solve", "--json", str(path)).stdout) for path in (marks, digits)]
    for answer in answers:
        del answer["file"], answer["seconds"]
    assert answers[0] == answers[1] and answers[0]["genre"] == "masyu"


def test_slink_numbers_a_url_as_data_set_1(cli) -> None:
    done = cli("slink", "https://puzz.link/p?slither/5/5/cbcbcddad")
    assert done.stdout.splitlines()[0] == "1"
