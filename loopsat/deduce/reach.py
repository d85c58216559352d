"""A chooser for the backtracking (branch.loops) that also ends a branch whose loop is cut apart.

The propagator sees a loop close too early, but not a region walled off: a wrong turn that shuts
a chain end away from the rest fails only when the edges around it are all decided, many
decisions deeper. Here every few nodes a walk from one chain end over the open edges, and along
each chain it meets to that chain's far end, must reach every other chain end, else no single
loop can join them and the branch ends at once. (A chain's inner vertices have two loop edges:
the loop can only pass through it, end to end.)
"""

from __future__ import annotations

from loopsat.deduce.board import Board
from loopsat.deduce.branch import DEAD, Nearest

# The walk costs about as much as a node, so it runs at every CHECK_EVERY-th node. Of the 16
# hard Masyu 25×25 of bench/, the 7 whose proof after the deduction took over 1,000 decisions took
# (without the walk → with it every 3rd node) 3,734 → 1,838, 5,468 → 1,530, 1,910 → 522, 1,028 →
# 546, 5,310 → 3,126, 3,350 → 1,326, and one 1,262 → 1,558 (`python bench/branch_nodes.py`
# shows the nodes visited per chooser). With the chooser of today, the 15 that backtrack take
# 1,682, 1,802, 2,036 and 2,422 nodes in all at every 1st, 2nd, 3rd and 4th node; the walk along
# the chains (7.5 steps of the flood a walk, 46 over every edge not off) made every 2nd node
# the cheapest: the backtracking of 8 of them 1,554 M, 1,344 M and 1,391 M instructions at
# every 1st, 2nd and 3rd node (callgrind).
CHECK_EVERY = 2


class Reaching(Nearest):
    """`Nearest`, returning `branch.DEAD` at a node where some chain end cannot reach another
    over open edges and chains (checked at every CHECK_EVERY-th node)."""

    def __init__(self, board: Board) -> None:
        super().__init__(board, board.probe_sizes, learning=True)
        self.nodes = 0
        # The walk is a flood over the vertices as bits of one integer (vertex r * cols + c at
        # bit r * cols + c): a step moves every vertex reached at once along the open edges
        # east, west, south and north, a few operations on a 625-bit integer where a walk vertex
        # by vertex cost a Python loop each. The edges' values are read in C: packed as bytes
        # (-1 as 255), written "1" for open and "0" for decided, and cut into the rows of the
        # edges east and south of each vertex, which the lattice numbers row by row: row r's
        # cols - 1 edges east, then its cols edges south, from r * (2 * cols - 1)
        # (grid.lattice_rows). Read through an itemgetter edge by edge, the reading cost 1.5×.
        rows, self.cols = board.shape
        width = 2 * self.cols - 1
        self.east_rows = [slice(r * width, r * width + self.cols - 1) for r in range(rows)]
        self.south_rows = [slice(r * width + self.cols - 1, (r + 1) * width) for r in range(rows - 1)]
        from struct import Struct  # here, not at the top: a solve that never backtracks spares its import

        self.pack = Struct(f"{len(board.value)}b").pack

    def __call__(self, board: Board) -> int:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and self.cut_apart(board):
            return DEAD
        return super().__call__(board)

    def cut_apart(self, board: Board) -> bool:
        """Whether some chain end cannot reach the first one over open edges and chains (the
        flood stops once it has met them all). Along the chains, not over their loop edges: a
        flood over every edge not off took 46 steps a walk on the hard 25×25 where this takes
        7.5, the same answer on a propagated board (a chain's inner vertex has no open arm)."""
        degrees = bytes(board.chains.degree)
        if degrees.count(1) < 2:
            return False
        cols, far = self.cols, board.chains.far
        ends = int(degrees.translate(_ENDS)[::-1], 2)
        flags = self.pack(*board.value).translate(_OPEN)
        # (a vertex of the last column has no edge east: a "0" there, between the rows)
        east = int(b"0".join([flags[row] for row in self.east_rows])[::-1] or b"0", 2)
        south = int(b"".join([flags[row] for row in self.south_rows])[::-1] or b"0", 2)
        v = degrees.find(1)
        reached = 1 << v | 1 << far[v]
        while True:
            # east to the end of each run of open edges at once: a carry runs along the ones of
            # `east` from each vertex reached (a quarter fewer steps on the hard 25×25)
            grown = (((reached & east) + east) ^ east) | reached
            grown |= (grown >> 1) & east | (grown & south) << cols | (grown >> cols) & south
            met = grown & ends & ~reached
            while met:  # a chain end met: its chain leads to its far end
                v = met & -met
                grown |= 1 << far[v.bit_length() - 1]
                met ^= v
            if grown & ends == ends:
                return False
            if grown == reached:
                return True
            reached = grown


_ENDS = bytes.maketrans(bytes(range(3)), b"010")  # a vertex's degree: a chain end's (1) as "1"
_OPEN = bytes.maketrans(bytes((0, 1, 255)), b"001")  # an edge's value as a byte: open (-1) as "1"
