"""Bounds on what loopsat reads, so that no input can hang it or fill its memory.

Every reader goes through `read_input`: a file's size is checked before it is read, and at most
one byte more than the limit is ever read, so a link to /dev/zero or a 200 MB file is refused at
once. Boards are bounded by cells (`puzzle.check_cells`) while their rows are read.
"""

from __future__ import annotations

import os
import stat
import sys

from loopsat.errors import PuzzleError

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from pathlib import Path  # pathlib (with urllib.parse) is 10 M instructions of a small solve

# A 316×316 board (100,000 cells) peaks at 0.6 GB (Slitherlink) and 0.9 GB (Masyu) while its model
# is built (`/usr/bin/time -f %M loopsat solve --time-limit 30` on an empty board); a 1000×1000
# one took 4.8 GB and never answered.
MAX_CELLS = 100_000  # per puzzle
# `explain` keeps every step of the deduction: an empty Slitherlink peaked at 0.20 GB at 60×60,
# 0.61 GB at 120×120 and 0.93 GB at 150×150 (`/usr/bin/time -f %M loopsat explain`), about 38 KB
# a cell; 316×316 took 1.6-3.5 GB. 22,500 cells (150×150) is the 0.9 GB a solve at MAX_CELLS takes.
MAX_EXPLAIN_CELLS = 22_500
MAX_FILE_CELLS = 1_000_000  # per file of URLs or game IDs (one byte of those can stand for 26 cells)
# The largest file loopsat itself writes, a 30×30 `general` MCC export, is 0.5 MB (507,539 bytes,
# bench/mcc_read.py); 16 MiB holds any real puzzle file, 160 boards at the cell limit, or 20,000
# SLINK data sets, and bounds what a batch holds per file.
MAX_FILE_BYTES = 16 * 2**20

_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


def read_input(path: str | Path, *, regular_only: bool = False) -> bytes:
    """The bytes of a puzzle file (`-`: stdin) of at most MAX_FILE_BYTES, else a PuzzleError.

    `regular_only` (batch: files found by walking a folder) refuses anything but a regular file
    without reading it: a FIFO would block, a device might never end. The kind is checked
    before opening (opening a device can have effects) and again on the open file, in case the
    path changed in between. `solve` reads what it is given (`<(command)` is a pipe), bounded.
    """
    label = str(path)
    try:
        if label == "-":
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            if regular_only:
                _check_regular(os.stat(path).st_mode, label)
            descriptor = os.open(path, os.O_RDONLY | os.O_NOCTTY | (os.O_NONBLOCK if regular_only else 0))
            with open(descriptor, "rb") as file:
                info = os.fstat(descriptor)
                if regular_only:
                    _check_regular(info.st_mode, label)
                if info.st_size > MAX_FILE_BYTES:  # devices and pipes say 0: the bounded read stops them
                    raise _too_big(label)
                data = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise PuzzleError(label, 1, 1, f"cannot read the file ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE_BYTES:
        raise _too_big(label)
    return data


def _too_big(label: str) -> PuzzleError:
    return PuzzleError(label, 1, 1, f"the file is larger than loopsat reads ({MAX_FILE_BYTES // 2**20} MiB)")


def _check_regular(mode: int, label: str) -> None:
    if not stat.S_ISREG(mode):
        kind = _KINDS.get(stat.S_IFMT(mode))
        raise PuzzleError(label, 1, 1, f"{kind}, not a regular file" if kind else "not a regular file")
