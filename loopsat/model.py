"""Knuth's exact-cover-with-colours problem (XCC with multiplicities): the one model of a puzzle.

Every genre builds an `ExactCover`; the MCC writer prints it and the CP-SAT backend solves it.
Secondary items that are loop edges carry their doubled coordinates, so a backend can find
loops without knowing which genre made them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from loopsat.grid import Point


@dataclass(frozen=True)
class Item:
    """A primary item must be covered between `lo` and `hi` times; a secondary one at most once
    without colour, or any number of times with one agreed colour.

    `explicit` remembers whether the MCC spells the multiplicity (`1|35`) or not (`00`), and
    `no_lower` whether it leaves the lower bound empty (`:3|a`, which DLX3 reads as 0:3).
    """

    name: str
    primary: bool = True
    lo: int = 1
    hi: int = 1
    explicit: bool = False
    no_lower: bool = False

    def spelled(self) -> str:
        """The item as the MCC item-name line writes it."""
        if not self.explicit:
            return self.name
        if self.no_lower:
            return f":{self.hi}|{self.name}"
        if self.lo == self.hi:
            return f"{self.hi}|{self.name}"
        return f"{self.lo}:{self.hi}|{self.name}"


@dataclass(frozen=True)
class Option:
    """One way to cover some items: (item name, colour or None) pairs in the order written.

    `trailing_blank` reproduces Knuth's MASYU-DLX, whose first option line ends with a blank.
    """

    entries: tuple[tuple[str, str | None], ...]
    trailing_blank: bool = False

    def line(self) -> str:
        text = " ".join(n if c is None else f"{n}:{c}" for n, c in self.entries)
        return text + " " if self.trailing_blank else text


class Chosen(frozenset[Point]):
    """A solution's edges that also names the options chosen for them, as DLX3 would print them.

    Still the frozenset of edges every command draws, so that only what shows an MCC's answers
    (its option lines, docs/formats.md) needs to know; two solutions of different options can
    colour the same edges, so `==` (the edges') does not tell them apart: their position does.
    """

    options: tuple[Option, ...]

    def __new__(cls, edges: Iterable[Point] = (), options: tuple[Option, ...] = ()) -> Chosen:
        chosen = super().__new__(cls, edges)
        chosen.options = options
        return chosen


@dataclass
class ExactCover:
    """Items, options and the header comment of one MCC problem.

    `edges` maps the secondary items that are loop edges to their doubled coordinates; a
    solution is a colouring of them. `bar` is False only for an item line without the `|`
    separator (MASYU-DLX's `abort`). `mandatory` holds tiles the genre knows every loop visits
    (not part of the MCC text; the solver uses them to make its loop cuts unconditional).
    """

    items: list[Item]
    options: list[Option]
    comments: list[str] = field(default_factory=list)
    edges: dict[str, Point] = field(default_factory=dict)
    bar: bool = True
    mandatory: frozenset[Point] = frozenset()

    @property
    def primary(self) -> list[Item]:
        return [item for item in self.items if item.primary]

    @property
    def secondary(self) -> list[Item]:
        return [item for item in self.items if not item.primary]

    def modelled(self, values: Mapping[Point, bool]) -> dict[Point, bool]:
        """The values of the edges this cover has an item for (every other edge is off in every
        solution, so a deduction's value for it says nothing the model needs)."""
        edges = set(self.edges.values())
        return {edge: on for edge, on in values.items() if edge in edges}

    def agreeing(self, values: Mapping[Point, bool]) -> ExactCover:
        """Without the options that colour an edge of `values` 0 or 1 against its value: no
        solution that keeps `values` takes them. After a deduction that stops short this drops
        most options, which CP-SAT would otherwise translate and presolve: on a 30×30 whose
        deduction decided 1471 of 1801 edges, 6071 options became 1709, translating them took
        0.13 CPU-s instead of 0.19 and the CP-SAT proof 0.19 instead of 0.26 (medians of 3 runs
        of `python bench/search_phases.py FILE`)."""
        colour = {name: str(int(values[point])) for name, point in self.edges.items() if point in values}
        kept = [
            option
            for option in self.options
            if all(c not in ("0", "1") or colour.get(name, c) == c for name, c in option.entries)
        ]
        return replace(self, options=kept)


def option_lines(solution: frozenset[Point]) -> list[str] | None:
    """The option lines of an MCC file's solution, in the file's order; None for a genre's."""
    return [option.line().strip() for option in solution.options] if isinstance(solution, Chosen) else None
