"""What a genre gives the rest of loopsat: the one written contract every genre module satisfies.

A genre is a plain module (slitherlink.py, masyu.py, ...). Nothing outside `genres/` and
`formats/` asks which genre a puzzle is: it looks the module up in `GENRES` and uses only the
names below, so a new genre is one new module listed there. mypy checks each module against
`Genre` (modules can implement a Protocol), so a missing or mistyped name fails `make lint`.
A genre `loopsat generate` sets also satisfies `Setter`: hooks and data only, never a solver call.

The constants are properties so that a module's plain assignment (`MCC_MAX = 30`) satisfies them.
"""

from __future__ import annotations

from collections.abc import Sequence

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Protocol

    from loopsat.deduce import Rules
    from loopsat.grid import Point
    from loopsat.model import ExactCover
    from loopsat.output.picture import Sketch
    from loopsat.puzzle import DataSet, Puzzle
    from loopsat.setter.loopgen import Bias

else:
    Protocol = object  # the contract is mypy's to check: nothing asks it at run time


class Reader(Protocol):
    """Reads files: every genre, and the `url` reader whose puzzles carry a genre of their own."""

    @property
    def GENRE(self) -> str:
        """The name users type after `--genre`."""
        ...

    def parse(self, data: bytes, path: str) -> Sequence[DataSet]:
        """Every data set of a file's bytes, in file order: its Puzzle, or the located PuzzleError
        (`index` set) of a data set that is bad while the others can still be read, so that one
        bad line of a `.url` file costs that line alone. Faults of the whole file (not text,
        empty, no data set, past a size limit), and any fault of a one-puzzle file, are raised."""
        ...

    def sniff(self, lines: list[str]) -> bool:
        """Whether a file without a known suffix is surely of this kind (content alone)."""
        ...


class Genre(Reader, Protocol):
    """A loop genre: its files, its model, its rules, its drawing, and measured solver choices."""

    @property
    def VARIANTS(self) -> tuple[str, ...]:
        """The MCC generators it imitates (`export --variant`); the first is the default."""
        ...

    @property
    def MCC_MAX(self) -> int:
        """The largest side Knuth's generator accepts (one character per coordinate)."""
        ...

    @property
    def DEDUCE_FIRST_CELLS(self) -> float:
        """`auto` deduces before searching on boards of at most this many cells (measured)."""
        ...

    @property
    def AUTO_CIRCUIT(self) -> bool:
        """`auto` searches with AddCircuit rather than lazy cuts (measured)."""
        ...

    @property
    def BRANCH_WALK(self) -> bool:
        """The backtracking after the deduction walks the board to end walled-off branches
        (deduce.reach; measured)."""
        ...

    def cover(self, puzzle: Puzzle, variant: str = "auto") -> ExactCover:
        """Knuth's items and options: the one model both the MCC writer and CP-SAT read."""
        ...

    def rules(self, puzzle: Puzzle) -> Rules:
        """Local rule tables over edges, read by the deduction and the frontier DP."""
        ...

    def tile_shape(self, puzzle: Puzzle) -> tuple[int, int]:
        """Rows × columns of the tile lattice the loop runs on."""
        ...

    def labels(self, puzzle: Puzzle) -> dict[Point, str]:
        """What the text canvas writes at which doubled coordinate (clues, letters, circles)."""
        ...

    def sketch(self, puzzle: Puzzle) -> Sketch:
        """The board as the SVG drawing needs it."""
        ...


class Setter(Protocol):
    """A genre loopsat can generate puzzles for (`loopsat generate`, loopsat/setter/).

    The genre says what it wants of a loop (`loop_bias`), which clues a loop allows
    (`clued`), where its clues are and how to write or drop them; the setter (genre-free) draws
    the loop, asks the solver whether the dense board is unique (setter/dense.py), and thins it
    (setter/generate.py). A genre module never runs the deduction or the search itself.
    """

    @property
    def MIN_SIDE(self) -> int:
        """The fewest rows and columns the setter can make a puzzle of."""
        ...

    @property
    def REFUTE_SINGLY(self) -> bool:
        """Whether thinning without a difficulty tries one clue at a time, refuting each law
        negated (cheap and strong), rather than batches the whole deduction must still decide
        (which leaves fewer clues for CP-SAT proofs, the better choice where those are hard)."""
        ...

    def loop_bias(self) -> Bias:
        """What the genre wants of its loop (setter/loopgen.py): `Grown` when any simple loop
        will do, `Annealed` with the patterns at which a loop point can carry a clue. Made when
        first asked (a solve imports no setter) and kept."""
        ...

    def clued(self, rows: int, cols: int, loop: frozenset[Point]) -> Puzzle:
        """The rows × cols puzzle of every clue `loop` (edges in doubled coordinates) allows."""
        ...

    @property
    def SYMMETRY(self) -> str:
        """The symmetry of `generate`'s clue layout by default (setter/taste.py)."""
        ...

    @property
    def SPARSE(self) -> str | None:
        """The clue human setters use sparingly (a Slitherlink 0), whose share `--zeros` caps."""
        ...

    @property
    def CLUES(self) -> tuple[str, ...]:
        """The clues a cell may hold, as the genre's file writes them."""
        ...

    def clue_cells(self, puzzle: Puzzle) -> list[Point]:
        """The (row, col) cells that hold a clue, in reading order."""
        ...

    def placed(self, puzzle: Puzzle, clues: Mapping[Point, str]) -> Puzzle:
        """The same puzzle with each cell's character of `clues` written in (`.`: no clue)."""
        ...

    def without(self, puzzle: Puzzle, cells: Iterable[Point]) -> Puzzle:
        """The same puzzle with the clues of `cells` removed."""
        ...
