"""The real `loopsat` entry point: exit statuses, the error line, the JSON schema."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
ERROR_LINE = re.compile(r"^[^:\n]+:\d+:\d+: error: [^\n]+\n$")


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "loopsat", *args],
        input=stdin.decode() if stdin is not None else None,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def puzzle_file(tmp_path: Path):
    def make(name: str, text: str) -> str:
        path = tmp_path / name
        path.write_text(text)
        return str(path)

    return make


def golden(name: str) -> str:
    return str(GOLDEN / name / "puzzle.txt")


def test_unique_prints_the_loop_and_exits_0(puzzle_file) -> None:
    path = puzzle_file("p.slither", (GOLDEN / "slink_icpc2007_2x2" / "puzzle.txt").read_text())
    done = run("solve", path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "#############\n#           #\n# +-------+ #\n# | 2   2 | #\n# |       | #\n"
        "# | 2   2 | #\n# +-------+ #\n#           #\n#############\nunique\n"
    )


def test_no_solution_exits_1(puzzle_file) -> None:
    done = run("solve", puzzle_file("p.slither", "04\n..\n"))
    assert done.returncode == 1
    assert done.stdout.endswith("no solution\n")


def test_multiple(puzzle_file) -> None:
    done = run("solve", "-q", puzzle_file("p.slither", "..\n..\n"))
    assert done.returncode == 0
    assert done.stdout.strip().endswith("multiple")


def test_bad_input_exits_2_with_one_located_line(puzzle_file) -> None:
    path = puzzle_file("p.slither", "..\n...\n")
    done = run("solve", path)
    assert done.returncode == 2
    assert ERROR_LINE.match(done.stderr), done.stderr
    assert done.stderr == f"{path}:2:3: error: row has 3 cells, the first row has 2\n"
    assert "Traceback" not in done.stderr


def test_missing_file_and_unknown_suffix(puzzle_file) -> None:
    done = run("solve", "/nonexistent/x.slither")
    assert done.returncode == 2 and ERROR_LINE.match(done.stderr)
    done = run("solve", puzzle_file("p.txt", "...\n...\n"))
    assert done.returncode == 2 and "--genre" in done.stderr
    assert run("solve", "--genre", "slitherlink", puzzle_file("q.txt", "3.\n..\n")).returncode == 0


def test_binary_junk_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "junk.slither"
    path.write_bytes(bytes(range(256)))
    done = run("solve", str(path))
    assert done.returncode == 2 and ERROR_LINE.match(done.stderr)


def test_time_limit_without_answer_exits_3() -> None:
    done = run("solve", "--genre", "slitherlink", "--time-limit", "0", "--json", golden("super_piday_7x7"))
    assert done.returncode == 3
    obj = json.loads(done.stdout)
    assert obj["status"] == "unknown" and obj["complete"] is False and obj["count"] == 0


def test_json_schema() -> None:
    done = run("solve", "--genre", "slitherlink", "--json", golden("super_piday_7x7"), golden("slither_two_fours_2x3"))
    assert done.returncode == 1  # the worst of unique (0) and none (1)
    first, second = map(json.loads, done.stdout.splitlines())
    assert set(first) == {"file", "genre", "rows", "cols", "status", "count", "complete", "solutions", "seconds"}
    assert (first["genre"], first["rows"], first["cols"], first["status"]) == ("slitherlink", 7, 7, "unique")
    assert first["count"] == 1 and first["complete"] is True
    (loop,) = first["solutions"]
    assert len(loop["h"]) == 8 and all(len(s) == 7 for s in loop["h"])
    assert len(loop["v"]) == 7 and all(len(s) == 8 for s in loop["v"])
    assert second["status"] == "none" and second["solutions"] == []


def test_json_error_object(puzzle_file) -> None:
    done = run("solve", "--json", puzzle_file("bad.slither", "a.\n..\n"))
    assert done.returncode == 2
    obj = json.loads(done.stdout)
    assert obj["status"] == "error" and ":1:1: error: letter 'a'" in obj["error"]


def test_count_all_limit_disjoint() -> None:
    assert run("solve", "--genre", "slitherlink", "--count", golden("slither_empty_2x2")).stdout == "13\n"
    assert run("solve", "--genre", "slitherlink", "--count", "--disjoint", golden("super_piday_7x7")).stdout == "3609\n"
    limited = run("solve", "--genre", "slitherlink", "--count", "--limit", "5", "--json", golden("slither_empty_2x2"))
    obj = json.loads(limited.stdout)
    assert (obj["count"], obj["complete"], obj["status"]) == (5, False, "multiple")
    listed = run("solve", "--genre", "slitherlink", "--all", "--json", golden("slither_empty_2x2"))
    assert len(json.loads(listed.stdout)["solutions"]) == 13
    assert run("solve", "--genre", "slitherlink", "--all", "--count", golden("slither_empty_2x2")).returncode == 2


def test_export_matches_knuth_and_writes_files(tmp_path: Path) -> None:
    done = run("export", "--mcc", "--genre", "slitherlink", golden("super_piday_7x7"))
    assert done.returncode == 0
    assert done.stdout == (GOLDEN / "super_piday_7x7" / "knuth.mcc").read_text()
    out = tmp_path / "x.mcc"
    assert (
        run(
            "export",
            "--mcc",
            "--genre",
            "slitherlink",
            "--variant",
            "general",
            golden("super_piday_7x7"),
            "-o",
            str(out),
        ).returncode
        == 0
    )
    assert out.read_text() == (GOLDEN / "super_piday_7x7" / "knuth-general.mcc").read_text()


@pytest.mark.parametrize("board", ["." * 31 + "\n" + "." * 31 + "\n", "...\n", "." * 5 + "\n" * 1])
def test_export_size_limits(puzzle_file, board: str) -> None:
    done = run("export", "--mcc", puzzle_file("big.slither", board))
    assert done.returncode == 2 and ERROR_LINE.match(done.stderr) and "MCC export" in done.stderr


def test_export_plain_rejects_letters() -> None:
    done = run("export", "--mcc", "--genre", "slitherlink", "--variant", "plain", golden("super_piday_7x7"))
    assert done.returncode == 2 and "plain variant" in done.stderr


def test_stdin_and_crlf() -> None:
    text = (GOLDEN / "slither_pzprjs_5x5" / "puzzle.txt").read_bytes().replace(b"\n", b"\r\n")
    done = run("solve", "--genre", "slitherlink", "-q", "-", stdin=text)
    assert done.returncode == 0 and done.stdout == "-: unique\n"


def test_a_solution_failing_verification_exits_70(monkeypatch, capsys) -> None:
    """The verifier guards every printed solution; a failure is an internal error, not a traceback."""
    from loopsat import cli, solve
    from loopsat.errors import VerificationError

    def broken(*args, **kwargs) -> None:
        raise VerificationError("planted")

    monkeypatch.setattr(solve, "verify", broken)
    monkeypatch.setattr(sys, "argv", ["loopsat", "solve", "--genre", "slitherlink", golden("slither_four_3x3")])
    with pytest.raises(SystemExit) as info:
        cli.main()
    assert info.value.code == 70
    assert "failed verification: planted" in capsys.readouterr().err


def test_count_strategies_agree_and_frontier_only_counts(tmp_path):
    board = tmp_path / "b.slither"
    board.write_text("3...\n..2.\n....\n.1..\n")
    counts = {s: run("solve", "--count", "--strategy", s, str(board)).stdout for s in ("auto", "lazy", "frontier")}
    assert len(set(counts.values())) == 1 and int(counts["auto"]) > 1
    done = run("solve", "--strategy", "frontier", str(board))
    assert done.returncode == 2 and "only counts" in done.stderr
    wide = tmp_path / "wide.slither"
    wide.write_text(("." * 17 + "\n") * 17)  # 18 corners: wider than frontier.MAX_WIDTH
    done = run("solve", "--count", "--strategy", "frontier", str(wide))
    assert done.returncode == 2 and "too wide" in done.stderr
