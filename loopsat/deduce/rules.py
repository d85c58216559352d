"""What a genre hands to the deduction, and the names of the rules every deduced step cites."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from loopsat.grid import Point

Rule = tuple[tuple[Point, ...], frozenset[tuple[int, ...]]]

# The rules the deduction itself knows; a genre's tables carry the names the genre gives them.
CLUE = "clue"
GIVEN = "given"  # an edge decided before the deduction starts (a partial solution, a far edge)
NO_SUCH_EDGE = "no such edge"  # a lattice edge the genre's model leaves out (e.g. beside a 0)
VERTEX_DEGREE = "vertex degree"
AT_A_CORNER = " at a corner"  # appended to a rule's name when it is joined with a vertex
NO_PREMATURE_LOOP = "no premature loop"
LOOP_CLOSED = "loop closed"  # the loop is whole: every other edge is off
PARITY = "inside/outside parity"
PROBE_CONTRADICTION = "probe: contradiction"
PROBE_AGREE = "probe: both ways agree"
PROBE_RELATION = "probe: equal or opposite"


@dataclass(frozen=True)
class Rules:
    """A genre's clue tables; `whole` when they state every clue, so that a complete deduction
    proves its loop (else the search still checks it against the model). `names[i]` names
    `tables[i]` in a trace (default: "clue").

    `patterns` are named consequences of several clues that a person spots at a glance (two
    adjacent 3s). They follow from the tables, so only the deduction reads them, to cite them
    by name and to probe less; the frontier DP and the difficulty's easy and normal levels
    read the tables alone."""

    tables: list[Rule]
    whole: bool
    names: list[str] = field(default_factory=list)
    patterns: list[tuple[str, Rule]] = field(default_factory=list)

    def for_deduction(self) -> tuple[list[Rule], list[str]]:
        """The tables, then the patterns, and a name for each."""
        names = self.names + [CLUE] * (len(self.tables) - len(self.names))
        return self.tables + [rule for _, rule in self.patterns], names + [name for name, _ in self.patterns]


class Step(NamedTuple):
    """One deduction a trace records: the rule, the edges it read, the edges it decided."""

    rule: str
    read: tuple[Point, ...]
    decided: tuple[tuple[Point, bool], ...]


class Contradiction(Exception):
    """The current assignment admits no single loop."""
