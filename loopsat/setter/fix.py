"""Repairs of a puzzle that is not unique (`loopsat fix`): the single clue added, changed or
removed that gives it exactly one solution (or, for a puzzle with none, back a solution).

One CP-SAT model serves every question: the loop on the board with no clue at all, and each
clue's law (the genre's rule table) switched on by a literal of its own, so that a puzzle with
some clues added, changed or removed is a set of assumptions, never a new model. A candidate
is unique when one solution obeys its laws and no other does: the solutions found along the way
are kept, and a candidate two of them obey is ruled out without a solve, which rules out most.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, Any

from loopsat.deduce import GRADES, Difficulty, Rule
from loopsat.errors import PuzzleError
from loopsat.genres import GENRES, SETTERS
from loopsat.grid import Edges, Point
from loopsat.puzzle import Puzzle
from loopsat.solver.pipeline import deduction

if TYPE_CHECKING:
    from loopsat.cpsat import Search
    from loopsat.cpsat.proto import Literal

ADD, CHANGE, REMOVE = "add", "change", "remove"
# The solutions of an ambiguous puzzle listed before its additions are judged from the list alone
# (one solve each, where the additions would take one or two each).
ENOUGH = 32


@dataclass(frozen=True)
class Suggestion:
    """One repair: `clue` written in `cell` (0-based row, col), or the clue there removed (None);
    `was` the clue it replaces; `grade` the repaired puzzle's grade when it is unique (a removal
    from a puzzle without a solution may leave several: then None)."""

    kind: str
    cell: Point
    clue: str | None
    was: str | None
    unique: bool
    grade: Difficulty | None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "cell": list(self.cell),
            "clue": self.clue,
            "was": self.was,
            "unique": self.unique,
            "grade": None if self.grade is None else self.grade.grade,
        }

    def text(self) -> str:
        """One line for a person: what to do, and what it gives."""
        where = f"({self.cell[0]},{self.cell[1]})"
        what = {
            ADD: f"add {self.clue} at {where}",
            CHANGE: f"change {where} from {self.was} to {self.clue}",
            REMOVE: f"remove the {self.was} at {where}",
        }[self.kind]
        return f"{what}: " + (f"unique, {self.grade.grade}" if self.grade is not None else "solvable, not unique")

    def applied(self, puzzle: Puzzle) -> Puzzle:
        """`puzzle` with this repair made."""
        return SETTERS[puzzle.genre].placed(puzzle, {self.cell: "." if self.clue is None else self.clue})


def fix(puzzle: Puzzle) -> list[Suggestion]:
    """The single clue repairs that make `puzzle` unique (none when it is unique already), or for
    a puzzle without a solution the clue removals that give it one; ranked by how little the
    grade moves from the original's (explain.py's level; an ambiguous puzzle counts as `search`),
    additions before changes, then by cell and clue."""
    setter = SETTERS.get(puzzle.genre)
    if setter is None or not GENRES[puzzle.genre].rules(puzzle).whole:
        raise PuzzleError(puzzle.path, 1, 1, f"fix knows the clues of {', '.join(SETTERS)} puzzles (digits only)")
    clues = {(i, j): puzzle.grid[i][j] for i, j in setter.clue_cells(puzzle)}
    laws = Laws(puzzle)
    loops = laws.every(clues, ENOUGH)
    if len(loops) == 1:
        return []
    edits: list[tuple[str, Point, str | None, bool]] = [(REMOVE, cell, None, False) for cell in clues]
    if loops:
        edits = [*_edits(puzzle, clues, loops if len(loops) < ENOUGH else None, laws)]
    found = [_suggestion(puzzle, laws, edit, clues) for edit in edits]
    base = len(GRADES)  # an ambiguous puzzle, or one without a solution, grades as `search`
    kept = [suggestion for suggestion in found if suggestion is not None]
    return sorted(kept, key=lambda s: _rank(s, base))


def _edits(
    puzzle: Puzzle, clues: Mapping[Point, str], every: list[Edges] | None, laws: Laws
) -> Iterator[tuple[str, Point, str, bool]]:
    """The single clue additions and changes worth a try, each with whether it is known to be a
    repair. Where every solution of the puzzle is known (up to ENOUGH), an addition is a repair
    exactly when one of them obeys it. Else the edges the deduction fixes (of the puzzle for an
    addition, of the puzzle less the clue for a change) rule out a clue no pattern of which fits
    them, or whose edges they all fix (then every solution obeys it, or none). 10×10 Slitherlink
    less two clues of a minimal set: 364 candidates took 353 solves, 15 CPU-s, without either;
    listing the solutions of the puzzle less each clue (up to 4) before its changes took more
    solves than it saved (189 against 135, less one clue)."""
    options = SETTERS[puzzle.genre].CLUES
    fixed = deduction(puzzle).fixed or {}
    for i in range(puzzle.rows):
        for j in range(puzzle.cols):
            cell, was = (i, j), clues.get((i, j))
            if was is None:
                yield from _judged(ADD, cell, options, every, fixed, laws)
                continue
            fits = deduction(SETTERS[puzzle.genre].without(puzzle, [cell])).fixed or {}
            yield from _judged(CHANGE, cell, [clue for clue in options if clue != was], None, fits, laws)


def _judged(
    kind: str,
    cell: Point,
    options: Iterable[str],
    every: list[Edges] | None,
    fixed: Mapping[Point, bool],
    laws: Laws,
) -> Iterator[tuple[str, Point, str, bool]]:
    for clue in options:
        if every is not None:
            if sum(laws.obeys(loop, {cell: clue}) for loop in every) == 1:
                yield kind, cell, clue, True
        elif _open(laws.law(cell, clue), fixed):
            yield kind, cell, clue, False


def _open(law: Rule, fixed: Mapping[Point, bool]) -> bool:
    """Whether some pattern of `law` fits the `fixed` edges, and they leave one of its edges open."""
    scope, allowed = law.scope, law.allowed
    if all(edge in fixed for edge in scope):
        return False
    return any(
        all(fixed.get(edge, bit) == bit for edge, bit in zip(scope, pattern, strict=True)) for pattern in allowed
    )


def _suggestion(
    puzzle: Puzzle, laws: Laws, edit: tuple[str, Point, str | None, bool], clues: Mapping[Point, str]
) -> Suggestion | None:
    """The repair, if it is one (`known`: it is): unique for an addition or change, solvable for
    a removal. Two solutions met before rule a candidate out; else the deduction (which grades
    it anyway) may find no loop, or decide every edge; CP-SAT answers the rest."""
    kind, cell, clue, known = edit
    changed = {**clues, cell: clue} if clue is not None else {c: v for c, v in clues.items() if c != cell}
    if kind != REMOVE and not known and laws.met_twice(changed):
        return None
    repaired = SETTERS[puzzle.genre].placed(puzzle, {cell: "." if clue is None else clue})
    deduced = deduction(repaired)
    if deduced.fixed is None or (deduced.complete and not any(deduced.fixed.values())):
        return None  # no loop at all
    if not deduced.complete and not known:
        loop = laws.find(changed)
        if loop is None:
            return None
        if laws.another(changed, loop) is not None:
            return Suggestion(kind, cell, clue, clues.get(cell), False, None) if kind == REMOVE else None
    return Suggestion(kind, cell, clue, clues.get(cell), True, deduced.grade())


def _rank(suggestion: Suggestion, base: int) -> tuple[int, int, int, Point, str]:
    moved = abs(suggestion.grade.level - base) if suggestion.grade is not None else len(GRADES)
    return (
        not suggestion.unique,
        moved,
        (ADD, CHANGE, REMOVE).index(suggestion.kind),
        suggestion.cell,
        suggestion.clue or "",
    )


class Laws:
    """The clueless board's model, each (cell, clue)'s law behind a literal made when first asked,
    and the solutions met so far (which rule out most candidates without a solve)."""

    def __init__(self, puzzle: Puzzle) -> None:
        from loopsat.cpsat import Circuit, Search  # CP-SAT is slow to import

        self.genre = GENRES[puzzle.genre]
        self.setter = SETTERS[puzzle.genre]
        self.blank = self.setter.without(puzzle, self.setter.clue_cells(puzzle))
        self.search: Search = Search(self.genre.cover(self.blank), Circuit())
        self.literals: dict[tuple[Point, str], Literal] = {}
        self.rules: dict[tuple[Point, str], Rule] = {}
        self.met: list[Edges] = []
        self.other: dict[Edges, Literal] = {}  # a literal that makes the loop differ from it

    def law(self, cell: Point, clue: str) -> Rule:
        if (cell, clue) not in self.rules:
            (self.rules[cell, clue],) = self.genre.rules(self.setter.placed(self.blank, {cell: clue})).tables
        return self.rules[cell, clue]

    def literal(self, cell: Point, clue: str) -> Literal:
        """A literal that, when true, makes the loop obey the law of `clue` in `cell`: it implies
        one of the law's patterns, each of those an indicator fixing the law's edges."""
        key = (cell, clue)
        if key not in self.literals:
            model, edge_var = self.search.model, self.search.translation.edge_var
            law = self.law(cell, clue)
            scope, allowed = law.scope, law.allowed
            literal = model.new_bool()
            on = {sum(pattern) for pattern in allowed}
            if len(on) == 1 and len(allowed) == comb(len(scope), *on):  # a count: one linear constraint
                terms = [(1, edge_var[edge]) for edge in scope if edge in edge_var]
                model.linear(terms, *on, *on, enforced_by=literal)
            else:
                choices = []
                for pattern in sorted(allowed):
                    if any(bit and edge not in edge_var for edge, bit in zip(scope, pattern, strict=True)):
                        continue  # an edge the model lacks is off in every loop
                    chosen = model.new_bool()
                    choices.append(chosen)
                    for edge, bit in zip(scope, pattern, strict=True):
                        if edge in edge_var:
                            model.implication(chosen, edge_var[edge] if bit else _not(edge_var[edge]))
                model.clause([_not(literal), *choices])
            self.literals[key] = literal
        return self.literals[key]

    def obeys(self, loop: Edges, clues: Mapping[Point, str]) -> bool:
        """Whether `loop` obeys the law of each clue in its cell."""
        for cell, clue in clues.items():
            law = self.law(cell, clue)
            if tuple(int(edge in loop) for edge in law.scope) not in law.allowed:
                return False
        return True

    def met_twice(self, clues: Mapping[Point, str]) -> bool:
        """Whether two loops met so far obey `clues`."""
        return sum(1 for loop in self.met if self.obeys(loop, clues)) >= 2

    def find(self, clues: Mapping[Point, str], unlike: Edges | None = None) -> Edges | None:
        """A loop obeying `clues` (other than `unlike`, when given), a met one where one fits."""
        for loop in self.met:
            if loop != unlike and self.obeys(loop, clues):
                return loop
        also = [self.literal(cell, clue) for cell, clue in clues.items()]
        if unlike is not None:
            also.append(self.differ(unlike))
        found = self.search.find(also=also)
        if found is not None:
            self.met.append(found)
        return found

    def another(self, clues: Mapping[Point, str], loop: Edges) -> Edges | None:
        """A second loop obeying `clues`, besides `loop`."""
        return self.find(clues, unlike=loop)

    def every(self, clues: Mapping[Point, str], limit: int) -> list[Edges]:
        """The loops obeying `clues`, up to `limit` of them."""
        also = [self.literal(cell, clue) for cell, clue in clues.items()]
        found: list[Edges] = []
        while len(found) < limit:
            loop = self.search.find(also=[*also, *(self.differ(seen) for seen in found)])
            if loop is None:
                break
            found.append(loop)
            if loop not in self.met:
                self.met.append(loop)
        return found

    def differ(self, loop: Edges) -> Literal:
        """A literal that, when true, turns one of `loop`'s edges off (a single loop is maximal)."""
        if loop not in self.other:
            model, edge_var = self.search.model, self.search.translation.edge_var
            literal = model.new_bool()
            model.clause([_not(literal), *(_not(edge_var[edge]) for edge in loop)])
            self.other[loop] = literal
        return self.other[loop]


def _not(literal: Literal) -> Literal:
    from loopsat.cpsat.proto import negated

    return negated(literal)
