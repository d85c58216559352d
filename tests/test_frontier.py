"""Exact counts by frontier DP against Knuth's goldens, OEIS A140517, a brute force and CP-SAT."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from goldens import counts, golden_dirs, golden_puzzle
from hypothesis import given, settings
from hypothesis import strategies as st
from referees import random_boards

from loopsat.errors import VerificationError
from loopsat.genres import GENRES
from loopsat.puzzle import Puzzle
from loopsat.solver import frontier
from loopsat.solver.frontier import NotCountable, OverBudget, count, layout, residues, step, sweep
from loopsat.verify import verify

COUNTABLE = golden_dirs(("slither_", "slink_", "masyu_"))
# A140517: cycles in the grid graph of an n×n board's (n+1)×(n+1) corners, from n = 0 on (OEIS);
# the suite counts up to n = 11, the bench (bench/count.py) one more.
A140517 = tuple(
    int(line)
    for line in (Path(__file__).parent / "data" / "oeis" / "A140517.txt").read_text().splitlines()
    if not line.startswith("#")
)[:12]


def board(genre: str, rows: int, cols: int, fill: str = ".") -> Puzzle:
    return Puzzle(genre, "board", tuple(fill * cols for _ in range(rows)))


def brute_force(puzzle: Puzzle) -> tuple[int, int]:
    """(single loops, disjoint loops): every edge set with all degrees 0 or 2, judged by `verify`.

    Edges go in the order of their later end, so a vertex is checked as soon as its last edge is
    decided; that only skips sets the verifier would reject for a degree.
    """
    rows, cols = (puzzle.rows, puzzle.cols) if puzzle.genre == "masyu" else (puzzle.rows + 1, puzzle.cols + 1)
    edges = [((i, j), (i, j + 1)) for i in range(rows) for j in range(cols - 1)]
    edges += [((i, j), (i + 1, j)) for i in range(rows - 1) for j in range(cols)]
    edges.sort(key=lambda edge: edge[1])
    last = {vertex: k for k, edge in enumerate(edges) for vertex in edge}
    degree = dict.fromkeys(last, 0)
    chosen: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    found = [0, 0]

    def judge() -> None:
        h = ["".join("1" if ((i, j), (i, j + 1)) in chosen else "0" for j in range(cols - 1)) for i in range(rows)]
        v = ["".join("1" if ((i, j), (i + 1, j)) in chosen else "0" for j in range(cols)) for i in range(rows - 1)]
        for slot, single_loop in enumerate((True, False)):
            try:
                verify(puzzle, h, v, single_loop=single_loop)
                found[slot] += 1
            except VerificationError:
                pass

    def extend(k: int) -> None:
        if k == len(edges):
            judge()
            return
        a, b = edges[k]
        for on in (False, True):
            if on:
                chosen.add(edges[k])
                degree[a] += 1
                degree[b] += 1
            if all(degree[x] <= 2 and (last[x] != k or degree[x] in (0, 2)) for x in (a, b)):
                extend(k + 1)
            if on:
                chosen.discard(edges[k])
                degree[a] -= 1
                degree[b] -= 1

    extend(0)
    return found[0], found[1]


SLITHERLINK_BOARDS = random_boards("slitherlink", 3, 4, "......0123" + "4")
MASYU_BOARDS = random_boards("masyu", 4, 4, "..........01")


@pytest.mark.parametrize("folder", COUNTABLE, ids=[f.name for f in COUNTABLE])
def test_goldens(folder: Path) -> None:
    puzzle, expected = golden_puzzle(folder), counts(folder)
    assert count(puzzle) == expected["single_loop_solutions"]
    assert count(puzzle, single_loop=False) == expected["dlx3_solutions"]


def test_every_golden_but_superclues_is_covered() -> None:
    assert {f.name for f in COUNTABLE} | {f.name for f in golden_dirs(("super_",))} == {
        f.name for f in golden_dirs(("",))
    }


@pytest.mark.parametrize("folder", golden_dirs(("super_",)), ids=lambda f: f.name)
def test_superclue_letters_are_not_countable(folder: Path) -> None:
    with pytest.raises(NotCountable, match="letters"):
        count(golden_puzzle(folder))


@pytest.mark.parametrize("n", range(1, len(A140517)))
def test_empty_boards_count_the_cycles_of_the_grid_graph(n: int) -> None:
    assert count(board("slitherlink", n, n)) == A140517[n]
    assert count(board("masyu", n + 1, n + 1)) == A140517[n]  # the same lattice, cell centres


def test_empty_5x5_counts_of_the_issue() -> None:
    """DLX3 lists 5,735,478 disjoint-loop solutions of the empty 5×5 board (the empty one included)."""
    assert count(board("slitherlink", 5, 5)) == 1222363
    assert count(board("slitherlink", 5, 5), single_loop=False) == 5735478


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 5), (2, 7), (4, 3)])
def test_empty_rectangles_match_the_brute_force(rows: int, cols: int) -> None:
    for genre in ("slitherlink", "masyu"):
        puzzle = board(genre, rows, cols)
        assert (count(puzzle), count(puzzle, single_loop=False)) == brute_force(puzzle)


@settings(max_examples=60, deadline=None)
@given(SLITHERLINK_BOARDS)
def test_slitherlink_matches_the_brute_force(puzzle: Puzzle) -> None:
    assert (count(puzzle), count(puzzle, single_loop=False)) == brute_force(puzzle)


@settings(max_examples=60, deadline=None)
@given(MASYU_BOARDS)
def test_masyu_matches_the_brute_force(puzzle: Puzzle) -> None:
    assert (count(puzzle), count(puzzle, single_loop=False)) == brute_force(puzzle)


@settings(max_examples=12, deadline=None)
@given(st.one_of(random_boards("slitherlink", 3, 3, "....0123"), random_boards("masyu", 4, 4, "....01")))
def test_cpsat_enumeration_agrees(puzzle: Puzzle) -> None:
    from loopsat.solver.pipeline import solve

    for single_loop in (True, False):
        searched = solve(puzzle, mode="count", single_loop=single_loop, strategy="lazy")
        assert count(puzzle, single_loop=single_loop) == searched.count


def test_transposed_board_counts_the_same() -> None:
    grid = ("2...", ".3..", "..1.")
    flipped = tuple("".join(row[j] for row in grid) for j in range(4))
    for single_loop in (True, False):
        a = count(Puzzle("slitherlink", "a", grid), single_loop=single_loop)
        assert a == count(Puzzle("slitherlink", "b", flipped), single_loop=single_loop)


def test_long_narrow_boards_count_the_same_across_and_down() -> None:
    """A 2×16 board is swept across its 3 corners and a 16×2 one too, transposed first."""
    for genre, short, long in (("slitherlink", 2, 16), ("masyu", 3, 17)):
        for single_loop in (True, False):
            across = count(board(genre, short, long), single_loop=single_loop)
            assert across == count(board(genre, long, short), single_loop=single_loop) > 0


SMALL_PRIMES = (251, 241, 239, 233, 229, 227, 223, 211, 199, 197, 193, 191, 181, 179, 173, 167, 163, 157)


@settings(max_examples=30, deadline=None)
@given(st.one_of(SLITHERLINK_BOARDS, MASYU_BOARDS))
def test_keys_of_several_words_and_counts_of_many_residues_match_the_brute_force(puzzle: Puzzle) -> None:
    """Tiny words, primes and direct look-ups: on small boards the DP takes the paths that only
    wide, clued boards need with the real sizes (keys of several words, counts that need several
    residues, parts by np.unique)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(layout, "WORD", 10)  # the arms of a 4-vertex frontier: every memo bit beyond
        patch.setattr(residues, "primes", lambda how_many: SMALL_PRIMES[:how_many])
        patch.setattr(sweep, "_HEADROOM_BITS", 100)  # primes from the start, and more as counts grow
        patch.setattr(step, "DIRECT_PART_BITS", 4)  # any memo bit read goes by np.unique
        found = (count(puzzle), count(puzzle, single_loop=False))
    assert found == brute_force(puzzle)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 2**400), min_size=1, max_size=20), st.integers(1, 12))
def test_a_new_modulus_takes_every_count_over(values: list[int], how_many: int) -> None:
    """Garner's digits give each count modulo a new prime from its residues alone, while the
    counts are below the product of the moduli they have."""
    import numpy as np

    mods = (residues.WRAP, *residues.primes(how_many))
    values = [v % math.prod(mods) for v in values]
    counts = np.array([[v % m for v in values] for m in mods], np.uint64)
    prime = residues.primes(how_many + 1)[-1]
    assert residues._prime(prime) and prime < 2**32 and prime not in mods
    extended = residues.extend(counts, mods, prime)
    assert extended[-1].tolist() == [v % prime for v in values]
    assert residues.combine([int(r) for r in extended[:, 0]], (*mods, prime)) == values[0]


def test_a_count_past_one_modulus_needs_the_next() -> None:
    """The empty 10×10's count passes 2⁶⁴: right with the primes the bound asks for, wrong with
    2⁶⁴ alone (the test can fail)."""
    assert A140517[10] > 2**64
    sorted_keys = sweep.Sweep(layout.Frontier(11, 11, [], True), 2**40, None)  # as a clued board
    assert sorted_keys.run() == A140517[10]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sweep, "_HEADROOM_BITS", -1000)  # never a prime
        assert sweep.Sweep(layout.Frontier(11, 11, [], True), 2**40, None).run() != A140517[10]
    assert residues.combine([A140517[10] % m for m in (2**64, 7, 11)], (2**64, 7, 11)) == A140517[10] % (2**64 * 77)


def test_the_dp_takes_every_law_from_the_genre() -> None:
    """No genre is named in the DP: lattice and rules come from `tile_shape` and `rules`."""
    source = "".join(path.read_text() for path in Path(frontier.__file__).parent.glob("*.py"))
    assert not [name for name in GENRES if f'"{name}"' in source or f"'{name}'" in source]


def test_genres_without_a_table_for_every_clue_are_not_countable() -> None:
    with pytest.raises(NotCountable, match="every clue"):
        count(Puzzle("mcc", "items", ("..", "..")))


@settings(max_examples=40, deadline=None)
@given(st.one_of(random_boards("slitherlink", 5, 9, "..........0123"), random_boards("masyu", 6, 9, "............01")))
def test_a_board_and_its_transpose_count_the_same(puzzle: Puzzle) -> None:
    """Sweeping across or down the same board: the tables, Masyu's reaching two edges out and off
    the board, turn with it."""
    flipped = Puzzle(puzzle.genre, "flipped", tuple("".join(column) for column in zip(*puzzle.grid, strict=True)))
    for single_loop in (True, False):
        assert count(puzzle, single_loop=single_loop) == count(flipped, single_loop=single_loop)


def test_too_wide_is_refused_before_any_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sweep, "Sweep", None)  # any work would fail on this
    side = frontier.MAX_WIDTH
    with pytest.raises(NotCountable, match="too wide"):
        count(board("slitherlink", side, 60))
    with pytest.raises(NotCountable, match="too wide"):
        count(board("masyu", 60, side + 1))
    with pytest.raises(NotCountable, match="genre"):
        count(board("sudoku", 2, 2))


def test_boards_at_the_width_limit_are_counted() -> None:
    side = frontier.MAX_WIDTH
    zeros = board("slitherlink", side - 1, 30, "0")  # only the empty edge set
    assert (count(zeros), count(zeros, single_loop=False)) == (0, 1)
    corner = Puzzle("masyu", "corner", ("0" + "." * (side - 1), *board("masyu", 29, side).grid))
    assert count(corner, single_loop=False) == 0  # a white circle cannot go straight in a corner


def test_ladders() -> None:
    """A 2×k lattice has one cycle per pair of its k rungs."""
    assert count(board("slitherlink", 1, 40)) == 41 * 40 // 2
    assert count(board("masyu", 30, 2)) == 30 * 29 // 2


# States per step of the DP before states were indexed and counts became residues (the module as
# it was, run on these boards): the canonical forms are the same, so the same states merge.
STATES_BEFORE = {
    ("slitherlink", (".....",) * 5, True): (
        "1 2 4 8 16 32 32 64 64 72 84 100 50 100 100 100 102 102 51 102 102 102 102 102 51 102 102 102 102 102 51 "
        "51 21 9 4 2"
    ),
    ("slitherlink", ("..3...1", ".2.2.1.", "3...0..", ".23....", "2......", "..1...3"), True): (
        "1 2 4 6 8 16 24 24 48 48 24 34 30 36 33 53 22 32 26 28 42 28 28 28 42 30 46 41 38 76 68 16 16 20 20 10 "
        "20 15 10 20 34 40 20 30 20 40 68 76 67 41 41 41 19 8 3 1"
    ),
    ("slitherlink", ("..3...1", ".2.2.1.", "3...0..", ".23....", "2......", "..1...3"), False): (
        "1 2 4 6 8 16 24 24 48 48 24 36 33 34 34 54 24 24 20 20 30 20 20 30 46 30 42 39 36 72 64 16 16 16 16 8 "
        "16 12 8 16 28 32 16 24 16 32 56 64 48 32 32 32 16 8 4 1"
    ),
    ("masyu", (".......", ".......", "00...1.", "....0..", "...0...", ".10....", "1......"), True): (
        "1 2 4 8 16 32 64 64 64 112 200 248 288 346 212 88 88 176 125 53 48 48 56 10 20 15 15 7 6 6 6 6 6 12 19 "
        "13 13 3 3 6 10 12 6 6 6 6 3 2 1"
    ),
}


@pytest.mark.parametrize(("genre", "grid", "single_loop"), list(STATES_BEFORE))
def test_the_states_are_the_ones_of_the_dp_before(genre: str, grid: tuple[str, ...], single_loop: bool) -> None:
    heard: list[str] = []
    if set("".join(grid)) == {"."}:  # an empty board as the sorted sweep takes it (else dense.py)
        sweep.Sweep(layout.Frontier(len(grid) + 1, len(grid[0]) + 1, [], single_loop), 2**40, heard.append).run()
    else:
        count(Puzzle(genre, "b", grid), single_loop=single_loop, progress=heard.append, lookahead=False)
    states = [re.fullmatch(r"row \d+/\d+, column \d+/\d+: ([\d,]+) states", line) for line in heard]
    assert " ".join(found[1].replace(",", "") for found in states if found) == STATES_BEFORE[genre, grid, single_loop]


def test_a_count_past_its_memory_budget_stops_before_it_grows() -> None:
    clued = Puzzle("slitherlink", "b", (*board("slitherlink", 8, 9).grid, "........3"))  # sorted keys
    with pytest.raises(OverBudget, match=r"budget of 1 MB \(1 state at row 1, column 1 .* holding .*--memory-limit"):
        count(clued, memory=2**20)  # less than the process holds already
    with pytest.MonkeyPatch.context() as patch, pytest.raises(OverBudget) as stopped:
        patch.setattr(sweep, "resident", lambda: 2**20)  # what other tests left is no matter here
        count(clued, memory=2**20 + 2**17)  # 128 KB for the states (4,376 at most): it stops on the way
    states = re.search(r"\(([\d,]+) states at row (\d+)", str(stopped.value))
    assert states is not None and int(states[1].replace(",", "")) > 1000 and int(states[2]) > 1
    assert count(board("slitherlink", 4, 4), memory=2**40) == A140517[4]


def test_ladder_counts_of_many_primes_stay_exact() -> None:
    """Disjoint loops of a 2×k ladder are sets of rectangles between rungs that share no rung:
    k = 1000 rungs give about 2⁶³⁵, primes added one after another all along the sweep."""
    rungs = 1000
    ways = [1]  # ways[k]: the sets of rectangles on the first k rungs
    below = 0  # ways[0] + ... + ways[k - 2]: a rectangle ending at rung k starts after them
    for k in range(1, rungs + 1):
        ways.append(ways[k - 1] + below)
        below += ways[k - 1]
    assert ways[rungs] > 2**600
    assert count(board("slitherlink", 1, rungs - 1), single_loop=False) == ways[rungs]


def test_empty_rows_reuse_their_transitions_and_count_the_same() -> None:
    """An empty board's later rows meet the states of the row before: their transitions are
    reused, and the counts are those of a sweep that reuses none."""
    found = {}
    for share in (0.25, 0.0):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(sweep, "_CACHE_SHARE", share)
            for single_loop in (True, False):
                run = sweep.Sweep(layout.Frontier(8, 7, [], single_loop), 2**30, None)
                found[share, single_loop] = run.run(), run.steps_reused
    assert found[0.25, True][0] == found[0.0, True][0] == count(board("slitherlink", 7, 6))
    assert found[0.25, False][0] == found[0.0, False][0] == count(board("slitherlink", 7, 6), single_loop=False)
    assert found[0.25, True][1] > 10 and found[0.25, False][1] > 10 and found[0.0, True][1] == 0
