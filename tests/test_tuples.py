"""loopsat.tuples.NamedTuple makes the class typing.NamedTuple makes from the same body."""

from __future__ import annotations

import typing

import pytest

from loopsat import tuples


def make(base: type) -> type:
    class Kind(base):  # type: ignore[misc,valid-type]
        """A docstring."""

        name: str
        size: int = 1
        parts: tuple[int, ...] = ()

        @property
        def double(self) -> int:
            return 2 * self.size

        def label(self) -> str:
            return f"{self.name}:{self.size}"

    return Kind


def test_the_same_class_as_typings() -> None:
    ours, theirs = make(tuples.NamedTuple), make(typing.NamedTuple)
    for kind in (ours, theirs):
        assert issubclass(kind, tuple) and kind.__doc__ == "A docstring." and kind.__module__ == __name__
    assert ours._fields == theirs._fields == ("name", "size", "parts")
    assert ours._field_defaults == theirs._field_defaults == {"size": 1, "parts": ()}
    for args in (("a",), ("b", 3), ("c", 4, (5,))):
        one, other = ours(*args), theirs(*args)
        assert tuple(one) == tuple(other) and repr(one) == repr(other) and hash(one) == hash(other)
        assert (one.double, one.label()) == (other.double, other.label())
        assert tuple(one._replace(size=9)) == tuple(other._replace(size=9))
    with pytest.raises(AttributeError):
        ours("a").name = "b"  # type: ignore[misc]


def test_a_field_without_a_default_after_one_with_is_refused_as_typing_does() -> None:
    for base in (tuples.NamedTuple, typing.NamedTuple):
        with pytest.raises(TypeError):

            class Bad(base):  # type: ignore[misc,valid-type]
                first: int = 0
                second: int
