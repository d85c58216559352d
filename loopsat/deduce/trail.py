"""The deduction's trail as a board makes it: for each decided edge, the rule that decided it
(its number on the board, or its name and reading), the steps made when someone reads them.

A 60×60 decides 7 320 edges, each a step: made as it was decided, with its points and its
decision as tuples, the trail cost a fresh `solve --json` 48 M of its 1 172 M instructions,
and the grade read it for 24 M more, while `solve` reads the grade alone (callgrind,
PYTHONHASHSEED=0, bench/slitherlink/60x60/001). The grade reads the rules' names here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from loopsat.deduce.rules import Step
from loopsat.grid import Point

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import overload

    from loopsat.deduce.layout import Layout
    from loopsat.deduce.tables import Table

# What decided one edge: a rule's number on the board (`Board._apply`), or its name and the
# edges it read (`Board.assign`)
Reason = int | tuple[str, tuple[int, ...]]
_new_tuple = tuple.__new__  # a Step made without the Python call its __new__ is


class Trail(Sequence[Step]):
    """The steps of one deduction, in order: a board given a Trail as its tracer keeps each
    decided edge's reason in `kept` (the board's `kept`); `close` takes what the steps need from
    the board once it is done, and the steps are made when first read."""

    def __init__(self) -> None:
        self.kept: list[Reason] = []
        self._board: Layout | None = None
        self._made: list[Step] | None = None
        self._edges: list[int] = []  # the decided edges, in order (the board's `assigned`)
        self._value: list[int] = []
        self._lattice: list[Point] = []
        self._rules: list[tuple[tuple[int, ...], Table]] = []
        self._names: list[str] = []

    def __call__(self, step: Step) -> None:
        """A tracer's call: a board keeps a Trail's reasons itself (`attach`), never calls it."""
        raise TypeError("a Trail is kept by its board, not heard")

    def attach(self, board: Layout) -> None:
        """The board that decides the edges, read when it is done (`close`)."""
        self._board = board

    def close(self) -> None:
        """The board is done (or found a contradiction): keep what the steps need, as the board
        may go on (a backtracking search from it) or be dropped. Its own lists, not copies (a
        60×60's two were 0.12 MB, 28 page faults): a search from it decides edges after these
        and takes back no more than its own (`Board.undo` to a mark made after them), so the
        first `len(kept)` decided edges and their values stay as they are."""
        board = self._board
        if board is None:
            return
        self._board = None
        self._edges, self._value = board.assigned, board.value
        self._lattice, self._rules, self._names = board.lattice, board.rules, board.rule_names

    def rule_names(self) -> list[str]:
        """The rule of each step as `run.grouped_steps` groups them: consecutive edges decided by
        one rule from one reading are one step (the same edges read, as the same points)."""
        names, rules = self._names, self._rules
        found: list[str] = []
        last: Reason | None = None
        last_name, last_read = "", None
        for reason in self.kept:
            if reason is last:  # the rest of one rule's edges
                continue
            last = reason
            if isinstance(reason, int):
                name, read = names[reason], rules[reason][0]
            else:
                name, read = reason
            if name != last_name or read != last_read:
                last_name, last_read = name, read
                found.append(name)
        return found

    def _steps(self) -> list[Step]:
        made = self._made
        if made is None:
            self.close()
            names, rules, lattice, value = self._names, self._rules, self._lattice, self._value
            points: dict[tuple[int, ...], tuple[Point, ...]] = {}
            made = []
            for reason, k in zip(self.kept, self._edges[: len(self.kept)], strict=True):
                if isinstance(reason, int):
                    name, read = names[reason], rules[reason][0]
                else:
                    name, read = reason
                seen = points.get(read)
                if seen is None:
                    seen = points[read] = tuple([lattice[j] for j in read])
                made.append(_new_tuple(Step, (name, seen, ((lattice[k], value[k] == 1),))))
            self._made = made
        return made

    def __len__(self) -> int:
        return len(self.kept)

    if TYPE_CHECKING:

        @overload
        def __getitem__(self, index: int) -> Step: ...

        @overload
        def __getitem__(self, index: slice) -> list[Step]: ...

    def __getitem__(self, index: int | slice) -> Step | list[Step]:
        return self._steps()[index]

    def __iter__(self) -> Iterator[Step]:
        return iter(self._steps())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Trail):
            other = other._steps()
        return self._steps() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._steps())
