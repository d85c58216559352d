"""One error type for every bad input, and the exit statuses users can rely on."""

from __future__ import annotations

import unicodedata
from enum import IntEnum


class Exit(IntEnum):
    """Process exit statuses (docs/exit-status.md)."""

    SOLVED = 0
    NO_SOLUTION = 1
    BAD_INPUT = 2
    TIMED_OUT = 3
    INTERNAL = 70
    INTERRUPTED = 130  # Ctrl-C: the shell's 128 + SIGINT


def printable(text: str) -> str:
    """`text` (a path, a label) safe for one line of a terminal: control characters, line and
    paragraph separators and format characters (bidi overrides) show as escapes (`\\x1b`,
    `\\n`, `\\u202e`), a file name's undecodable byte as the byte (`\\xff`); the rest stays."""
    return "".join(_escape(ch) if unicodedata.category(ch) in _UNPRINTABLE else ch for ch in text)


_UNPRINTABLE = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))


def _escape(ch: str) -> str:
    if 0xDC80 <= ord(ch) <= 0xDCFF:  # os.fsdecode's surrogateescape of a byte that is no UTF-8
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return ascii(ch)[1:-1]


class PuzzleError(Exception):
    """Bad input, located so that an editor can jump to it: ``FILE:LINE:COL: error: message``."""

    def __init__(self, path: str, line: int, col: int, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.line = line
        self.col = col
        self.message = message

    def __str__(self) -> str:
        return f"{printable(self.path)}:{self.line}:{self.col}: error: {self.message}"


class VerificationError(Exception):
    """A solution that breaks a rule of its genre: a bug in loopsat, never the user's fault."""
