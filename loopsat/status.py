"""What solving proved, as the JSON's status strings, and the one rule that reads it off the count."""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """What was proved (the JSON's status strings): `unknown` when stopped before one or two solutions."""

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    UNKNOWN = "unknown"

    @classmethod
    def of(cls, count: int, complete: bool) -> Status:
        """The status of `count` solutions found, the search finished (`complete`) or not: two
        prove several either way; fewer prove something only when nothing is left to search."""
        if count >= 2:
            return cls.MULTIPLE
        if not complete:
            return cls.UNKNOWN
        return cls.UNIQUE if count == 1 else cls.NONE


ANSWERED = (Status.UNIQUE, Status.MULTIPLE, Status.NONE)  # the statuses that settle the question
