"""Slitherlink boards that are unique but that the deduction does not decide (issue 14's set).

`loopsat generate --difficulty hard` thins a board until the deduction alone still decides it
and no clue more can go; one clue more whose removal keeps the loop unique (proved by the full
solve: deduction, then CP-SAT) leaves a board that needs the search. Writes bench/slitherlink/RxC/
files and prints each one's manifest entry (h/v solution) as a JSON line.

    python bench/needs_search.py 25 30 1 2 3
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from loopsat.genres import SETTERS
from loopsat.pipeline import Status, deduction, solve
from loopsat.setter.generate import file_text, generate

HERE = Path(__file__).parent


def main() -> None:
    rows, cols, *seeds = (int(a) for a in sys.argv[1:])
    setter = SETTERS["slitherlink"]
    folder = HERE / "slitherlink" / f"{rows}x{cols}"
    folder.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        puzzle = generate("slitherlink", rows, cols, seed=seed, difficulty=4).puzzle
        for cell in setter.clue_cells(puzzle):
            fewer = setter.without(puzzle, [cell])
            outcome = solve(fewer)
            if outcome.status == Status.UNIQUE and not deduction(fewer).complete:
                break
        else:
            print(f"seed {seed}: every clue is needed; try another seed", file=sys.stderr)
            continue
        path = folder / f"{seed:03d}.slither"
        path.write_text(file_text(fewer))
        entry = {"file": str(path.relative_to(HERE)), "genre": "slitherlink", "rows": rows, "cols": cols}
        entry["generator"] = f"python bench/needs_search.py {rows} {cols} {seed}"
        entry["solution"] = {key: outcome.to_json()["solutions"][0][key] for key in ("h", "v")}
        print(json.dumps(entry), flush=True)


if __name__ == "__main__":
    main()
