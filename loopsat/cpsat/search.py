"""The search: one model per puzzle, solved again and again or enumerated in one run.

`find` solves, and while the solution falls apart into several loops, lets the loop condition
cut it and solves again (the cuts hold for every loop, so they stay). `solutions` finds a loop,
blocks it and finds the next: the way to prove uniqueness, as each solve keeps CP-SAT's presolve
(which pays on big boards). `stream` lists every solution in one CP-SAT run, which needs a loop
condition under which each solution is one assignment (see `streams`). The caller chooses.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable, KeysView
from contextlib import closing

from ortools.sat.python import cp_model_helper as cmh

from loopsat import loops
from loopsat.cpsat import stream
from loopsat.cpsat.encodings import LoopCondition
from loopsat.cpsat.proto import Literal, Model, negated
from loopsat.cpsat.translate import Lattice, Translation
from loopsat.grid import Edges, Point
from loopsat.model import Chosen, ExactCover


class TimedOut(Exception):
    """The time limit ran out before CP-SAT could answer."""


class Search:
    """One CP-SAT model per puzzle, kept across solves so that every cut stays useful."""

    def __init__(
        self,
        cover: ExactCover | Lattice,
        condition: LoopCondition,
        *,
        time_limit: float | None = None,
        fixed: dict[Point, bool] | None = None,
        work_limit: float | None = None,
        inprocessing: bool = True,
        portfolio: bool = False,
        stopper: stream.Stopper | None = None,
        options: bool = False,
        light_presolve: bool = False,
    ) -> None:
        """`cover`: the exact cover to translate, or a model written already (a `Lattice`, such
        as the deduction's own tables: cpsat.tabled). `fixed`: edge values known to hold in
        every solution (the deduction's), fixed up front.
        `work_limit`: CP-SAT's deterministic time per solve (TimedOut beyond it): a bound that,
        unlike `time_limit`, gives the same answers on every run. `inprocessing`: CP-SAT's
        simplification of the clauses between restarts; off makes another search, which wins
        on some models and loses on others. `portfolio`: CP-SAT's sequential portfolio of search
        heuristics, switched at its restarts, instead of one worker's single default search,
        whose time is heavy-tailed on boards the deduction decides little of (setter/generate.py).
        `options`: each solution is a `Chosen` naming its options too (what an MCC file's answer
        shows); off, reading them would cost every solution of a genre's count for nothing.
        `light_presolve`: one round of CP-SAT's presolve, without its probing (`_parameters`)."""
        self.condition = condition
        self.translation = Translation(cover) if isinstance(cover, ExactCover) else cover
        self.model = self.translation.model
        condition.constrain(self.translation, fixed or {})
        edge_var = self.translation.edge_var
        for edge, on in (fixed or {}).items():
            self.model.clause([edge_var[edge] if on else negated(edge_var[edge])])
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.work_limit = work_limit
        self.inprocessing = inprocessing
        self.portfolio = portfolio
        self.stopper = stopper
        self.options = options
        self.light_presolve = light_presolve
        self.solves = 0

    @property
    def edges(self) -> KeysView[Point]:
        """The edges the model knows; every other edge of the board is off in every solution."""
        return self.translation.edge_var.keys()

    @property
    def streams(self) -> bool:
        """One CP-SAT enumeration lists each solution exactly once: the condition makes each
        loop one assignment of the edges, so each set of options is one assignment of the model.
        A solution is a set of options, as DLX3 and DLX3-LOOP count them: where the options do not
        follow the edges (`Translation.options_follow_edges`), one loop may be several."""
        return self.condition.one_per_solution

    def find(
        self, assume: dict[Point, bool] | None = None, near: Edges | None = None, also: Iterable[Literal] = ()
    ) -> Edges | None:
        """One solution with the edges in `assume` on (True) or off (False) and the model's
        literals `also` true, or None; `near` is a hint. The cuts it adds hold for every loop and
        stay; the assumptions do not. Raises TimedOut."""
        edge_var = self.translation.edge_var
        edges = (var if assume[e] else negated(var) for e, var in edge_var.items() if assume and e in assume)
        self.model.assume([*edges, *also])
        hint = near
        while True:
            found = self._solve(hint)
            if found is None:
                return None
            if not loops.is_cycle_union(found):
                self._block(found, exactly=True)  # only generic MCC can do this: the genres force degree 2
                continue
            if not self.condition.cut(self.translation, found):
                return found
            hint = found

    def solutions(self, limit: int | None = None) -> Generator[Edges, None, None]:
        """Solutions (at most `limit`) one solve each, every one blocked once found; the caller
        may stop early. Raises TimedOut."""
        found: Edges | None = None
        count = 0
        while limit is None or count < limit:
            found = self.find(near=found)
            if found is None:
                return
            count += 1
            yield found
            self._block(found)

    def stream(self, limit: int | None = None) -> Generator[Edges, None, None]:
        """Every solution (at most `limit`) from one CP-SAT enumeration, handed over as found;
        a caller that stops early stops the search. Needs `streams`. Raises TimedOut."""
        if not self.streams:
            raise ValueError("this loop condition gives some solutions several assignments: use solutions()")
        parameters = self._parameters()
        parameters.enumerate_all_solutions = True
        self.model.assume(())
        self.model.hint({})

        def read(callback: cmh.SolutionCallback) -> Edges:
            return self._solution(callback.SolutionBooleanValue)

        count = 0
        with closing(stream.run(self.model, parameters, read, limit, self.stopper)) as searching:
            while True:
                try:
                    solution = next(searching)
                except StopIteration as finished:
                    status = _status(self.model, finished.value)
                    break
                count += 1
                yield solution
        self.solves += 1
        complete = status in (cmh.CpSolverStatus.OPTIMAL, cmh.CpSolverStatus.INFEASIBLE)
        if not complete and (limit is None or count < limit):
            raise TimedOut

    def _parameters(self) -> cmh.SatParameters:
        """The choices below were measured with `python bench/cpsat_parameters.py` (CPU seconds
        of `solve`, every thread counted, on bench/ puzzles, 2 cores shared with other jobs)."""
        parameters = cmh.SatParameters()
        # One worker: CP-SAT's portfolio spends CPU in parallel to little effect on these models,
        # and batch already runs a puzzle per core. 2 workers: 40×40 lazy 20.8 s instead of 2.7,
        # circuit 3.3 instead of 1.8; 20×20 lazy 1.2 instead of 0.5.
        parameters.num_workers = 1
        # No LP relaxation: the models are pure clauses and cardinalities, where it only costs.
        # CP-SAT's default level 1: 40×40 lazy 9.4 s instead of 2.7, 20×20 lazy 0.8 instead of 0.5.
        parameters.linearization_level = 0
        # Presolve on the first solve only: the later ones differ by a few cuts or a blocked loop,
        # and presolving the grown model each time costs more than it finds. Presolve on every
        # solve: 40×40 lazy 4.7-5.8 s instead of 2.4-2.8, 60×60 lazy 16.8 instead of 6.4. (Never
        # presolving was mixed: 60×60 lazy 8.6 instead of 6.4, circuit 3.2 instead of 3.8.)
        if self.solves:
            parameters.cp_model_presolve = False
        # A light presolve on the deduction's own tables (cpsat.tabled), which the deduction has
        # simplified already: one presolve round without probing proved the 16 Masyu 25×25 of
        # bench/ that need search in 0.85 CPU-s in all, against 1.25 with the default presolve
        # (0.95 with one round and probing); the three Slitherlink 25×30 that need it in 0.106
        # against 0.123 (in process, build included, median of 3 each).
        if self.light_presolve:
            parameters.cp_model_probing_level = 0
            parameters.max_presolve_iterations = 1
        parameters.use_sat_inprocessing = self.inprocessing
        if self.portfolio:
            parameters.search_branching = cmh.SatParameters.PORTFOLIO_SEARCH
        if self.work_limit is not None:
            parameters.max_deterministic_time = self.work_limit
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimedOut
            parameters.max_time_in_seconds = left
        return parameters

    def _solve(self, hint: Edges | None) -> Edges | None:
        edge_var = self.translation.edge_var
        parameters = self._parameters()
        self.model.hint({var: e in hint for e, var in edge_var.items()} if hint is not None else {})
        response = stream.solve(self.model, parameters, self.stopper)
        self.solves += 1
        status = _status(self.model, response)
        if status == cmh.CpSolverStatus.INFEASIBLE:
            return None
        if status not in (cmh.CpSolverStatus.OPTIMAL, cmh.CpSolverStatus.FEASIBLE):
            raise TimedOut
        values = list(response.solution)
        return self._solution(values.__getitem__)

    def _solution(self, value: Callable[[Literal], bool | int]) -> Edges:
        """The edges on in an assignment, with its options when asked."""
        edges = frozenset(e for e, var in self.translation.edge_var.items() if value(var))
        if not self.options:
            return edges
        return Chosen(edges, self.translation.chosen(lambda var: bool(value(var))))

    def _block(self, solution: Edges, exactly: bool = False) -> None:
        """Forbid this edge set. A single loop is maximal, so naming its edges is enough; an edge
        set that is no union of cycles (`exactly`: an MCC option's open path) is not, since a
        loop may hold it, so the edges off are named too."""
        edge_var = self.translation.edge_var
        literals = [negated(edge_var[e]) for e in solution]
        if exactly or not self.condition.single_loop:
            literals += [var for e, var in edge_var.items() if e not in solution]
        self.model.clause(literals)


def _status(model: Model, response: cmh.CpSolverResponse) -> cmh.CpSolverStatus:
    """The response's status; an invalid model is a bug of the translation, never a time-out."""
    if response.status == cmh.CpSolverStatus.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT rejects the model: {cmh.CpSatHelper.validate_model(model.proto)}")
    status: cmh.CpSolverStatus = response.status
    return status
