"""Dense indices for the single-loop states of a board without clues: Motzkin words.

With no rule to remember, a state is only its word over the n arms crossing the sweep line:
0 (off), `(` and `)` (path ends, matched like brackets). Such words are Motzkin words, and the
words of n letters that split as a prefix of k letters ending at depth d and a suffix of n - k
letters from depth d down to 0 are a product: every such state has a place in a 2-D block per
depth d, rows the prefixes, columns the suffixes. Prefixes are ordered by their last letter
first (0, `(`, `)`), suffixes by their first, so that the states whose two arms at the sweep
position are given fill a rectangle of that block, and moving one letter from suffix to prefix
re-cuts rectangles into rectangles (dense.py). The rest here are the index maps the two joins
of path ends and the row end need, built once per width.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Index = npt.NDArray[np.int32]

DEPTH = (0, 1, -1)  # what each letter (0, `(`, `)`) does to the depth


class Words:
    """Sizes and index maps of the prefixes and suffixes of the Motzkin words of n letters."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.table = _sizes(n)
        self._memo: dict[tuple[str, int, int, int], Index] = {}  # the join maps built so far

    def size(self, length: int, depth: int) -> int:
        """Prefixes of `length` letters from depth 0 ending at `depth` (never below 0), which
        are as many as the suffixes from `depth` down to 0 (mirror a word and swap its brackets)."""
        if length < 0 or depth < 0 or depth > length:
            return 0
        return self.table[length][depth]

    def suffix_at(self, length: int, depth: int, letter: int) -> int:
        """Where the suffixes starting with `letter` start among those of `length` from `depth`."""
        return sum(self.size(length - 1, depth + DEPTH[a]) for a in range(letter))

    def window_at(self, length: int, depth: int, first: int, second: int) -> int:
        """Where the suffixes starting with `first`, `second` start among those of `length`."""
        return self.suffix_at(length, depth, first) + self.suffix_at(length - 1, depth + DEPTH[first], second)

    def prefix_at(self, length: int, depth: int, letter: int) -> int:
        """Where the prefixes ending with `letter` start among those of `length` at `depth`."""
        return sum(self.size(length - 1, depth - DEPTH[a]) for a in range(letter))

    def opened(self, length: int, start: int, level: int) -> Index:
        """Suffixes from `start` → the same with their first `)` down to `level` turned into `(`
        (from `start` - 2): the new left end of two paths joined at their `(` `(` ends."""
        import numpy as np

        known = self._memo.get(("opened", length, start, level))
        if known is not None:
            return known
        if not self.size(length, start):
            return np.zeros(0, np.int32)
        parts = [
            self.suffix_at(length, start - 2, 0) + self.opened(length - 1, start, level),
            self.suffix_at(length, start - 2, 1) + self.opened(length - 1, start + 1, level),
        ]
        if start - 1 == level:
            parts.append(
                self.suffix_at(length, start - 2, 1) + np.arange(self.size(length - 1, start - 1), dtype=np.int32)
            )
        else:
            parts.append(self.suffix_at(length, start - 2, 2) + self.opened(length - 1, start - 1, level))
        found = self._memo[("opened", length, start, level)] = np.concatenate(parts)
        return found

    def closed(self, length: int, depth: int, level: int) -> Index:
        """Prefixes at `depth` → the same with their last `(` up to `level` turned into `)` (at
        `depth` - 2): the new right end of two paths joined at their `)` `)` ends."""
        import numpy as np

        known = self._memo.get(("closed", length, depth, level))
        if known is not None:
            return known
        if not self.size(length, depth):
            return np.zeros(0, np.int32)
        parts = [self.prefix_at(length, depth - 2, 0) + self.closed(length - 1, depth, level)]
        if depth == level:
            parts.append(
                self.prefix_at(length, depth - 2, 2) + np.arange(self.size(length - 1, depth - 1), dtype=np.int32)
            )
        else:
            parts.append(self.prefix_at(length, depth - 2, 1) + self.closed(length - 1, depth - 1, level))
        parts.append(self.prefix_at(length, depth - 2, 2) + self.closed(length - 1, depth + 1, level))
        found = self._memo[("closed", length, depth, level)] = np.concatenate(parts)
        return found

    def forget(self, col: int | None = None) -> None:
        """Drop the maps that the plans of the columns after `col` no longer need (None: all):
        those of prefixes shorter than `col`, of suffixes longer than what follows it."""
        for key in list(self._memo):
            kind, length = key[0], key[1]
            if col is None or (length < col if kind == "closed" else length > self.n - col - 3):
                del self._memo[key]

    def row_end(self) -> Index:
        """The whole words of n - 1 letters in prefix order → their place in suffix order: at a
        row's end the last arm (off) leaves and an off arm enters in front."""
        import numpy as np

        length = self.n - 1
        ranks = {0: np.zeros(1, np.int32)}  # per depth: the suffix-order rank so far of each prefix
        for k in range(length):
            rest = length - k - 1  # letters after the one added now
            grown = {}
            for depth in range(min(k + 1, rest) + 1):
                parts = []
                for letter in range(3):
                    before = depth - DEPTH[letter]
                    if before in ranks:
                        ahead = sum(self.size(rest, before + DEPTH[a]) for a in range(letter))
                        parts.append(ranks[before] + ahead)
                if parts:
                    grown[depth] = np.concatenate(parts)
            ranks = grown
        return ranks[0]


def _sizes(n: int) -> tuple[tuple[int, ...], ...]:
    """table[m][d]: the walks of m steps (level, up, down) from depth 0 to d never below 0."""
    table = [tuple(1 if d == 0 else 0 for d in range(n + 1))]
    for _ in range(n):
        last = table[-1]
        table.append(tuple(last[d] + (last[d - 1] if d else 0) + (last[d + 1] if d < n else 0) for d in range(n + 1)))
    return tuple(table)
