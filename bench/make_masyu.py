"""Make a large Masyu with one solution from a loop on which every cell can carry a circle.

Why it works. An earlier version of this script failed on big boards because the loops it started
from (Slitherlink loops) have staircases and long runs where no circle is allowed, so two loops that
differ there satisfy exactly the same circles and no puzzle can tell them apart. This script builds
the loop so that that cannot happen: every cell of the loop is a *corner with both arms going
straight on* (a black circle) or a *straight cell next to a corner* (a white circle). Equivalently
every straight run between two corners is 2 or 3 steps long. The puzzle puts a circle on every cell
of the loop, so any other loop has to pass through every one of those cells in a shape its circle
allows, and all the freedom left is in the cells off the loop, which in practice is next to none:
30x30 seed 1 was unique at the first check, 40x58 seed 1 after one round of 9 added circles.
Whenever loopsat finds two loops, the circles that one of them allows and the other does not are
added (every loop left still satisfies every circle); should no circle tell the two apart, the
script stops and another seed is needed (never happened in the runs below).

How the loop is found. One CP-SAT model over the whole board (AddCircuit over the cells, a self loop
for a cell off the loop) states the rule above and maximises the number of cells on the loop (random
weights 20..24 per cell, so different seeds give different loops). Solved in one go it only finds a
tiny loop, so it is solved by large-neighbourhood search: start from a 4x4 square in the middle, and
each round free the edges in a WINDOWxWINDOW window around a loop cell that has empty cells near it,
fix all other edges, and keep the answer if it covers at least as many cells. Every CP-SAT call uses
one worker and a deterministic time limit, so a seed gives the same board on the same OR-Tools
version (9.15).

Optionally (THIN > 0, or the `thin` command on a board that is already unique) random batches of
circles are then dropped while the loop stays unique; the batch doubles (up to 64) after a success
and halves after a failure.

    python bench/make_masyu.py ROWS COLS SEED ROUNDS OUT.masyu [THIN]
    python bench/make_masyu.py thin IN.masyu SEED STEPS OUT.masyu

Reproduce the boards (OR-Tools 9.15.6755; 1 core, wall times on this 2-core box):

    # 30x30: 692-cell loop, 692 circles, unique at the first check, 230 s
    python bench/make_masyu.py 30 30 1 70 masyu-30x30-dense.masyu
    # 40x58: 1816-cell loop, 1816 circles, two loops once, +9 = 1825 circles, unique; 576 s
    python bench/make_masyu.py 40 58 1 200 masyu-40x58-dense.masyu
    # thinned: 30x30 347 circles (150 steps, ~3 min), 40x58 1029 circles (200 steps, 264 s)
    python bench/make_masyu.py thin masyu-30x30-dense.masyu 1 150 masyu-30x30.masyu
    python bench/make_masyu.py thin masyu-40x58-dense.masyu 1 200 masyu-40x58.masyu
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from ortools.sat.python import cp_model

from loopsat.genres import masyu
from loopsat.pipeline import Outcome, solve

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]  # (a, b) with a < b, a and b side by side
WINDOW = 12
ROUND_TIME = 4.0  # deterministic seconds per LNS round


class DenseLoops:
    """CP-SAT model: one loop on an m×n board whose every cell could carry a Masyu circle."""

    def __init__(self, m: int, n: int, rng: random.Random) -> None:
        self.m, self.n = m, n
        model = self.model = cp_model.CpModel()
        cells = [(i, j) for i in range(m) for j in range(n)]
        index = {c: k for k, c in enumerate(cells)}
        arcs: list[tuple[int, int, cp_model.IntVar]] = []
        self.edge: dict[Edge, cp_model.IntVar] = {}
        for i, j in cells:
            for b in ((i, j + 1), (i + 1, j)):
                if b in index:
                    there, back, used = (model.new_bool_var("") for _ in range(3))
                    arcs += [(index[(i, j)], index[b], there), (index[b], index[(i, j)], back)]
                    model.add(used == there + back)
                    self.edge[((i, j), b)] = used
        on = {c: model.new_bool_var("") for c in cells}
        arcs += [(index[c], index[c], ~on[c]) for c in cells]
        model.add_circuit(arcs)

        def edge(c: Cell, d: Cell) -> cp_model.IntVar | None:
            o = (c[0] + d[0], c[1] + d[1])
            return self.edge.get((min(c, o), max(c, o)))

        across: dict[Cell, cp_model.IntVar] = {}
        down: dict[Cell, cp_model.IntVar] = {}
        turn: dict[Cell, cp_model.IntVar] = {}
        for c in cells:
            left, right, up, low = (edge(c, d) for d in ((0, -1), (0, 1), (-1, 0), (1, 0)))
            model.add(sum(x for x in (left, right, up, low) if x is not None) == 2 * on[c])
            across[c], down[c], turn[c] = (model.new_bool_var("") for _ in range(3))
            for straight, pair in ((across[c], (left, right)), (down[c], (up, low))):
                if any(x is None for x in pair):
                    model.add(straight == 0)
                else:
                    model.add_multiplication_equality(straight, list(pair))
            model.add(turn[c] + across[c] + down[c] == on[c])
        for c in cells:
            i, j = c
            for d, straight in (((0, 1), across), ((0, -1), across), ((1, 0), down), ((-1, 0), down)):
                arm = edge(c, d)
                if arm is not None:  # black: a corner's arms go straight on
                    model.add_bool_or([~turn[c], ~arm, straight[(i + d[0], j + d[1])]])
            for straight, (p, q) in ((across, ((i, j - 1), (i, j + 1))), (down, ((i - 1, j), (i + 1, j)))):
                if p in index and q in index:  # white: a straight cell has a corner beside it
                    model.add_bool_or([~straight[c], turn[p], turn[q]])
        model.maximize(sum(rng.randint(20, 24) * on[c] for c in cells))

    def improve(self, loop: set[Edge], box: tuple[int, int, int, int], seed: int) -> set[Edge] | None:
        """The best loop found that agrees with `loop` outside box = (top, left, height, width)."""
        top, left, height, width = box

        def inside(c: Cell) -> bool:
            return top <= c[0] < top + height and left <= c[1] < left + width

        model = self.model.clone()
        for e, var in self.edge.items():
            copy = model.get_bool_var_from_proto_index(var.index)
            if inside(e[0]) or inside(e[1]):
                model.add_hint(copy, e in loop)
            else:
                model.add(copy == int(e in loop))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_deterministic_time = ROUND_TIME
        solver.parameters.random_seed = seed
        if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        return {e for e, var in self.edge.items() if solver.value(var)}


def cells_of(loop: set[Edge]) -> set[Cell]:
    return {c for e in loop for c in e}


def dense_loop(m: int, n: int, seed: int, rounds: int) -> set[Edge]:
    """Large-neighbourhood search for a loop covering many cells, every one of them circle-worthy."""
    rng = random.Random(seed)
    model = DenseLoops(m, n, rng)
    top, left = m // 2 - 2, n // 2 - 2
    ring = [(top, left + k) for k in range(3)] + [(top + k, left + 3) for k in range(3)]
    ring += [(top + 3, left + 3 - k) for k in range(3)] + [(top + 3 - k, left) for k in range(3)]
    loop = {(min(a, b), max(a, b)) for a, b in zip(ring, ring[1:] + ring[:1], strict=True)}
    started = time.time()
    for r in range(rounds):
        on = cells_of(loop)
        near_empty = sorted(
            c
            for c in on
            if any(
                (c[0] + di, c[1] + dj) not in on and 0 <= c[0] + di < m and 0 <= c[1] + dj < n
                for di in range(-2, 3)
                for dj in range(-2, 3)
            )
        )
        ci, cj = rng.choice(near_empty or sorted(on))
        height, width = min(WINDOW, m), min(WINDOW, n)
        top = max(0, min(m - height, ci - rng.randrange(height)))
        left = max(0, min(n - width, cj - rng.randrange(width)))
        better = model.improve(loop, (top, left, height, width), rng.randrange(1 << 30))
        if better is not None and len(cells_of(better)) >= len(on):
            loop = better
        print(f"round {r}: {len(cells_of(loop))}/{m * n} cells, {time.time() - started:.0f} s", file=sys.stderr)
    return loop


def allowed(loop: set[Edge]) -> dict[Cell, str]:
    """Every cell where a white (`0`) or black (`1`) circle is true of the loop."""
    arms: dict[Cell, list[Cell]] = {}
    for a, b in loop:
        arms.setdefault(a, []).append((b[0] - a[0], b[1] - a[1]))
        arms.setdefault(b, []).append((a[0] - b[0], a[1] - b[1]))

    def straight(c: Cell) -> bool:
        (p, q), (r, s) = arms[c]
        return p == -r and q == -s

    found: dict[Cell, str] = {}
    for c, (d1, d2) in arms.items():
        ahead = [(c[0] + d[0], c[1] + d[1]) for d in (d1, d2)]
        if straight(c) and not all(straight(x) for x in ahead):
            found[c] = "0"
        elif not straight(c) and all(straight(x) for x in ahead):
            found[c] = "1"
    return found


def loop_of(solution: frozenset) -> set[Edge]:
    """A solver's edge midpoints (doubled coordinates) as pairs of cells."""
    return {((y // 2, x // 2), ((y + 1) // 2, (x + 1) // 2)) for y, x in solution}


def board(chosen: dict[Cell, str], m: int, n: int) -> str:
    return "".join("".join(chosen.get((i, j), ".") for j in range(n)) + "\n" for i in range(m))


def status(text: str, name: str) -> Outcome:
    return solve(masyu.parse(text.encode(), name)[0], time_limit=600)


def make_unique(chosen: dict[Cell, str], m: int, n: int, rng: random.Random, name: str) -> dict[Cell, str]:
    """Add circles that one of two loops allows and the other does not until one loop is left."""
    while (outcome := status(board(chosen, m, n), name)).status != "unique":
        if outcome.status != "multiple":
            sys.exit(f"loopsat says {outcome.status}")
        sets = [allowed(loop_of(s)) for s in outcome.solutions]
        spots = {c for a in sets for c in a if c not in chosen and sets[0].get(c) != sets[1].get(c)}
        if not spots:
            sys.exit("no circle tells the two loops apart: try another seed")
        keep = rng.choice([a for a in sets if any(c in a for c in spots)])  # this loop stays valid
        chosen.update({c: keep[c] for c in spots if c in keep})
        print(f"{len(chosen)} circles: two loops", file=sys.stderr)
    return chosen


def thin(chosen: dict[Cell, str], m: int, n: int, rng: random.Random, name: str, steps: int) -> dict[Cell, str]:
    """Drop random batches of circles while the loop stays unique (batch doubles on success, halves on failure)."""
    batch = 32
    for _ in range(steps):
        dropped = dict(rng.sample(sorted(chosen.items()), min(batch, len(chosen))))
        kept = {c: k for c, k in chosen.items() if c not in dropped}
        if status(board(kept, m, n), name).status == "unique":
            chosen, batch = kept, min(64, batch * 2)
        else:
            batch = max(1, batch // 2)
        print(f"{len(chosen)} circles", file=sys.stderr)
    return chosen


def main() -> None:
    if sys.argv[1] == "thin":  # thin IN.masyu SEED STEPS OUT.masyu: thin a board that is already unique
        rows = Path(sys.argv[2]).read_text().split()
        chosen = {(i, j): k for i, row in enumerate(rows) for j, k in enumerate(row) if k != "."}
        rng = random.Random(int(sys.argv[3]))
        out = Path(sys.argv[5])
        chosen = thin(chosen, len(rows), len(rows[0]), rng, str(out), int(sys.argv[4]))
        out.write_text(board(chosen, len(rows), len(rows[0])))
        return
    m, n, seed, rounds = (int(a) for a in sys.argv[1:5])
    out = Path(sys.argv[5])
    steps = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    started = time.time()
    loop = dense_loop(m, n, seed, rounds)
    chosen = allowed(loop)
    assert len(chosen) == len(cells_of(loop)), "every loop cell carries a circle"
    print(f"loop: {len(chosen)} cells, {time.time() - started:.0f} s", file=sys.stderr)
    rng = random.Random(seed)
    chosen = thin(make_unique(chosen, m, n, rng, str(out)), m, n, rng, str(out), steps)
    out.write_text(board(chosen, m, n))
    print(f"{out}: {len(chosen)} circles, unique, {time.time() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
