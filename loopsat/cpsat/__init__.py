"""The CP-SAT backend: ExactCover → CP-SAT model → loops.

`translate` writes the cover into a CpModelProto (`proto`: no cp_model, so no pandas), or
`tabled` writes the deduction's own tables there;
`encodings` adds the loop condition (`Disjoint`, `LazyCuts` or `Circuit`); `search` solves,
cuts, blocks or enumerates; `stream` runs each CP-SAT search in a worker thread, so that Ctrl-C
and alarms reach the caller and a `Stopper` can stop it from another thread. The caller picks
the condition and how to list solutions.
"""

from loopsat.cpsat.encodings import Circuit, Disjoint, LazyCuts, LoopCondition
from loopsat.cpsat.search import Search, TimedOut
from loopsat.cpsat.stream import Stopper
from loopsat.cpsat.tabled import Tabled

__all__ = ["Circuit", "Disjoint", "LazyCuts", "LoopCondition", "Search", "Stopper", "Tabled", "TimedOut"]
