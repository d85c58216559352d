"""Why loopsat/setter/minimal.py proves held clues as it does: the same proofs under other settings.

Generates one puzzle, keeping every proof of a held clue it made (the puzzle less the clue, and
the clue's law; those begun ahead on a guessed puzzle too), then replays those proofs one at a
time under each setting: the wall seconds of all of them (model built and searched), and how
many ran out of time. The proofs are those of the current setting's run (a proof that removes a
clue changes the later ones), so the comparison is fair to the others only on them. Never
asserts; prints a table.

    python bench/proof_plans.py GENRE RxC [--seed N]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from generate_phases import generation

import loopsat.setter.generate as generator
import loopsat.setter.minimal as proving
from loopsat.cpsat import Circuit, Search, Stopper, TimedOut


def replay(*, portfolio: bool, inprocessing: bool = False, deduced: bool = False) -> Callable[..., bool | None]:
    """A proof as minimal.loop_breaking makes it, with other CP-SAT settings; `deduced`: on what the
    deduction with the law negated leaves open, as before the portfolio."""

    def prove(candidate: Any, laws: Any, board: Any) -> bool | None:
        (law,) = laws  # the settings compared are for one clue at a time
        cover, fixed = board.genre.cover(candidate), None
        if deduced:
            fixed = board.negated(candidate, law)
            if fixed is None:
                return False
            fixed = cover.modelled(fixed)
            cover = cover.agreeing(fixed)
        search = Search(
            cover,
            Circuit(),
            time_limit=proving.proof_seconds(board),
            fixed=fixed,
            inprocessing=inprocessing,
            portfolio=portfolio,
        )
        proving._forbid(search, law)
        try:
            return search.find() is not None
        except TimedOut:
            return None

    return prove


def current(candidate: Any, laws: Any, board: Any) -> bool | None:
    """A proof as generate makes it."""
    try:
        return proving.loop_breaking(candidate, laws, board, Stopper()) is not None
    except TimedOut:
        return None


SETTINGS: dict[str, Callable[..., bool | None]] = {
    "current (minimal.loop_breaking)": current,
    "portfolio, inprocessing": replay(portfolio=True, inprocessing=True),
    "portfolio, deduced first": replay(portfolio=True, deduced=True),
    "default search": replay(portfolio=False),
    "default search, deduced first": replay(portfolio=False, deduced=True),
}


def main() -> None:
    genre, rows, cols, seed = generation(__doc__.splitlines()[0])
    proofs: list[tuple[Any, Any, Any]] = []
    prove = proving.loop_breaking

    def kept(candidate: Any, laws: Any, board: Any, stopper: Stopper) -> Any:
        try:
            return prove(candidate, laws, board, stopper)
        finally:
            if not stopper.stopped:  # a proof stopped as not needed is no proof of the run
                proofs.append((candidate, laws, board))

    proving.loop_breaking = kept
    generator.generate(genre, rows, cols, seed=seed)
    proving.loop_breaking = prove
    print(f"{genre} {rows}x{cols} seed {seed}: {len(proofs)} proofs")
    print(f"{'setting':<32} {'wall s':>7} {'out of time':>12}")
    for name, setting in SETTINGS.items():
        started, unproved = time.perf_counter(), 0
        for candidate, law, board in proofs:
            unproved += setting(candidate, law, board) is None
        print(f"{name:<32} {time.perf_counter() - started:7.1f} {unproved:12d}")


if __name__ == "__main__":
    main()
