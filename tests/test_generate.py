"""`loopsat generate`: every puzzle has one loop, proved by paths independent of the generator's
(the frontier DP counts, and CP-SAT's AddCircuit search without the deduction finds the same
loop), its clues are minimal (brute force: removing any one gives the DP two loops or more, or
with a difficulty a harder grade), seeds reproduce, and the command's files are what `batch`
reads. Small boards only: the generator's speed is measured in bench/generate.py."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from loopsat.api import parse
from loopsat.genres import SETTERS
from loopsat.grid import Point
from loopsat.puzzle import Puzzle
from loopsat.setter.dense import dense as dense_board
from loopsat.setter.generate import ATTEMPTS, Generated, Unmet, file_text, generate, level
from loopsat.solver import frontier
from loopsat.solver.pipeline import deduction, solve

CASES = [(genre, rows, cols, seed) for genre in SETTERS for rows, cols, seed in ((4, 4, 0), (5, 6, 1), (6, 5, 2))]


@cache
def made(genre: str, rows: int, cols: int, seed: int, difficulty: int | None = None) -> Generated:
    return generate(genre, rows, cols, seed=seed, difficulty=difficulty)


def _proved_unique(generated: Generated) -> None:
    puzzle = generated.puzzle
    assert frontier.count(puzzle) == 1
    searched = solve(puzzle, strategy="circuit")  # CP-SAT alone: `circuit` never deduces
    assert searched.status == "unique"
    assert searched.solutions == [generated.solution]


@pytest.mark.parametrize("case", CASES, ids=lambda case: "-".join(map(str, case)))
def test_unique_and_minimal(case: tuple[str, int, int, int]) -> None:
    generated = made(*case)
    _proved_unique(generated)
    setter = SETTERS[case[0]]
    cells = setter.clue_cells(generated.puzzle)
    assert len(cells) == generated.clues < generated.dense_clues
    for cell in cells:
        assert frontier.count(setter.without(generated.puzzle, [cell])) >= 2, cell


# Pearl has no normal level: Masyu is asked tricky (his Tricky adds only the shortcut loop: 10 of
# the 7×7 seeds 1-12 meet it in ATTEMPTS loops, 5 before a loop was thinned twice; seed 1 at once)
@pytest.mark.parametrize(
    ("genre", "side", "seed", "wanted"),
    [("slitherlink", 6, 4, 1), ("slitherlink", 6, 4, 3), ("slitherlink", 6, 4, 4), ("masyu", 7, 1, 3)],
)
def test_difficulty_is_kept_and_minimal_for_it(genre: str, side: int, seed: int, wanted: int) -> None:
    generated = made(genre, side, side, seed, wanted)
    _proved_unique(generated)
    assert generated.difficulty.level == wanted
    assert deduction(generated.puzzle).grade().level == wanted
    assert 1 <= generated.loops <= ATTEMPTS  # the retry path: test_difficulty_that_cannot_be_met_fails
    setter = SETTERS[genre]
    for cell in setter.clue_cells(generated.puzzle):
        fewer = setter.without(generated.puzzle, [cell])
        assert frontier.count(fewer) >= 2 or deduction(fewer).grade().level > wanted, cell


def test_seeds_reproduce() -> None:
    first = file_text(made("slitherlink", 5, 6, 1).puzzle)
    assert file_text(generate("slitherlink", 5, 6, seed=1).puzzle) == first
    assert file_text(made("slitherlink", 4, 4, 7).puzzle) != file_text(made("slitherlink", 4, 4, 8).puzzle)


def test_difficulty_that_cannot_be_met_fails(cli) -> None:
    """4×4 Masyu is always decided by the deduction: `search` cannot be met, and says so."""
    with pytest.raises(Unmet, match="graded search in 8 loops"):
        generate("masyu", 4, 4, seed=0, difficulty=level("search"))
    done = cli("generate", "--genre", "masyu", "--size", "4x4", "--difficulty", "search")
    assert done.exit_code == 1 and done.stdout == ""
    assert done.stderr.startswith("error: no masyu 4x4 puzzle graded search") and done.stderr.count("\n") == 1


def test_difficulty_names_and_numbers() -> None:
    assert [level(name) for name in ("easy", "Normal", "tricky", "hard", "deep", "search")] == [1, 2, 3, 4, 5, 6]
    assert level("3") == 3
    for bad in ("0", "7", "extreme", ""):
        with pytest.raises(ValueError):
            level(bad)


def test_stdout_parses_back(cli) -> None:
    done = cli(
        "generate", "--genre", "slitherlink", "--size", "5x6", "--seed", "1", "--symmetry", "none", "--zeros", "any"
    )
    assert done.exit_code == 0, done.stderr
    assert done.stdout == file_text(made("slitherlink", 5, 6, 1).puzzle)
    (puzzle,) = parse(done.stdout, "slitherlink")
    assert puzzle.grid == made("slitherlink", 5, 6, 1).puzzle.grid
    assert done.stderr.startswith("slitherlink-5x6-1.slither: ") and done.stderr.count("\n") == 1


def test_folder_for_batch(cli, tmp_path: Path) -> None:
    out = tmp_path / "made"
    done = cli("generate", "--genre", "masyu", "--size", "5x5", "--seed", "3", "--count", "2", "-o", str(out))
    assert done.exit_code == 0, done.stderr
    names = sorted(path.name for path in out.iterdir())
    assert names == ["masyu-5x5-3.masyu", "masyu-5x5-4.masyu"]
    assert done.stdout.count("\n") == 2
    assert (out / names[1]).read_text() == file_text(made("masyu", 5, 5, 4).puzzle)
    again = cli("generate", "--genre", "masyu", "--size", "5x5", "--seed", "4", "-o", str(out))
    assert again.exit_code == 2 and again.stderr.count("\n") == 1 and "not overwritten" in again.stderr
    solved = cli("batch", str(out), "--jobs", "1")
    assert solved.exit_code == 0, solved.stderr
    report = [json.loads(line) for line in (out / "loopsat-report.jsonl").read_text().splitlines()]
    assert sorted(entry["status"] for entry in report) == ["unique", "unique"]


@pytest.mark.parametrize(
    "options",
    [
        ["--size", "0x5"],
        ["--size", "1x1"],
        ["--size", "400x400"],
        ["--size", "five"],
        ["--size", "5x5", "--genre", "slink"],
        ["--size", "2x2", "--genre", "masyu"],  # under Masyu's MIN_SIDE: was exit 70
        ["--size", "5x5", "--difficulty", "9"],
        ["--size", "5x5", "--count", "2"],
        ["--size", "5x5", "--seed", "-1"],
    ],
)
def test_bad_options_are_one_line(cli, options: list[str]) -> None:
    args = ["generate", *options] if "--genre" in options else ["generate", "--genre", "slitherlink", *options]
    done = cli(*args)
    assert done.exit_code == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: "), done.stderr
    assert done.stdout == ""


def test_looks_ahead_answer_in_order_and_stop_when_closed() -> None:
    """The thread that looks ahead near held clues: its answers come in the clues' order, an
    error in it reaches the caller, and closing the generator ends the thread."""
    import threading
    import time
    from contextlib import closing

    from loopsat.workers import ahead

    cells = [(k, k) for k in range(50)]
    assert list(ahead(lambda cell: cell[0] % 3 == 0, cells)) == [k % 3 == 0 for k in range(50)]

    def failing(cell: tuple[int, int]) -> bool:
        if cell[0] == 2:
            raise ZeroDivisionError
        return False

    with pytest.raises(ZeroDivisionError):
        list(ahead(failing, cells))

    def slow(cell: tuple[int, int]) -> bool:
        time.sleep(0.01)
        return True

    with closing(ahead(slow, cells)) as answers:
        assert next(answers)
    deadline = time.monotonic() + 60  # a bound on a hang only: the thread ends at its next cell
    while any(t.name == "looks ahead" for t in threading.enumerate()) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not any(t.name == "looks ahead" for t in threading.enumerate())


def _needs(puzzle: Puzzle, cell: Point) -> bool:
    """Whether some loop breaks the clue's law: the puzzle without it has more loops (frontier DP)."""
    without = SETTERS[puzzle.genre].without(puzzle, [cell])
    return frontier.count(without) > frontier.count(puzzle)


def _dense_and_minimal(genre: str) -> tuple[Puzzle, Generated, list[Point]]:
    """The dense 5×6 board generate draws from seed 1, the minimal puzzle it makes of it, and the
    clues of the board that puzzle lacks."""
    import random

    from loopsat.setter.generate import JUDGE

    setter = SETTERS[genre]
    generated = made(genre, 5, 6, 1)
    dense, _ = dense_board(setter, 5, 6, random.Random(1), JUDGE)  # as generate draws it
    minimal = setter.clue_cells(generated.puzzle)
    return dense, generated, [cell for cell in setter.clue_cells(dense) if cell not in minimal]


@pytest.mark.parametrize("genre", sorted(SETTERS))
def test_minimal_leaves_every_clue_needed_and_the_looker_shows_only_needed_ones(genre: str) -> None:
    """`minimal` on a puzzle of extra clues (a minimal one plus half the other clues of its dense
    board), every clue held in a shuffled order: what it leaves has one loop and needs every
    clue. The `Looker`, shown every clue, says needed only of clues that are."""
    import random
    from contextlib import closing

    from loopsat.setter.board import Thinning
    from loopsat.setter.minimal import Looker, minimal

    setter = SETTERS[genre]
    dense, generated, extras = _dense_and_minimal(genre)
    puzzle = setter.without(dense, extras[1::2])
    board = Thinning(puzzle, generated.solution)
    held = setter.clue_cells(puzzle)
    random.Random(0).shuffle(held)
    with closing(Looker(board, wanted=True)) as looker:
        for cell in held:
            looker.look(puzzle, (cell,))
        shown = looker.shown()
    assert shown and all(_needs(puzzle, cell) for (cell,) in shown)
    thinned, unproved = minimal(puzzle, [(cell,) for cell in held], board)
    assert unproved == [] and frontier.count(thinned) == 1
    assert all(_needs(thinned, cell) for cell in setter.clue_cells(thinned))
    assert len(setter.clue_cells(thinned)) < len(held)


@pytest.mark.parametrize("nodes", [None, 0], ids=["backtracking", "cp-sat"])
def test_minimal_by_orbits_leaves_every_orbit_needed(monkeypatch: pytest.MonkeyPatch, nodes: int | None) -> None:
    """`minimal` on orbits of two clues, the looks near them switched off so that every orbit
    takes a proof (backtracking over the deduction first, or with no decisions allowed CP-SAT,
    every law of the orbit in one model): what it leaves has one loop and needs every orbit it
    kept (frontier DP)."""
    import loopsat.setter.minimal as proving
    from loopsat.setter.board import Thinning

    setter = SETTERS["slitherlink"]
    dense, generated, extras = _dense_and_minimal("slitherlink")
    puzzle = setter.without(dense, extras[1::2])
    cells = setter.clue_cells(puzzle)
    pairs = list(zip(cells[::2], cells[1::2], strict=False))
    monkeypatch.setattr(Thinning, "shown_needed", lambda *_args: False)
    if nodes is not None:
        monkeypatch.setattr(proving, "PROOF_NODES", nodes)
    thinned, unproved = proving.minimal(puzzle, pairs, Thinning(puzzle, generated.solution))
    assert unproved == [] and frontier.count(thinned) == 1
    kept = set(setter.clue_cells(thinned))
    assert len(kept) < len(cells)
    for pair in pairs:
        if set(pair) <= kept:
            assert frontier.count(setter.without(thinned, list(pair))) > 1, pair


@pytest.mark.parametrize("genre", sorted(SETTERS))
def test_proofs_begun_on_another_puzzle_answer_as_on_the_puzzle_itself(genre: str) -> None:
    """`Proofs` begins the next clue's proof on a guessed puzzle (as if the clue before went, or
    stayed). Its answer for the puzzle met in the end must be that puzzle's own. The puzzles: a
    minimal one plus one clue of its dense board (which can go), less one clue more or not."""
    import threading
    from contextlib import closing
    from itertools import product

    from loopsat.setter.board import Thinning
    from loopsat.setter.minimal import Proofs

    setter = SETTERS[genre]
    dense, generated, extras = _dense_and_minimal(genre)
    for extra in extras[:1]:
        puzzle = setter.without(dense, [cell for cell in extras if cell != extra])
        assert not _needs(puzzle, extra)
        with closing(Proofs(Thinning(puzzle, generated.solution))) as proofs:
            for other, done in product(setter.clue_cells(generated.puzzle), (False, True)):
                fewer = setter.without(puzzle, [other])
                proofs.begin((extra,), fewer)  # a loop found there may break `other`'s law
                if done:
                    proofs.begun[extra,].loop.exception()  # waits for the answer
                assert proofs.needed((extra,), puzzle) is False
                proofs.begin((extra,), puzzle)  # "no loop" there need not hold with fewer clues
                if done:
                    proofs.begun[extra,].loop.exception()
                assert proofs.needed((extra,), fewer) is _needs(fewer, extra)
            proofs.begin((extra,), puzzle)  # under way when closed: stopped
    assert not any(thread.name.startswith("proof") for thread in threading.enumerate())


def test_a_proof_out_of_time_is_none_on_every_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    """A proof out of time on the puzzle it was begun on answers None (the clue stays, not
    proved) for the puzzle met too, without another proof; one that answered is used."""
    import random
    from contextlib import closing

    import loopsat.setter.minimal as proving
    from loopsat.cpsat import TimedOut
    from loopsat.setter.board import Thinning
    from loopsat.setter.generate import JUDGE

    setter = SETTERS["masyu"]
    dense, solution = dense_board(setter, 5, 6, random.Random(7), JUDGE)
    first, second = setter.clue_cells(dense)[:2]
    made: list[Puzzle] = []
    prove = proving.loop_breaking

    def first_out_of_time(candidate: Puzzle, *rest: object) -> object:
        made.append(candidate)
        if len(made) == 1:
            raise TimedOut
        return prove(candidate, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(proving, "loop_breaking", first_out_of_time)
    with closing(proving.Proofs(Thinning(dense, solution))) as proofs:
        proofs.begin((second,), setter.without(dense, [first]))
        assert proofs.needed((second,), dense) is None
        proofs.begin((second,), dense)
        assert proofs.needed((second,), dense) is _needs(dense, second)
        assert len(made) == 2
