"""Files of several data sets (`.url` lines, `.slink` data sets): a bad one is reported alone and
the others are solved, in `solve` and in `batch`; `FILE#N`, the label the output prints, reads
one data set back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import loopsat
from loopsat.batch import read_folder
from loopsat.errors import PuzzleError
from loopsat.genres import read_data_sets

SLITHER = "https://puzz.link/p?slither/5/5/cbcbcddad"  # unique
MASYU = "4x2:bWBBc"  # no solution
BAD = "not a url"
# line 1 a comment, 2 a puzzle, 3 blank, 4 bad, 5 an indented comment, 6 a puzzle
URL_FILE = f"# my puzzles\n{SLITHER}\n\n{BAD}\n  # later\n{MASYU}\n"
# data set 1 fine, 2 with a clue 7, 3 fine
SLINK_FILE = "2 2\n2 2\n2 2\n2 2\n2 7\n2 2\n1 1\n4\n0 0\n"


@pytest.fixture
def url_file(tmp_path: Path) -> Path:
    path = tmp_path / "set.url"
    path.write_text(URL_FILE)
    return path


def test_a_bad_line_is_its_own_error_and_the_rest_is_solved(cli, url_file: Path) -> None:
    done = cli("solve", "-q", str(url_file))
    assert done.exit_code == 2  # bad input beats the solved ones (docs/exit-status.md)
    assert done.stdout == f"{url_file}#2: unique\n{url_file}#4: error\n{url_file}#6: no solution\n"
    assert done.stderr == f"{url_file}:4:1: error: expected a puzz.link URL or a Tatham game ID\n"


def test_json_gives_the_bad_line_its_own_object(cli, url_file: Path) -> None:
    done = cli("solve", "--json", str(url_file))
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(o.get("index"), o["status"]) for o in objects] == [(2, "unique"), (4, "error"), (6, "none")]
    assert objects[1] == {
        "file": str(url_file),
        "index": 4,
        "status": "error",
        "error": f"{url_file}:4:1: error: expected a puzz.link URL or a Tatham game ID",
    }
    assert done.exit_code == 2


def test_a_bad_slink_clue_spoils_its_data_set_alone(cli, tmp_path: Path) -> None:
    path = tmp_path / "three.slink"
    path.write_text(SLINK_FILE)
    done = cli("solve", "-q", str(path))
    assert done.stdout == f"{path}#1: unique\n{path}#2: error\n{path}#3: unique\n"
    assert done.stderr == f"{path}:5:3: error: a clue 0-4 must be from 0 to 4, found 7\n"
    assert done.exit_code == 2


def test_a_lost_slink_count_ends_the_file_after_the_good_data_sets() -> None:
    read = read_data_sets("cut.slink", b"1 1\n4\n2 x\n1 1\n4\n")  # data set 2's column count is no number
    assert [type(data_set).__name__ for data_set in read] == ["Puzzle", "PuzzleError"]
    assert isinstance(read[1], PuzzleError) and (read[1].index, read[1].line, read[1].col) == (2, 3, 3)


def test_comment_and_blank_lines_alone_are_no_puzzle(cli, tmp_path: Path) -> None:
    path = tmp_path / "empty.url"
    path.write_text("# nothing yet\n\n")
    done = cli("solve", str(path))
    assert (done.exit_code, done.stderr) == (2, f"{path}:1:1: error: no puzzle: only blank and comment lines\n")


def test_a_commented_url_file_is_sniffed_without_its_suffix(tmp_path: Path) -> None:
    path = tmp_path / "links.txt"
    path.write_text(URL_FILE.replace(f"{BAD}\n", ""))
    assert [p.label for p in loopsat.load(path)] == [f"{path}#2", f"{path}#5"]


def test_the_api_load_raises_the_bad_line_and_data_sets_keeps_the_rest(url_file: Path) -> None:
    with pytest.raises(PuzzleError) as caught:
        loopsat.load(url_file)
    error = caught.value
    assert (error.file, error.line, error.column, error.index, error.label) == (str(url_file), 4, 1, 4, f"{url_file}#4")
    read = loopsat.data_sets(url_file)
    assert [d.index for d in read] == [2, 4, 6] and isinstance(read[1], PuzzleError)


@pytest.mark.parametrize("command", [["solve", "-q"], ["convert", "--to", "tatham"], ["export", "--mcc"]])
def test_a_label_reads_back_as_its_data_set(cli, url_file: Path, command: list[str]) -> None:
    whole = cli(command[0], *command[1:], f"{url_file}#6")
    assert whole.exit_code in (0, 1), whole.stderr
    alone = url_file.with_name("alone.url")
    alone.write_text(MASYU + "\n")
    expected = cli(command[0], *command[1:], str(alone))
    assert whole.stdout == expected.stdout.replace(f"{alone}#1", f"{url_file}#6")


def test_a_label_of_a_bad_line_or_an_unknown_number_is_one_error(cli, url_file: Path) -> None:
    done = cli("solve", f"{url_file}#4")
    assert (done.exit_code, done.stdout) == (2, f"{url_file}#4: error\n")
    done = cli("explain", f"{url_file}#3")
    assert (done.exit_code, done.stderr) == (2, f"{url_file}:1:1: error: no data set #3 (the file has #2, #4, #6)\n")
    single = url_file.with_name("one.slither")
    single.write_text("..\n..\n")
    done = cli("solve", f"{single}#1")
    assert done.exit_code == 2 and "the file holds one puzzle, not numbered data sets" in done.stderr


def test_slink_labels_read_back_and_the_api_takes_them(tmp_path: Path) -> None:
    path = tmp_path / "three.slink"
    path.write_text(SLINK_FILE)
    (third,) = loopsat.load(f"{path}#3")
    assert (third.label, third.grid) == (f"{path}#3", ("4",))


def test_a_file_whose_name_has_a_hash_still_opens(tmp_path: Path) -> None:
    (tmp_path / "set.url").write_text(f"{BAD}\n")
    real = tmp_path / "set.url#1"
    real.write_text(f"{SLITHER}\n")  # preferred to line 1 of set.url
    assert [p.genre for p in loopsat.load(real)] == ["slitherlink"]
    odd = tmp_path / "odd#name.slither"
    odd.write_text("..\n..\n")
    assert loopsat.load(odd)[0].path == str(odd)


def test_batch_files_a_bad_line_alone(tmp_path: Path, url_file: Path) -> None:
    jobs, bad = read_folder(tmp_path, [url_file], None)
    assert [job.key[:2] for job in jobs] == [("set.url", 2), ("set.url", 6)]
    assert [(line["path"], line["index"], line["fault"]) for line in bad] == [("set.url", 4, "input")]
    assert bad[0]["error"] == f"{url_file}:4:1: error: expected a puzz.link URL or a Tatham game ID"
    assert bad[0]["sha256"] == jobs[0].sha256
