"""`NamedTuple`: typing.NamedTuple's class syntax, made by collections.namedtuple, for the modules
a solve imports. typing cost a 5×5 `solve --json` 12 M of its 170 M instructions, and each of
its NamedTuples compiled every field's annotation again at definition; mypy reads typing's."""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from typing import Any, NamedTuple
else:

    class _Made(type):
        """Turns `class Name(NamedTuple)` into collections.namedtuple's class: the annotated names
        its fields (a default after each one that has one, as typing asks), the rest (docstring,
        methods, properties) set on it."""

        def __new__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> type:
            if not bases:  # NamedTuple itself
                return super().__new__(cls, name, bases, namespace)
            fields = tuple(namespace.get("__annotations__", {}))
            defaults = [namespace[field] for field in fields if field in namespace]
            if any(field not in namespace for field in fields[len(fields) - len(defaults) :]):
                raise TypeError(f"{name}: a field without a default after one with")
            made = namedtuple(name, fields, defaults=defaults, module=namespace["__module__"])
            for key, value in namespace.items():
                if key not in fields and key != "__classcell__":
                    setattr(made, key, value)
            return made

    class NamedTuple(metaclass=_Made):
        """The base a class names to become a namedtuple."""


__all__ = ["NamedTuple"]
