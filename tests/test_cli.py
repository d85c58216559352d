"""`loopsat`'s entry point: exit statuses, the error line, the JSON schema (in-process through
`loopsat.cli.main`, and a few real processes)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from goldens import GOLDEN

ERROR_LINE = re.compile(r"^[^:\n]+:\d+:\d+: error: [^\n]+\n$")


@pytest.fixture
def puzzle_file(tmp_path: Path):
    def make(name: str, text: str) -> str:
        path = tmp_path / name
        path.write_text(text)
        return str(path)

    return make


def golden(name: str) -> str:
    return str(GOLDEN / name / "puzzle.txt")


def test_unique_prints_the_loop_and_exits_0(loopsat_process, puzzle_file) -> None:
    # a real process: `python -m loopsat`, its stdout and exit status as a shell sees them
    path = puzzle_file("p.slither", (GOLDEN / "slink_icpc2007_2x2" / "puzzle.txt").read_text())
    done = loopsat_process("solve", path)
    assert done.exit_code == 0, done.stderr
    assert done.stdout == (
        "#############\n#           #\n# +-------+ #\n# | 2   2 | #\n# |       | #\n"
        "# | 2   2 | #\n# +-------+ #\n#           #\n#############\nunique\n"
    )


def test_no_solution_exits_1(cli, puzzle_file) -> None:
    done = cli("solve", puzzle_file("p.slither", "04\n..\n"))
    assert done.exit_code == 1
    assert done.stdout.endswith("no solution\n")


def test_multiple(cli, puzzle_file) -> None:
    done = cli("solve", "-q", puzzle_file("p.slither", "..\n..\n"))
    assert done.exit_code == 0
    assert done.stdout.strip().endswith("multiple")


def test_bad_input_exits_2_with_one_located_line(loopsat_process, puzzle_file) -> None:
    # a real process: the whole of stderr and the exit status end to end, with no traceback
    path = puzzle_file("p.slither", "..\n...\n")
    done = loopsat_process("solve", path)
    assert done.exit_code == 2
    assert ERROR_LINE.match(done.stderr), done.stderr
    assert done.stderr == f"{path}:2:3: error: row has 3 cells, the first row has 2\n"
    assert "Traceback" not in done.stderr


def test_missing_file_and_unknown_suffix(cli, puzzle_file) -> None:
    done = cli("solve", "/nonexistent/x.slither")
    assert done.exit_code == 2 and ERROR_LINE.match(done.stderr)
    done = cli("solve", puzzle_file("p.txt", "...\n...\n"))
    assert done.exit_code == 2 and "--genre" in done.stderr
    assert cli("solve", "--genre", "slitherlink", puzzle_file("q.txt", "3.\n..\n")).exit_code == 0


def test_binary_junk_is_a_clean_error(cli, tmp_path: Path) -> None:
    path = tmp_path / "junk.slither"
    path.write_bytes(bytes(range(256)))
    done = cli("solve", str(path))
    assert done.exit_code == 2 and ERROR_LINE.match(done.stderr)


def test_time_limit_without_answer_exits_3(cli) -> None:
    done = cli("solve", "--genre", "slitherlink", "--time-limit", "0", "--json", golden("super_piday_7x7"))
    assert done.exit_code == 3
    obj = json.loads(done.stdout)
    assert obj["status"] == "unknown" and obj["complete"] is False and obj["count"] == 0


def test_json_schema(cli) -> None:
    done = cli("solve", "--genre", "slitherlink", "--json", golden("super_piday_7x7"), golden("slither_two_fours_2x3"))
    assert done.exit_code == 1  # the worst of unique (0) and none (1)
    first, second = map(json.loads, done.stdout.splitlines())
    assert set(first) == {
        "file",
        "genre",
        "rows",
        "cols",
        "status",
        "count",
        "complete",
        "solutions",
        "seconds",
        "difficulty",
    }
    assert (first["genre"], first["rows"], first["cols"], first["status"]) == ("slitherlink", 7, 7, "unique")
    assert first["count"] == 1 and first["complete"] is True
    (loop,) = first["solutions"]
    assert len(loop["h"]) == 8 and all(len(s) == 7 for s in loop["h"])
    assert len(loop["v"]) == 7 and all(len(s) == 8 for s in loop["v"])
    assert second["status"] == "none" and second["solutions"] == []


def test_json_error_object(cli, puzzle_file) -> None:
    done = cli("solve", "--json", puzzle_file("bad.slither", "a.\n..\n"))
    assert done.exit_code == 2
    obj = json.loads(done.stdout)
    assert obj["status"] == "error" and ":1:1: error: letter 'a'" in obj["error"]


def test_count_all_limit_disjoint(cli) -> None:
    assert cli("solve", "--genre", "slitherlink", "--count", golden("slither_empty_2x2")).stdout == "13\n"
    assert cli("solve", "--genre", "slitherlink", "--count", "--disjoint", golden("super_piday_7x7")).stdout == "3609\n"
    limited = cli("solve", "--genre", "slitherlink", "--count", "--limit", "5", "--json", golden("slither_empty_2x2"))
    obj = json.loads(limited.stdout)
    assert (obj["count"], obj["complete"], obj["status"]) == (5, False, "multiple")
    listed = cli("solve", "--genre", "slitherlink", "--all", "--json", golden("slither_empty_2x2"))
    assert len(json.loads(listed.stdout)["solutions"]) == 13
    assert cli("solve", "--genre", "slitherlink", "--all", "--count", golden("slither_empty_2x2")).exit_code == 2


def test_export_matches_knuth_and_writes_files(cli, tmp_path: Path) -> None:
    done = cli("export", "--mcc", "--genre", "slitherlink", golden("super_piday_7x7"))
    assert done.exit_code == 0
    assert done.stdout == (GOLDEN / "super_piday_7x7" / "knuth.mcc").read_text()
    out = tmp_path / "x.mcc"
    assert (
        cli(
            "export",
            "--mcc",
            "--genre",
            "slitherlink",
            "--variant",
            "general",
            golden("super_piday_7x7"),
            "-o",
            str(out),
        ).exit_code
        == 0
    )
    assert out.read_text() == (GOLDEN / "super_piday_7x7" / "knuth-general.mcc").read_text()


@pytest.mark.parametrize("board", ["." * 31 + "\n" + "." * 31 + "\n", "...\n", "." * 5 + "\n" * 1])
def test_export_size_limits(cli, puzzle_file, board: str) -> None:
    done = cli("export", "--mcc", puzzle_file("big.slither", board))
    assert done.exit_code == 2 and ERROR_LINE.match(done.stderr) and "MCC export" in done.stderr


def test_export_plain_rejects_letters(cli) -> None:
    done = cli("export", "--mcc", "--genre", "slitherlink", "--variant", "plain", golden("super_piday_7x7"))
    assert done.exit_code == 2 and "plain variant" in done.stderr


def test_stdin_and_crlf(loopsat_process) -> None:
    # a real process: `-` reads a real stdin pipe
    text = (GOLDEN / "slither_pzprjs_5x5" / "puzzle.txt").read_bytes().replace(b"\n", b"\r\n")
    done = loopsat_process("solve", "--genre", "slitherlink", "-q", "-", input=text)
    assert done.exit_code == 0 and done.stdout == "-: unique\n"


def test_a_solution_failing_verification_exits_70(cli, monkeypatch) -> None:
    """The verifier guards every printed solution; a failure is an internal error, not a traceback."""
    from loopsat.errors import VerificationError
    from loopsat.solver import pipeline

    def broken(*args, **kwargs) -> None:
        raise VerificationError("planted")

    monkeypatch.setattr(pipeline, "verify", broken)
    done = cli("solve", "--genre", "slitherlink", golden("slither_four_3x3"))
    assert done.exit_code == 70
    assert "failed verification: planted" in done.stderr


def test_count_strategies_agree_and_frontier_only_counts(cli, tmp_path):
    board = tmp_path / "b.slither"
    board.write_text("3...\n..2.\n....\n.1..\n")
    counts = {s: cli("solve", "--count", "--strategy", s, str(board)).stdout for s in ("auto", "lazy", "frontier")}
    assert len(set(counts.values())) == 1 and int(counts["auto"]) > 1
    done = cli("solve", "--strategy", "frontier", str(board))
    assert done.exit_code == 2 and "only counts" in done.stderr
    wide = tmp_path / "wide.slither"
    wide.write_text(("." * 21 + "\n") * 21)  # 22 corners: wider than frontier.MAX_WIDTH
    done = cli("solve", "--count", "--strategy", "frontier", str(wide))
    assert done.exit_code == 2 and "too wide" in done.stderr
