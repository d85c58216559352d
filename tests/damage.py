"""One random flaw in a sequence, for the fuzz tests of readers: an item dropped, doubled or
replaced, at a place hypothesis chooses."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from hypothesis import strategies as st

T = TypeVar("T")


def damage(items: MutableSequence[T], data: st.DataObject, replacements: st.SearchStrategy[T]) -> None:
    at = data.draw(st.integers(0, len(items) - 1))
    kind = data.draw(st.sampled_from(["drop", "double", "replace"]))
    if kind == "drop":
        del items[at]
    elif kind == "double":
        items.insert(at, items[at])
    else:
        items[at] = data.draw(replacements)
