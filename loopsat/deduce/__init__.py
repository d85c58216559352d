"""Deduction before search: local rules propagated to a fixpoint, then failed-literal probing.

Every local rule is a table, the edge patterns one vertex (degree 0 or 2) or one clue allows; the
genre supplies its clue tables (`rules`), and each is also joined with each vertex at its
corners. Two global rules join them: an edge that would close a chain of loop edges into a
cycle while other loop edges lie outside that chain (or clues unmet) is off, and the faces are coloured
inside/outside (union-find with parity), so that an edge is on exactly when its faces differ and
a clue's number fixes the parity of its neighbours' colours. Probing sets an undecided edge on,
then off, and propagates each: a branch that fails fixes the other value, what both branches
agree on holds too, and edges that follow the probed one both ways relate their faces; a local
probe does so without the face parity inside. It decides every Hard Loopy and Tricky Pearl of
bench/ completely.

Everything deduced holds in every single loop, so the search only gets the undecided part, and a
puzzle deduced completely has exactly one solution without any search. Each step is made by a
named rule of a level (`rules.Level`), cheapest first, so the trail is the grade.

Layout: `rules` (what a genre hands in, rule names and levels), `tables` (a rule's patterns as
bit masks), `chains` and `colours` (the two global rules' bookkeeping, each undoable), `layout`
(the lattice and its tables), `board` (the propagator) and `queues` (its two loops), `pairs`
(Tatham's reasoning about pairs of lines, his Normal to Hard, with `tricky` his Tricky's facts
from a clue and across a dot, `relations` his Hard's lines equal or opposite, `faces` where its
pairs sit, `dots` and `cells` what each level reads at a
dot or a clue's cell, tabled by its edges' values, and `turns` what waits for each level),
`probe` (probing, level by level, and `deduce` over edges and tables), `branch` (a small
backtracking search), `run` (`puzzle`, the entry point every caller uses, and the grade read
off its trail).
"""

from loopsat.deduce.probe import deduce
from loopsat.deduce.rules import GRADES, Level, Rule, Rules, Step
from loopsat.deduce.run import Deduction, Difficulty, loop, puzzle, searched

__all__ = [
    "GRADES",
    "Deduction",
    "Difficulty",
    "Level",
    "Rule",
    "Rules",
    "Step",
    "deduce",
    "loop",
    "puzzle",
    "searched",
]
