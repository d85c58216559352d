"""Mutated inputs of every reader, URLs and game IDs: bad input is exit 2 and one located line,
never a traceback or exit 70. In-process and bounded to stay fast:
tiny boards, --time-limit 0.2, a few dozen examples per reader (LOOPSAT_FUZZ=N for more)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from loopsat import cli

GOLDEN = Path(__file__).parent / "golden"
# Every line a run may leave on stderr: located errors and warnings, or a usage error (a
# mutated link that starts with `-` is an option).
MESSAGE = re.compile(r"^([^\n]*:\d+:\d+: (error|warning)|error): [^\n]+$")

SEEDS = {
    ".slither": b"a.2\n.3.\n..a\n!a=4\n",
    ".masyu": b"0..1\n....\n.1.0\n",
    ".slink": b"2 2\n2 2\n2 2\n0 0\n",
    ".mcc": (GOLDEN / "slither_empty_2x2" / "knuth.mcc").read_bytes(),
    ".url": b"# three\nhttps://puzz.link/p?slither/3/3/gbch\n3x3t0:a1b2d\n3x2:WaBc\n",  # each line good
}
LINKS = ["https://puzz.link/p?slither/3/3/g1b3", "https://puzz.link/p?mashu/3/3/0a0", "3x3t0:a1b2c", "3x2:WaBc"]
# Bytes that readers care about, and some they should never see.
NOISE = [bytes([b]) for b in b".01234589az!=|: \t\r\n?/#xtWB-+\x00\x1b\x7f\xc3\xff"] + [
    b"99999999999999999999", b"!a=", b"!b=7\n", b"\xe2\x80\xae", b"\r\n", b"-1", b"1:2|", b"x9", b"/v:/",
]  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn, seed: bytes) -> bytes:
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "repeat"]))
        if kind == "insert":
            data[at:at] = draw(st.sampled_from(NOISE))
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 4))]
        elif kind == "replace" and at < len(data):
            data[at : at + 1] = draw(st.sampled_from(NOISE))
        elif kind == "repeat":
            data[at:at] = data[at : at + draw(st.integers(1, 6))]
    return bytes(data)


def check(args: list[str]) -> None:
    done = CliRunner().invoke(cli.app, args)
    assert done.exception is None or isinstance(done.exception, SystemExit), repr(done.exception)
    assert done.exit_code in (0, 1, 2, 3), (done.exit_code, done.stderr)
    lines = done.stderr.splitlines()
    assert all(MESSAGE.match(line) for line in lines), done.stderr
    if done.exit_code == 2:  # one line per fault: the file's, or each bad data set's (each its own place)
        errors = [line for line in lines if re.search(r"(^|: )error: ", line)]
        assert errors and len(set(errors)) == len(errors), done.stderr


# LOOPSAT_FUZZ=500 for a longer hunt; 25 keeps the suite fast.
FUZZ = settings(
    max_examples=int(os.environ.get("LOOPSAT_FUZZ", "25")), deadline=None, suppress_health_check=list(HealthCheck)
)


@pytest.mark.parametrize("suffix", list(SEEDS))
def test_mutated_files(tmp_path: Path, suffix: str) -> None:
    @FUZZ
    @given(mutated(SEEDS[suffix]))
    def run(data: bytes) -> None:
        path = tmp_path / f"fuzz{suffix}"
        path.write_bytes(data)
        check(["solve", "-q", "--time-limit", "0.2", str(path)])

    run()


@FUZZ
@given(st.sampled_from(LINKS).flatmap(lambda link: mutated(link.encode())))
def test_mutated_links(data: bytes) -> None:
    link = data.decode("utf-8", "replace").replace("\x00", "")  # an argument cannot hold NUL
    for args in (["solve", "-q", "--time-limit", "0.2", link], ["convert", "--to", "tatham", link]):
        check(args)


@FUZZ
@given(mutated(SEEDS[".slither"]))
def test_mutated_exports(data: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "fuzz.slither")
        path.write_bytes(data)
        check(["export", "--mcc", str(path)])
        check(["convert", "--to", "url", str(path)])
