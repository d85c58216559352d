"""A player's board checked (`loopsat check FILE PARTIAL.json`): which of their lines break which
rule, or whether the board can still be completed.

The player's lines are the partial solution `explain --hint` reads (h/v strings: 1 on, 0 off,
? or . unknown). Each clue's law (the genre's rule table) is broken when no pattern it allows
fits the lines given; a corner with three lines, or with one line and every other side crossed,
breaks the loop's own rule, and so does a closed loop beside other lines. Where no rule is
broken, CP-SAT says whether some solution still extends the lines.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from loopsat import loops
from loopsat.genres import GENRES
from loopsat.grid import Point, edge_ends, lattice_edges
from loopsat.puzzle import Puzzle


@dataclass(frozen=True)
class Fault:
    """A rule the player's lines break: its name, where (a cell or corner, (row, col) from 0), and
    the lines that break it, named as the JSON's h/v strings."""

    rule: str
    at: Point
    lines: tuple[str, ...]

    def text(self) -> str:
        return f"{', '.join(self.lines)} break{'s' if len(self.lines) == 1 else ''} the {self.rule} at {self.at}"

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "at": list(self.at), "lines": list(self.lines)}


class Checked(NamedTuple):
    """A player's board checked: the rules its lines break, whether a solution still extends
    them, and whether they are one (`loopsat check`'s answer)."""

    faults: list[Fault]
    completable: bool
    solved: bool

    def text(self) -> str:
        """A line per broken rule, then the verdict."""
        verdict = (
            "solved" if self.solved else "can still be completed" if self.completable else "can no longer be completed"
        )
        return "\n".join([*(fault.text() for fault in self.faults), verdict])

    def to_json(self) -> dict[str, Any]:
        """The `check --json` object (docs/json.md)."""
        faulted = [fault.to_json() for fault in self.faults]
        return {"faults": faulted, "completable": self.completable, "solved": self.solved}


def line_name(edge: Point) -> str:
    """The edge as the JSON names it: h[i][j] (a horizontal line) or v[i][j]."""
    x, y = edge
    return f"h[{x // 2}][{y // 2}]" if x % 2 == 0 else f"v[{x // 2}][{y // 2}]"


def check(puzzle: Puzzle, given: Mapping[Point, bool]) -> tuple[list[Fault], bool]:
    """The rules the lines `given` break, and whether a solution still extends them (False
    whenever one is broken)."""
    broken = faults(puzzle, given)
    return broken, not broken and _extends(puzzle, given)


def faults(puzzle: Puzzle, given: Mapping[Point, bool]) -> list[Fault]:
    """The rules the lines `given` break, each where it is broken (no search: cheap)."""
    genre = GENRES[puzzle.genre]
    rules = genre.rules(puzzle)
    broken: list[Fault] = []
    for table in rules.tables:
        scope, allowed, rule = table.scope, table.allowed, table.name
        known = [edge for edge in scope if edge in given]
        if known and not any(all(given.get(e, bit) == bit for e, bit in zip(scope, p, strict=True)) for p in allowed):
            x = sum(e[0] for e in scope) // len(scope)
            y = sum(e[1] for e in scope) // len(scope)
            broken.append(Fault(rule, (x // 2, y // 2), tuple(line_name(e) for e in known)))
    return broken + _corners(genre.tile_shape(puzzle), given)


def solved(puzzle: Puzzle, given: Mapping[Point, bool]) -> bool:
    """Whether the lines drawn in `given` are by themselves a solution (the crosses need not be
    drawn: a player who has closed the loop is done)."""
    from loopsat import hv
    from loopsat.errors import VerificationError
    from loopsat.verify import verify

    h, v = hv.strings(*GENRES[puzzle.genre].tile_shape(puzzle), {edge for edge, on in given.items() if on})
    try:
        verify(puzzle, h, v)
    except VerificationError:
        return False
    return True


def _corners(shape: tuple[int, int], given: Mapping[Point, bool]) -> list[Fault]:
    """Three lines at a corner, a line ending where every other side is crossed, a closed loop
    beside other lines."""
    sides: dict[Point, list[Point]] = defaultdict(list)
    for edge in lattice_edges(*shape):
        for end in edge_ends(edge):
            sides[end].append(edge)
    faults = []
    for corner, edges in sorted(sides.items()):
        on = [edge for edge in edges if given.get(edge) is True]
        if len(on) > 2:
            faults.append(Fault("loop: two lines at a corner", (corner[0] // 2, corner[1] // 2), _named(on)))
        elif len(on) == 1 and all(given.get(edge) is False for edge in edges if edge not in on):
            faults.append(Fault("loop: no dead end", (corner[0] // 2, corner[1] // 2), _named(edges)))
    drawn = [edge for edge, on in given.items() if on]
    groups = loops.pieces(drawn)
    for group in groups if len(groups) > 1 else ():
        cycle = sorted(edge for edge in drawn if edge_ends(edge)[0] in group)
        if loops.is_cycle_union(cycle):  # closed, while other lines are drawn
            faults.append(Fault("loop: one loop", (cycle[0][0] // 2, cycle[0][1] // 2), _named(cycle)))
    return faults


def _named(edges: list[Point]) -> tuple[str, ...]:
    return tuple(line_name(edge) for edge in edges)


def _extends(puzzle: Puzzle, given: Mapping[Point, bool]) -> bool:
    """Whether a solution of `puzzle` has every line `given` (CP-SAT, assumptions on the edges)."""
    from loopsat.cpsat import Circuit, Search  # CP-SAT is slow to import

    search = Search(GENRES[puzzle.genre].cover(puzzle), Circuit())
    if any(on and edge not in search.edges for edge, on in given.items()):
        return False  # a line the model has not: off in every solution
    return search.find(assume={edge: on for edge, on in given.items() if edge in search.edges}) is not None
