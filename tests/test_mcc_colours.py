"""MCC edge items coloured other than 0/1: DLX3's colour rule, in the search and in the verifier."""

from __future__ import annotations

import pytest
from goldens import GOLDEN

from loopsat.errors import VerificationError
from loopsat.genres import read_puzzles
from loopsat.puzzle import Puzzle
from loopsat.solver.pipeline import solve
from loopsat.verify import verify

EMPTY_2X2 = (GOLDEN / "slither_empty_2x2" / "knuth.mcc").read_text()
# tile 24 may leave edge 14 with colour 8 instead of 0; tile 04 colours 14 with 0 or 1, so that
# option never agrees: the three loops that use it are gone (13 → 10 loops, 14 → 11 for DLX3)
RECOLOURED = EMPTY_2X2.replace("\n24 14:0 23:1 34:1\n", "\n24 14:8 23:1 34:1\n")


def mcc_puzzle(text: str) -> Puzzle:
    [puzzle] = read_puzzles("p.mcc", text.encode())
    assert puzzle.genre == "mcc"
    return puzzle


@pytest.mark.parametrize("strategy", ["auto", "lazy", "circuit"])
def test_a_colour_no_pattern_gives_never_agrees(strategy: str) -> None:
    puzzle = mcc_puzzle("a b | 01\na 01:0\nb 01:8\n")  # DLX3: a and b both needed, 01 cannot be 0 and 8
    assert solve(puzzle, mode="count", single_loop=False, strategy=strategy).count == 0
    assert solve(puzzle, mode="count", strategy=strategy).count == 0


@pytest.mark.parametrize("strategy", ["auto", "lazy", "circuit"])
def test_a_recoloured_tile_option_loses_its_loops(strategy: str) -> None:
    assert RECOLOURED != EMPTY_2X2
    puzzle = mcc_puzzle(RECOLOURED)
    assert solve(puzzle, mode="count", strategy=strategy).count == 10
    assert solve(puzzle, mode="count", single_loop=False, strategy=strategy).count == 11


def test_the_verifier_checks_the_cover_behind_an_mcc_loop() -> None:
    """The square through tiles 22, 24, 44, 42 (edges 23, 34, 43, 32): a loop with declared
    edges, but tile 24's only option for it colours 14 with 8 where tile 04 says 0 or 1."""
    h, v = ["00", "01", "01"], ["000", "011"]
    verify(mcc_puzzle(EMPTY_2X2), h, v)
    with pytest.raises(VerificationError, match="covers"):
        verify(mcc_puzzle(RECOLOURED), h, v)


def test_the_verifier_counts_multiplicities_and_colours() -> None:
    """Item a twice: two of its options, which must agree on x's colour (no loop: DLX3's view)."""
    clash = mcc_puzzle("2|a b | 12 21 x\na x:p\na x:q\nb\n")
    agree = mcc_puzzle("2|a b | 12 21 x\na x:p\na x:q\na x:p 12:0\nb\n")
    nothing = ["0", "0"], ["00"]  # the 2×2 tile lattice of edges 12 and 21, no edge on
    with pytest.raises(VerificationError, match="covers"):
        verify(clash, *nothing, single_loop=False)
    verify(agree, *nothing, single_loop=False)
    assert solve(clash, mode="count", single_loop=False).count == 0
    assert solve(agree, mode="count", single_loop=False).count == 1
