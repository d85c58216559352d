"""Bounds on what loopsat reads, so that no input can hang it or fill its memory."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from loopsat.errors import PuzzleError

# The largest file loopsat itself writes, a 31×31 `general` MCC export, is about 0.6 MB
# (`loopsat export --variant general` of a 30×30 board: 507,539 bytes, bench/mcc_read.py);
# 16 MiB leaves room for any real puzzle file and bounds what a batch holds per file.
MAX_FILE_BYTES = 16 * 1024 * 1024

_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


def read_regular(path: Path) -> bytes:
    """The bytes of a regular file (through symbolic links) of at most MAX_FILE_BYTES.

    Anything else is a PuzzleError and is never read: a FIFO would block, /dev/zero would
    never end. The kind is checked before opening (opening a device can have effects) and
    again on the open file, in case the path changed in between.
    """
    label = str(path)
    try:
        _check_regular(os.stat(path).st_mode, label)
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        with open(descriptor, "rb") as file:
            _check_regular(os.fstat(descriptor).st_mode, label)
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise PuzzleError(label, 1, 1, f"cannot read the file ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleError(label, 1, 1, f"larger than {MAX_FILE_BYTES // 1024 // 1024} MiB: not a puzzle file")
    return data


def _check_regular(mode: int, label: str) -> None:
    if not stat.S_ISREG(mode):
        kind = _KINDS.get(stat.S_IFMT(mode))
        raise PuzzleError(label, 1, 1, f"{kind}, not a regular file" if kind else "not a regular file")
