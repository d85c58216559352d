"""Puzzle, Solution and Result (their methods loopsat/frozen.py's) against what
`dataclass(frozen=True)` generates for the same fields: the same repr, equality, hash, refusal
to change, signature, and the dataclass functions on them."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from loopsat.frozen import Frozen
from loopsat.puzzle import Puzzle
from loopsat.result import Result, Solution
from loopsat.status import Status


def twin(cls: type) -> type:
    """The same fields in a class made by `dataclass(frozen=True)`, under the same name."""
    specs = [
        (
            f.name,
            f.type,
            dataclasses.field(default=f.default, default_factory=f.default_factory, repr=f.repr, compare=f.compare),
        )
        for f in dataclasses.fields(cls)
    ]
    made = dataclasses.make_dataclass(cls.__name__, specs, frozen=True)
    made.__qualname__ = cls.__qualname__
    return made


def hashed(made: object) -> int | type[TypeError]:
    try:
        return hash(made)
    except TypeError:
        return TypeError


PUZZLES = [
    ("slitherlink", "a.slither", ("3.", ".2")),
    ("masyu", "b.masyu", ("BW",), {}, ("BW",), 2),
    ("superslitherlink", "c.txt", ("a",), {"a": 3}, ("a",), None),
]


def cases() -> list[tuple[type, tuple[object, ...]]]:
    puzzle = Puzzle(*PUZZLES[0])
    solution = Solution(frozenset({(1, 2), (2, 1)}), ("1",), ("0", "1"))
    return [
        *[(Puzzle, args) for args in PUZZLES],
        (Solution, (frozenset({(1, 2), (2, 1)}), ("1",), ("0", "1"))),
        (Solution, (frozenset(), (), (), ("o1", "o2"))),
        (Result, (puzzle, Status.UNIQUE, 1, True, (solution,), 0.25)),
        (Result, (puzzle, Status.UNKNOWN, 0, False)),
        (Result, (puzzle, Status.MULTIPLE, 2, True, (solution, solution), 1.0, "an outcome")),
    ]


@pytest.mark.parametrize(("cls", "args"), cases())
def test_the_methods_are_a_frozen_dataclass(cls: type, args: tuple[object, ...]) -> None:
    made, generated = cls(*args), twin(cls)(*args)
    assert issubclass(cls, Frozen) and dataclasses.is_dataclass(made)
    assert repr(made) == repr(generated)
    assert made == cls(*args) and made != generated
    assert hashed(made) == hashed(generated)  # a Puzzle's letters (a dict) make both unhashable
    for name in (f.name for f in dataclasses.fields(cls)):
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"):
            setattr(made, name, None)
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
            delattr(made, name)
    assert dataclasses.astuple(made) == dataclasses.astuple(generated)
    assert dataclasses.replace(made) == made
    assert pickle.loads(pickle.dumps(made)) == made


@pytest.mark.parametrize("cls", [Puzzle, Solution, Result])
def test_the_signature_and_fields_are_the_generated_ones(cls: type) -> None:
    ours, generated = inspect.signature(cls), inspect.signature(twin(cls))
    assert list(ours.parameters) == list(generated.parameters)
    for name, parameter in ours.parameters.items():
        other = generated.parameters[name]
        if other.default is not dataclasses.MISSING and "factory" not in repr(other.default):
            assert parameter.default == other.default, name
    assert [f.name for f in dataclasses.fields(cls)] == [f.name for f in dataclasses.fields(twin(cls))]
    assert cls.__match_args__ == twin(cls).__match_args__


def test_a_field_differing_tells_them_apart() -> None:
    puzzle = Puzzle(*PUZZLES[0])
    assert dataclasses.replace(puzzle, path="other") != puzzle
    result = Result(puzzle, Status.UNIQUE, 1, True)
    assert dataclasses.replace(result, _outcome=object()) == result  # compare=False
    assert dataclasses.replace(result, count=2) != result
    assert "_outcome" not in repr(result)


def test_a_recursive_repr_stops() -> None:
    letters: dict[str, object] = {}
    puzzle = Puzzle("superslitherlink", "d.txt", ("a",), letters)  # type: ignore[arg-type]
    letters["a"] = puzzle
    assert "..." in repr(puzzle)
