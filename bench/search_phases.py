"""Where the time of a puzzle that needs search goes: each phase of `solve` timed on its own.

    python bench/search_phases.py FILE [FILE ...]

For each puzzle, CPU seconds (this process, imports excluded) of: the deduction (and how many
edges it decided), building the ExactCover, dropping the options against the deduced edges,
translating to CP-SAT, and CP-SAT finding the loop and proving it unique with lazy cuts; the last
two also on the whole cover (what dropping the options saves) and with AddCircuit instead; last,
what `solve` runs: the deduction's own tables written as the model (cpsat.tabled, no cover) and
one AddCircuit enumeration stopped at the second loop, with its light presolve. Never asserts.
"""

from __future__ import annotations

import argparse
import time

import loopsat
from loopsat import deduce
from loopsat.cpsat import Circuit, LazyCuts, LoopCondition, Search, Tabled
from loopsat.genres import GENRES
from loopsat.model import ExactCover


def searched(cover: ExactCover, fixed: dict, condition: LoopCondition) -> tuple[float, float, int]:
    """CPU seconds to translate and to find and prove the loop; the solutions found (up to 2)."""
    started = time.process_time()
    search = Search(cover, condition, fixed=fixed)
    translated = time.process_time()
    found = len(list(search.solutions(2)))
    return translated - started, time.process_time() - translated, found


def tabled(deduction: deduce.Deduction) -> tuple[float, float]:
    """CPU seconds to write the tables model and to find and prove the loop as `solve` does."""
    started = time.process_time()
    fixed = deduction.fixed or {}
    model = Tabled(deduction.edges, deduction.rules.tables, fixed, degrees=False)
    search = Search(model, Circuit(), fixed=fixed, light_presolve=True)
    written = time.process_time()
    list(search.stream(2))
    return written - started, time.process_time() - written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    for path in parser.parse_args().files:
        for puzzle in loopsat.load(path):
            genre = GENRES[puzzle.genre]
            started = time.process_time()
            deduction = deduce.puzzle(puzzle, trail=False)
            fixed = deduction.fixed or {}
            deduced = time.process_time()
            cover = genre.cover(puzzle)
            built = time.process_time()
            fixed = cover.modelled(fixed)
            agreeing = cover.agreeing(fixed)
            dropped = time.process_time()
            searched(agreeing, fixed, LazyCuts())  # unmeasured: a process's first solve pays 0.1-0.2 s more
            whole_translate, whole_proof, _ = searched(cover, fixed, LazyCuts())
            translate, proof, found = searched(agreeing, fixed, LazyCuts())
            circuit_translate, circuit_proof, _ = searched(agreeing, fixed, Circuit())
            tables_written, tables_proof = tabled(deduction)
            print(
                f"{puzzle.label}: deduce {deduced - started:.3f} ({len(fixed)}/{len(cover.edges)} edges)"
                f" cover {built - deduced:.3f} drop {dropped - built:.3f}"
                f" ({len(cover.options)} -> {len(agreeing.options)} options)"
                f" translate {translate:.3f} CP-SAT {proof:.3f} ({found} solutions);"
                f" whole cover: translate {whole_translate:.3f} CP-SAT {whole_proof:.3f};"
                f" AddCircuit: translate {circuit_translate:.3f} CP-SAT {circuit_proof:.3f};"
                f" tables (solve's): write {tables_written:.3f} CP-SAT {tables_proof:.3f}"
            )


if __name__ == "__main__":
    main()
