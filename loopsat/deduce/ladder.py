"""The level ladder's rare steps beside `queues.run_by_level`'s hot loop: the faces joined and the
later corner rules pushed when the ladder first reaches their level, and a lane checked once every
edge is decided."""

from __future__ import annotations

from loopsat.deduce.blocks import LATER
from loopsat.deduce.rules import PARITY, Contradiction, Level

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.board import Board
    from loopsat.deduce.layout import Batch


def join_faces(board: Board) -> None:
    """The ladder reaches the face parity's level for the first time, the board still open: the
    faces of every edge decided so far are joined now, in the order the edges came, as
    `Board._edge_consequences` would have joined them one by one. Below that level nothing reads
    the colours: what a join decides waits for this level (`Board.relate`), and the parities
    over the faces too. So the classes, the edges they decide (less those decided since, which
    would have waited as no-ops), and the merges queued for the parities are what they would
    have been; only a clash surfaces here rather than at its edge. A board decided below the level
    never joins a face (every Slitherlink set of bench/ grades Hard: 20×20 and 30×30 0.91× and
    0.87×, `python bench/warm_solve.py --vs MAIN_TREE`)."""
    board.faces_waiting = False
    board.parity_on = board.faces and board.parity_allowed
    if not board.parity_on:
        return
    value, edge_faces, colours, relate = board.value, board.edge_faces, board.colours, board.relate
    leader, flip = colours.leader, colours.flip
    for k in board.assigned[: board.done]:
        f, g = edge_faces[k]
        if leader[f] != leader[g]:
            relate(f, g, value[k], PARITY, (k,))
        elif flip[f] ^ flip[g] != value[k]:
            raise Contradiction


def reach_later(board: Board) -> None:
    """The deduction reaches `LATER` for the first time, the board still open: the corner rules
    and face parities of that level are pushed now (`Layout.push_later`; the parities wait, as
    they did from the start, none read yet), and the level's lane made what it would have been
    had the rules been there from the start (the same trail): every rule of the level in the
    first batch, then each decided edge's batch, in the order the edges came. None was read yet
    (the lane was not), so the edges' batches need no stamp of their own. A board decided
    before it never pushes them: the lane would only be checked (`check_decided`, which passes
    the corners), the parities cleared."""
    rules = board.push_later()
    if not rules and LATER not in board.lane_watch:  # (its clue rules' lane is made there too)
        return
    board.read_at += [-1] * len(rules)
    guards = board.guards  # (pushed now: `Layout._queue_unguarded`)
    board.guard_of += [guards.get(rule) for rule in rules]
    board.guards = {}
    if board.codes is not None:  # none of this level is read by a code (`Board.code_at`)
        board.code_at += [None] * len(rules)
        board.code_moves += [[]] * len(rules)  # (never read)
    if board.queue:  # not handed to the lanes yet (`run_by_level`'s first call): they wait with every rule
        board.queue.extend(rules)
        return
    # The first batch's stamp is 1 (a board's first call, at tick 0, hands the lanes the queue at
    # tick 1), the edges' at most the board's tick: as they were, to every reading.
    levels, tick, watching = board.rule_levels, board.tick, board.lane_watch[LATER]
    first = [rule for rule in range(board.vertex_rules, rules.start) if levels[rule] == LATER]
    first += rules
    lane = board.lanes[LATER] = [(1, first, len(first))]
    for k in board.assigned[: board.done]:
        here = watching[k]
        if here:
            lane.append((tick, here, len(here)))


def check_decided(board: Board, lane: list[Batch], level: Level) -> None:
    """A lane's rules, every edge decided: none can decide an edge, and only one the edges break
    can object (Contradiction). A clue joined with a vertex (the rules from `clue_rules` on) is
    broken only where the clue's own table or the vertex's is, which are read, so the joins
    are passed: a 60×60 read 6 400 of them after its last edge. The level's clue tables are read
    whether they wait or not, so the lane's 7 000 batches are dropped unread."""
    lane.clear()
    value, readers, tables, levels = board.value, board.readers, board.rule_tables, board.rule_levels
    for rule in range(board.vertex_rules, board.clue_rules):
        if levels[rule] == level and tables[rule].forced(readers[rule](value)) is None:
            raise Contradiction
