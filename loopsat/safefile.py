"""Writing files so that no planted link and no crash destroys one.

Every file loopsat writes goes through here. A file is first written whole into a private
temporary file beside its target (`tempfile.mkstemp`: a random name created with O_EXCL, so no
link planted in advance can be written through), then renamed onto the target, which is never
opened: a link at the target is replaced or refused, never followed, and a kill leaves the old
file or the new one, never half of one. `append` and `lock` open an existing file with
O_NOFOLLOW and refuse anything but a regular file.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

LINK = "a symbolic link, not followed"  # why open_regular refuses a path
NOT_REGULAR = "not a regular file"


class Refused(OSError):
    """A path loopsat will not write: a link, a folder, a device, or a file it must not replace."""

    def __init__(self, path: str | Path, why: str) -> None:
        super().__init__(errno.EEXIST, why, str(path))


def write_file(path: str | Path, data: bytes, *, replace: bool) -> None:
    """`data` into the file `path`, whole or not at all, and durable when this returns.

    `replace` False: the file must not exist (anything at `path`, even a dangling link, is a
    Refused). True: a regular file there is replaced (its entry: a hard link elsewhere keeps the
    old content); a link or anything else there is refused. OSError when writing fails.
    """
    target = Path(path)
    if replace:
        _check_replaceable(target)
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        try:
            os.fchmod(fd, 0o666 & ~_umask())  # mkstemp's 0600 is for the draft, not the result
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if replace:
            os.replace(temporary, target)
        else:
            _link_new(temporary, target)
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)
    sync_folder(target.parent)


def write_all(fd: int, data: bytes) -> None:
    """All of `data` to `fd`: a short write (a full disk, `ulimit -f`) goes on until it raises."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def append(path: str | Path) -> int:
    """A descriptor appending to the regular file `path` (created if absent), never through a link."""
    return open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)


def lock_file(path: str | Path) -> int:
    """A descriptor of the lock file `path` (created if absent, 0600, never through a link), for
    `fcntl.flock`; the file stays, as a lock file must (removing it would race another taker)."""
    return open_regular(path, os.O_RDWR | os.O_CREAT, 0o600)


def sync_folder(folder: Path) -> None:
    """Make a new directory entry durable too (POSIX); where a folder cannot be synced, skip it."""
    try:
        fd = os.open(folder or ".", os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def open_regular(path: str | Path, flags: int, mode: int = 0o666) -> int:
    """A descriptor of the regular file `path` (blocking), never through a link; Refused, with
    LINK or NOT_REGULAR as its strerror, otherwise."""
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY, mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise Refused(path, LINK) from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO opened without blocking, a device
        os.close(fd)
        raise Refused(path, NOT_REGULAR)
    os.set_blocking(fd, True)
    return fd


def _check_replaceable(target: Path) -> None:
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise Refused(target, "a symbolic link, not followed")
    if not stat.S_ISREG(mode):
        raise Refused(target, "not a regular file")


def _link_new(temporary: str, target: Path) -> None:
    """Give the written file its name only if the name is free: link() never replaces an entry."""
    try:
        os.link(temporary, target, follow_symlinks=False)
    except FileExistsError:
        raise Refused(target, "the file exists, not overwritten") from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOSYS):
            raise
        if os.path.lexists(target):  # a file system without hard links: check, then rename
            raise Refused(target, "the file exists, not overwritten") from None
        os.rename(temporary, target)


def _umask() -> int:
    mask = os.umask(0o022)  # read by setting: restored at once (loopsat's other threads make no files)
    os.umask(mask)
    return mask
