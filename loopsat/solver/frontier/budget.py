"""How much memory a count may take: stop with a message before the kernel kills the process.

The budget is `--memory-limit` when given, else the LOOPSAT_MEMORY_LIMIT variable, else half of
the memory available when the count starts (the other half for the rest of the machine).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

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


@cache
def _libc() -> Any:
    """glibc, loaded once (finding it runs a subprocess); None where there is no C library."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    return libc


def give_back() -> None:
    """Hand the heap's free pages back to the system (glibc's malloc_trim; elsewhere nothing).
    Freed arrays below malloc's mmap threshold stay in the heap, counted in the process's
    memory: building an empty 16×16's plans leaves 48 MB so (132 MB peak, 84 after a trim)."""
    libc = _libc()
    if libc is not None and hasattr(libc, "malloc_trim"):
        libc.malloc_trim(0)


# glibc's M_TRIM_THRESHOLD and M_MMAP_THRESHOLD, and glibc's own starting value of both: blocks
# above the second are mapped alone and unmapped when freed; free heap above the first goes back.
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_GLIBC_START = 1 << 17
# While a sorted sweep runs, large blocks come from the heap up to the largest threshold a C int
# holds, and the heap is never trimmed (-1): every step allocates its arrays anew, and mapped
# afresh, or given back and taken again, each costs a page fault every 4 KB (2 MB with huge
# pages, and their compaction). A clued 14×14 (bench/count/clued-14x14-30.slither, two runs):
# 0.38-0.48 s of system time so, 0.11-0.21 kept in the heap, user time no higher, peak 191 MB
# against 193. Four arrays of 1.2 GB in turn: 2.93 s of system time with both thresholds at 1
# GB, 0.09 s so (the clued 20×20 to its first step past 10 GB: 16 s of system time in 50 CPU-s
# before, 12 in 45 after).
_KEEP_BELOW = (1 << 31) - 1
_NEVER = -1


def _mallopt(option: int, value: int) -> None:
    """glibc's mallopt (elsewhere nothing)."""
    libc = _libc()
    if libc is not None and hasattr(libc, "mallopt"):
        libc.mallopt(option, value)


def map_large_blocks() -> None:
    """Pin glibc's mmap threshold at its starting value. Left alone, it rises past every block
    freed, so the planning's big temporary arrays come back from the heap, where they stay in
    the process's memory after a free: an empty 16×16's count peaked at 110 MB so, 96 pinned."""
    _mallopt(_M_MMAP_THRESHOLD, _GLIBC_START)


@contextmanager
def heap_kept() -> Iterator[None]:
    """Large blocks from the heap and kept there when freed, for the next step to reuse, while
    the block runs; then glibc's starting thresholds again and the free pages handed back."""
    _mallopt(_M_MMAP_THRESHOLD, _KEEP_BELOW)
    _mallopt(_M_TRIM_THRESHOLD, _NEVER)
    try:
        yield
    finally:
        _mallopt(_M_MMAP_THRESHOLD, _GLIBC_START)
        _mallopt(_M_TRIM_THRESHOLD, _GLIBC_START)
        give_back()


def size(n: int) -> str:
    """Bytes as a short human size: `1.5 GB`, `820 MB`."""
    return f"{n / 2**30:.1f} GB" if n >= 2**30 else f"{n / 2**20:.0f} MB"
