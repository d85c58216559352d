"""Make a large Masyu with one solution from the loop of a Slitherlink puzzle with one solution.

A loop on the (m+1)×(n+1) corners of a Slitherlink board is a loop through the cell centres of
an (m+1)×(n+1) Masyu board. Every cell where that loop allows a circle gets one; while loopsat
finds two loops, up to five circles that one of them allows and the other does not are added
(every loop left satisfies all circles so far). Then random batches of circles are dropped
while the loop stays unique.

    python bench/make_masyu.py SLITHER_FILE_OR_GAME_ID SEED OUT.masyu [THINNING_STEPS]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from loopsat.cli import read_file
from loopsat.genres import masyu
from loopsat.solve import Outcome, solve

Cell = tuple[int, int]


def candidates(edges: set[tuple[Cell, Cell]]) -> dict[Cell, str]:
    """Every cell where a white (`0`) or black (`1`) circle is true of the loop."""
    arms: dict[Cell, list[Cell]] = {}
    for a, b in edges:
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


def loop_of(solution: frozenset) -> set[tuple[Cell, Cell]]:
    """A solver's edge midpoints as pairs of cells."""
    return {((y // 2, x // 2), ((y + 1) // 2, (x + 1) // 2)) for y, x in solution}


def board(chosen: dict[Cell, str], m: int, n: int) -> str:
    return "".join("".join(chosen.get((i, j), ".") for j in range(n)) + "\n" for i in range(m))


def status(text: str, name: str) -> Outcome:
    return solve(masyu.parse(text.encode(), name)[0], time_limit=300)


def main() -> None:
    source, seed, out = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    budget = int(sys.argv[4]) if len(sys.argv) > 4 else 60
    rng = random.Random(seed)
    slither = read_file(source, None)[0]
    m, n = slither.rows + 1, slither.cols + 1
    chosen = candidates(loop_of(solve(slither).solutions[0]))
    while (outcome := status(board(chosen, m, n), str(out))).status != "unique":
        allowed = [candidates(loop_of(solution)) for solution in outcome.solutions]
        spots = sorted({c for a in allowed for c in a if c not in chosen and allowed[0].get(c) != allowed[1].get(c)})
        if not spots:
            sys.exit("no circle tells the two loops apart: try another seed")
        keep = rng.choice([a for a in allowed if any(c in a for c in spots)])  # one loop stays valid
        for spot in rng.sample([c for c in spots if c in keep], min(5, sum(c in keep for c in spots))):
            chosen[spot] = keep[spot]
        print(f"{len(chosen)} circles: two loops", file=sys.stderr)
    batch = 32
    for _ in range(budget):  # thin out: drop random circles while the loop stays unique
        dropped = dict(rng.sample(sorted(chosen.items()), min(batch, len(chosen))))
        kept = {c: k for c, k in chosen.items() if c not in dropped}
        if status(board(kept, m, n), str(out)).status == "unique":
            chosen = kept
        else:
            batch = max(1, batch // 2)
        print(f"{len(chosen)} circles", file=sys.stderr)
    out.write_text(board(chosen, m, n))


if __name__ == "__main__":
    main()
