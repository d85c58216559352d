"""Solving a puzzle: the pipeline (deduce, then search or count), the certain edges, the frontier
counter, the explanation of a deduction and the check of a player's board."""
