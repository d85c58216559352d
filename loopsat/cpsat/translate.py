"""ExactCover → CP-SAT model: items, options and colours, never a genre.

A boolean per option, an exact cardinality per primary item (its multiplicity), a boolean per
edge item channelled to the colours the chosen options give it. Without a loop condition its
solutions are DLX3's. Two shortcuts keep the model small: a primary item whose options are the
distinct 0/1 colourings of one edge set needs no option booleans (its choice is a pattern
constraint on the edges), and another primary item that such options count becomes a linear
term in the edges where it can (Knuth's clue cells), an indicator per option where not.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from functools import cache

from loopsat.cpsat.proto import Literal, Model, negated
from loopsat.grid import Point, edge_ends
from loopsat.model import ExactCover, Item, Option

Rows = list[tuple[tuple[int, ...], int]]  # (0/1 colouring of the owner's edges, option index)


class Lattice:
    """A CP-SAT model with a boolean per edge, and the lattice those edges form: what the loop
    conditions (encodings) and the search read, whoever wrote the model."""

    def __init__(self, mandatory: frozenset[Point] = frozenset()) -> None:
        self.model = Model()
        self.edge_var: dict[Point, Literal] = {}
        self.incident: dict[Point, list[Point]] = defaultdict(list)
        self.mandatory = mandatory  # vertices on every loop
        self._vertex_var: dict[Point, Literal] = {}
        self.options_follow_edges = True

    def add_edge(self, edge: Point) -> Literal:
        """A new boolean for `edge`, which joins the lattice."""
        var = self.edge_var[edge] = self.model.new_bool()
        for v in edge_ends(edge):
            self.incident[v].append(edge)
        return var

    def chosen(self, value: Callable[[Literal], bool]) -> tuple[Option, ...]:
        """The options a solution chooses: none, unless the model was written from options."""
        return ()

    def vertex(self, v: Point) -> Literal:
        """A boolean that is true iff some edge at vertex v is on (made on first use)."""
        var = self._vertex_var.get(v)
        if var is None:
            var = self.model.new_bool()
            arms = [self.edge_var[e] for e in self.incident[v]]
            for arm in arms:
                self.model.implication(arm, var)
            self.model.clause([*arms, negated(var)])
            self._vertex_var[v] = var
        return var


class Translation(Lattice):
    """The cover as a CP-SAT model, and the lattice its edge items form.

    `options_follow_edges` is True when every option boolean is a function of the edge
    booleans: then each loop is one assignment of the model, up to the loop condition's own
    variables (which follow the edges too).
    """

    def __init__(self, cover: ExactCover) -> None:
        super().__init__(cover.mandatory)
        self._options = cover.options
        self._option_var: list[tuple[int, Literal]] = []  # (option index, its boolean)
        self._patterned: list[tuple[list[Literal], Rows]] = []  # an owner's edge literals and rows
        self._translate(cover)

    def chosen(self, value: Callable[[Literal], bool]) -> tuple[Option, ...]:
        """The options a solution chooses, in the file's order, given each variable's value."""
        picked = [index for index, var in self._option_var if value(var)]
        for literals, rows in self._patterned:
            pattern = tuple(int(value(lit)) for lit in literals)
            picked += [index for row, index in rows if row == pattern]
        return tuple(self._options[index] for index in sorted(picked))

    def _translate(self, cover: ExactCover) -> None:
        model = self.model
        primary = {item.name: item for item in cover.items if item.primary}
        for item in cover.items:
            edge = cover.edges.get(item.name)
            if not item.primary and edge is not None:
                self.add_edge(edge)
        owned = _pattern_items(cover, primary)
        terms: dict[str, list[tuple[int, Literal]]] = {name: [] for name in primary}
        constant = dict.fromkeys(primary, 0)
        patterned: set[str] = set()
        for owner, (names, rows) in owned.items():
            edges = [cover.edges[name] for name in names]
            patterned.update(names)
            self._patterned.append(([self.edge_var[e] for e in edges], rows))
            self._allow(edges, [pattern for pattern, _ in rows])
            self._count_by_pattern(owner, edges, rows, cover, terms, constant)
        taken = {index for _, rows in owned.values() for _, index in rows}
        uses: dict[str, dict[str | None, list[Literal]]] = defaultdict(lambda: defaultdict(list))
        free = [
            index
            for index, option in enumerate(cover.options)
            if index not in taken and any(name in primary for name, _ in option.entries)
        ]  # DLX3 ignores an option without a primary item
        self.options_follow_edges = _follow_edges(cover, primary, free)
        for index in free:
            option = cover.options[index]
            var = model.new_bool()
            self._option_var.append((index, var))
            for name, colour in option.entries:
                if name in primary:
                    terms[name].append((1, var))
                else:
                    uses[name][colour].append(var)
        for name, item in primary.items():
            if name in owned:
                continue  # its pattern constraint says it all
            if item.lo == item.hi == 1 and not constant[name] and all(k == 1 for k, _ in terms[name]):
                model.exactly_one(var for _, var in terms[name])
            else:
                model.linear(terms[name], item.lo, item.hi, constant=constant[name])
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
            half = self.model.new_bool()
            self.model.linear([*((1, lit) for lit in literals), (-2, half)], 0, 0)
        else:
            self.model.allowed(literals, patterns)

    def _count_by_pattern(
        self,
        owner: str,
        edges: list[Point],
        rows: Rows,
        cover: ExactCover,
        terms: dict[str, list[tuple[int, Literal]]],
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

    def _indicator(self, literals: list[Literal], pattern: tuple[int, ...]) -> Literal:
        """A boolean true exactly when the literals show `pattern`."""
        matched = [lit if bit else negated(lit) for lit, bit in zip(literals, pattern, strict=True)]
        flag = self.model.new_bool()
        for lit in matched:
            self.model.implication(flag, lit)
        self.model.clause([*(negated(lit) for lit in matched), flag])
        return flag

    def _secondary(self, name: str, edge: Point | None, uses: dict[str | None, list[Literal]], patterned: bool) -> None:
        """DLX3's rule for a secondary item: chosen options agree on its colour; an uncoloured
        use excludes every other use. An edge is on the loop iff it gets colour 1.

        A patterned edge always has a colour from its pattern items' chosen options (1 when on,
        0 when off), though they have no booleans: an option that gives it any other colour, or
        uses it without one, clashes with them and is never chosen.
        """
        model = self.model
        on = self.edge_var.get(edge) if edge is not None else None
        if on is not None and (patterned or (None not in uses and set(uses) <= {"0", "1"})):
            for var in uses.get("0", ()):
                model.implication(var, negated(on))
            for var in uses.get("1", ()):
                model.implication(var, on)
            if not patterned:
                model.clause([*uses.get("1", ()), negated(on)])
            for colour, options in uses.items():
                if colour not in ("0", "1"):
                    for var in options:
                        model.clause([negated(var)])
            return
        given: list[Literal] = list(uses.get(None, ()))
        for colour, options in uses.items():
            if colour is None:
                continue
            flag = on if colour == "1" and on is not None else model.new_bool()
            for var in options:
                model.implication(var, flag)
            model.clause([*options, negated(flag)])
            given.append(flag)
        if on is not None and "1" not in uses:
            model.linear([(1, on)], 0, 0)
        if len(given) > 1:
            model.at_most_one(given)


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
    owned: dict[str, tuple[list[str], Rows]] = {}
    owner_of: dict[int, str] = {}
    for name, indices in options_of.items():
        item = primary[name]
        if not (item.lo == item.hi == 1) or any(index in owner_of for index in indices):
            continue
        shape: list[str] | None = None
        rows: Rows = []
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


def _follow_edges(cover: ExactCover, primary: dict[str, Item], free: list[int]) -> bool:
    """Whether the edges determine every option in `free` (those with a boolean of their own).

    An option is determined when one of its primary items is: covered exactly once by options
    that pairwise colour some edge 0 in one and 1 in the other, so the edges leave one choice.
    """
    options_of: dict[str, list[dict[str, str | None]]] = defaultdict(list)
    for index in free:
        colours = {name: colour for name, colour in cover.options[index].entries if name in cover.edges}
        for name, _ in cover.options[index].entries:
            if name in primary:
                options_of[name].append(colours)

    def apart(a: dict[str, str | None], b: dict[str, str | None]) -> bool:
        return any({colour, b.get(name)} == {"0", "1"} for name, colour in a.items())

    determined = {
        name
        for name, options in options_of.items()
        if primary[name].lo == primary[name].hi == 1
        and all(apart(a, b) for k, a in enumerate(options) for b in options[k + 1 :])
    }
    return all(any(name in determined for name, _ in cover.options[index].entries) for index in free)


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
