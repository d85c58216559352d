"""One error type for every bad input, the refusals a caller can act on, and the exit statuses
users can rely on."""

from __future__ import annotations

import errno
from enum import IntEnum


class Exit(IntEnum):
    """Process exit statuses (docs/exit-status.md)."""

    SOLVED = 0
    NO_SOLUTION = 1
    BAD_INPUT = 2
    TIMED_OUT = 3
    INTERNAL = 70
    IO_ERROR = 74  # a write failed (full disk, `ulimit -f`, stdout closed): sysexits' EX_IOERR
    INTERRUPTED = 130  # Ctrl-C: the shell's 128 + SIGINT
    CLOSED_OUTPUT = 141  # the reader closed stdout (`| head -1`): 128 + SIGPIPE, as a C tool killed by it


def printable(text: str) -> str:
    """`text` (a path, a label) safe for one line of a terminal: control characters, line and
    paragraph separators and format characters (bidi overrides) show as escapes (`\\x1b`,
    `\\n`, `\\u202e`), a file name's undecodable byte as the byte (`\\xff`); the rest stays."""
    if text.isprintable():  # then none of _UNPRINTABLE's categories: unicodedata is not loaded
        return text
    import unicodedata

    return "".join(_escape(ch) if unicodedata.category(ch) in _UNPRINTABLE else ch for ch in text)


_UNPRINTABLE = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))


def data_set_label(path: str, index: int | None) -> str:
    """How messages and output name a puzzle: its file, with `#N` for data set N of several
    (which `loopsat.load` reads back as that data set alone)."""
    return printable(path if index is None else f"{path}#{index}")


def _escape(ch: str) -> str:
    if 0xDC80 <= ord(ch) <= 0xDCFF:  # os.fsdecode's surrogateescape of a byte that is no UTF-8
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return ascii(ch)[1:-1]


class PuzzleError(Exception):
    """Bad input, located so that an editor can jump to it: ``FILE:LINE:COL: error: message``.

    `index` is the data set it spoils in a file of several (a `.url` line, a `.slink` data set),
    None when it is the whole file's. `file` and `column` are the names the API documents;
    `path` and `col` the older ones, kept.
    """

    def __init__(self, path: str, line: int, col: int, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.line = line
        self.col = col
        self.message = message
        self.index = index

    def __reduce__(self) -> tuple[type[PuzzleError], tuple[str, int, int, str, int | None]]:
        """Pickled with every field (a batch or Dask worker sends it back): Exception's own
        pickle would call the class with the message alone."""
        return type(self), (self.path, self.line, self.col, self.message, self.index)

    @property
    def file(self) -> str:
        """The file (or URL, or game ID) the error is in."""
        return self.path

    @property
    def column(self) -> int:
        """The column, from 1."""
        return self.col

    @property
    def label(self) -> str:
        """The data set's name as output labels it (`FILE#N`), or the file's."""
        return data_set_label(self.path, self.index)

    def __str__(self) -> str:
        return f"{printable(self.path)}:{self.line}:{self.col}: error: {self.message}"


class OutputError(Exception):
    """A write that failed (exit status 74); the message names what was being written."""


def write_failed(exc: OSError) -> bool:
    """Whether an OSError is the medium's fault (a full disk, a quota, `ulimit -f`, an I/O
    error), exit 74, rather than the user's (a forbidden or missing path), exit 2."""
    return exc.errno in _MEDIUM


_MEDIUM = frozenset((errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EIO))


class VerificationError(Exception):
    """A solution that breaks a rule of its genre: a bug in loopsat, never the user's fault."""


class NotCountable(ValueError):
    """The frontier DP does not apply: rules that are not all tables, or a board too wide for it
    (a ValueError: to the API it is the argument `strategy="frontier"` that does not apply)."""


class Unmet(Exception):
    """No puzzle of the difficulty (or taste) asked: `generate` fails rather than hand back another."""
