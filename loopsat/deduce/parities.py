"""The face parities outside probes, beside the board (deduce/board.py): those waiting read last
first until one decides an edge, the merges of colour classes queued for them, and one read by
class (inside probes `queues.run_one_queue` reads them as they come)."""

from __future__ import annotations

from loopsat.deduce.rules import PARITY, Contradiction

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.board import Board
    from loopsat.deduce.layout import Deferred


def run_parities(board: Board, deferred: list[Deferred]) -> None:
    """The parities waiting, last first, outside probes, until one decides an edge (or defers
    one to `deferred`, its level's): one that was read since its faces' classes last changed
    is passed (it would decide nothing, as a rule read since its batch's stamp). The merges
    are queued (`parities_queued`) before each pop only where some wait: a call each pop,
    most of them of a parity queued twice, cost Masyu 40×58 001 1.1 % of its fresh
    `solve --json` (callgrind: 28 800 pops, 24 400 of them passed)."""
    queue, stale, assigned, merged = board.parity_queue, board.parity_stale, board.assigned, board.parity_merged
    decided = len(assigned)
    while True:
        if merged:
            parities_queued(board)
        if not queue or len(assigned) != decided or deferred:
            return
        number = queue.pop()
        if number in stale:
            stale.remove(number)
            check_parity(board, number)


def parities_queued(board: Board) -> bool:
    """Whether parities wait outside probes, those over the faces of the classes `Board.relate`
    merged (`Board.parity_merged`) queued first, in the order they merged."""
    merged = board.parity_merged
    if merged:
        face_parities, queue, stale = board.face_parities, board.parity_queue, board.parity_stale
        members = board.colours.members
        for p in merged:
            for h in members[p]:
                queue.extend(face_parities[h])
                stale.update(face_parities[h])
        merged.clear()
    return bool(board.parity_queue)


def check_parity(board: Board, number: int) -> None:
    """A parity over faces, by class: classes met an even number of times cancel, and the
    outside's class has a known colour; one class left gets its colour, two get their relation."""
    faces, total, scope = board.parities[number]
    leader, flip = board.colours.leader, board.colours.flip
    odd: list[int] = []
    for f in faces:
        total ^= flip[f]
        ell = leader[f]
        if ell in odd:
            odd.remove(ell)
        else:
            odd.append(ell)
    outside = leader[0]
    if outside in odd:  # its colour is flip[0]: the outside face's own is 0
        odd.remove(outside)
        total ^= flip[0]
        odd.append(0)  # and stands for face 0 itself, whose colour is 0
    if not odd:
        if total:
            raise Contradiction
    elif len(odd) == 1:
        board.relate(odd[0], 0, total, PARITY, scope)
    elif len(odd) == 2:
        board.relate(odd[0], odd[1], total, PARITY, scope)
