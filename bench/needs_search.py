"""Boards that are unique but that the deduction does not decide: they need the search.

`loopsat generate --difficulty hard` thins a board until the deduction alone still decides it
and no clue more can go; one clue more whose removal keeps the loop unique (proved by the full
solve: deduction, then CP-SAT) leaves a board that needs the search (Slitherlink 25x30, Masyu
25x25). A minimal board of grade `search` (plain `loopsat generate`) is no good here: on Masyu
25x25 it took 4.5 CPU-s with AddCircuit and over 100 with lazy cuts, far beyond the hard
puzzles people publish. Writes bench/GENRE/RxC/ files and prints each one's manifest entry
(h/v solution) as a JSON line.

    python bench/needs_search.py 25 30 1 2 3
    python bench/needs_search.py --genre masyu 25 25 1 2 3
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from loopsat.genres import SETTERS
from loopsat.puzzle import Puzzle
from loopsat.safefile import write_file
from loopsat.setter.generate import file_text, generate
from loopsat.solver.pipeline import Status, deduction, solve

HERE = Path(__file__).parent
SUFFIX = {"slitherlink": "slither", "masyu": "masyu"}
HARD = 4  # explain.GRADES' `hard`: the deduction alone decides it


def one_clue_beyond(genre: str, rows: int, cols: int, seed: int) -> Puzzle | None:
    """A `hard` board less one clue, still unique and no longer decided by the deduction."""
    setter = SETTERS[genre]
    puzzle = generate(genre, rows, cols, seed=seed, difficulty=HARD).puzzle
    for cell in setter.clue_cells(puzzle):
        fewer = setter.without(puzzle, [cell])
        if solve(fewer).status == Status.UNIQUE and not deduction(fewer).complete:
            return fewer
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", choices=sorted(SUFFIX), default="slitherlink")
    parser.add_argument("rows", type=int)
    parser.add_argument("cols", type=int)
    parser.add_argument("seeds", type=int, nargs="+")
    options = parser.parse_args()
    genre, rows, cols = options.genre, options.rows, options.cols
    folder = HERE / genre / f"{rows}x{cols}"
    folder.mkdir(parents=True, exist_ok=True)
    for seed in options.seeds:
        board = one_clue_beyond(genre, rows, cols, seed)
        if board is None:
            print(f"seed {seed}: every clue is needed; try another seed", file=sys.stderr)
            continue
        outcome = solve(board)
        if outcome.status != Status.UNIQUE:  # generate proves it unique: a failure here is a bug
            sys.exit(f"seed {seed}: {outcome.status}")
        path = folder / f"{seed:03d}.{SUFFIX[genre]}"
        write_file(path, file_text(board).encode(), replace=True)
        entry = {"file": str(path.relative_to(HERE)), "genre": genre, "rows": rows, "cols": cols}
        flag = "" if genre == "slitherlink" else f"--genre {genre} "
        entry["generator"] = f"python bench/needs_search.py {flag}{rows} {cols} {seed}"
        entry["solution"] = {key: outcome.to_json()["solutions"][0][key] for key in ("h", "v")}
        print(json.dumps(entry), flush=True)


if __name__ == "__main__":
    main()
