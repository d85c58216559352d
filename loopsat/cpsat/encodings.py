"""The loop condition: how "the chosen edges form one loop" enters the translated model.

Three answers behind one interface: `Disjoint` adds nothing (DLX3's solutions: any number of
disjoint loops); `LazyCuts` forbids the smallest cycles up front and cuts each piece of a
solution that falls apart (solve, cut, solve again); `Circuit` states it whole with CP-SAT's
circuit constraint, its direction fixed, so that each loop is exactly one assignment.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from loopsat import loops
from loopsat.cpsat.proto import INT64_MAX, INT64_MIN, Literal, negated
from loopsat.cpsat.translate import Lattice
from loopsat.grid import Edges, Point, edge_ends

SHORT_CYCLE = 6  # cycles up to this length are forbidden before the first solve (loops.short_cycles)


class LoopCondition(Protocol):
    """`single_loop`: solutions are single loops (else DLX3's disjoint ones). `one_per_solution`:
    each solution is exactly one assignment of the model's booleans when the options follow
    the edges, so that one CP-SAT enumeration lists each solution once."""

    single_loop: bool
    one_per_solution: bool

    def constrain(self, translation: Lattice, fixed: dict[Point, bool]) -> None:
        """Add what holds before the first solve; `fixed` edges hold in every solution (the
        search fixes them itself: a condition may use them to state less)."""

    def cut(self, translation: Lattice, found: Edges) -> bool:
        """Add constraints that forbid `found` (a union of disjoint cycles) because it is no
        single loop; False when it is a solution."""


class Disjoint:
    """No loop condition: the solutions are DLX3's, every option set one assignment."""

    single_loop = False
    one_per_solution = True

    def constrain(self, translation: Lattice, fixed: dict[Point, bool]) -> None:
        pass

    def cut(self, translation: Lattice, found: Edges) -> bool:
        return False


class LazyCuts:
    """Subtour cuts added as solutions fall apart; each new solve keeps the cuts before it."""

    single_loop = True
    one_per_solution = False  # a model without every cut still has solutions of several loops

    def constrain(self, translation: Lattice, fixed: dict[Point, bool]) -> None:
        """Some edge is on, and no cycle of at most SHORT_CYCLE edges unless it is the whole
        loop: the cut loop would otherwise meet these small pieces a few at a time, all over."""
        model, edges = translation.model, list(translation.edge_var.values())
        model.clause(edges)  # the empty set is no loop
        small = model.new_bool()
        model.linear(((1, e) for e in edges), INT64_MIN, SHORT_CYCLE, enforced_by=small)
        model.linear(((1, e) for e in edges), SHORT_CYCLE + 1, INT64_MAX, enforced_by=negated(small))
        for cycle in loops.short_cycles(translation.edge_var):
            model.clause([small, *(negated(translation.edge_var[e]) for e in cycle)])

    def cut(self, translation: Lattice, found: Edges) -> bool:
        """For each piece S: a vertex of S and one outside on the loop ⇒ an edge of δ(S).

        With a tile known to be on every loop outside S, every vertex of S gets that cut (no
        cycle inside S survives); one known inside S makes a single unconditional cut.
        """
        parts = loops.pieces(found)
        if len(parts) <= 1:
            return False
        model, mandatory = translation.model, translation.mandatory
        for k, part in enumerate(parts):
            crossing = [translation.edge_var[e] for e in loops.boundary(part, translation.incident)]
            if mandatory - part:
                known = part & mandatory
                witnesses = [min(known)] if known else sorted(part)
                for v in witnesses:
                    model.clause([*crossing, negated(translation.vertex(v))])
            else:
                other = parts[0] if k else parts[1]
                inside, beyond = translation.vertex(min(part)), translation.vertex(min(other))
                model.clause([*crossing, negated(inside), negated(beyond)])
        return True


class Circuit:
    """CP-SAT's circuit constraint over the vertices (a vertex off the loop takes its
    self-loop): every solution is one loop and no cut is ever needed.

    The direction is fixed, so that each loop is one assignment and CP-SAT can enumerate them.
    When edges are fixed on (the deduction's), each chain of them becomes one pair of arcs
    between the undecided vertices at its ends, the first chain's direction fixed; the
    circuit then spans only the vertices with an undecided edge: translating and solving the
    25×30 boards of bench/ that need search took 0.06 and 0.10 CPU-s, against 0.13 and 0.21 over
    every vertex (`python bench/search_phases.py bench/slitherlink/25x30/*`).
    """

    single_loop = True
    one_per_solution = True

    def constrain(self, translation: Lattice, fixed: dict[Point, bool]) -> None:
        model = translation.model
        model.clause(translation.edge_var.values())  # the empty set is no loop
        contracted = _contracted(translation, fixed)
        if contracted is None:
            _whole_circuit(translation)
            return
        nodes, free, chains = contracted
        index = {v: k for k, v in enumerate(nodes)}
        arcs, _ = _arcs(translation, index, free)
        for k, (a, b) in enumerate(chains):
            forward, backward = model.new_bool(), model.new_bool()
            model.exactly_one((forward, backward))
            if k == 0:
                model.clause([forward])  # the loop runs along the first chain from a to b
            arcs += [(index[a], index[b], forward), (index[b], index[a], backward)]
        model.circuit(arcs)

    def cut(self, translation: Lattice, found: Edges) -> bool:
        return False  # the circuit allows nothing but one loop


def _whole_circuit(translation: Lattice) -> None:
    """The circuit over every vertex; the loop's first vertex in row-major order has its arms
    east and south (nothing of the loop lies north or west of it), and the loop leaves it eastwards."""
    model = translation.model
    arcs, forward = _arcs(translation, {v: k for k, v in enumerate(translation.incident)}, translation.edge_var)
    if not arcs:
        return  # no edge at all: the empty-set rule already makes it infeasible
    model.circuit(arcs)
    earlier: Literal | None = None  # some vertex before v is on the loop
    for v in sorted(translation.incident):
        on = translation.vertex(v)
        east = forward.get((v[0], v[1] + 1))
        if east is not None:
            model.clause([negated(on), east] if earlier is None else [negated(on), earlier, east])
        seen = model.new_bool()
        model.clause([negated(on), seen])
        if earlier is None:
            model.implication(seen, on)
        else:
            model.implication(earlier, seen)
            model.clause([negated(seen), earlier, on])
        earlier = seen


def _arcs(
    translation: Lattice, index: dict[Point, int], edges: Iterable[Point]
) -> tuple[list[tuple[int, int, Literal]], dict[Point, Literal]]:
    """The circuit's arcs over the vertices of `index`: each one's self-loop (off the loop), and
    for each edge a forward and a backward arc, one of them on exactly when the edge is; the
    forward arcs' literals by edge."""
    model = translation.model
    arcs = [(k, k, negated(translation.vertex(v))) for v, k in index.items()]
    forward: dict[Point, Literal] = {}
    for edge in edges:
        a, b = edge_ends(edge)
        forward[edge], backward = model.new_bool(), model.new_bool()
        model.linear([(1, forward[edge]), (1, backward), (-1, translation.edge_var[edge])], 0, 0)
        arcs += [(index[a], index[b], forward[edge]), (index[b], index[a], backward)]
    return arcs, forward


def _contracted(
    translation: Lattice, fixed: dict[Point, bool]
) -> tuple[list[Point], list[Point], list[tuple[Point, Point]]] | None:
    """The vertices with an undecided edge, the undecided edges, and the chains of edges fixed
    on as (end, end) pairs of such vertices; None when that is no smaller circuit: nothing
    fixed on, or some fixed vertex not on a chain with two open ends (a closed cycle, a dead
    end: what a contradiction left, which the whole circuit states plainly)."""
    incident = translation.incident
    free = [edge for edge in translation.edge_var if edge not in fixed]
    nodes = sorted({v for edge in free for v in edge_ends(edge)})
    open_ = set(nodes)
    chains: list[tuple[Point, Point]] = []
    walked: set[Point] = set()
    for start in nodes:
        for first in incident[start]:
            if not fixed.get(first) or first in walked:
                continue
            edge, v = first, start
            while True:
                walked.add(edge)
                v = next(w for w in edge_ends(edge) if w != v)
                if v in open_:
                    break
                on = [e for e in incident[v] if fixed.get(e) and e != edge]
                if len(on) != 1:
                    return None
                edge = on[0]
            chains.append((start, v))
    if not chains or len(walked) != sum(fixed.values()):
        return None
    return nodes, free, chains
