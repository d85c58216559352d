"""The API's arguments checked at the door: a wrong type is a TypeError and a wrong value a
ValueError, each naming the argument, where they were an AttributeError or IndexError from deep
inside the solver (`loopsat.solve("file.slither")`), or a silent surprise (`limit=0` gave one
solution)."""

from __future__ import annotations

import os
from collections.abc import Iterable

from loopsat.deadline import limit_seconds
from loopsat.puzzle import Puzzle

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any


def puzzle(value: Any, name: str = "puzzle") -> None:
    if not isinstance(value, Puzzle):
        raise TypeError(f"{name} must be a loopsat.Puzzle, a file name, URL or game ID, not {_kind(value)}")


def source(value: Any) -> None:
    """A file name, `-`, a URL or a game ID: a str or a path (os.PathLike of str)."""
    if not isinstance(value, str) and not (isinstance(value, os.PathLike) and isinstance(os.fspath(value), str)):
        raise TypeError(f"source must be a file name, URL or game ID (str or path), not {_kind(value)}")


def text(value: Any) -> None:
    if not isinstance(value, str | bytes):
        raise TypeError(f"text must be str or bytes, not {_kind(value)}")


def name(value: Any, argument: str, optional: bool = False) -> None:
    if not isinstance(value, str) and not (optional and value is None):
        raise TypeError(f"{argument} must be a str{' or None' if optional else ''}, not {_kind(value)}")


def choice(value: Any, argument: str, allowed: Iterable[str]) -> None:
    name(value, argument)
    known = [str(option) for option in allowed]
    if value not in known:
        raise ValueError(f"{argument} must be one of {', '.join(map(repr, known))}, not {value!r}")


def flag(value: Any, argument: str) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{argument} must be True or False, not {_kind(value)}")


def hook(value: Any, argument: str) -> None:
    """A function the work calls back (progress, fallback), or None."""
    if value is not None and not callable(value):
        raise TypeError(f"{argument} must be a function or None, not {_kind(value)}")


def limit(value: Any) -> None:
    """At most this many solutions: None (no limit) or a whole number from 1 (0 solutions asked
    is no question: the search would still find one)."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"limit must be an int or None, not {_kind(value)}")
    if value < 1:
        raise ValueError(f"limit must be at least 1 (or None for no limit), not {value}")


def whole(value: Any, argument: str, least: int) -> None:
    """A whole number from `least` (a bool is no number here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{argument} must be an int, not {_kind(value)}")
    if value < least:
        raise ValueError(f"{argument} must be at least {least}, not {value}")


def seconds(value: Any) -> None:
    """A time limit: None or a number of seconds (their range is the time-limit parser's)."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"time_limit must be a number of seconds or None, not {_kind(value)}")
    limit_seconds(value, "time_limit: the time limit")  # the one reading of a limit: nan, negative


def _kind(value: Any) -> str:
    return f"{type(value).__name__} {value!r}"[:80]
