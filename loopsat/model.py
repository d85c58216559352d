"""Knuth's exact-cover-with-colours problem (XCC with multiplicities): the one model of a puzzle.

Every genre builds an `ExactCover`; the MCC writer prints it and the CP-SAT backend solves it.
Secondary items that are loop edges carry their doubled coordinates, so a backend can find
loops without knowing which genre made them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loopsat.grid import Point


@dataclass(frozen=True)
class Item:
    """A primary item must be covered between `lo` and `hi` times; a secondary one at most once
    without colour, or any number of times with one agreed colour.

    `explicit` remembers whether the MCC spells the multiplicity (`1|35`) or not (`00`).
    """

    name: str
    primary: bool = True
    lo: int = 1
    hi: int = 1
    explicit: bool = False

    def spelled(self) -> str:
        """The item as the MCC item-name line writes it."""
        if not self.explicit:
            return self.name
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
