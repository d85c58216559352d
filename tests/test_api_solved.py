"""What a caller has already saves work, never changes an answer: `solved=` (a Result of the
same puzzle) and `known=` (some of its Solutions) give what the verbs give without them, and the
deduction is not run a second time (counted by wrapping it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from loopsat import api, deduce
from loopsat.status import Status

UNIQUE = Path(__file__).parent.parent / "puzzles" / "slitherlink" / "pzprjs-5x5.slither"
# Four clues, so many loops: the deduction fixes the 3s' corners and nothing else.
AMBIGUOUS = "3....\n.....\n..2..\n.....\n....3\n"


def ambiguous() -> api.Puzzle:
    (puzzle,) = api.parse(AMBIGUOUS, "slitherlink")
    return puzzle


@pytest.fixture
def deductions(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How often the deduction runs, from when the test asks (append a 0 to start counting)."""
    calls: list[int] = []
    real = deduce.puzzle

    def counted(*args: object, **kwargs: object) -> deduce.Deduction:
        if calls:
            calls[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(deduce, "puzzle", counted)
    yield calls


def test_certain_after_a_solve_and_its_loops_is_certain_alone(deductions: list[int]) -> None:
    puzzle = ambiguous()
    _, alone = api.certain(puzzle)
    badge = api.solve(puzzle)
    listed = api.solve(puzzle, mode=api.Mode.ALL, limit=30, solved=badge)
    deductions.append(0)
    result, certainty = api.certain(puzzle, solved=badge, known=[*badge.solutions, *listed.solutions])
    assert deductions == [0]
    assert alone is not None and certainty is not None
    assert (certainty.on, certainty.off, certainty.undecided) == (alone.on, alone.off, alone.undecided)
    assert certainty.complete and result.status == Status.MULTIPLE


def test_listing_after_a_solve_lists_the_same_loops(deductions: list[int]) -> None:
    puzzle = ambiguous()
    fresh = api.solve(puzzle, mode=api.Mode.ALL, limit=40)
    badge = api.solve(puzzle)
    deductions.append(0)
    again = api.solve(puzzle, mode=api.Mode.ALL, limit=40, solved=badge)
    assert deductions == [0]
    assert set(again.solutions) == set(fresh.solutions) and len(again.solutions) == 40


def test_certain_without_a_search_is_the_loop_or_the_deduction() -> None:
    (unique,) = api.load(UNIQUE)
    badge = api.solve(unique)
    result, certainty = api.certain(unique, solved=badge, search=False)
    loop = badge.solutions[0].edges
    assert result is badge and certainty is not None and certainty.complete
    assert (certainty.on, certainty.off, certainty.undecided) == (loop, api.edges(unique) - loop, frozenset())

    puzzle = ambiguous()
    _, whole = api.certain(puzzle)
    for solved in (api.solve(puzzle), None):
        _, first = api.certain(puzzle, solved=solved, search=False)
        assert first is not None and whole is not None and not first.complete
        assert first.on <= whole.on and first.off <= whole.off and first.on  # the 3s' corners
        assert first.on | first.off | first.undecided == api.edges(puzzle)


def test_explain_after_a_solve_solves_nothing_again(deductions: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    (puzzle,) = api.load(UNIQUE)
    alone = api.explain(puzzle)
    badge = api.solve(puzzle)
    deductions.append(0)
    monkeypatch.setattr("loopsat.solver.pipeline.solve", lambda *_, **__: pytest.fail("solved again"))
    again = api.explain(puzzle, solved=badge)
    assert deductions == [0]
    assert again.to_json() == alone.to_json()


def test_solved_must_be_a_result_of_the_same_puzzle() -> None:
    (unique,) = api.load(UNIQUE)
    other = api.solve(ambiguous())
    with pytest.raises(ValueError, match="same puzzle"):
        api.certain(unique, solved=other)
    with pytest.raises(ValueError, match="same puzzle"):
        api.explain(unique, solved=other)
    with pytest.raises(TypeError, match=r"solved must be a loopsat\.Result"):
        api.solve(unique, solved=other.solutions[0])  # type: ignore[arg-type]
