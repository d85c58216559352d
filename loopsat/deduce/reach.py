"""A chooser for the backtracking (branch.loops) that also ends a branch whose loop is cut apart.

The propagator sees a loop close too early, but not a region walled off: a wrong turn that shuts
a chain end away from the rest fails only when the edges around it are all decided, many
decisions deeper. Here every few nodes a walk over the edges not off from one chain end must
reach every other one, else no single loop can join them and the branch ends at once.
"""

from __future__ import annotations

from operator import itemgetter

from loopsat.deduce.board import Board
from loopsat.deduce.branch import DEAD, Nearest

# The walk costs about as much as a few nodes, so it runs at every CHECK_EVERY-th node. Of the 16
# hard Masyu 25×25 of bench/, the 7 whose proof after the deduction took over 1,000 decisions took
# (without the walk → with it every 3rd node) 3,734 → 1,838, 5,468 → 1,530, 1,910 → 522, 1,028 →
# 546, 5,310 → 3,126, 3,350 → 1,326, and one 1,262 → 1,558; every 3rd node cost the least CPU in
# all of every 1st, 2nd, 3rd and none (in process, under load; `python bench/branch_nodes.py`
# shows the nodes visited per chooser). With the walk a flood of bits (a quarter of the cost), every
# 1st or 2nd node still visits more nodes, two of the boards then past pipeline.BRANCH_NODES.
CHECK_EVERY = 3


class Reaching(Nearest):
    """`Nearest`, returning `branch.DEAD` at a node where some chain end cannot reach another
    over edges that are not off (checked at every CHECK_EVERY-th node)."""

    def __init__(self, board: Board) -> None:
        super().__init__(board, board.probe_sizes)
        self.nodes = 0
        # The walk is a flood over the vertices as bits of one integer (vertex r * cols + c at
        # bit r * cols + c): a step moves every vertex reached at once along the edges not off
        # east, west, south and north, a few operations on a 625-bit integer where a walk vertex
        # by vertex cost a Python loop each; the edges' values are read in C, through `across`
        # and `down`, each an edge's index by the bit of its west or north vertex.
        rows, self.cols = board.shape
        vertices = rows * self.cols
        across, down = [0] * vertices, [0] * vertices
        self.across_mask = self.down_mask = 0  # the vertices with an edge east, south
        for k, (a, b) in enumerate(board.ends):
            a, b = min(a, b), max(a, b)
            if b == a + 1:
                across[a] = k
                self.across_mask |= 1 << a
            else:
                down[a] = k
                self.down_mask |= 1 << a
        # (one index more, masked off: an itemgetter of one index returns no tuple)
        self.across, self.down = itemgetter(*across, 0), itemgetter(*down, 0)

    def __call__(self, board: Board) -> int:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and self.cut_apart(board):
            return DEAD
        return super().__call__(board)

    def cut_apart(self, board: Board) -> bool:
        """Whether some chain end cannot reach the first one over edges that are not off (the
        flood stops once it has met them all)."""
        degree = board.chains.degree
        if degree.count(1) < 2:
            return False
        value, cols = board.value, self.cols
        ends = _bits(bytes(degree), _ENDS)
        east = _bits(bytes(map(abs, self.across(value))), _NOT_OFF) & self.across_mask  # on or open: 1
        south = _bits(bytes(map(abs, self.down(value))), _NOT_OFF) & self.down_mask
        reached = 1 << degree.index(1)
        while True:
            grown = reached | (reached & east) << 1 | (reached >> 1) & east | (reached & south) << cols
            grown |= (reached >> cols) & south
            if grown & ends == ends:
                return False
            if grown == reached:
                return True
            reached = grown


_ENDS = bytes.maketrans(bytes(range(3)), b"010")  # a vertex's degree: a chain end's (1) as "1"
_NOT_OFF = bytes.maketrans(bytes(range(2)), b"01")  # an edge's |value|: on or open (1) as "1"


def _bits(flags: bytes, digits: bytes) -> int:
    """The integer whose bit i is byte i of `flags` as `digits` writes it ("0" or "1")."""
    return int(flags.translate(digits)[::-1], 2)
