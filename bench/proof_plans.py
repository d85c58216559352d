"""Why loopsat/generate.py races the proof plans it does: the same proofs under other plans.

Generates one puzzle, keeping every proof of a held clue it made (the puzzle less the clue, and
the clue's law), then replays those proofs under each set of plans: the wall seconds of all of
them, and how many ran out of time. The proofs are those of the current plans' run (a proof that
removes a clue changes the later ones), so the comparison is fair to the others only on them.
Never asserts; prints a table.

    python bench/proof_plans.py GENRE RxC [--seed N]
"""

from __future__ import annotations

import time
from typing import Any

from generate_phases import generation

import loopsat.generate as generator

# Each entry: (loop condition, CP-SAT inprocessing, face colours, seconds), as generate.PROOFS.
PLANS: dict[str, Any] = {
    "current (generate.PROOFS)": generator.PROOFS,
    "before face colours": (
        (("circuit", False, False, 10.0),),
        (("circuit", True, False, 2.0), ("lazy", False, False, 8.0)),
    ),
    "circuit alone": ((("circuit", False, False, 10.0),),),
    "circuit with colours alone": ((("circuit", False, True, 10.0),),),
}


def main() -> None:
    genre, rows, cols, seed = generation(__doc__.splitlines()[0])
    proofs: list[tuple[Any, Any, Any]] = []
    prove = generator._proof

    def kept(candidate: Any, law: Any, board: Any) -> bool | None:
        proofs.append((candidate, law, board))
        return prove(candidate, law, board)

    generator._proof = kept
    generator.generate(genre, rows, cols, seed=seed)
    generator._proof = prove
    print(f"{genre} {rows}x{cols} seed {seed}: {len(proofs)} proofs")
    print(f"{'plans':<28} {'wall s':>7} {'out of time':>12}")
    for name, plans in PLANS.items():
        generator.PROOFS = plans
        started, unproved = time.perf_counter(), 0
        for candidate, law, board in proofs:
            unproved += generator._proof(candidate, law, board) is None
        print(f"{name:<28} {time.perf_counter() - started:7.1f} {unproved:12d}")


if __name__ == "__main__":
    main()
