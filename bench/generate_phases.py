"""Where the time of `loopsat generate` goes: each kind of call the generator makes, counted and timed.

    python bench/generate_phases.py GENRE RxC [--seed N]

Prints, for the looks for a loop that breaks a clue nearby, the screens near removed clues, the
whole deductions and the proofs of held clues: how many answered yes and no, their CPU seconds
in all and per call (this process, imports excluded). Never asserts.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import loopsat.generate as generator

CALLS: dict[tuple[str, str], tuple[int, float]] = {}


def timed(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        answer = call(*args, **kwargs)
        spent = time.process_time() - started
        verdict = str(answer.complete if hasattr(answer, "complete") else answer)
        count, total = CALLS.get((name, verdict), (0, 0.0))
        CALLS[name, verdict] = (count + 1, total + spent)
        return answer

    return wrapper


def generation(description: str) -> tuple[str, int, int, int]:
    """GENRE RxC [--seed N] from the command line (bench/proof_plans.py reads the same)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("genre")
    parser.add_argument("size", help="RxC")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rows, cols = map(int, options.size.split("x"))
    return options.genre, rows, cols, options.seed


def main() -> None:
    genre, rows, cols, seed = generation(__doc__.splitlines()[0])
    board = generator._Board
    board.broken_near = timed("look near a clue", board.broken_near)  # type: ignore[method-assign]
    board.screened = timed("screen near removed clues", board.screened)  # type: ignore[method-assign]
    generator.deduction = timed("whole deduction", generator.deduction)
    generator._proof = timed("proof of a held clue", generator._proof)
    board.refuted = timed("refuted (law negated)", board.refuted)  # type: ignore[method-assign]
    started, wall = time.process_time(), time.perf_counter()
    made = generator.generate(genre, rows, cols, seed=seed)
    spent = time.process_time() - started
    print(
        f"{genre} {rows}x{cols} seed {seed}: {spent:.1f} CPU-s, {time.perf_counter() - wall:.1f} s, ",
        end="",
    )
    print(f"{made.clues} clues of {made.dense_clues}, {made.unproved} not proved")
    print(f"{'call':<28} {'answer':<7} {'count':>6} {'CPU-s':>8} {'per call':>9}")
    for (name, verdict), (count, total) in sorted(CALLS.items()):
        print(f"{name:<28} {verdict:<7} {count:6d} {total:8.1f} {total / count:9.3f}")


if __name__ == "__main__":
    main()
