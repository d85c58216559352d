"""The setter: puzzles with exactly one solution, made from a seed (`loopsat generate`).

generate.py thins a genre's densely clued board (genres.SETTERS hand the hooks); board.py holds
the deductions near a clue that decide cheaply whether it can go; minimal.py proves the clues
thinning held; loopgen.py draws the loops the genres clue.
"""
