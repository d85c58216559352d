"""One error type for every bad input, and the exit statuses users can rely on."""

from __future__ import annotations

from enum import IntEnum


class Exit(IntEnum):
    """Process exit statuses (SPEC §5)."""

    SOLVED = 0
    NO_SOLUTION = 1
    BAD_INPUT = 2
    TIMED_OUT = 3
    INTERNAL = 70
    INTERRUPTED = 130  # Ctrl-C: the shell's 128 + SIGINT


class PuzzleError(Exception):
    """Bad input, located so that an editor can jump to it: ``FILE:LINE:COL: error: message``."""

    def __init__(self, path: str, line: int, col: int, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.line = line
        self.col = col
        self.message = message

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: error: {self.message}"


class VerificationError(Exception):
    """A solution that breaks a rule of its genre: a bug in loopsat, never the user's fault."""
