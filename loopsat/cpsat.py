"""ExactCover → CP-SAT, and the solve loop that adds subtour cuts until one loop remains.

The translation knows items, options and colours, never a genre: a boolean per option, an
exact cardinality per primary item (its multiplicity), a boolean per edge item channelled to
the colours the chosen options give it. Without the loop condition its solutions are DLX3's.
The loop condition is lazy: solve, split the chosen edges into pieces, and for every piece S
add "if a vertex of S and a vertex outside S are both on the loop, an edge of δ(S) is on it".
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ortools.sat.python import cp_model

from loopsat import loops
from loopsat.grid import Point, edge_ends
from loopsat.model import ExactCover, Item

Solution = frozenset[Point]
SHORT_CYCLE = 6  # cycles up to this length are forbidden before the first solve (loops.short_cycles)


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

    def __init__(
        self,
        cover: ExactCover,
        *,
        single_loop: bool = True,
        time_limit: float | None = None,
        circuit: bool = False,
        fixed: dict[Point, bool] | None = None,
    ) -> None:
        """`fixed`: edge values known to hold in every solution (the deduction's), fixed up front."""
        self.single_loop = single_loop
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.stats = Stats()
        self.model = cp_model.CpModel()
        self.edge_var: dict[Point, cp_model.IntVar] = {}
        self.incident: dict[Point, list[Point]] = defaultdict(list)
        self._vertex_var: dict[Point, cp_model.IntVar] = {}
        self._translate(cover)
        if single_loop:
            self.model.AddBoolOr(list(self.edge_var.values()))  # the empty set is no loop
            if circuit:
                self._add_circuit()
            else:
                self._forbid_short_cycles()
        for edge, on in (fixed or {}).items():
            self.model.AddBoolOr([self.edge_var[edge] if on else self.edge_var[edge].Not()])
        self._mandatory = cover.mandatory
        self._one_per_loop = single_loop and circuit  # each loop is exactly one assignment

    # --- the translation -------------------------------------------------------------------

    def _translate(self, cover: ExactCover) -> None:
        model = self.model
        primary = {item.name: item for item in cover.items if item.primary}
        for item in cover.items:
            edge = cover.edges.get(item.name)
            if not item.primary and edge is not None:
                self.edge_var[edge] = model.NewBoolVar(item.name)
                for v in edge_ends(edge):
                    self.incident[v].append(edge)
        owned = _pattern_items(cover, primary)
        terms: dict[str, list[tuple[int, cp_model.IntVar]]] = {name: [] for name in primary}
        constant = dict.fromkeys(primary, 0)
        patterned: set[str] = set()
        for owner, (names, rows) in owned.items():
            edges = [cover.edges[name] for name in names]
            patterned.update(names)
            self._allow(edges, [pattern for pattern, _ in rows])
            self._count_by_pattern(owner, edges, rows, cover, terms, constant)
        taken = {index for _, rows in owned.values() for _, index in rows}
        uses: dict[str, dict[str | None, list[cp_model.IntVar]]] = defaultdict(lambda: defaultdict(list))
        for index, option in enumerate(cover.options):
            if index in taken or not any(name in primary for name, _ in option.entries):
                continue  # DLX3 ignores an option without a primary item
            var = model.NewBoolVar(f"o{index}")
            for name, colour in option.entries:
                if name in primary:
                    terms[name].append((1, var))
                else:
                    uses[name][colour].append(var)
        for name, item in primary.items():
            if name in owned:
                continue  # its pattern constraint says it all
            if item.lo == item.hi == 1 and not constant[name] and all(k == 1 for k, _ in terms[name]):
                model.AddExactlyOne([var for _, var in terms[name]])
            else:
                expr = sum(k * var for k, var in terms[name]) + constant[name]
                model.AddLinearConstraint(expr, item.lo, item.hi)
        for item in cover.items:
            if not item.primary:
                self._secondary(item.name, cover.edges.get(item.name), uses.get(item.name, {}), item.name in patterned)

    def _allow(self, edges: list[Point], patterns: list[tuple[int, ...]]) -> None:
        """Only these colour patterns of `edges`: a degree rule when they are all 0-or-2 subsets."""
        literals = [self.edge_var[e] for e in edges]
        kind = _pattern_kind(len(edges), frozenset(patterns))
        if kind == "any":
            return
        if kind == "even2":
            self.model.Add(sum(literals) == 2 * self.model.NewBoolVar(""))
        else:
            self.model.AddAllowedAssignments(literals, patterns)

    def _count_by_pattern(
        self,
        owner: str,
        edges: list[Point],
        rows: list[tuple[tuple[int, ...], int]],
        cover: ExactCover,
        terms: dict[str, list[tuple[int, cp_model.IntVar]]],
        constant: dict[str, int],
    ) -> None:
        """Each other primary item in `owner`'s options counts a function of its edges: linear
        when it can be (Knuth's magic property), else one indicator per option."""
        literals = [self.edge_var[e] for e in edges]
        patterns = tuple(pattern for pattern, _ in rows)
        others = {name for _, index in rows for name, _ in cover.options[index].entries if name in terms}
        others.discard(owner)
        for other in sorted(others):
            values = tuple(int(any(n == other for n, _ in cover.options[index].entries)) for _, index in rows)
            fit = _linear_fit(patterns, values)
            if fit is not None:
                base, slopes = fit
                constant[other] += base
                terms[other].extend((k, lit) for k, lit in zip(slopes, literals, strict=True) if k)
                continue
            for (pattern, _), value in zip(rows, values, strict=True):
                if value:
                    terms[other].append((1, self._indicator(literals, pattern)))

    def _indicator(self, literals: list[cp_model.IntVar], pattern: tuple[int, ...]) -> cp_model.IntVar:
        """A boolean true exactly when the literals show `pattern`."""
        matched = [lit if bit else lit.Not() for lit, bit in zip(literals, pattern, strict=True)]
        flag = self.model.NewBoolVar("")
        for lit in matched:
            self.model.AddImplication(flag, lit)
        self.model.AddBoolOr([*(lit.Not() for lit in matched), flag])
        return flag

    def _secondary(
        self, name: str, edge: Point | None, uses: dict[str | None, list[cp_model.IntVar]], patterned: bool
    ) -> None:
        """DLX3's rule for a secondary item: chosen options agree on its colour; an uncoloured
        use excludes every other use. An edge is on the loop iff it gets colour 1 (a patterned
        edge always gets a colour from its pattern item)."""
        model = self.model
        on = self.edge_var.get(edge) if edge is not None else None
        if None not in uses and set(uses) <= {"0", "1"} and on is not None:
            for var in uses.get("0", ()):
                model.AddImplication(var, on.Not())
            for var in uses.get("1", ()):
                model.AddImplication(var, on)
            if not patterned:
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

    def _add_circuit(self) -> None:
        """The `circuit` strategy: CP-SAT's AddCircuit over the vertices (a vertex off the loop
        takes its self-loop), so every solution is one loop and no cut is ever needed.

        The direction is fixed, so that each loop is one assignment and CP-SAT can enumerate
        them: the loop's first vertex in row-major order has its arms east and south (nothing
        of the loop lies north or west of it), and the loop leaves it eastwards.
        """
        index = {v: k for k, v in enumerate(self.incident)}
        arcs = [(index[v], index[v], self._vertex(v).Not()) for v in self.incident]
        forward: dict[Point, cp_model.IntVar] = {}
        for edge, var in self.edge_var.items():
            a, b = edge_ends(edge)
            forward[edge], backward = self.model.NewBoolVar(""), self.model.NewBoolVar("")
            self.model.Add(forward[edge] + backward == var)
            arcs += [(index[a], index[b], forward[edge]), (index[b], index[a], backward)]
        if not arcs:
            return  # no edge at all: the empty-set rule already makes it infeasible
        self.model.AddCircuit(arcs)
        earlier: cp_model.IntVar | None = None  # some vertex before v is on the loop
        for v in sorted(self.incident):
            on = self._vertex(v)
            east = forward.get((v[0], v[1] + 1))
            if east is not None:
                self.model.AddBoolOr([on.Not(), east] if earlier is None else [on.Not(), earlier, east])
            seen = self.model.NewBoolVar("")
            self.model.AddBoolOr([on.Not(), seen])
            if earlier is None:
                self.model.AddImplication(seen, on)
            else:
                self.model.AddImplication(earlier, seen)
                self.model.AddBoolOr([seen.Not(), earlier, on])
            earlier = seen

    def _forbid_short_cycles(self) -> None:
        """Up front, no cycle of at most SHORT_CYCLE edges unless it is the whole loop: the lazy loop
        would otherwise meet these small pieces a few at a time, all over the board."""
        edges = list(self.edge_var.values())
        small = self.model.NewBoolVar("short loop")
        self.model.Add(sum(edges) <= SHORT_CYCLE).OnlyEnforceIf(small)
        self.model.Add(sum(edges) > SHORT_CYCLE).OnlyEnforceIf(small.Not())
        for cycle in loops.short_cycles(self.edge_var):
            self.model.AddBoolOr([small, *(self.edge_var[e].Not() for e in cycle)])

    def _cut(self, parts: list[set[Point]]) -> None:
        """For each piece S: a vertex of S and one outside on the loop ⇒ an edge of δ(S).

        With a tile known to be on every loop outside S, every vertex of S gets that cut (no
        cycle inside S survives); one known inside S makes a single unconditional cut.
        """
        for k, part in enumerate(parts):
            crossing = [self.edge_var[e] for e in loops.boundary(part, self.incident)]
            outside = self._mandatory - part
            if outside:
                known = part & self._mandatory
                witnesses = [min(known)] if known else sorted(part)
                for v in witnesses:
                    self.model.AddBoolOr([*crossing, self._vertex(v).Not()])
            else:
                other = parts[0] if k else parts[1]
                inside, beyond = self._vertex(min(part)), self._vertex(min(other))
                self.model.AddBoolOr([*crossing, inside.Not(), beyond.Not()])
            self.stats.cuts += 1

    # --- solving -------------------------------------------------------------------------------

    def _solver(self) -> cp_model.CpSolver:
        solver = cp_model.CpSolver()
        params = solver.parameters
        params.num_workers = 1
        params.catch_sigint_signal = False  # Ctrl-C is Python's KeyboardInterrupt (CP-SAT's own handler aborts)
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

        Disjoint solutions (DLX3's) come from one CP-SAT enumeration, whose assignments are
        exactly DLX3's option sets because every other variable is a function of the options;
        so do single loops under AddCircuit with its fixed direction, unless at most two are
        wanted (a uniqueness check: one solve per loop keeps CP-SAT's presolve, which pays on
        big boards). Otherwise loops come from the lazy-cut loop, blocking each one found.
        Raises TimedOut.
        """
        if not self.single_loop or (self._one_per_loop and (limit is None or limit > 2)):
            yield from self._enumerate(limit)
            return
        found: Solution | None = None
        while limit is None or self.stats.solutions < limit:
            found = self.find(near=found)
            if found is None:
                return
            self.stats.solutions += 1
            yield found
            self._block(found)

    def find(self, assume: dict[Point, bool] | None = None, near: Solution | None = None) -> Solution | None:
        """One single loop with the edges in `assume` on (True) or off (False), or None.

        The cuts it adds hold for every loop and stay; the assumptions do not. Raises TimedOut.
        """
        self.model.ClearAssumptions()
        if assume:
            self.model.AddAssumptions(
                [var if assume[e] else var.Not() for e, var in self.edge_var.items() if e in assume]
            )
        hint = near
        while True:
            found = self._solve(hint)
            if found is None:
                return None
            if not loops.is_cycle_union(found):
                self._block(found)  # only generic MCC can do this: the genres force degree 2
                continue
            if self._one_per_loop:
                return found  # AddCircuit allows nothing but one loop
            parts = loops.pieces(found)
            if len(parts) <= 1:
                return found
            self._cut(parts)
            hint = found

    def _enumerate(self, limit: int | None) -> Iterator[Solution]:
        """One CP-SAT enumeration, streamed: its callback hands each solution over a bounded
        queue from the solver's thread, so a caller that stops early stops the search too."""
        edge_var, stats = self.edge_var, self.stats
        handed: queue.Queue[Solution | None] = queue.Queue(maxsize=1024)
        solver = self._solver()
        solver.parameters.enumerate_all_solutions = True
        status: list[int] = []

        class Hand(cp_model.CpSolverSolutionCallback):
            def on_solution_callback(self) -> None:
                handed.put(frozenset(e for e, var in edge_var.items() if self.BooleanValue(var)))
                stats.solutions += 1
                if limit is not None and stats.solutions >= limit:
                    self.StopSearch()

        def search() -> None:
            try:
                status.append(solver.Solve(self.model, Hand()))
            finally:
                handed.put(None)

        worker = threading.Thread(target=search, daemon=True)
        worker.start()
        try:
            while (solution := handed.get()) is not None:
                yield solution
        finally:
            solver.StopSearch()
            while worker.is_alive():  # let a blocked callback finish, then the search stop
                with contextlib.suppress(queue.Empty):
                    handed.get(timeout=0.05)
            worker.join()
        self.stats.solves += 1
        if not status or status[0] == cp_model.UNKNOWN:
            raise TimedOut
        if status[0] == cp_model.FEASIBLE and (limit is None or stats.solutions < limit):
            raise TimedOut


Rows = list[tuple[tuple[int, ...], int]]


def _pattern_items(cover: ExactCover, primary: dict[str, Item]) -> dict[str, tuple[list[str], Rows]]:
    """Primary items (multiplicity 1) whose options are distinct 0/1 colourings of one edge set.

    Such an item needs no option booleans: its choice is a pattern constraint on the edges.
    Returns item → (edge names, [(pattern, option index)]); an option has at most one owner.
    """
    options_of: dict[str, list[int]] = defaultdict(list)
    for index, option in enumerate(cover.options):
        for name, _ in option.entries:
            if name in primary:
                options_of[name].append(index)
    owned: dict[str, tuple[list[str], list[tuple[tuple[int, ...], int]]]] = {}
    owner_of: dict[int, str] = {}
    for name, indices in options_of.items():
        item = primary[name]
        if not (item.lo == item.hi == 1) or any(index in owner_of for index in indices):
            continue
        shape: list[str] | None = None
        rows: list[tuple[tuple[int, ...], int]] = []
        for index in indices:
            colours = {n: c for n, c in cover.options[index].entries if n not in primary}
            names = sorted(colours)
            if any(n not in cover.edges or c not in ("0", "1") for n, c in colours.items()):
                break
            if shape is None:
                shape = names
            if names != shape:
                break
            rows.append((tuple(int(colours[n] == "1") for n in names), index))
        else:
            if shape and len({pattern for pattern, _ in rows}) == len(rows):
                others = {n for _, index in rows for n, _ in cover.options[index].entries if n in owned}
                if not others:
                    owned[name] = (shape, rows)
                    owner_of.update((index, name) for _, index in rows)
    return owned


@cache
def _pattern_kind(width: int, patterns: frozenset[tuple[int, ...]]) -> str:
    """`any` (no restriction), `even2` (every subset of 0 or 2 edges: a degree rule) or `table`."""
    if len(patterns) == 2**width:  # patterns are distinct 0/1 tuples: all of them means no restriction
        return "any"
    if len(patterns) == 1 + width * (width - 1) // 2 and all(sum(p) in (0, 2) for p in patterns):
        return "even2"
    return "table"


@cache
def _linear_fit(patterns: tuple[tuple[int, ...], ...], values: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """Integers b, a with value = b + Σ a·pattern on every pattern, or None (Gauss over Q)."""
    width = len(patterns[0])
    rows = [[Fraction(1), *map(Fraction, p), Fraction(v)] for p, v in zip(patterns, values, strict=True)]
    pivots: list[int] = []
    r = 0
    for c in range(width + 1):
        pick = next((k for k in range(r, len(rows)) if rows[k][c]), None)
        if pick is None:
            continue
        rows[r], rows[pick] = rows[pick], rows[r]
        rows[r] = [x / rows[r][c] for x in rows[r]]
        for k in range(len(rows)):
            if k != r and rows[k][c]:
                rows[k] = [x - rows[k][c] * y for x, y in zip(rows[k], rows[r], strict=True)]
        pivots.append(c)
        r += 1
    if any(not any(row[:-1]) and row[-1] for row in rows):
        return None
    solution = [Fraction(0)] * (width + 1)
    for k, c in enumerate(pivots):
        solution[c] = rows[k][-1]
    if any(x.denominator != 1 for x in solution):
        return None
    return int(solution[0]), tuple(int(x) for x in solution[1:])
