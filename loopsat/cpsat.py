"""ExactCover → CP-SAT, and the solve loop that adds subtour cuts until one loop remains.

The translation knows items, options and colours, never a genre: a boolean per option, an
exact cardinality per primary item (its multiplicity), a boolean per edge item channelled to
the colours the chosen options give it. Without the loop condition its solutions are DLX3's.
The loop condition is lazy: solve, split the chosen edges into pieces, and for every piece S
add "if a vertex of S and a vertex outside S are both on the loop, an edge of δ(S) is on it".
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from ortools.sat.python import cp_model

from loopsat import loops
from loopsat.grid import Point, edge_ends
from loopsat.model import ExactCover

Solution = frozenset[Point]


class TimedOut(Exception):
    """The time limit ran out before CP-SAT could answer."""


@dataclass
class Stats:
    """What the solve loop did: CP-SAT calls, cuts added, loops found."""

    solves: int = 0
    cuts: int = 0
    solutions: int = 0


class LoopSolver:
    """One CP-SAT model per puzzle, kept across solutions so that every cut stays useful."""

    def __init__(self, cover: ExactCover, *, single_loop: bool = True, time_limit: float | None = None) -> None:
        self.single_loop = single_loop
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.stats = Stats()
        self.model = cp_model.CpModel()
        self.edge_var: dict[Point, cp_model.IntVar] = {}
        self.incident: dict[Point, list[Point]] = defaultdict(list)
        self._vertex_var: dict[Point, cp_model.IntVar] = {}
        self._option_vars: list[cp_model.IntVar] = []
        self._translate(cover)
        if single_loop:
            self.model.AddBoolOr(list(self.edge_var.values()))  # the empty set is no loop

    # --- the translation -------------------------------------------------------------------

    def _translate(self, cover: ExactCover) -> None:
        model = self.model
        primary = {item.name: item for item in cover.items if item.primary}
        covering: dict[str, list[cp_model.IntVar]] = {name: [] for name in primary}
        uses: dict[str, dict[str | None, list[cp_model.IntVar]]] = defaultdict(lambda: defaultdict(list))
        for index, option in enumerate(cover.options):
            if not any(name in primary for name, _ in option.entries):
                continue  # DLX3 ignores an option without a primary item
            var = model.NewBoolVar(f"o{index}")
            self._option_vars.append(var)
            for name, colour in option.entries:
                if name in primary:
                    covering[name].append(var)
                else:
                    uses[name][colour].append(var)
        for name, item in primary.items():
            chosen = covering[name]
            if item.lo == item.hi == 1:
                model.AddExactlyOne(chosen)
            else:
                model.AddLinearConstraint(sum(chosen), item.lo, item.hi)
        for item in cover.items:
            if not item.primary:
                self._secondary(item.name, cover.edges.get(item.name), uses.get(item.name, {}))

    def _secondary(self, name: str, edge: Point | None, uses: dict[str | None, list[cp_model.IntVar]]) -> None:
        """DLX3's rule for a secondary item: chosen options agree on its colour; an uncoloured
        use excludes every other use. An edge is on the loop iff it gets colour 1."""
        model = self.model
        on = model.NewBoolVar(name) if edge is not None else None
        if on is not None:
            self.edge_var[edge] = on
            for v in edge_ends(edge):
                self.incident[v].append(edge)
        if None not in uses and set(uses) <= {"0", "1"} and on is not None:
            for var in uses.get("0", ()):
                model.AddImplication(var, on.Not())
            for var in uses.get("1", ()):
                model.AddImplication(var, on)
            model.AddBoolOr([*uses.get("1", ()), on.Not()])
            return
        given: list[cp_model.IntVar] = list(uses.get(None, ()))
        for colour, options in uses.items():
            if colour is None:
                continue
            flag = on if colour == "1" and on is not None else model.NewBoolVar(f"{name}:{colour}")
            for var in options:
                model.AddImplication(var, flag)
            model.AddBoolOr([*options, flag.Not()])
            given.append(flag)
        if on is not None and "1" not in uses:
            model.Add(on == 0)
        if len(given) > 1:
            model.AddAtMostOne(given)

    # --- the loop condition ------------------------------------------------------------------

    def _vertex(self, v: Point) -> cp_model.IntVar:
        """A boolean that is true iff the loop passes through vertex v (made on first use)."""
        var = self._vertex_var.get(v)
        if var is None:
            var = self.model.NewBoolVar(f"v{v}")
            arms = [self.edge_var[e] for e in self.incident[v]]
            for arm in arms:
                self.model.AddImplication(arm, var)
            self.model.AddBoolOr([*arms, var.Not()])
            self._vertex_var[v] = var
        return var

    def _cut(self, parts: list[set[Point]]) -> None:
        """For each piece S: a vertex of S and one of another piece on the loop ⇒ an edge of δ(S)."""
        for k, part in enumerate(parts):
            other = parts[0] if k else parts[1]
            crossing = [self.edge_var[e] for e in loops.boundary(part, self.incident)]
            inside, outside = self._vertex(min(part)), self._vertex(min(other))
            self.model.AddBoolOr([*crossing, inside.Not(), outside.Not()])
            self.stats.cuts += 1

    # --- solving -------------------------------------------------------------------------------

    def _solver(self) -> cp_model.CpSolver:
        solver = cp_model.CpSolver()
        params = solver.parameters
        params.num_workers = 1
        params.linearization_level = 0
        if self.stats.solves:
            params.cp_model_presolve = False
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimedOut
            params.max_time_in_seconds = left
        return solver

    def _solve(self, hint: Solution | None) -> Solution | None:
        solver = self._solver()
        self.model.ClearHints()
        if hint is not None:
            for edge, var in self.edge_var.items():
                self.model.AddHint(var, edge in hint)
        status = solver.Solve(self.model)
        self.stats.solves += 1
        if status == cp_model.INFEASIBLE:
            return None
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise TimedOut
        return frozenset(e for e, var in self.edge_var.items() if solver.BooleanValue(var))

    def _block(self, solution: Solution) -> None:
        """Forbid this edge set. A single loop is maximal, so naming its edges is enough."""
        literals = [self.edge_var[e].Not() for e in solution]
        if not self.single_loop:
            literals += [var for e, var in self.edge_var.items() if e not in solution]
        self.model.AddBoolOr(literals)

    def solutions(self, limit: int | None = None) -> Iterator[Solution]:
        """Every solution (at most `limit`), one at a time; the caller may stop early.

        Single loops come from the lazy-cut loop, blocking each one found. Disjoint solutions
        (DLX3's) come from one CP-SAT enumeration, whose assignments are exactly DLX3's option
        sets because every other variable is a function of the options. Raises TimedOut.
        """
        if not self.single_loop:
            yield from self._enumerate(limit)
            return
        hint: Solution | None = None
        while limit is None or self.stats.solutions < limit:
            found = self._solve(hint)
            if found is None:
                return
            if not loops.is_cycle_union(found):
                self._block(found)  # only generic MCC can do this: the genres force degree 2
                continue
            parts = loops.pieces(found)
            if len(parts) > 1:
                self._cut(parts)
                hint = found
                continue
            self.stats.solutions += 1
            yield found
            self._block(found)
            hint = None

    def _enumerate(self, limit: int | None) -> Iterator[Solution]:
        edge_var = self.edge_var
        found: list[Solution] = []
        stats = self.stats

        class Collect(cp_model.CpSolverSolutionCallback):
            def on_solution_callback(self) -> None:
                found.append(frozenset(e for e, var in edge_var.items() if self.BooleanValue(var)))
                stats.solutions += 1
                if limit is not None and stats.solutions >= limit:
                    self.StopSearch()

        solver = self._solver()
        solver.parameters.enumerate_all_solutions = True
        status = solver.Solve(self.model, Collect())
        self.stats.solves += 1
        if status == cp_model.UNKNOWN or (status == cp_model.FEASIBLE and (limit is None or stats.solutions < limit)):
            yield from found
            raise TimedOut
        yield from found
