"""A chooser for the backtracking (branch.loops) that also ends a branch whose loop is cut apart.

The propagator sees a loop close too early, but not a region walled off: a wrong turn that shuts
a chain end away from the rest fails only when the edges around it are all decided, many
decisions deeper. Here every few nodes a walk over the edges not off from one chain end must
reach every other one, else no single loop can join them and the branch ends at once.
"""

from __future__ import annotations

from struct import Struct

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
        # by vertex cost a Python loop each. The edges' values are read in C: packed as bytes
        # (-1 as 255), written "1" for on or open and "0" for off, and cut into the rows of the
        # edges east and south of each vertex, which the lattice numbers row by row: row r's
        # cols - 1 edges east, then its cols edges south, from r * (2 * cols - 1)
        # (grid.lattice_rows). Read through an itemgetter edge by edge, the reading cost 1.5×.
        rows, self.cols = board.shape
        width = 2 * self.cols - 1
        self.east_rows = [slice(r * width, r * width + self.cols - 1) for r in range(rows)]
        self.south_rows = [slice(r * width + self.cols - 1, (r + 1) * width) for r in range(rows - 1)]
        self.pack = Struct(f"{len(board.value)}b").pack

    def __call__(self, board: Board) -> int:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and self.cut_apart(board):
            return DEAD
        return super().__call__(board)

    def cut_apart(self, board: Board) -> bool:
        """Whether some chain end cannot reach the first one over edges that are not off (the
        flood stops once it has met them all)."""
        degrees = bytes(board.chains.degree)
        if degrees.count(1) < 2:
            return False
        cols = self.cols
        ends = int(degrees.translate(_ENDS)[::-1], 2)
        flags = self.pack(*board.value).translate(_NOT_OFF)
        # (a vertex of the last column has no edge east: a "0" there, between the rows)
        east = int(b"0".join([flags[row] for row in self.east_rows])[::-1] or b"0", 2)
        south = int(b"".join([flags[row] for row in self.south_rows])[::-1] or b"0", 2)
        reached = 1 << degrees.find(1)
        while True:
            # east to the end of each run of edges not off at once: a carry runs along the ones
            # of `east` from each vertex reached (a fifth fewer steps on the hard 25×25)
            grown = (((reached & east) + east) ^ east) | reached
            grown |= (grown >> 1) & east | (grown & south) << cols | (grown >> cols) & south
            if grown & ends == ends:
                return False
            if grown == reached:
                return True
            reached = grown


_ENDS = bytes.maketrans(bytes(range(3)), b"010")  # a vertex's degree: a chain end's (1) as "1"
_NOT_OFF = bytes.maketrans(bytes((0, 1, 255)), b"011")  # an edge's value as a byte: on or open as "1"
