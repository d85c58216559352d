"""The deduction's backtracking (`find_loop`), edges given up front, and the circuit contracted
over the deduced chains: each against the brute force's loops on small random boards."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referees import random_boards, verified_loops

from loopsat.cpsat import Circuit, Search
from loopsat.deduce import Rule, deduce, searched
from loopsat.deduce.branch import find_loop
from loopsat.genres import GENRES
from loopsat.grid import lattice_edges
from loopsat.puzzle import Puzzle

BOARDS = random_boards("slitherlink", 3, 4, "....0123", min_side=2) | random_boards(
    "masyu", 4, 4, "........01", min_side=2
)


@settings(max_examples=60, deadline=None)
@given(BOARDS)
def test_find_loop_finds_a_loop_exactly_when_there_is_one(puzzle: Puzzle) -> None:
    genre = GENRES[puzzle.genre]
    tables = genre.rules(puzzle).for_deduction()
    loops = verified_loops(puzzle)
    found = find_loop(lattice_edges(*genre.tile_shape(puzzle)), tables, nodes=10**6)
    assert (found is None) == (not loops)
    assert found is None or found in loops


@settings(max_examples=40, deadline=None)
@given(BOARDS)
def test_edges_given_up_front_deduce_as_one_edge_tables_do(puzzle: Puzzle) -> None:
    genre = GENRES[puzzle.genre]
    edges = list(lattice_edges(*genre.tile_shape(puzzle)))
    tables = genre.rules(puzzle).for_deduction()
    for loop in sorted(verified_loops(puzzle), key=sorted)[:2]:
        some = {edge: edge in loop for edge in edges[::3]}
        units = [Rule((edge,), frozenset({(int(on),)})) for edge, on in some.items()]
        assert deduce(edges, tables, given=some) == deduce(edges, tables + units)


@settings(max_examples=40, deadline=None)
@given(BOARDS)
def test_the_circuit_over_deduced_chains_lists_each_loop_once(puzzle: Puzzle) -> None:
    """With the deduction's edges fixed the circuit spans only the undecided vertices, each chain
    of deduced loop edges one arc pair: one CP-SAT enumeration still gives every loop once."""
    genre = GENRES[puzzle.genre]
    cover = genre.cover(puzzle)
    modelled = list(cover.edges.values())
    tables = genre.rules(puzzle).for_deduction()
    fixed = deduce(modelled, tables)
    loops = verified_loops(puzzle)
    if fixed is None:
        assert not loops
        return
    search = Search(cover.agreeing(fixed), Circuit(), fixed=fixed)
    listed = list(search.stream())
    assert len(listed) == len(set(listed)) == len(loops)
    assert set(listed) == loops


@settings(max_examples=40, deadline=None)
@given(BOARDS, st.tuples(st.integers(0, 8), st.integers(0, 8)))
def test_probing_nearest_a_focus_first_holds_in_every_loop(puzzle: Puzzle, focus: tuple[int, int]) -> None:
    genre = GENRES[puzzle.genre]
    edges = list(lattice_edges(*genre.tile_shape(puzzle)))
    tables = genre.rules(puzzle).for_deduction()
    loops = verified_loops(puzzle)
    for fixed in (deduce(edges, tables, focus=focus), deduce(edges, tables)):
        if fixed is None:
            assert not loops
            continue
        assert all((edge in loop) == on for loop in loops for edge, on in fixed.items())


def test_the_fixpoint_does_not_depend_on_the_probing_order() -> None:
    """Found by hypothesis when full probes ran alone: probing from the corner first decided
    (4, 7), row-major order never re-probed it. With local probes to their fixpoint first (the
    deduction's levels) both orders agree here, and a minute of random 2-4 × 2-5 boards found no
    other case; an edge is still probed again only when its last probe's reach changed, so the
    fixpoint may depend on the order in principle."""
    puzzle = Puzzle("slitherlink", "random", ("....", "..21", ".3.."), {}, ())
    genre = GENRES[puzzle.genre]
    edges = list(lattice_edges(*genre.tile_shape(puzzle)))
    tables = genre.rules(puzzle).for_deduction()
    assert deduce(edges, tables, focus=(0, 0)) == deduce(edges, tables)


@pytest.mark.parametrize("walk", [False, True])
@settings(max_examples=30, deadline=None)
@given(BOARDS)
def test_backtracking_after_the_deduction_finds_every_loop(walk: bool, puzzle: Puzzle) -> None:
    """solve()'s uniqueness proof where the deduction leaves edges open (deduce.searched), with
    and without the walk that ends walled-off branches (deduce.reach)."""
    loops = set(verified_loops(puzzle))
    deduction, found = searched(puzzle, limit=len(loops) + 1, nodes=10**6, walk=walk)
    if deduction.fixed is None or deduction.complete:
        assert found is None
        assert loops == ({deduction.loop} if deduction.complete and deduction.loop else set())
    else:
        assert found is not None and len(found) == len(set(found)) and set(found) == loops


def test_backtracking_stops_at_its_limit_and_its_budget() -> None:
    from loopsat.genres import masyu

    puzzle = masyu.parse(b"......\n......\n..1...\n......\n......\n", "t.masyu")[0]  # many loops
    deduction, found = searched(puzzle, limit=3, nodes=10**6)
    assert deduction.fixed is not None and found is not None and len(set(found)) == 3
    assert searched(puzzle, limit=3, nodes=2)[1] is None


def test_the_budget_may_follow_what_the_deduction_decided() -> None:
    from loopsat.genres import masyu

    puzzle = masyu.parse(b"......\n......\n..1...\n......\n......\n", "t.masyu")[0]
    heard: list[int] = []

    def budget(decided: int) -> int:
        heard.append(decided)
        return 2

    deduction, found = searched(puzzle, limit=3, nodes=budget)
    assert deduction.fixed is not None and heard == [len(deduction.fixed)] and found is None
    assert searched(puzzle, limit=3, nodes=lambda decided: 10**6)[1] is not None


def test_backtracking_is_not_tried_beyond_its_open_edges() -> None:
    from loopsat.genres import masyu

    puzzle = masyu.parse(b"......\n......\n..1...\n......\n......\n", "t.masyu")[0]
    deduction, found = searched(puzzle, limit=3, nodes=10**6, most_open=10**6)
    assert deduction.fixed is not None and found is not None
    still_open = len(deduction.edges) - len(deduction.fixed)
    assert searched(puzzle, limit=3, nodes=10**6, most_open=still_open)[1] is not None
    assert searched(puzzle, limit=3, nodes=10**6, most_open=still_open - 1)[1] is None


def test_a_chain_end_walled_off_ends_the_branch() -> None:
    from loopsat.deduce.board import Board
    from loopsat.deduce.reach import Reaching

    board = Board(list(lattice_edges(3, 5)), [], True)  # 3 × 5 cells, the loop through their centres

    def put(edge: tuple[int, int], bit: int) -> None:  # no propagation: only what the walk reads
        k = board.index[edge]
        board.value[k] = bit
        if bit:
            board.chains.add(k, *board.ends[k])

    put((0, 1), 1)  # a chain at each top corner
    put((0, 7), 1)
    reaching = Reaching(board)
    assert not reaching.cut_apart(board)
    put((0, 3), 0)  # walls between columns 1 and 2...
    put((2, 3), 0)
    assert not reaching.cut_apart(board)  # ...but for the bottom row
    put((4, 3), 0)
    assert reaching.cut_apart(board)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 5),
    st.integers(2, 6),
    st.randoms(use_true_random=False),
)
def test_the_walk_and_the_choice_as_a_search_vertex_by_vertex(rows: int, cols: int, rng: Random) -> None:
    from loopsat.deduce.board import Board
    from loopsat.deduce.branch import Nearest
    from loopsat.deduce.reach import Reaching

    board = Board(list(lattice_edges(rows, cols)), [], True)
    board.value[:] = [rng.choice((-1, 0, 1)) for _ in board.value]  # only what the walk reads
    chains = board.chains
    degree, far = chains.degree, chains.far
    for k, (a, b) in enumerate(board.ends):  # chains of the loop edges, none closed
        if board.value[k] == 1:
            if degree[a] == 2 or degree[b] == 2 or (far[a] if degree[a] else a) == b:
                board.value[k] = 0
            else:
                chains.add(k, a, b)
    ends = [v for v, d in enumerate(degree) if d == 1]
    seen = {ends[0], far[ends[0]]} if ends else set()
    todo = list(seen)
    while todo:  # the brute force: a search over the open edges, and along each chain
        v = todo.pop()
        steps = [sum(board.ends[k]) - v for k in board.arms[v] if board.value[k] < 0]
        for w in steps + ([far[v]] if degree[v] == 1 else []):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    assert Reaching(board).cut_apart(board) == (len(ends) > 1 and not seen.issuperset(ends))
    nearest = Nearest(board)  # the chooser's pick: an open arm at a chain end with fewest open
    pick = nearest(board)
    counts = {v: sum(board.value[k] < 0 for k in board.arms[v]) for v in ends}
    if any(counts.values()):
        fewest = min(c for c in counts.values() if c)
        assert any(pick in board.arms[v] and counts[v] == fewest for v in ends)
    else:
        assert pick == (board.value.index(-1) if -1 in board.value else -1)
