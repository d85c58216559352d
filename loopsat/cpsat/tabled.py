"""The deduction's own tables as the CP-SAT model: what a search after the deduction solves.

Where a genre's tables state every clue (`Rules.whole`), the clue tables and the vertex degrees
say all that the exact cover says, so the model needs no cover: a boolean per edge, each table
cut down to the edges the deduction left open, and a degree of 0 or 2 at each vertex with an
open edge unless the loop condition states it (`Circuit` does). The edges the deduction fixed
are left to the search (`Search`'s `fixed`), and the loop condition (`Circuit` contracts the
chains of fixed edges) does the rest. On the 25×25 Masyu of bench/ that need search, writing
this model took 0.005-0.017 CPU-s and CP-SAT's proof 0.03-0.16, against 0.08-0.14 to build,
prune and translate the cover and 0.04-0.26 to prove (in process, after the same deduction,
AddCircuit both ways). Stating the degrees beside the circuit doubled the proof on 001.masyu
(0.135 CPU-s against 0.07, a fresh process, median of 3).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from loopsat.cpsat.translate import Lattice
from loopsat.deduce.rules import Rule
from loopsat.grid import Point


class Tabled(Lattice):
    """A boolean per edge of `edges`; each table of `tables` and (with `degrees`) each vertex
    degree, as far as `fixed` (edge values that hold in every loop) leaves them open."""

    def __init__(
        self, edges: Iterable[Point], tables: Iterable[Rule], fixed: Mapping[Point, bool], *, degrees: bool = True
    ) -> None:
        super().__init__()
        for edge in edges:
            self.add_edge(edge)
        model, edge_var = self.model, self.edge_var
        for rule in tables:
            open_ = [i for i, e in enumerate(rule.scope) if e in edge_var and e not in fixed]
            if not open_:
                continue
            known = [(i, bool(fixed.get(e, False))) for i, e in enumerate(rule.scope) if i not in open_]
            rows = {tuple(p[i] for i in open_) for p in rule.allowed if all(p[i] == on for i, on in known)}
            if len(rows) < 1 << len(open_):  # else the table says nothing more of these edges
                model.allowed([edge_var[rule.scope[i]] for i in open_], sorted(rows))
        for arms in self.incident.values() if degrees else ():
            open_arms = [edge_var[e] for e in arms if e not in fixed]
            if open_arms:
                on = sum(fixed.get(e, False) for e in arms)
                half = model.new_bool()  # the vertex's degree is 2 · half
                model.linear([*((1, lit) for lit in open_arms), (-2, half)], -on, -on)
