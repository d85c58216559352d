"""Why loopsat/cpsat/search.py sets the CP-SAT parameters it does: each choice flipped in turn.

For each puzzle and strategy, the CPU seconds (user + system, every thread) of `solve` in this
process, model building included, start-up not: first with loopsat's parameters, then with one
of them changed. Never asserts; prints a table.

    python bench/cpsat_parameters.py [--variants NAME ...] [FILE ...]
"""

from __future__ import annotations

import argparse
import resource
from collections.abc import Callable
from pathlib import Path

from ortools.sat.python import cp_model_helper as cmh

from loopsat.cpsat.search import Search
from loopsat.genres import read_puzzles
from loopsat.solver.pipeline import solve

HERE = Path(__file__).parent
PUZZLES = ["slitherlink/20x20/001.slither", "slitherlink/40x40/001.slither", "masyu/30x30/001.masyu"]


def flip(name: str, value: object) -> Callable[[Search], cmh.SatParameters]:
    """loopsat's parameters with one changed, on every solve."""
    chosen = Search._parameters

    def parameters(search: Search) -> cmh.SatParameters:
        result = chosen(search)
        setattr(result, name, value)
        return result

    return parameters


VARIANTS: dict[str, Callable[[Search], cmh.SatParameters] | None] = {
    "loopsat": None,
    "workers=2": flip("num_workers", 2),
    "linearization=1": flip("linearization_level", 1),
    "presolve always": flip("cp_model_presolve", True),
    "presolve never": flip("cp_model_presolve", False),
    "inprocessing off": flip("use_sat_inprocessing", False),
}


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="*", default=[str(HERE / name) for name in PUZZLES])
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    args = parser.parse_args()
    variants = {name: VARIANTS[name] for name in args.variants}
    chosen = Search._parameters
    [warm] = read_puzzles(args.files[0], Path(args.files[0]).read_bytes())[:1]
    solve(warm, strategy="lazy")  # one-time costs (networkx's import, caches) stay out of the table
    print(f"{'puzzle':<40} {'strategy':<8} " + " ".join(f"{v:>16}" for v in variants))
    for file in args.files:
        [puzzle] = read_puzzles(file, Path(file).read_bytes())[:1]
        for strategy in ("lazy", "circuit"):
            cells = []
            for variant in variants.values():
                Search._parameters = variant or chosen  # type: ignore[method-assign]
                before = cpu()
                solve(puzzle, strategy=strategy)
                cells.append(cpu() - before)
            Search._parameters = chosen  # type: ignore[method-assign]
            print(f"{Path(file).as_posix()[-40:]:<40} {strategy:<8} " + " ".join(f"{c:16.2f}" for c in cells))


if __name__ == "__main__":
    main()
