"""Hostile use of the command line: every mistake is one located line and exit 2, never 70."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loopsat import cli
from loopsat.errors import PuzzleError, printable
from loopsat.genres import GENRES
from loopsat.puzzle import Puzzle

GOLDEN = Path(__file__).parent / "golden"
ERROR_LINE = re.compile(r"^[^\n]+:\d+:\d+: error: [^\n]+\n$")


def invoke(*args: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(cli.app, list(args))
    return done.exit_code, done.stdout, done.stderr


@pytest.fixture
def piday(tmp_path: Path) -> Path:
    path = tmp_path / "piday.slither"
    path.write_bytes((GOLDEN / "super_piday_7x7" / "puzzle.txt").read_bytes())
    return path


@pytest.fixture
def piday_mcc(tmp_path: Path) -> Path:
    path = tmp_path / "piday.mcc"
    path.write_bytes((GOLDEN / "super_piday_7x7" / "knuth.mcc").read_bytes())
    return path


# --- D: outputs that cannot be written, formats that do not apply, outputs that are inputs ----


@pytest.mark.parametrize("where", ["missing/x.mcc", "."])
def test_export_to_a_missing_folder_or_a_directory_is_a_usage_error(piday: Path, where: str) -> None:
    status, _, err = invoke("export", "--mcc", str(piday), "-o", str(piday.parent / where))
    assert status == 2 and ERROR_LINE.match(err) and "cannot write the MCC text" in err


@pytest.mark.parametrize("form", ["url", "tatham"])
def test_an_mcc_file_has_no_link_form(piday_mcc: Path, form: str) -> None:
    status, out, err = invoke("convert", "--to", form, str(piday_mcc))
    assert (status, out) == (2, "")
    assert err == f"{piday_mcc}:1:1: error: mcc puzzles have no {form} form\n"


@pytest.mark.parametrize(
    "command",
    [
        ["export", "--mcc", "{p}", "-o", "{p}"],
        ["solve", "{p}", "--svg", "{p}"],
        ["render", "{p}", "-o", "{p}"],
        ["render", "{p}", "-o", "{dir}/./piday.slither"],
    ],
)
def test_no_output_may_be_an_input(piday: Path, command: list[str]) -> None:
    before = piday.read_bytes()
    status, _, err = invoke(*(arg.format(p=piday, dir=piday.parent) for arg in command))
    assert status == 2 and ERROR_LINE.match(err) and "the output is the input" in err
    assert piday.read_bytes() == before


# --- G: file names with control characters reach the terminal escaped, on one line ---------


def test_printable_escapes_what_a_terminal_would_obey() -> None:
    assert printable("plain/name-é.slither") == "plain/name-é.slither"
    assert printable("a\x1b[31mb\nc\u202ed\udcff\r") == "a\\x1b[31mb\\nc\\u202ed\\xff\\r"
    assert str(PuzzleError("x\ny", 1, 2, "m")) == "x\\ny:1:2: error: m"


def test_an_escape_sequence_in_a_file_name_stays_escaped(tmp_path: Path) -> None:
    path = tmp_path / "x\x1b[2J\ny.slither"
    path.write_text("04\n..\n")
    for args in (["solve", str(path), "--genre", "masyu"], ["solve", "-q", str(path), str(path)]):
        _, out, err = invoke(*args)
        assert "\x1b" not in out + err and "\\x1b[2J\\ny.slither" in out + err
    _, _, err = invoke("solve", str(path), "--genre", "masyu")
    assert ERROR_LINE.match(err)


# --- E: Knuth forgets a `!x=` line that comes before a row holding x ----------------------


def test_a_clue_line_before_a_row_of_its_letter_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "late.slither"
    path.write_text("a.\n!a=2\na.\n")
    status, _, err = invoke("solve", str(path))
    assert (status, err) == (2, f"{path}:3:1: error: letter 'a' in a row after its `!a=` line (line 2)\n")


def test_a_clue_line_between_rows_of_other_letters_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "between.slither"
    path.write_text("a.\n!a=2\n.b\n!b=2\n")
    assert invoke("solve", "-q", str(path))[0] in (0, 1)


# --- H: enums where strings were; choices from the modules that implement them ------------


def test_a_misspelt_mode_or_strategy_is_an_error_not_a_silent_enumeration() -> None:
    from loopsat.solver.pipeline import Mode, Status, solve

    puzzle = Puzzle("slitherlink", "p", ("..", ".."))
    with pytest.raises(ValueError, match="cuont"):
        solve(puzzle, mode="cuont")
    with pytest.raises(ValueError, match="lazzy"):
        solve(puzzle, strategy="lazzy")
    outcome = solve(puzzle, mode=Mode.COUNT)
    assert outcome.status == Status.MULTIPLE and outcome.to_json()["status"] == "multiple"
    assert json.dumps(outcome.to_json()).count('"status": "multiple"') == 1


def test_export_variants_come_from_the_genres() -> None:
    variants = {v for module in GENRES.values() for v in module.VARIANTS}
    assert {member.value for member in cli.Variant} == variants


def test_export_needs_its_format_flag(piday: Path) -> None:
    status, out, err = invoke("export", str(piday))
    assert (status, out) == (2, "") and "--mcc" in err and err.count("\n") == 1
    assert invoke("export", "--no-mcc", str(piday))[0] == 2  # no longer a silent no-op
    assert invoke("export", "--mcc", str(piday))[0] == 0


@pytest.mark.parametrize(
    "args", [["solve", "-1", "x"], ["solve", "--strategy"], ["solve", "--genre", "foo", "x"], ["nosuch"]]
)
def test_usage_errors_are_one_line_with_exit_2(args: list[str]) -> None:
    status, _, err = invoke(*args)
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1, err
