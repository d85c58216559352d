"""Deduction before search: local rules propagated to a fixpoint, then failed-literal probing.

Every local rule is a table, the edge patterns one vertex (degree 0 or 2) or one clue allows; the
genre supplies its clue tables (`rules`). Two global rules join them: an edge that would close a
chain of loop edges into a cycle while other loop edges lie outside that chain is off, and the
faces are coloured inside/outside so that an edge is on exactly when its faces differ. Probing
sets an undecided edge on, then off, and propagates each: a branch that fails fixes the other
value, and what both branches agree on holds too. That is how a human solves Slitherlink (zeros,
adjacent and diagonal 3s, corners, degree, no premature loop are all instances) and Masyu.

Everything deduced holds in every single loop, so the search only gets the undecided part, and a
puzzle deduced completely has exactly one solution without any search.

Layout: `rules` (what a genre hands in, rule names), `chains` and `colours` (the two global
rules' bookkeeping, each with its own undo log), `board` (the propagator), `probe` (probing
and `deduce`).
"""

from loopsat.deduce.probe import deduce
from loopsat.deduce.rules import Rule, Rules, Step

__all__ = ["Rule", "Rules", "Step", "deduce"]
