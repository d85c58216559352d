"""One JSON value as `json.dumps` writes it, for what --json prints: objects of plain strings,
numbers, booleans and lists. `json`'s import (its decoder and scanner with it) cost every
`solve --json` 5.7 M instructions (callgrind), about 4 % of a 5×5's whole run; anything this
writer does not know (a string json would escape, a non-finite number, another type) is left
to json itself, so the text is json's either way."""

from __future__ import annotations

from collections.abc import Callable

_INFINITE = (float("inf"), float("-inf"))


def dumps(value: object) -> str:
    """`json.dumps(value)`."""
    parts: list[str] = []
    if _written(value, parts.append):
        return "".join(parts)
    import json

    return json.dumps(value)


def _written(value: object, put: Callable[[str], None]) -> bool:
    """Put `value`'s text; False where json's own writer is needed."""
    if value is None:
        put("null")
    elif value is True:
        put("true")
    elif value is False:
        put("false")
    elif isinstance(value, str):  # json escapes quotes, backslashes, controls and all but ASCII
        if not (value.isascii() and value.isprintable()) or '"' in value or "\\" in value:
            return False
        put(f'"{str.__str__(value)}"')
    elif isinstance(value, int):
        put(int.__repr__(value))
    elif isinstance(value, float):
        if value != value or value in _INFINITE:
            return False
        put(float.__repr__(value))
    elif isinstance(value, list | tuple):
        put("[")
        for n, item in enumerate(value):
            if n:
                put(", ")
            if not _written(item, put):
                return False
        put("]")
    elif isinstance(value, dict):
        put("{")
        for n, (key, item) in enumerate(value.items()):
            if n:
                put(", ")
            if not isinstance(key, str) or not _written(key, put):
                return False
            put(": ")
            if not _written(item, put):
                return False
        put("}")
    else:
        return False
    return True
