"""How much memory a count may take: stop with a message before the kernel kills the process.

The budget is `--memory-limit` when given, else the LOOPSAT_MEMORY_LIMIT variable, else half of
the memory available when the count starts (the other half for the rest of the machine).
"""

from __future__ import annotations

import os
import re

ENV = "LOOPSAT_MEMORY_LIMIT"
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def parse_size(text: str) -> int:
    """Bytes from `800M`, `1.5G`, `2g` or a plain number of bytes; ValueError otherwise."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([kmgtKMGT]?)i?[bB]?\s*", text)
    if not found or float(found[1]) <= 0:
        raise ValueError(f"a memory size must be a positive number with an optional K, M, G or T, not {text!r}")
    return int(float(found[1]) * _UNITS[found[2].upper()])


def budget(explicit: int | None = None) -> int:
    """The bytes a count may use (ValueError for a malformed LOOPSAT_MEMORY_LIMIT)."""
    if explicit is not None:
        return explicit
    text = os.environ.get(ENV)
    if text:
        try:
            return parse_size(text)
        except ValueError as exc:
            raise ValueError(f"{ENV}: {exc}") from None
    return available() // 2


def available() -> int:
    """The memory the kernel says is available (MemAvailable), else the physical memory."""
    try:
        with open("/proc/meminfo") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return 8 * 2**30  # no way to ask: assume a small machine


def resident() -> int:
    """The bytes this process holds now (0 where /proc does not tell)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def give_back() -> None:
    """Hand the heap's free pages back to the system (glibc's malloc_trim; elsewhere nothing).
    Freed arrays below malloc's mmap threshold stay in the heap, counted in the process's
    memory: building an empty 16×16's plans leaves 48 MB so (132 MB peak, 84 after a trim)."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):
        pass


# glibc's M_MMAP_THRESHOLD, and the size it is pinned to (glibc's own starting value): blocks
# above it are mapped alone and unmapped when freed.
_M_MMAP_THRESHOLD = -3
_MMAP_ABOVE = 1 << 17


def map_large_blocks() -> None:
    """Pin glibc's mmap threshold (elsewhere nothing). Left alone, it rises past every block
    freed, so the planning's big temporary arrays come back from the heap, where they stay in
    the process's memory after a free: an empty 16×16's count peaked at 110 MB so, 96 pinned."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt(_M_MMAP_THRESHOLD, _MMAP_ABOVE)
    except (OSError, AttributeError):
        pass


def size(n: int) -> str:
    """Bytes as a short human size: `1.5 GB`, `820 MB`."""
    return f"{n / 2**30:.1f} GB" if n >= 2**30 else f"{n / 2**20:.0f} MB"
