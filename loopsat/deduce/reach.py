"""A chooser for the backtracking (branch.loops) that also ends a branch whose loop is cut apart.

The propagator sees a loop close too early, but not a region walled off: a wrong turn that shuts
a chain end away from the rest fails only when the edges around it are all decided, many
decisions deeper. Here every few nodes a walk over the edges not off from one chain end must
reach every other one, else no single loop can join them and the branch ends at once.
"""

from __future__ import annotations

from loopsat.deduce.board import Board
from loopsat.deduce.branch import DEAD, Nearest

# The walk costs about as much as a few nodes, so it runs at every CHECK_EVERY-th node. Of the 16
# hard Masyu 25×25 of bench/, the 7 whose proof after the deduction took over 1,000 decisions took
# (without the walk → with it every 3rd node) 3,734 → 1,838, 5,468 → 1,530, 1,910 → 522, 1,028 →
# 546, 5,310 → 3,126, 3,350 → 1,326, and one 1,262 → 1,558; every 3rd node cost the least CPU in
# all of every 1st, 2nd, 3rd and none (in process, under load; `python bench/branch_nodes.py`
# shows the nodes visited per chooser).
CHECK_EVERY = 3


class Reaching(Nearest):
    """`Nearest`, returning `branch.DEAD` at a node where some chain end cannot reach another
    over edges that are not off (checked at every CHECK_EVERY-th node)."""

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        ends, arms = board.ends, board.arms
        # each vertex's (neighbour, edge) pairs
        self.around = [[(b if a == v else a, k) for k in arms[v] for a, b in (ends[k],)] for v in range(len(arms))]
        self.nodes = 0

    def __call__(self, board: Board) -> int:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and self.cut_apart(board):
            return DEAD
        return super().__call__(board)

    def cut_apart(self, board: Board) -> bool:
        """Whether some chain end cannot reach the first one over edges that are not off (the
        walk stops once it has met them all)."""
        degree = board.chains.degree
        left = degree.count(1) - 1  # the chain ends besides the first
        if left < 1:
            return False
        value, around = board.value, self.around
        start = degree.index(1)
        seen = bytearray(len(degree))
        seen[start] = 1
        todo = [start]
        while todo:
            for w, k in around[todo.pop()]:
                if value[k] and not seen[w]:  # on (1) or undecided (-1)
                    seen[w] = 1
                    if degree[w] == 1:
                        left -= 1
                        if not left:
                            return False
                    todo.append(w)
        return True
