"""The one way to deduce a puzzle, and its grade read off the trail.

Every caller (solve, explain, certain, the generator) deduces through `puzzle`: the genre's
rules on the whole lattice (on the model's edges when the rules leave clues to the search),
`given` edges first. The deduction runs its cheapest rules first (rules.Level), so the trail it
leaves is its grade: the highest level any step used is the lowest level at which the same
deduction decides every edge.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import compress

from loopsat.deduce.board import Board
from loopsat.deduce.probe import collector_paused, deduced_board
from loopsat.deduce.rules import GIVEN, NO_SUCH_EDGE, PROBES, Contradiction, Level, Rule, Rules, Step
from loopsat.deduce.trail import Trail
from loopsat.grid import Point, lattice_edges
from loopsat.tuples import NamedTuple

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

    from loopsat.puzzle import Puzzle


class Difficulty(NamedTuple):
    """A puzzle's grade: the level (rules.Level), its steps and probes as `explain` groups them,
    and the hardest rule the deduction needed."""

    level: Level
    steps: int
    probes: int
    hardest: str = ""

    @property
    def grade(self) -> str:
        return self.level.grade

    def to_json(self) -> dict[str, Any]:
        return {
            "grade": self.grade,
            "level": int(self.level),
            "steps": self.steps,
            "probes": self.probes,
            "hardest": self.hardest,
        }


class Deduction(NamedTuple):
    """What the deduction found on a puzzle: the edges it ran on, the genre's rules, its trail
    (one edge a step, in order) and the edges it fixed (None: no single loop fits)."""

    edges: list[Point]
    rules: Rules
    steps: Sequence[Step]  # a Trail, made as the board decided them
    fixed: dict[Point, bool] | None
    levels: Mapping[str, Level]

    @property
    def complete(self) -> bool:
        """Every edge decided from tables that state every clue: the loop is proved unique (or,
        empty, proved absent) without any search."""
        return self.fixed is not None and self.rules.whole and len(self.fixed) == len(self.edges)

    @property
    def solvable(self) -> bool:
        """False when the deduction proved that no loop fits (a contradiction, or every edge off)."""
        return self.fixed is not None and not (self.complete and not any(self.fixed.values()))

    @property
    def loop(self) -> frozenset[Point]:
        fixed = self.fixed or {}
        return frozenset(compress(fixed, fixed.values()))  # in C: a 60×60 1.9 M instructions, 3.0 M by a generator

    def grade(self) -> Difficulty | None:
        """The highest level the trail used (SEARCH when the deduction stops short); None for a
        puzzle the deduction proved has no loop: that puzzle has a status, not a grade."""
        if not self.solvable:
            return None
        level, hardest, levels = Level.EASY, "", self.levels
        steps = self.steps
        named = steps.rule_names() if isinstance(steps, Trail) else [step.rule for step in grouped_steps(steps)]
        probes = 0
        # Each rule's first step alone can raise the level or name the hardest: by its next one
        # the level is at least its own, and at its own level the hardest is a probe if it is
        # one (a 60×60's 5 731 steps, 26 rules)
        for rule in dict.fromkeys(named):
            probe = rule in PROBES
            if probe:
                probes += named.count(rule)
            here = levels[rule]
            if rule in (GIVEN, NO_SUCH_EDGE):
                continue  # not deduced
            if here > level or not hardest or (here == level and probe and hardest not in PROBES):
                level, hardest = here, rule
        if not self.complete:
            level, hardest = Level.SEARCH, "search"
        if hardest in PROBES:
            hardest = f"{hardest.split(':')[0]} depth 1 × {probes}"
        return Difficulty(level, len(named), probes, hardest)


def grouped_steps(heard: Sequence[Step]) -> list[Step]:
    """Consecutive edges decided by one rule from one reading, as one step."""
    steps: list[Step] = []
    for step in heard:
        if steps and (steps[-1].rule, steps[-1].read) == (step.rule, step.read):
            steps[-1] = steps[-1]._replace(decided=steps[-1].decided + step.decided)
        else:
            steps.append(step)
    return steps


def setup(
    puzzle: Puzzle, near: AbstractSet[Point] | None = None, extra: Sequence[Rule] = ()
) -> tuple[list[Point], Rules, list[Rule]]:
    """The edges a puzzle is deduced on, its genre's rules and the tables the deduction reads
    (only those reading an edge of `near`, when given, and `extra` after them)."""
    from loopsat.genres import GENRES  # the genres import this package: not at import time

    genre = GENRES[puzzle.genre]
    rules = genre.rules(puzzle)
    # Tables that state every clue also rule out every edge the model leaves out (beside a 0), so
    # the deduction runs on the whole lattice and the model is built only when a search needs
    # it: building it first cost 0.3-0.45 CPU-s of a 60×60 proved in 0.6 s.
    whole = rules.whole
    edges = list(lattice_edges(*genre.tile_shape(puzzle))) if whole else list(genre.cover(puzzle).edges.values())
    tables = rules.for_deduction()
    if near is not None:
        tables = [rule for rule in tables if not near.isdisjoint(rule.scope)]
    return edges, rules, [*tables, *extra]


def puzzle(
    puzzle: Puzzle,
    *,
    given: Mapping[Point, bool] | None = None,
    trace: Callable[[Step], None] | None = None,
    focus: Point | None = None,
    max_level: Level = Level.SEARCH,
    near: AbstractSet[Point] | None = None,
    extra: Sequence[Rule] = (),
    trail: bool = True,
) -> Deduction:
    """Deduce `puzzle`: `given` edges first (rule "given"), probing nearest `focus` first, no
    rule above `max_level`; `near` and `extra` as in `setup`. `trace` hears each step too;
    without `trail` no step is kept (a setter's many deductions need no grade)."""
    with collector_paused():  # until the board is gone (collector_paused)
        return _deduced(puzzle, given, trace, focus, max_level, near, extra, trail)[0]


def searched(
    puzzle: Puzzle,
    *,
    limit: int,
    nodes: int | Callable[[int], int],
    most_open: int | None = None,
    walk: bool = False,
) -> tuple[Deduction, list[frozenset[Point]] | None]:
    """`puzzle`'s deduction, and the loops of what it left open found by backtracking on its
    board (branch.loops; reach.Reaching chooses with `walk`): up to `limit`, every one when
    fewer; None when that took more than `nodes` decisions (or a function's of the edges the
    deduction decided), or the deduction left more than
    `most_open` edges open (not tried), or failed or finished, or its tables do not state every
    clue (a loop they allow need not be the puzzle's)."""
    with collector_paused():  # the board kept (_last_board) joins the old generation (collector_paused)
        return _searched(puzzle, limit, nodes, most_open, walk)


# The board `searched` last worked on, kept until its next call: a process's last board is
# left to the exit, which does not free what is still alive, instead of freed as the call
# returns, which cost 1.3 % of a fresh 60×60 `solve --json` (callgrind, 1 701.4M instructions,
# 1 678.6M kept). One board at most (10.8 MB a 60×60), dropped before the next is made.
_last_board: list[Board | None] = [None]


def _searched(
    puzzle: Puzzle, limit: int, nodes: int | Callable[[int], int], most_open: int | None, walk: bool
) -> tuple[Deduction, list[frozenset[Point]] | None]:
    _last_board[0] = None
    deduction, board = _deduced(puzzle, None, None, None, Level.SEARCH, None, (), True)
    _last_board[0] = board
    if board is None or deduction.complete or not deduction.rules.whole:
        return deduction, None
    decided = len(deduction.fixed or ())
    if most_open is not None and len(deduction.edges) - decided > most_open:
        return deduction, None
    if not isinstance(nodes, int):
        nodes = nodes(decided)
    # the backtracking's modules, imported when first searched: a deduction that decides every
    # edge never reads them (their import was 0.7 % of a fresh Masyu 12×12 `solve --json`,
    # 1.2 M instructions)
    from loopsat.deduce.branch import OutOfNodes, loops
    from loopsat.deduce.reach import Reaching

    try:
        return deduction, loops(board, limit, nodes, Reaching(board) if walk else None)
    except OutOfNodes:
        return deduction, None


def _deduced(
    puzzle: Puzzle,
    given: Mapping[Point, bool] | None,
    trace: Callable[[Step], None] | None,
    focus: Point | None,
    max_level: Level,
    near: AbstractSet[Point] | None,
    extra: Sequence[Rule],
    trail: bool,
) -> tuple[Deduction, Board | None]:
    """`puzzle`'s work, and the board it leaves (None after a contradiction)."""
    edges, rules, tables = setup(puzzle, near, extra)
    steps: Sequence[Step] = []
    heard: Callable[[Step], None] | None = trace
    if trail and trace is None:
        heard = steps = Trail()  # the board keeps it, its steps made when read
    elif trail and trace is not None:
        heard_steps: list[Step] = []
        steps = heard_steps

        def heard(step: Step) -> None:
            heard_steps.append(step)
            trace(step)

    try:
        board: Board | None = deduced_board(edges, tables, True, given, heard, focus, rules.levels, max_level)
    except Contradiction:
        board = None
    if isinstance(steps, Trail):
        steps.close()
    if board is None:
        return Deduction(edges, rules, steps, None, rules.levels), None
    value, index = board.value, board.index
    if edges == board.lattice and -1 not in value:  # every edge decided, in the lattice's order
        fixed = dict(zip(edges, map(bool, value), strict=True))  # a 60×60's 7 320 in 0.5 ms, not 0.9 (timeit)
    else:
        fixed = {e: bool(value[index[e]]) for e in edges if value[index[e]] >= 0}
    return Deduction(edges, rules, steps, fixed, board.levels), board


def loop(
    puzzle: Puzzle,
    *,
    given: Mapping[Point, bool] | None = None,
    near: AbstractSet[Point] | None = None,
    extra: Sequence[Rule] = (),
    nodes: int = 1000,
) -> frozenset[Point] | None:
    """A single loop the rules allow, by deduction and backtracking (branch.find_loop), or None
    when there is none; raises OutOfNodes after `nodes` decisions without an answer."""
    from loopsat.deduce.branch import find_loop  # (as `_searched`)

    edges, _, tables = setup(puzzle, near, extra)
    return find_loop(edges, tables, given=given, nodes=nodes)
