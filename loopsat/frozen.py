"""The frozen dataclasses' methods (Puzzle, Solution, Result), written once here instead of
generated for each class.

`@dataclass(frozen=True)` compiles six functions for each class from source (Python 3.11 runs
`exec` for each: `__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`, `__delattr__`),
and every process that solves a puzzle defines the three: 9.4 M instructions of a fresh `solve
--json` (callgrind: the three classes 13.1 M as generated, 3.7 M as here). A class deriving
from `Frozen` is made a dataclass without them (`init=False, repr=False, eq=False`), writes its
own `__init__` and inherits the rest, which do what the generated ones do: the class stays a dataclass
(`dataclasses.fields`, `replace`, `asdict` and `is_dataclass` see it), its instances refuse
assignment with `FrozenInstanceError`, compare and hash by the fields that `compare`, and show
the fields that `repr`. tests/test_frozen.py holds each against a `dataclass(frozen=True)` twin;
mypy reads each as a frozen dataclass (`dataclass_transform`) and refuses assignments.
"""

from __future__ import annotations

import reprlib
from dataclasses import FrozenInstanceError, dataclass, field, fields

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, dataclass_transform
else:

    def dataclass_transform(**_: object) -> object:
        """For mypy alone: it reads a `Frozen` class as a frozen dataclass (assignments refused)."""
        return lambda cls: cls


# A field's value set as the generated `__init__` sets it: past `Frozen.__setattr__`, which refuses.
set_field = object.__setattr__

# By class: the names its repr shows, and those it compares and hashes by (worked out at first use).
_NAMES: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _names(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    found = _NAMES.get(cls)
    if found is None:
        every = fields(cls)
        shown = tuple(f.name for f in every if f.repr)
        compared = tuple(f.name for f in every if f.compare)
        found = _NAMES[cls] = shown, compared
    return found


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Frozen:
    """A frozen dataclass's generated methods; a class deriving from it is made a dataclass
    without them (its own `__init__`, the rest these)."""

    __slots__ = ()

    def __init_subclass__(cls) -> None:
        dataclass(init=False, repr=False, eq=False)(cls)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _names(type(self))[0])
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())

    def _compared(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in _names(type(self))[1]])
