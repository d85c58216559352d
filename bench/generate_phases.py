"""Where the time of `loopsat generate` goes: each kind of call the generator makes, counted and timed.

    python bench/generate_phases.py GENRE RxC [--seed N] [--difficulty D] [--taste]

Prints how many held clues the looks made as thinning held them showed needed, the wall and CPU
seconds of each phase (drawing the loop, thinning, proving), then, for the looks (on the thinned
puzzle) for a loop that breaks a clue nearby, the loops next to the loop (setter/witness.py)
and the removals they refused, the screens near removed clues, the whole deductions (capped at
the difficulty, when one is given) and the proofs of held clues: how many answered yes and no,
their CPU seconds in all and per call (this process, imports excluded; a look, its own thread's;
a proof, which runs beside another, and the main thread's wait for one, their wall seconds).
Never asserts.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import loopsat.setter.gather as gathering
import loopsat.setter.generate as generator
import loopsat.setter.minimal as proving
import loopsat.setter.witness as witnessing
from loopsat.setter.board import Thinning
from loopsat.setter.taste import default

CALLS: dict[tuple[str, str], tuple[int, float]] = {}
DIFFICULTY: int | None = None  # what the command line asked: generation() sets them
TASTE = generator.PLAIN


def timed(name: str, call: Callable[..., Any], clock: Callable[[], float] = time.process_time) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = clock()
        try:
            answer = call(*args, **kwargs)
        except Exception as error:  # a proof out of time, or stopped
            answer = error
        spent = clock() - started
        if isinstance(answer, frozenset):
            verdict = "loop"
        elif isinstance(answer, Exception):
            verdict = type(answer).__name__
        else:
            verdict = str(getattr(answer, "complete", answer))
        count, total = CALLS.get((name, verdict), (0, 0.0))
        CALLS[name, verdict] = (count + 1, total + spent)
        if isinstance(answer, Exception):
            raise answer
        return answer

    return wrapper


def generation(description: str) -> tuple[str, int, int, int]:
    """GENRE RxC [--seed N] from the command line (bench/proof_plans.py reads the same)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("genre")
    parser.add_argument("size", help="RxC")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--difficulty", help="a level, as `loopsat generate --difficulty` takes it")
    parser.add_argument("--taste", action="store_true", help="the command line's taste (else none)")
    options = parser.parse_args()
    rows, cols = map(int, options.size.split("x"))
    global DIFFICULTY, TASTE
    DIFFICULTY = None if options.difficulty is None else generator.level(options.difficulty)
    TASTE = default(options.genre) if options.taste else generator.PLAIN
    return options.genre, rows, cols, options.seed


def main() -> None:
    genre, rows, cols, seed = generation(__doc__.splitlines()[0])
    board = Thinning
    # the looks run in a thread beside the proofs: their own thread's CPU
    board.broken_near = timed("look near a clue", board.broken_near, time.thread_time)  # type: ignore[method-assign]
    board.screened = timed("screen near removed clues", board.screened)  # type: ignore[method-assign]
    witnessing.Witnesses.__init__ = timed("loops next to the loop", witnessing.Witnesses.__init__)  # type: ignore[method-assign]
    witnessing.Witnesses.refute = timed("refused by one of them", witnessing.Witnesses.refute)  # type: ignore[method-assign]
    generator.complete = timed("whole deduction", generator.complete)
    gathering.complete = timed("whole deduction (halves)", gathering.complete)
    gathering.deduced = timed("whole deduction (gathered)", gathering.deduced)
    # a proof's CP-SAT runs in a thread of its own, beside another proof: wall seconds
    proving.loop_breaking = timed("proof of a held clue", proving.loop_breaking, time.perf_counter)
    proofs = proving.Proofs
    shown = proving.Looker.shown

    def counted(looker: proving.Looker) -> set[Any]:
        needed = shown(looker)
        print(f"looks as thinning held clues (a helper process): {len(needed)} of {len(looker.looks)} shown needed")
        return needed

    proving.Looker.shown = counted  # type: ignore[method-assign]
    proofs.needed = timed("wait for a proof (wall)", proofs.needed, time.perf_counter)  # type: ignore[method-assign]
    board.refuted = timed("refuted (law negated)", board.refuted)  # type: ignore[method-assign]
    started, wall = time.process_time(), time.perf_counter()
    phases: list[tuple[str, float, float]] = []  # (phase, wall, CPU) at its start

    def heard(text: str) -> None:
        phase = text.split(":")[0]
        if not phases or phases[-1][0] != phase:
            phases.append((phase, time.perf_counter(), time.process_time()))

    made = generator.generate(genre, rows, cols, seed=seed, progress=heard, difficulty=DIFFICULTY, taste=TASTE)
    spent = time.process_time() - started
    phases.append(("end", time.perf_counter(), time.process_time()))
    print(
        f"{genre} {rows}x{cols} seed {seed}: {spent:.1f} CPU-s, {time.perf_counter() - wall:.1f} s, ",
        end="",
    )
    print(f"{made.clues} clues of {made.dense_clues}, {made.unproved} not proved")
    for (phase, wall_at, cpu_at), (_, wall_next, cpu_next) in pairwise(phases):
        print(f"{phase:<28} {wall_next - wall_at:7.1f} s wall {cpu_next - cpu_at:7.1f} CPU-s")
    print(f"{'call':<28} {'answer':<7} {'count':>6} {'CPU-s':>8} {'per call':>9}")
    for (name, verdict), (count, total) in sorted(CALLS.items()):
        print(f"{name:<28} {verdict:<7} {count:6d} {total:8.1f} {total / count:9.3f}")


if __name__ == "__main__":
    main()
