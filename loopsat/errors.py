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


# C0 controls, DEL and C1 controls (0x9b is a one-byte CSI) as `\xNN`, newline as `\n`; the
# surrogate escapes that stand for a file name's undecodable bytes as the byte they replace.
_ESCAPES = {code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7F, 0xA0))}
_ESCAPES |= {ord("\n"): "\\n"}
_ESCAPES |= {code: f"\\x{code - 0xDC00:02x}" for code in range(0xDC80, 0xDD00)}


def printable(text: str) -> str:
    """`text` safe for a terminal, on one line: a file name can hold escape sequences and newlines."""
    return text.translate(_ESCAPES)
