"""What one vertex of the indexed sweep does, planned once per column as views into buffers.

Before the vertex at `col`, a state is its prefix (the arms left of the vertex), the letter `s`
of the last of them, the letter `e` of the vertex's west arm, and the suffix after it. The
states with the same depth d (after `s`), `s` and `e` fill a block: rows the prefixes without
`s`, columns the suffixes (motzkin.py). The last vertex's south and east arms are never `(` `(`,
`)` `)` or `)` `(`, so those blocks are left out: two states in five would never hold a count.
And the end of a path that goes on south or east ends the same ways: a prefix ending `(` with
the west arm off holds the counts of that prefix with the west arm `(`, so the two blocks are
one (`)` likewise), but in the last row, where no arm goes south: its plans read no block of a
prefix ending `(` or `)`, as none holds a count there.

The blocks before the vertex fill one flat buffer, those after it the other. Each way the
vertex's west and north arms become its south and east moves rectangles of blocks before into
blocks after, and two joins of path ends scatter one through an index map. The plan is the
list of these moves as numpy views, so a pass runs them with no index arithmetic and no
allocation but the joins'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from loopsat.solver.frontier.motzkin import DEPTH, Words

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Block = npt.NDArray[np.uint32]
    Index = npt.NDArray[np.int32]
    Key = tuple[int, int, int]  # depth, last letter of the prefix, the west arm
    Layout = dict[Key, tuple[int, tuple[int, int], str]]
    Moves = tuple[list[tuple[int, int, int]], tuple[Index, Index]]
    Flat = list[tuple[Index, Index, int]]
    Wide = npt.NDArray[np.intp]

OFF, OPEN, SHUT = 0, 1, 2  # the letters: an arm off, a `(` and a `)`
# What a vertex leaves on its south and east arms: never `(` `(`, `)` `)` or `)` `(`.
LIVE = ((OFF, OFF), (OFF, OPEN), (OFF, SHUT), (OPEN, OFF), (OPEN, SHUT), (SHUT, OFF))
# A join's run of consecutive targets moving at least this many states is a sum of slices
# (a few numpy calls), a shorter one goes by fancy index (about four times the time a state).
JOIN_SLICE = 256
# Sums of fewer states go in one batch by flat index (`Plan._batch`): 4,096 states take about
# as long by fancy index as by the three numpy calls of a sum.
SMALL = 4096
# The scratch space of the reduction modulo a prime and of a join's layer, in states each: sums
# are reduced in pieces of at most this many (2 MB), a few numpy calls each.
SCRATCH = 1 << 19


def layout(words: Words, n: int, col: int) -> Layout:
    """Where each block lies in a buffer before the vertex at `col`: its offset, shape and order
    (the longer side innermost, so that numpy's inner loops run long). A row starts with the
    one block of its first vertex: no prefix, the west arm off."""
    if col == 0:
        return {(0, OFF, OFF): (0, (1, words.size(n - 1, 0)), "C")}
    blocks: Layout = {}
    offset, aliases = 0, []
    for depth in range(min(col, n - col) + 1):
        for last, west in LIVE if col < n - 1 else ((OFF, OFF), (SHUT, OFF)):  # no east arm at the end
            shape = (words.size(col - 1, depth - DEPTH[last]), words.size(n - col - 1, depth + DEPTH[west]))
            if not shape[0] or not shape[1]:
                continue
            if last != OFF and west == OFF and col < n - 1:  # the block that holds it already
                aliases.append(((depth, last, west), (depth - DEPTH[last], OFF, last)))
                continue
            blocks[depth, last, west] = (offset, shape, "C" if shape[0] <= shape[1] else "F")
            offset += shape[0] * shape[1]
    for alias, key in aliases:
        blocks[alias] = blocks[key]
    return blocks


def states(words: Words, n: int) -> int:
    """The most states a layout holds: the size of each buffer."""
    return max(
        sum({offset: rows * cols for offset, (rows, cols), _ in layout(words, n, col).values()}.values())
        for col in range(n)
    )


@dataclass
class Shared:
    """What the plans of one width share: the joins' runs and rows (`join_moves`) per kind,
    column, depth and last letter, and per column and row kind their flat layers, whose
    offsets are the same in either buffer."""

    moves: dict[tuple[str, int, int, int], Moves] = field(default_factory=dict)
    joins: dict[tuple[int, bool], Flat] = field(default_factory=dict)
    batches: dict[tuple[int, bool], tuple[Index, Index, Index] | None] = field(default_factory=dict)
    wide: Wide | None = None  # where gathers and scatters widen their int32 indices

    def room(self, size: int) -> Wide:
        """The int64 space of at least `size` indices that every plan widens its indices in."""
        import numpy as np

        if self.wide is None or len(self.wide) < size:
            self.wide = np.zeros(size, np.intp)
        return self.wide


class Plan:
    """The moves of the vertex at `col` for states in `buffers[side]`, into the other buffer."""

    def __init__(
        self,
        words: Words,
        n: int,
        col: int,
        south: bool,
        east: bool,
        buffers: tuple[Block, Block],
        side: int,
        scratch: Block,
        shared: Shared,
    ) -> None:
        self.scratch, self.spare = scratch
        self.before, self.after = buffers[side], buffers[side ^ 1]  # each one state longer than any
        # layout: that last one stays 0, what a batched sum with no second term adds
        before = views(buffers[side], layout(words, n, col))
        after = views(buffers[side ^ 1], layout(words, n, col + 1))
        tail = n - col - 2  # the letters after the vertex's two arms
        written: set[tuple[Key, int]] = set()
        self.sums: list[tuple[Block, Block, Block | None]] = []  # out, a, b (None: a copy)
        self.closing: Block | None = None
        # The joins' flat layers, the same in either buffer; the last row's are those of a row
        # above without the prefixes ending `(` or `)` (`layers` puts them first in each layer).
        laid_out = next((key for key in ((col, True), (col, south)) if key in shared.joins), (col, south))
        pending: list[tuple[Index, Index, bool]] | None = None if laid_out in shared.joins else []

        def arms(depth: int, last: int, west: int, north: int) -> Block | None:
            """The states at `depth` whose last prefix letter, west and north arms are these."""
            if not south and last != OFF:
                return None  # the last row: every south arm is off
            block = before.get((depth, last, west))
            width = words.size(tail, depth + DEPTH[west] + DEPTH[north])
            if block is None or not width:
                return None
            start = words.suffix_at(tail + 1, depth + DEPTH[west], north)
            return block[:, start : start + width]

        def piece(depth: int, last: int) -> tuple[int, int]:
            """Where the prefixes ending with `last` at `depth` lie among all at `depth`."""
            if col == 0:
                return 0, 1
            return words.prefix_at(col, depth, last), words.size(col - 1, depth - DEPTH[last])

        def into(depth: int, last: int, down: int, right: int, join: bool = False) -> Block:
            """The states whose new south and east arms are these letters, from the prefixes at
            `depth` ending with `last`. A join adds to what a sum wrote, else to zeros."""
            key = (depth + DEPTH[down], down, right)
            if not join:
                written.add((key, last))
            top, rows = piece(depth, last)
            return after[key][top : top + rows]

        for depth, last in sorted({key[:2] for key in before}):
            level = arms(depth, last, OFF, OFF)
            if level is not None:  # nothing on, or `)` `(` joined
                self.sums.append((into(depth, last, OFF, OFF), level, arms(depth, last, SHUT, OPEN)))
                if south and east:  # a new path end on each
                    self.sums.append((into(depth, last, OPEN, SHUT), level, None))
            for letter in (OPEN, SHUT):  # one end comes in (west or north), goes on south or east
                one = arms(depth, last, OFF, letter)
                if one is None:
                    continue
                other = arms(depth, last, letter, OFF)
                targets = [into(depth, last, letter, OFF)] if south else []
                targets += [into(depth, last, OFF, letter)] if east else []
                if targets:  # south and east are one block (but after the last column)
                    self.sums.append((targets[0], one, other))
                    self.sums += [(target, targets[0], None) for target in targets[1:] if col + 1 == n - 1]
            both = arms(depth, last, OPEN, OPEN)
            if both is not None:  # `(` `(` joined: the partner of the second turns `(`
                kind = ("opened", col, depth, last)
                if kind not in shared.moves:
                    shared.moves[kind] = join_moves(words.opened(tail, depth + 2, depth + 1), both.shape[0])
                self._join(into(depth, last, OFF, OFF, join=True).T, both.T, shared.moves[kind], pending, last == OFF)
            both = arms(depth, last, SHUT, SHUT)
            if both is not None:  # `)` `)` joined: the partner of the first turns `)`
                kind = ("closed", col, depth, last)
                if kind not in shared.moves:
                    top, rows = piece(depth, last)
                    shared.moves[kind] = join_moves(words.closed(col, depth, depth)[top : top + rows], both.shape[1])
                self._join(after[depth - 2, OFF, OFF], both, shared.moves[kind], pending, last == OFF)
            loop = arms(depth, last, OPEN, SHUT) if depth == 0 and last == OFF else None
            if loop is not None:  # `(` `)` meet with no other arm on
                self.closing = loop[:1, :1]
        if pending is not None:
            shared.joins[laid_out] = layers(pending, len(self.scratch))
        self.joins = [(one, two) if south else (one[:kept], two[:kept]) for one, two, kept in shared.joins[laid_out]]
        self.wide = shared.room(len(self.scratch))
        self._batch(buffers[side], buffers[side ^ 1], shared, (col, south))
        self.moves = [(out, a, b, self._pieces(out) if b is not None else ()) for out, a, b in self.sums]
        self.zeros = []
        for key in after:
            for last in (OFF, OPEN, SHUT) if col else (OFF,):
                top, rows = piece(key[0] - DEPTH[key[1]], last)
                if (key, last) not in written and rows:
                    self.zeros.append(after[key][top : top + rows])

    def _batch(self, before: Block, after: Block, shared: Shared, kind: tuple[int, bool]) -> None:
        """The sums of small rectangles from the states before into those after, as one
        gather, add and scatter of their flat indices (the same on either side): numpy's calls
        on a few states cost more than the states (an empty 16×16's passes run 0.46 s of 1.6 in
        sums below 4,096 states). The other sums keep their order: a copy or a join's slice
        reads what a sum wrote."""
        import numpy as np

        small: list[tuple[Block, Block, Block | None]] = []
        kept: list[tuple[Block, Block, Block | None]] = []
        for out, a, b in self.sums:
            alone = out.size < SMALL and not np.may_share_memory(a, after)
            (small if alone else kept).append((out, a, b))
        self.sums = kept
        if not small or sum(out.size for out, _, _ in small) > len(self.scratch):
            self.sums, small = small + kept, []
        if small and kind not in shared.batches:
            to = np.concatenate([_rows(out, after) for out, _, _ in small])
            one = np.concatenate([_rows(a, before) for _, a, _ in small])
            zero = len(before) - 1
            other = [_rows(b, before) if b is not None else np.full(a.size, zero, np.int32) for _, a, b in small]
            shared.batches[kind] = (to, one, np.concatenate(other))
        self.batch = shared.batches.get(kind) if small else None

    def run(self, modulus: int) -> int:
        """Move the counts (residues modulo `modulus`); the loops closed here."""
        import numpy as np

        prime = np.uint32(modulus) if modulus < 1 << 32 else None
        closed = int(self.closing[0, 0]) if self.closing is not None else 0
        for block in self.zeros:
            block[...] = 0
        if self.batch is not None:
            to, one, other = self.batch
            self._summed(self.before, one, other, to, prime)
        for out, a, b, pieces in self.moves:
            if b is None:
                np.copyto(out, a)
            else:
                np.add(a, b, out=out)
                if prime is not None:
                    for piece, spare in pieces:
                        _below(piece, spare, prime)
        for source, target in self.joins:  # after[target] += before[source], no target twice in a layer
            self._summed(self.after, target, source, target, prime)
        return closed

    def _summed(self, first: Block, at: Index, source: Index, to: Index, prime: np.uint32 | None) -> None:
        """after[to] = first[at] + before[source], modulo `prime` (None: 2^64, by wrapping)."""
        import numpy as np

        values, spare = self.spare[: len(to)], self.scratch[: len(to)]
        gather(first, at, values, self.wide)
        gather(self.before, source, spare, self.wide)
        np.add(values, spare, out=values)
        if prime is not None:
            _below(values, spare, prime)
        scatter(self.after, to, values, self.wide)

    def _join(
        self, out: Block, both: Block, moves: Moves, pending: list[tuple[Index, Index, bool]] | None, kept: bool
    ) -> None:
        """Plan out[where[i]] += both[i] along the first axis, as `join_moves` cut it: the long
        runs as sums of slices, the other rows into `pending` as flat indices (None: another
        plan of this column already laid them out)."""
        runs, (source, target) = moves
        for to, start, length in runs:
            self.sums.append((out[to : to + length], out[to : to + length], both[start : start + length]))
        if pending is not None and len(target):
            pending.append((_rows(both, self.before, source), _rows(out, self.after, target), kept))

    def _pieces(self, out: Block) -> tuple[tuple[Block, Block], ...]:
        """`out` cut into pieces that each fit the scratch space, with their scratch views."""
        if out.strides[0] < out.strides[1]:  # the first axis innermost: cut along the second
            out = out.T
        rows, cols = out.shape
        step, most = max(1, len(self.scratch) // max(cols, 1)), len(self.scratch)
        pieces = []
        for top in range(0, rows, step):
            for left in range(0, cols, most):
                piece = out[top : top + step, left : left + most]
                pieces.append((piece, self.scratch[: piece.size].reshape(piece.shape)))
        return tuple(pieces)


def join_moves(where: Index, width: int) -> Moves:
    """out[where[i]] += both[i] (rows of `width` states) as long runs of consecutive `where`,
    (to, from, length) for sums of slices, and the other rows (from, to) for `layers`."""
    import numpy as np

    if not len(where):
        return [], (np.zeros(0, np.int32), np.zeros(0, np.int32))
    starts = np.flatnonzero(np.concatenate(([True], np.diff(where) != 1)))
    lengths = np.diff(np.append(starts, len(where)))
    long = lengths * width >= JOIN_SLICE
    runs = [
        (int(where[start]), start, length)
        for start, length in zip(starts[long].tolist(), lengths[long].tolist(), strict=True)
    ]
    source = np.flatnonzero(np.repeat(~long, lengths)).astype(np.int32)
    return runs, (source, where[source].astype(np.int32))


def layers(pairs: list[tuple[Index, Index, bool]], most: int) -> Flat:
    """Flat (source, target) pairs of joins cut into layers of at most `most` pairs, no target
    twice in one: a join forgets which paths it joined, so several states add into one. Each
    layer lists first, in target order, the pairs of joins flagged kept (the last row's), then
    the others: (sources, targets, how many are kept)."""
    import numpy as np

    if not pairs:
        return []
    source = np.concatenate([one for one, _, _ in pairs])
    target = np.concatenate([two for _, two, _ in pairs])
    dropped = np.concatenate([np.full(len(one), not kept) for one, _, kept in pairs])
    order = np.argsort(target)  # which of equal targets goes first is free: no stable sort
    source, target, dropped = source[order], target[order], dropped[order]
    first = np.flatnonzero(np.concatenate(([True], target[1:] != target[:-1])))
    rank = np.arange(len(target)) - np.repeat(first, np.diff(np.append(first, len(target))))
    found = []
    for layer in range(int(rank.max(initial=-1)) + 1):
        chosen = np.flatnonzero(rank == layer)
        chosen = chosen[np.argsort(dropped[chosen], kind="stable")]
        for start in range(0, len(chosen), most):
            piece = chosen[start : start + most]
            found.append((source[piece], target[piece], int(np.count_nonzero(~dropped[piece]))))
    return found


def _below(values: Block, spare: Block, prime: np.uint32) -> None:
    """Sums of two residues below the prime again: min(x, x - p), as x - p wraps when x < p."""
    import numpy as np

    np.subtract(values, prime, out=spare)
    np.minimum(values, spare, out=values)


def gather(source: Block, index: Index, out: Block, wide: Wide) -> None:
    """out = source[index], the int32 indices widened in `wide` first: np.take would widen
    them into a new array at each call, mapped alone when large (budget.map_large_blocks), a
    page fault every 4 KB: 1.6 CPU-s of system time in an empty 16×16's count."""
    import numpy as np

    room = wide[: len(index)]
    np.copyto(room, index)
    np.take(source, room, out=out, mode="clip")


def scatter(target: Block, index: Index, values: Block, wide: Wide) -> None:
    """target[index] = values, the indices widened as `gather` does."""
    import numpy as np

    room = wide[: len(index)]
    np.copyto(room, index)
    np.put(target, room, values, mode="clip")


def _rows(view: Block, buffer: Block, rows: Index | None = None) -> Index:
    """The flat indices into `buffer` of the states in these rows (None: all) of a 2-D view of
    it, row by row."""
    import numpy as np

    chosen = np.arange(view.shape[0], dtype=np.int64) if rows is None else rows.astype(np.int64)
    start = (view.__array_interface__["data"][0] - buffer.__array_interface__["data"][0]) // buffer.itemsize
    down, across = (stride // buffer.itemsize for stride in view.strides)
    grid = start + chosen[:, None] * down + np.arange(view.shape[1], dtype=np.int64)[None, :] * across
    return grid.ravel().astype(np.int32)


def views(buffer: Block, blocks: Layout) -> dict[Key, Block]:
    """The blocks of a layout in a buffer."""
    return {
        depth: buffer[offset : offset + shape[0] * shape[1]].reshape(shape, order=order)  # type: ignore[call-overload]
        for depth, (offset, shape, order) in blocks.items()
    }
