"""The solving path as steps a person can follow, and a difficulty grade (`loopsat explain`).

The steps are the deduction's own (loopsat/deduce traces every edge it decides, in order);
consecutive edges one rule decided from the same reading are one step. Where the deduction stops
short, one last step named `search` holds the rest of the loop CP-SAT found, so replaying the
steps from the empty board always gives the solution.

Difficulty, graded like Tatham's Loopy solver (Easy / Normal / Tricky / Hard), by the weakest
rule set that decides the whole board:

1. easy: each clue (or circle) alone, each vertex's degree (0 or 2), no premature loop, loop
   closed (every other edge is off), and Tatham's one Easy refinement: a clue whose open sides
   must hold exactly one off side, with a line entering one of its corners from outside, joined
   with that corner's vertex;
2. normal: every clue joined with each vertex at its corner (a line entering a 3's corner, a 1
   in a corner of the board), about what Tatham's Normal reads from pairs of lines at a dot;
3. tricky: also the inside/outside parity of faces and the patterns of 3s (the deduction without
   probing);
4. hard: probing needed (an edge set one way leads to a contradiction, or both ways agree);
5. search: the deduction stops short and the search finishes (also: no solution).

Levels 1 and 2 are checked by a small propagator here, without the global parity the deduction
always runs (with it, every puzzle would look tricky); the steps shown are still the deduction's.
`steps` and `probes` count the explanation's steps and its probe steps. On 9 Loopy 7×7 puzzles
per Tatham level (tests/data/difficulty) the median level is Easy 1, Normal 2, Tricky 3, Hard 4,
on 15 Pearl 8×8 Easy 2, Tricky 3 (`python bench/difficulty.py`); tests/test_explain.py and
tests/test_pearl_grades.py check that order.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

from loopsat.deadline import TimeUp, deadline
from loopsat.deduce import Rule, Rules, Step, deduce
from loopsat.deduce.board import CORNER_WIDTH, Table, scope_bits
from loopsat.deduce.rules import GIVEN, PROBE_AGREE, PROBE_CONTRADICTION, PROBE_RELATION
from loopsat.errors import PuzzleError
from loopsat.genres import GENRES
from loopsat.grid import Point, edge_ends
from loopsat.puzzle import Puzzle

GRADES = ("easy", "normal", "tricky", "hard", "search")
# The widest join of a clue with a vertex the level 1 and 2 checks make: a Masyu circle (8 edges)
# with the cell beside it (4, sharing 2). That is Tatham's Easy Pearl reasoning (a white circle
# cannot run the way where neither neighbour can turn): with the deduction's width (6 edges,
# deduce/board.py) only 1 of 15 Easy Pearls graded below Tricky's median (`sgt-pearl --generate 15
# '8x8de#17e'` / `'8x8dt#17t'`, tests/data/difficulty); with 10: Easy median 2, Tricky 3
# (`python bench/difficulty.py`). Its cost falls on Masyu only (_level): grading a 40×58 Masyu
# that needs probes takes 0.20 CPU-s (was 0.01), a 30×30 0.06 (`python bench/difficulty.py
# bench/masyu/40x58/001.masyu`); Slitherlink 40×40 stays 0.01.
JOIN_WIDTH = 10
SEARCH = "search"  # the last step when the deduction stops short
_PROBES = (PROBE_CONTRADICTION, PROBE_AGREE, PROBE_RELATION)


@dataclass(frozen=True)
class Difficulty:
    level: int  # 1..5, GRADES[level - 1]
    steps: int
    probes: int

    @property
    def grade(self) -> str:
        return GRADES[self.level - 1]

    def to_json(self) -> dict[str, Any]:
        return {"grade": self.grade, "level": self.level, "steps": self.steps, "probes": self.probes}


@dataclass(frozen=True)
class Explanation:
    """The steps in order; `complete` when the deduction alone decided every edge; `solvable`
    False when the rules find no loop at all (then `steps` stop where that showed)."""

    puzzle: Puzzle
    steps: list[Step]
    complete: bool
    solvable: bool
    difficulty: Difficulty

    def to_json(self) -> dict[str, Any]:
        """The `explain --json` object (docs/json.md)."""
        return {
            "file": self.puzzle.path,
            "genre": self.puzzle.genre,
            "steps": [step_json(step) for step in self.steps],
            "complete": self.complete,
            "solvable": self.solvable,
            "difficulty": self.difficulty.to_json(),
        }

    def text(self) -> list[str]:
        """One line per step, then what the deduction left to the search."""
        lines = [f"{n}. {step_text(step)}" for n, step in enumerate(self.steps, start=1)]
        if not self.solvable:
            lines.append("no solution: the rules above leave no loop")
        elif not self.complete:
            deduced = sum(len(step.decided) for step in self.steps if step.rule != SEARCH)
            lines.append(f"deduction stopped after {deduced} edges; the search decided the last step")
        d = self.difficulty
        lines.append(f"difficulty: {d.grade} ({d.steps} steps, {d.probes} probes)")
        return lines


def edge_name(edge: Point) -> tuple[str, int, int]:
    """The JSON's h/v index of an edge: h[i][j] is (2i, 2j+1), v[i][j] is (2i+1, 2j)."""
    x, y = edge
    return ("v", x // 2, y // 2) if x % 2 else ("h", x // 2, y // 2)


def _index(edge: Point) -> str:
    kind, i, j = edge_name(edge)
    return f"{kind}[{i}][{j}]"


def step_json(step: Step) -> dict[str, Any]:
    decided = {edge for edge, _ in step.decided}
    return {
        "rule": step.rule,
        "edges": [[*edge_name(edge), int(on)] for edge, on in step.decided],
        "read": [list(edge_name(edge)) for edge in step.read if edge not in decided],
    }


def step_text(step: Step) -> str:
    """`vertex degree: h[3][4]=1 v[3][5]=0 (read h[3][3])`."""
    decided = {edge for edge, _ in step.decided}
    shown = " ".join(f"{_index(edge)}={int(on)}" for edge, on in step.decided)
    read = " ".join(_index(edge) for edge in step.read if edge not in decided)
    return f"{step.rule}: {shown}" + (f" (read {read})" if read else "")


def explain(puzzle: Puzzle, given: Mapping[Point, bool] | None = None, time_limit: float | None = None) -> Explanation:
    """The deduction's steps (after the `given` edges, each a step of rule `given`), closed by a
    `search` step when the deduction stops short of the whole loop. TimeUp when `time_limit`
    seconds pass first (loopsat/deadline.py: the deduction is Python, the search CP-SAT)."""
    started = time.monotonic()
    with deadline(time_limit):
        return _explain(puzzle, given, None if time_limit is None else started + time_limit)


def _explain(puzzle: Puzzle, given: Mapping[Point, bool] | None, ends: float | None) -> Explanation:
    genre = GENRES[puzzle.genre]
    rules = genre.rules(puzzle)
    edges = list(genre.cover(puzzle).edges.values())
    tables, names = rules.for_deduction()
    given_tables: list[Rule] = [((edge,), frozenset({(int(on),)})) for edge, on in (given or {}).items()]
    tables += given_tables
    names += [GIVEN] * len(given_tables)
    heard: list[Step] = []
    fixed = deduce(edges, tables, names=names, trace=heard.append)
    steps = _grouped(heard)
    difficulty = grade(steps, fixed, edges, Rules(rules.tables + given_tables, rules.whole))
    complete = difficulty.level < len(GRADES)
    solvable = fixed is not None
    if solvable and not complete:
        left = None if ends is None else max(0.0, ends - time.monotonic())
        rest = _search_step(puzzle, {edge for step in steps for edge, _ in step.decided}, left)
        if rest is None:
            solvable = False
        else:
            steps.append(rest)
    return Explanation(puzzle, steps, complete, solvable, difficulty)


def grade(steps: list[Step], fixed: Mapping[Point, bool] | None, edges: list[Point], rules: Rules) -> Difficulty:
    """The difficulty of a deduction that heard `steps` (raw or grouped) and found `fixed`."""
    grouped = _grouped(steps)
    probes = sum(step.rule in _PROBES for step in grouped)
    complete = fixed is not None and rules.whole and len(fixed) == len(edges)
    return Difficulty(_level(complete, probes, edges, rules.tables), len(grouped), probes)


def _grouped(heard: list[Step]) -> list[Step]:
    """Consecutive edges decided by one rule from one reading, as one step."""
    steps: list[Step] = []
    for step in heard:
        if steps and (steps[-1].rule, steps[-1].read) == (step.rule, step.read):
            steps[-1] = steps[-1]._replace(decided=steps[-1].decided + step.decided)
        else:
            steps.append(step)
    return steps


def _search_step(puzzle: Puzzle, decided: set[Point], time_limit: float | None = None) -> Step | None:
    """The edges of the search's loop the deduction left open (None when there is no loop)."""
    from loopsat.pipeline import Status, solve

    outcome = solve(puzzle, time_limit=time_limit)
    if outcome.status == Status.UNKNOWN and not outcome.solutions:
        raise TimeUp
    if not outcome.solutions:
        return None
    loop = outcome.solutions[0]
    return Step(SEARCH, (), tuple((edge, edge in loop) for edge in board_edges(puzzle) if edge not in decided))


def board_edges(puzzle: Puzzle) -> list[Point]:
    """Every edge of the JSON's h/v strings, h first."""
    rows, cols = GENRES[puzzle.genre].tile_shape(puzzle)
    h = [(2 * i, 2 * j + 1) for i in range(rows) for j in range(cols - 1)]
    return h + [(2 * i + 1, 2 * j) for i in range(rows - 1) for j in range(cols)]


def _level(complete: bool, probes: int, edges: list[Point], tables: list[Rule]) -> int:
    """The deduction joins each clue with the vertices at its corners up to CORNER_WIDTH edges, so
    where all of levels 1 and 2's joins fit, a deduction that probed is level 4 at once; wider
    tables (a Masyu circle's) are joined further here (JOIN_WIDTH) and may need no probe.
    Level 1's joins are some of level 2's: a board level 2 leaves open is not level 1."""
    if not complete:
        return 5
    if probes and all(len(points) + 2 <= CORNER_WIDTH for points, _ in tables):
        return 4
    if not _decides_all(edges, tables, corners=2):
        return 4 if probes else 3
    return 1 if _decides_all(edges, tables, corners=1) else 2


def _decides_all(edges: list[Point], tables: Iterable[Rule], corners: int) -> bool:
    """Whether the clue tables, the vertex degrees and the no-premature-loop rule (with
    `corners`, also each clue joined with a vertex at its corner) decide every edge."""
    index = {edge: k for k, edge in enumerate(edges)}
    scopes: list[tuple[tuple[int, ...], frozenset[tuple[int, ...]]]] = []
    arms: dict[Point, list[int]] = {}
    for k, edge in enumerate(edges):
        for tile in edge_ends(edge):
            arms.setdefault(tile, []).append(k)
    vertices = [
        (tuple(a), frozenset(p for p in product((0, 1), repeat=len(a)) if sum(p) in (0, 2))) for a in arms.values()
    ]
    clues = []
    projected: dict[tuple[frozenset[tuple[int, ...]], tuple[int, ...]], frozenset[tuple[int, ...]]] = {}
    for points, patterns in tables:  # an edge outside the model is off
        kept = tuple(i for i, e in enumerate(points) if e in index)
        if (patterns, kept) not in projected:  # a few distinct ones: clues repeat their patterns
            projected[patterns, kept] = frozenset(
                tuple(p[i] for i in kept) for p in patterns if all(p[i] == 0 or i in kept for i in range(len(p)))
            )
        clues.append((tuple(index[points[i]] for i in kept), projected[patterns, kept]))
    scopes = vertices + clues
    guards: list[tuple[tuple[int, ...], tuple[int, ...], frozenset[tuple[int, ...]]] | None] = [None] * len(scopes)
    if corners:
        at_edge: dict[int, list[int]] = {}  # the vertices at each edge's ends
        for number, (a, _) in enumerate(vertices):
            for k in a:
                at_edge.setdefault(k, []).append(number)
        for clue in clues:
            for vertex in (vertices[n] for n in sorted({n for k in clue[0] for n in at_edge.get(k, ())})):
                if len(set(clue[0]) & set(vertex[0])) >= 2 and len(set(clue[0]) | set(vertex[0])) <= JOIN_WIDTH:
                    scopes.append(_joined(clue, vertex))
                    guards.append((tuple(k for k in vertex[0] if k not in clue[0]), *clue) if corners == 1 else None)
    value = [-1] * len(edges)
    shared: dict[frozenset[tuple[int, ...]], Table] = {}  # one table (and its cache) per pattern set
    for _, allowed in scopes:
        if allowed not in shared:
            shared[allowed] = Table(
                frozenset(sum(b << n for n, b in enumerate(p)) for p in allowed), len(next(iter(allowed), ()))
            )
    compiled = [(scope, shared[allowed]) for scope, allowed in scopes]
    watch: list[list[int]] = [[] for _ in edges]
    for number, (scope, _) in enumerate(compiled):
        for k in scope:
            watch[k].append(number)
    queue = list(range(len(compiled)))
    while queue:
        while queue:
            number = queue.pop()
            scope, table = compiled[number]
            guard = guards[number]
            if guard is not None and not _one_short(guard, value):
                continue
            known, bits = scope_bits(scope, value)
            forced = table.consequence(known, bits)
            if forced is None:
                return False
            on, decided = forced[0], forced[0] | forced[1]
            if decided:
                for n, k in enumerate(scope):
                    if decided >> n & 1:
                        value[k] = on >> n & 1
                        queue.extend(watch[k])
        for k in _premature_closers(edges, value):
            value[k] = 0
            queue.extend(watch[k])
    return min(value, default=0) >= 0


def _one_short(guard: tuple[tuple[int, ...], tuple[int, ...], frozenset[tuple[int, ...]]], value: list[int]) -> bool:
    """Tatham's Easy face refinement: a line enters the corner from outside and the clue's open
    sides hold exactly one off side in every pattern still allowed."""
    outside, scope, allowed = guard
    if not any(value[k] == 1 for k in outside):
        return False
    open_sides = [n for n, k in enumerate(scope) if value[k] < 0]
    fits = [p for p in allowed if all(value[k] < 0 or p[n] == value[k] for n, k in enumerate(scope))]
    return len(open_sides) > 2 and all(sum(1 - p[n] for n in open_sides) == 1 for p in fits)


def _joined(
    a: tuple[tuple[int, ...], frozenset[tuple[int, ...]]], b: tuple[tuple[int, ...], frozenset[tuple[int, ...]]]
) -> tuple[tuple[int, ...], frozenset[tuple[int, ...]]]:
    """The table two tables make together, over the union of their edges."""
    scope = a[0] + tuple(k for k in b[0] if k not in a[0])
    return scope, _joined_patterns(a[1], b[1], len(scope), tuple(scope.index(k) for k in b[0]))


@cache
def _joined_patterns(
    a: frozenset[tuple[int, ...]], b: frozenset[tuple[int, ...]], width: int, b_at: tuple[int, ...]
) -> frozenset[tuple[int, ...]]:
    """The patterns over `width` edges whose first ones `a` allows and whose edges at `b_at` `b`
    allows; shared by every join of the same shape (a Masyu circle and a neighbour's vertex are
    2^10 patterns to test, for each of four neighbours of every circle)."""
    size = len(next(iter(a), ()))
    return frozenset(p for p in product((0, 1), repeat=width) if p[:size] in a and tuple(p[i] for i in b_at) in b)


def _premature_closers(edges: list[Point], value: list[int]) -> list[int]:
    """Undecided edges joining the two ends of one chain of loop edges while loop edges lie
    outside it; every undecided edge once the loop edges close a cycle (*loop closed*)."""
    parent: dict[Point, Point] = {}

    def root(tile: Point) -> Point:
        while parent.setdefault(tile, tile) != tile:
            parent[tile] = tile = parent[parent[tile]]  # path halving
        return tile

    on = [k for k, v in enumerate(value) if v == 1]
    for k in on:
        a, b = map(root, edge_ends(edges[k]))
        parent[a] = b
    size: dict[Point, int] = {}
    degree: dict[Point, int] = {}
    for k in on:
        r = root(edge_ends(edges[k])[0])
        size[r] = size.get(r, 0) + 1
        for tile in edge_ends(edges[k]):
            degree[tile] = degree.get(tile, 0) + 1
    if len({root(tile) for tile, d in degree.items() if d != 2}) < len(size):  # some piece is a cycle
        return [k for k, v in enumerate(value) if v < 0]
    closers = []
    for k, v in enumerate(value):
        a, b = map(root, edge_ends(edges[k]))
        if v < 0 and a == b and a in size and size[a] < len(on):
            closers.append(k)
    return closers


def hint(
    puzzle: Puzzle, given: Mapping[Point, bool], time_limit: float | None = None
) -> tuple[Explanation, Step | None]:
    """The first step that decides an edge `given` does not state (None when there is none)."""
    explanation = explain(puzzle, given, time_limit)
    for step in explanation.steps:
        if step.rule not in (GIVEN, SEARCH) and any(edge not in given for edge, _ in step.decided):
            return explanation, step
    return explanation, None


def read_partial(path: str, data: bytes, puzzle: Puzzle) -> dict[Point, bool]:
    """A partial solution: a JSON object whose "h" and "v" lists of strings have the shape of
    `solve --json`'s (a solution object of it is one); `1` on, `0` off, `?` or `.` unknown."""
    try:
        obj = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise PuzzleError(path, 1, 1, f"not JSON: {exc}") from None
    except RecursionError:  # brackets nested a thousand deep: Python's parser gives up
        raise PuzzleError(path, 1, 1, "not a partial solution: JSON nested too deep") from None
    rows, cols = GENRES[puzzle.genre].tile_shape(puzzle)
    given: dict[Point, bool] = {}
    for kind, shape, at in (
        ("h", (rows, cols - 1), lambda i, j: (2 * i, 2 * j + 1)),
        ("v", (rows - 1, cols), lambda i, j: (2 * i + 1, 2 * j)),
    ):
        lines = obj.get(kind) if isinstance(obj, dict) else None
        if not (
            isinstance(lines, list)
            and len(lines) == shape[0]
            and all(isinstance(s, str) and len(s) == shape[1] for s in lines)
        ):
            raise PuzzleError(path, 1, 1, f'expected "{kind}": {shape[0]} strings of {shape[1]} characters')
        for i, line in enumerate(lines):
            for j, ch in enumerate(line):
                if ch not in "01?.":
                    raise PuzzleError(
                        path, 1, 1, f"{kind}[{i}][{j}] is {ch!r}: expected 1 (on), 0 (off), ? or . (unknown)"
                    )
                if ch in "01":
                    given[at(i, j)] = ch == "1"
    return given


READ_COLOUR = "#f6d55c"  # the edges a step read: a wide yellow band beneath the loop
ON_COLOUR = "#2e9e44"  # the edges it decides on, green over the loop decided so far
OFF_COLOUR = "#d1342f"  # and those it decides off, thin red


def picture(explanation: Explanation, number: int) -> str:
    """The SVG of step `number` (from 1): the loop decided before it, what it read and decided."""
    from loopsat import picture as svg

    steps = explanation.steps
    step = steps[number - 1]
    before = {edge for earlier in steps[: number - 1] for edge, on in earlier.decided if on}
    layers_over: list[svg.Layer] = [
        ("decided-on", [edge for edge, on in step.decided if on], ON_COLOUR, 1.0),
        ("decided-off", [edge for edge, on in step.decided if not on], OFF_COLOUR, 0.5),
    ]
    read = [edge for edge in step.read if edge not in {e for e, _ in step.decided}]
    sketch = GENRES[explanation.puzzle.genre].sketch(explanation.puzzle)
    return svg.draw(sketch, before, under=[("read", read, READ_COLOUR, 3.0)], over=layers_over)
