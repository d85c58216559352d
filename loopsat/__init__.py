"""loopsat: grid loop puzzles as Knuth's exact-cover problems, solved with CP-SAT."""

__version__ = "0.1.0"
