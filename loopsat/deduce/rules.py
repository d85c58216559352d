"""What a genre hands to the deduction, and the names of the rules every deduced step cites."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from loopsat.grid import Point

Rule = tuple[tuple[Point, ...], frozenset[tuple[int, ...]]]

# The rules the deduction itself knows; a genre's tables carry the names the genre gives them.
CLUE = "clue"
NO_SUCH_EDGE = "no such edge"  # a lattice edge the genre's model leaves out (e.g. beside a 0)
VERTEX_DEGREE = "vertex degree"
AT_A_CORNER = " at a corner"  # appended to a rule's name when it is joined with a vertex
NO_PREMATURE_LOOP = "no premature loop"
PARITY = "inside/outside parity"
PROBE_CONTRADICTION = "probe: contradiction"
PROBE_AGREE = "probe: both ways agree"
PROBE_RELATION = "probe: equal or opposite"


@dataclass(frozen=True)
class Rules:
    """A genre's clue tables; `whole` when they state every clue, so that a complete deduction
    proves its loop (else the search still checks it against the model). `names[i]` names
    `tables[i]` in a trace (default: "clue")."""

    tables: list[Rule]
    whole: bool
    names: list[str] = field(default_factory=list)


class Step(NamedTuple):
    """One deduction a trace records: the rule, the edges it read, the edges it decided."""

    rule: str
    read: tuple[Point, ...]
    decided: tuple[tuple[Point, bool], ...]


class Contradiction(Exception):
    """The current assignment admits no single loop."""
