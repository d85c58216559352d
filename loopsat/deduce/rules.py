"""What a genre hands to the deduction: its rules, each tagged with the level of reasoning it
takes, and the names of the rules every deduced step cites."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum
from types import MappingProxyType

from loopsat.grid import Point
from loopsat.tuples import NamedTuple


class Level(IntEnum):
    """How much reasoning a rule takes, cheapest first: the deduction runs a rule only when
    every cheaper one is stuck (as Tatham's solvers do), so the grade of a puzzle is the highest
    level its trail uses. The first four are Tatham's Loopy levels (his Pearl uses Easy and
    Tricky), each with the reasoning his solver uses at it; DEEP (what his solvers cannot do:
    probing, the inside/outside parity, a clue joined with a vertex) and SEARCH (the deduction
    stops short) are loopsat's own, above his."""

    EASY = 1
    NORMAL = 2
    TRICKY = 3
    HARD = 4
    DEEP = 5
    SEARCH = 6

    @property
    def grade(self) -> str:
        return self.name.lower()


GRADES = tuple(level.grade for level in Level)

# The rules the deduction itself knows; a genre's tables carry the names the genre gives them.
CLUE = "clue"
GIVEN = "given"  # an edge decided before the deduction starts (a partial solution, a far edge)
NO_SUCH_EDGE = "no such edge"  # a lattice edge the genre's model leaves out (e.g. beside a 0)
VERTEX_DEGREE = "vertex degree"
AT_A_CORNER = " at a corner"  # appended to a rule's name when it is joined with a vertex
# appended when that join is read only where a line enters the corner from outside and the clue
# lacks exactly one off side: Tatham's one Easy refinement of a face's count
ONE_SHORT = " one short at a corner"
NO_PREMATURE_LOOP = "no premature loop"
LOOP_CLOSED = "loop closed"  # the loop is whole: every other edge is off
PARITY = "inside/outside parity"
# Tatham's reasoning about pairs of lines at a dot (deduce/pairs.py), one name a level
PAIR_AT_A_DOT = "pair of lines at a dot"
PAIRS_ALONG_A_DIAGONAL = "pairs along a diagonal"
RELATED_LINES = "lines equal or opposite"
PAIRS = (PAIR_AT_A_DOT, PAIRS_ALONG_A_DIAGONAL, RELATED_LINES)
PROBE_CONTRADICTION = "probe: contradiction"
PROBE_AGREE = "probe: both ways agree"
PROBE_RELATION = "probe: equal or opposite"


class ProbeKind(NamedTuple):
    """A kind of probe: the names of its steps (a contradiction, both ways agree, equal or
    opposite) and whether the face parity works inside it."""

    names: tuple[str, str, str]
    faces: bool


# The pairs of lines Tatham's Tricky follows along chains of clues are what setting one line and
# following the clues, the vertices and the loop rules finds: a local probe. A full probe adds the
# face parity inside it.
LOCAL_PROBE = ProbeKind(
    ("local probe: contradiction", "local probe: both ways agree", "local probe: equal or opposite"), False
)
FULL_PROBE = ProbeKind((PROBE_CONTRADICTION, PROBE_AGREE, PROBE_RELATION), True)
PROBE_KINDS = (LOCAL_PROBE, FULL_PROBE)
PROBES = tuple(name for kind in PROBE_KINDS for name in kind.names)


class Rule(NamedTuple):
    """The patterns of on (1) and off (0) edges a clue allows over its scope, a name a trace
    cites and the level of reasoning the rule takes. `parities`: whether the deduction also
    reads the face parities its patterns imply (Deep); a pattern beside its clues' own tables may
    add nothing there but work. (NamedTuples, as Rules: as frozen dataclasses the two cost every
    process 5.8 M instructions to define, 3 % of a 5×5 `solve --json`.)"""

    scope: tuple[Point, ...]
    allowed: frozenset[tuple[int, ...]]
    name: str = CLUE
    level: Level = Level.EASY
    parities: bool = True


# Where a genre does not say otherwise, the levels of the rules every genre shares: Loopy's, as
# his solver (loopy.c) grades. His Easy reads each clue and dot alone (with one refinement at a
# clue's corner, ONE_SHORT) and never closes a loop early, nor one that leaves a clue unmet; his
# Normal, Tricky and Hard reason about pairs of lines at a dot and lines equal or opposite
# (deduce/pairs.py), and nothing of his probes. Everything else loopsat knows is Deep, above him:
# a clue joined with a vertex (it sees more than his pairs: a 3 in a board's corner is his
# Tricky), the inside/outside parity and the probes. Chosen by agreement with his grader on his
# own puzzles (bench/tatham_grades.py) and on loopsat's generated ones (bench/generate.py
# --agreement).
LOOPY_LEVELS: Mapping[str, Level] = MappingProxyType(
    {
        GIVEN: Level.EASY,
        NO_SUCH_EDGE: Level.EASY,
        VERTEX_DEGREE: Level.EASY,
        NO_PREMATURE_LOOP: Level.EASY,
        LOOP_CLOSED: Level.EASY,
        ONE_SHORT: Level.EASY,
        PAIR_AT_A_DOT: Level.NORMAL,
        PAIRS_ALONG_A_DIAGONAL: Level.TRICKY,
        RELATED_LINES: Level.HARD,
        AT_A_CORNER: Level.DEEP,
        **dict.fromkeys(LOCAL_PROBE.names, Level.DEEP),
        PARITY: Level.DEEP,
        **dict.fromkeys(FULL_PROBE.names, Level.DEEP),
    }
)

# Tatham's Pearl levels: his Easy reasons about the shapes each cell can take beside the circles
# (a circle joined with the cell beside it; the genre's patterns: a white between its neighbours,
# two blacks side by side) and never closes a loop early; the shortcut-loop rule is his Tricky.
# He has neither the face parity nor probes: Deep. His 24 boards graded his level 24 of 24
# (bench/tatham_grades.py), loopsat's generated ones as he rates them (bench/generate.py).
# Masyu probes with the faces only: the probes without them (SEARCH: never run), a pass of their
# own before, found little the full probes would not, at the price of a second probe of nearly
# every edge. The 16 hard 25×25 of bench/ deduced in 2.36 CPU-s instead of 2.83 (in process, min
# of 2), their whole `solve --json` 0.94× (paired, median of 5), every other Masyu set of bench/
# as fast; the same grade level on all 95 Masyu of bench/, puzzles/ and tests/data, the same
# edges decided on all but 005.masyu of the 25×25 (357 open instead of 403). A deep grade's
# hardest step now reads `probe depth 1 × N`. Nor has Pearl Loopy's pairs of lines at a dot
# (they read clues that count a cell's sides): a board whose levels do not name them makes none
# (board.make_pairs), nor imports their six modules (3.6 M instructions of a fresh Masyu solve).
PEARL_LEVELS = MappingProxyType(
    {
        **{name: level for name, level in LOOPY_LEVELS.items() if name not in PAIRS},
        AT_A_CORNER: Level.EASY,
        NO_PREMATURE_LOOP: Level.TRICKY,
        **dict.fromkeys(LOCAL_PROBE.names, Level.SEARCH),
        PARITY: Level.DEEP,
        **dict.fromkeys(FULL_PROBE.names, Level.DEEP),
    }
)


class Rules(NamedTuple):
    """A genre's clue tables; `whole` when they state every clue, so that a complete deduction
    proves its loop (else the search still checks it against the model).

    `patterns` are named consequences of several clues that a person spots at a glance (two
    adjacent 3s). They follow from the tables, so only the deduction reads them, to cite them
    by name and to probe less; the frontier DP reads the tables alone. `levels` gives the level
    of each rule the deduction itself knows (by name; a clue's level is its table's)."""

    tables: list[Rule]
    whole: bool
    patterns: Sequence[Rule] = ()
    levels: Mapping[str, Level] = LOOPY_LEVELS  # shared, read only

    def for_deduction(self) -> list[Rule]:
        """The tables, then the patterns."""
        return [*self.tables, *self.patterns]


class Step(NamedTuple):
    """One deduction a trace records: the rule, the edges it read, the edges it decided."""

    rule: str
    read: tuple[Point, ...]
    decided: tuple[tuple[Point, bool], ...]


class Contradiction(Exception):
    """The current assignment admits no single loop."""
