"""The MCC reader's work grows linearly with the file, and an `.mcc` puzzle is read once."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import pytest

from loopsat import mcc
from loopsat.genres import mcc as mcc_genre


def wide_mcc(items: int) -> str:
    """`items` primary items and as many options, each covering one item and the edge `01`."""
    names = [f"p{k}" for k in range(items)]
    return "| wide\n" + " ".join(names) + " | 01\n" + "".join(f"{name} 01:1\n" for name in names)


@contextmanager
def lines_run(filename: str) -> Iterator[list[int]]:
    """Count the Python lines executed in `filename` (comprehensions included): work, not time."""
    count = [0]

    def local(frame: FrameType, event: str, _: Any) -> Any:
        if event == "line":
            count[0] += 1
        return local

    def tracer(frame: FrameType, event: str, _: Any) -> Any:
        return local if frame.f_code.co_filename == filename else None

    sys.settrace(tracer)
    try:
        yield count
    finally:
        sys.settrace(None)


def work(items: int) -> int:
    text = wide_mcc(items)
    with lines_run(mcc.__file__) as count:
        cover = mcc.read(text)
    assert len(cover.options) == items
    return count[0]


def test_reading_is_linear_in_the_options() -> None:
    """Twice the items and options, twice the work (the item table was rebuilt per option line)."""
    small, large = work(200), work(400)
    assert large < 2.2 * small


def test_an_option_naming_many_items_is_linear_too() -> None:
    names = [f"p{k}" for k in range(2000)]
    text = " ".join(names) + "\n" + " ".join(names) + "\n"
    with lines_run(mcc.__file__) as half:
        mcc.read(" ".join(names[:1000]) + "\n" + " ".join(names[:1000]) + "\n")
    with lines_run(mcc.__file__) as whole:
        mcc.read(text)
    assert whole[0] < 2.2 * half[0]


def test_a_puzzle_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    reads = []
    original = mcc.read

    def counted(text: str, path: str = "<mcc>") -> Any:
        reads.append(path)
        return original(text, path)

    monkeypatch.setattr(mcc, "read", counted)
    [puzzle] = mcc_genre.parse(wide_mcc(3).encode(), "w.mcc")
    cover = mcc_genre.cover(puzzle)
    assert reads == ["w.mcc"]
    assert [option.line() for option in cover.options] == ["p0 01:1", "p1 01:1", "p2 01:1"]


def test_the_kept_model_is_the_puzzles_own() -> None:
    """Another file read in between: each puzzle still gets the model of its own text."""
    [first] = mcc_genre.parse(wide_mcc(2).encode(), "a.mcc")
    [second] = mcc_genre.parse(wide_mcc(5).encode(), "b.mcc")
    assert len(mcc_genre.cover(first).options) == 2
    assert len(mcc_genre.cover(second).options) == 5
    assert mcc.write(mcc_genre.cover(first)) == wide_mcc(2)
