"""Solve one puzzle with a peer, puzzlekit, so that bench/run.py can time it in its own process.

Prints one JSON line: {"peer", "status", "solution"}; status is `found`, `none` (proved no loop)
or `timeout`; `solution` is the loop as the JSON's h/v bit strings (docs/json.md), or null. puzzlekit only
finds a loop: unlike loopsat it does not prove it unique. Exits 1 when puzzlekit is missing.

    python bench/peers.py FILE [--genre masyu] [--time-limit S]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

from loopsat.errors import Exit, PuzzleError
from loopsat.genres import GENRES, read_puzzles
from loopsat.puzzle import Puzzle
from loopsat.solver.outcome import bits

MISSING = "peers: puzzlekit not installed (pip install '.[bench]')"
# puzzlekit's cell characters: `-` empty, a digit a Slitherlink clue, `w`/`b` a white/black Masyu circle.
CELL_CHARACTERS = {"slitherlink": {".": "-"}, "masyu": {".": "-", "0": "w", "1": "b"}}
STATUSES = {"Optimal": "found", "Feasible": "found", "Infeasible": "none"}


def peer_grid(puzzle: Puzzle) -> list[list[str]]:
    characters = CELL_CHARACTERS[puzzle.genre]
    return [[characters.get(ch, ch) for ch in row] for row in puzzle.grid]


def solve_with_puzzlekit(puzzle: Puzzle, time_limit: float) -> dict:
    import puzzlekit

    board = {"num_rows": puzzle.rows, "num_cols": puzzle.cols, "grid": peer_grid(puzzle)}
    peer = puzzlekit.solver(puzzle.genre, board)
    result = peer.solve(solver_options={"time_limit_sec": time_limit})
    status = STATUSES.get(result.solution_data["status"], "timeout")
    if status != "found":
        return {"peer": "puzzlekit", "status": status, "solution": None}
    # Both puzzlekit solvers keep one Boolean per edge, keyed by its two tiles (row, col) in order.
    loop = frozenset((u.r + v.r, u.c + v.c) for (u, v), edge in peer.arc_vars.items() if peer.solver.Value(edge))
    h, v = bits(GENRES[puzzle.genre], puzzle, loop)
    return {"peer": "puzzlekit", "status": status, "solution": {"h": h, "v": v}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--genre", choices=sorted(CELL_CHARACTERS), help="default: from the file suffix")
    parser.add_argument("--time-limit", type=float, default=60.0, help="puzzlekit's own CP-SAT limit, seconds")
    options = parser.parse_args()
    if importlib.util.find_spec("puzzlekit") is None:
        sys.exit(MISSING)
    try:
        puzzle = read_puzzles(str(options.file), options.file.read_bytes(), options.genre)[0]
        if puzzle.genre not in CELL_CHARACTERS or puzzle.letters:
            raise PuzzleError(puzzle.path, 1, 1, f"puzzlekit takes plain Slitherlink or Masyu, not {puzzle.genre}")
    except (OSError, PuzzleError) as error:
        print(error if isinstance(error, PuzzleError) else f"{options.file}:1:1: error: {error}", file=sys.stderr)
        sys.exit(Exit.BAD_INPUT)
    print(json.dumps(solve_with_puzzlekit(puzzle, options.time_limit)))


if __name__ == "__main__":
    main()
