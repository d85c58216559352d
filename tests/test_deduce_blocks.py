"""A board set up from its clues' blocks kept for its lattice size (deduce/blocks.py) is the board
worked out from nothing: same rules in the same order, same watches, guards and face parities,
whatever boards of that size (and of other levels) came before and changed their own lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopsat.deduce import blocks
from loopsat.deduce import board as board_module
from loopsat.deduce.board import Board
from loopsat.deduce.rules import Level
from loopsat.deduce.run import setup
from loopsat.genres import read_puzzles

DATA = Path(__file__).parent / "data" / "deduce"
FILES = ("tatham-hard-20x20-a.slither", "tatham-tricky-12x12.masyu")


def _board(name: str, max_level: Level) -> Board:
    """The board with what it puts off until Deep pushed too (`Layout.push_later`)."""
    path = DATA / name
    edges, rules, tables = setup(read_puzzles(str(path), path.read_bytes(), None)[0])
    board = Board(edges, tables, True, None, rules.levels, max_level)
    board.push_later()
    return board


def _shown(board: Board) -> dict[str, object]:
    """What a board's propagation reads of its set-up."""
    return {
        "rules": [(scope, table.allowed) for scope, table in board.rules],
        "read": [reader(list(range(len(board.value)))) for reader in board.readers],
        "names": board.rule_names,
        "levels": board.rule_levels,
        "named levels": board.levels,
        "clues": (board.vertex_rules, board.clue_rules),
        "watch": board.watch,
        "lanes": sorted(board.lane_watch.items()),
        "lane order": list(board.lane_watch),
        "guards": board.guard_of,
        "parities": (board.parities, board.parity_queue, sorted(board.parity_stale), board.face_parities),
        "queue": board.queue,
    }


@pytest.mark.parametrize("name", FILES)
def test_a_board_from_kept_blocks_is_the_board_worked_out(name: str) -> None:
    levels = (Level.SEARCH, Level.EASY, Level.HARD, Level.SEARCH)
    board_module._bare_board.cache_clear()  # nothing of the lattice known yet
    fresh = []
    for max_level in levels:
        fresh.append(_shown(_board(name, max_level)))
        board_module._bare_board.cache_clear()
    for max_level in levels:  # the first keeps nothing, the second its blocks, the next copy them
        for _ in range(2):
            earlier = _board(name, max_level)
            earlier.value[0] = 1  # a board changes its own lists, never what the next copies
            earlier.watch[0].append(-1)
            for by_edge in earlier.lane_watch.values():
                by_edge[0].append(-1)
            assert _shown(_board(name, max_level)) == fresh[levels.index(max_level)]
    assert fresh[0] != fresh[1]  # the levels set up other boards (else this shows nothing)


def test_joins_are_moved_only_onto_edges_of_their_kind() -> None:
    """Two rules whose edges lie alike from their first one, that first edge across a row in one
    and down a column in the other: the second's joins are its own, not the first's moved."""
    from loopsat.deduce.rules import LOOPY_LEVELS, Rule
    from loopsat.grid import lattice_edges

    both_on = frozenset({(1, 1)})
    rules = [Rule(((4, 5), (5, 6)), both_on, "turn"), Rule(((5, 4), (6, 5)), both_on, "turn")]
    board_module._bare_board.cache_clear()
    board = Board(list(lattice_edges(6, 6)), rules, True, None, LOOPY_LEVELS)
    for number in range(board.vertex_rules, board.clue_rules):
        scope, table = board.rules[number]
        shown, worked = blocks.moved_joins(board, scope, table), blocks.worked_out_joins(board, scope, table)
        assert [join[0] for join in shown] == [join[0] for join in worked]


@pytest.mark.parametrize("rows", [1, 2, 3, 6])
def test_each_vertex_and_face_has_its_edges_in_order(rows: int) -> None:
    """A bare lattice's arms (zipped a row at a time) are the edges whose ends name the vertex,
    in their order: the vertex rules' scopes, and so the order their moves are made in; and so
    are each face's edges, the edges beside it."""
    for cols in (1, 2, 3, 7):
        bare = Board.__new__(Board)
        bare._lay(rows, cols)
        arms: list[list[int]] = [[] for _ in range(rows * cols)]
        for k, (a, b) in enumerate(bare.ends):
            arms[a].append(k)
            arms[b].append(k)
        assert bare.arms == [tuple(edges) for edges in arms]
        assert [scope for scope, _ in bare.rules] == [tuple(edges) for edges in arms if edges]
        sides: list[list[int]] = [[] for _ in bare.colours.leader]
        for k, (f, g) in enumerate(bare.edge_faces):
            sides[f].append(k)
            sides[g].append(k)
        assert [list(edges) for edges in bare.colours.face_edges] == sides
        # each vertex's sides of the lattice (a row's pattern repeated), read as its coordinates say
        places = [divmod(v, cols) for v in range(rows * cols)]
        assert bare.sides == [(r == 0) + 2 * (r == rows - 1) + 4 * (c == 0) + 8 * (c == cols - 1) for r, c in places]


@pytest.mark.parametrize("name", FILES)
def test_corner_rules_read_the_joins_worked_out(name: str) -> None:
    """The corner rules a board pushes (moved from the first clue of each shape: the clue's own
    scope, then the vertex's arms outside it) read the edges working each join out gives."""
    from loopsat.deduce.rules import AT_A_CORNER, ONE_SHORT

    board = _board(name, Level.SEARCH)
    names = board.rule_names
    corners = [n for n, rule in enumerate(names) if rule.endswith(AT_A_CORNER) and not rule.endswith(ONE_SHORT)]
    worked = []
    for number in range(board.vertex_rules, board.clue_rules):
        scope, table = board.rules[number]
        for joint, compiled, outside, _, _ in blocks.worked_out_joins(board, scope, table):
            assert joint == scope + outside
            if compiled is not None:
                worked.append(joint)
    assert [board.rules[number][0] for number in corners] == worked and worked
    lattice = board.lattice
    assert [board.readers[number](lattice) for number in corners] == [tuple(lattice[k] for k in j) for j in worked]


@pytest.mark.parametrize("name", FILES)
def test_joins_without_their_one_short_tables_make_the_same_board(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clue whose level has no one-short rules (a Masyu circle) works out its joins without
    them: the board is the one set up with every join's one-short table worked out."""
    levels = (Level.SEARCH, Level.EASY)
    board_module._bare_board.cache_clear()
    lean = [_shown(_board(name, max_level)) for max_level in levels]
    shape_joins = blocks.shape_joins
    monkeypatch.setattr(blocks, "shape_joins", lambda layout, scope, table, _=True: shape_joins(layout, scope, table))
    board_module._bare_board.cache_clear()
    assert [_shown(_board(name, max_level)) for max_level in levels] == lean


def test_a_clue_that_would_push_no_corner_rule_is_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 0s and 1s over a cell that `corners._pushes_nothing` passes over: each board is the
    one set up with every clue's corners asked (`push_corners`), 1s and 0s at the border and
    in the corners of the board too (a hand-made 4×4, and Tatham's games)."""
    from loopsat.deduce import corners

    skipped = []
    real = corners._pushes_nothing

    def counted(block: blocks.Block, plan: corners.Plan) -> bool:
        skipped.append(real(block, plan))
        return skipped[-1]

    games = [
        "4x4:1b1a0f1b1",
        *(DATA / "tatham-generated.url").read_text().split()[:4],
        "4x4:1b0a1d1a0b1",
    ]
    for game in games:
        for max_level in (Level.EASY, Level.HARD, Level.SEARCH):
            board_module._bare_board.cache_clear()
            edges, rules, tables = setup(read_puzzles("game.url", game.encode(), None)[0])
            monkeypatch.setattr(corners, "_pushes_nothing", counted)
            shown = _shown(Board(edges, tables, True, None, rules.levels, max_level))
            monkeypatch.setattr(corners, "_pushes_nothing", lambda *_: False)
            board_module._bare_board.cache_clear()
            assert shown == _shown(Board(edges, tables, True, None, rules.levels, max_level)), (game, max_level)
    assert True in skipped and False in skipped
