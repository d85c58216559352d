"""What to establish (`Mode`), how (`Strategy`), and what solving proved (`Status`, the JSON's
status strings, with the one rule that reads it off the count): the names every layer shares, in
a module light enough for the command line to import before it knows what it will do."""

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


class Strategy(StrEnum):
    """auto: the frontier DP for counting where it applies; else deduction first and then the
    CP-SAT search that the genre's measurements chose (its DEDUCE_FIRST_CELLS and AUTO_CIRCUIT).
    lazy: CP-SAT with lazy loop cuts; circuit: CP-SAT's AddCircuit instead of cuts; deduce: local
    rules and probing, then lazy CP-SAT on what is left; frontier: the DP only (counting only)."""

    AUTO = "auto"
    LAZY = "lazy"
    CIRCUIT = "circuit"
    DEDUCE = "deduce"
    FRONTIER = "frontier"


STRATEGIES = tuple(Strategy)


class Mode(StrEnum):
    """What to establish: one solution and whether it is unique, every solution, or their number."""

    UNIQUE = "unique"
    ALL = "all"
    COUNT = "count"
