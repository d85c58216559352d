"""MCC files Knuth's generators never write, against a brute force of DLX3's rules written here.

Every subset of the options is tried: a DLX3 solution covers each primary item within its
multiplicity and gives each secondary item one colour (or one uncoloured use); options without
a primary item are never chosen; an option line written twice is two options. `--disjoint`
must count and list exactly these option sets; the single-loop answer keeps those whose
colour-1 edges are one loop (all of them when the file has no edge items).
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import loopsat
from loopsat import mcc
from loopsat.genres import read_puzzles
from loopsat.puzzle import Puzzle
from loopsat.solver.pipeline import solve

# The edges of a 2×3 lattice of tiles: the loops on it are its two squares and their rim.
EDGES = ("01", "03", "10", "12", "14", "21", "23")
LOOPS = {frozenset({"01", "10", "12", "21"}), frozenset({"03", "12", "14", "23"}), frozenset(EDGES) - {"12"}}
PRIMARY = ("a", "b", "c")
PLAIN = ("x", "y")  # secondary items that are no edge

Entry = tuple[str, str | None]


def puzzle_of(text: str) -> Puzzle:
    [puzzle] = read_puzzles("p.mcc", text.encode())
    assert puzzle.genre == "mcc"
    return puzzle


@st.composite
def mcc_files(draw: st.DrawFn) -> tuple[str, dict[str, tuple[int, int]], list[tuple[Entry, ...]], set[str]]:
    """An MCC text, its bounds, its option lines as entries and its edge items."""
    primary = PRIMARY[: draw(st.integers(1, len(PRIMARY)))]
    bounds: dict[str, tuple[int, int]] = {}
    spelled = []
    for name in primary:
        form = draw(st.sampled_from(["bare", "exact", "range", "no lower"]))
        hi = 1 if form == "bare" else draw(st.integers(1, 2))
        lo = {"bare": 1, "exact": hi, "range": draw(st.integers(0, hi)), "no lower": 0}[form]
        bounds[name] = (lo, hi)
        prefix = {"bare": "", "exact": f"{hi}|", "range": f"{lo}:{hi}|", "no lower": f":{hi}|"}[form]
        spelled.append(prefix + name)
    edges = set(draw(st.lists(st.sampled_from(EDGES), unique=True, max_size=len(EDGES))))
    secondary = sorted(edges) + draw(st.lists(st.sampled_from(PLAIN), unique=True))
    colour = st.sampled_from([None, "0", "1", "1", "p"])
    entry = st.one_of(
        st.tuples(st.sampled_from(primary), st.none()),
        *([st.tuples(st.sampled_from(secondary), colour)] if secondary else []),
    )
    options: list[tuple[Entry, ...]] = []
    for _ in range(draw(st.integers(0, 7))):
        option = tuple(draw(st.lists(entry, min_size=1, max_size=4, unique_by=lambda e: e[0])))
        options.append(option)
        if draw(st.integers(0, 4)) == 0:
            options.append(option)  # the same line again: DLX3 takes it as a second option
    for loop in draw(st.lists(st.sampled_from(sorted(LOOPS, key=sorted)), max_size=2)):
        owner = (draw(st.sampled_from(primary)), None)  # a loop in one option, so that loops occur
        options.append((owner, *((e, draw(st.sampled_from(["1", "1", "0"]))) for e in sorted(loop & edges))))
    bar = draw(st.sampled_from([" | ", " |"]))  # DLX3 reads `|x` as the separator, then x
    lines = ["| drawn by hypothesis", " ".join(spelled) + (bar + " ".join(secondary) if secondary else "")]
    lines += [" ".join(name if c is None else f"{name}:{c}" for name, c in option) for option in options]
    return "\n".join(lines) + "\n", bounds, options, edges


def dlx3(bounds: dict[str, tuple[int, int]], options: list[tuple[Entry, ...]]) -> list[tuple[int, ...]]:
    """Every set of options (as indices) that DLX3 reports."""
    usable = [k for k, option in enumerate(options) if any(name in bounds for name, _ in option)]
    found = []
    for size in range(len(usable) + 1):
        for chosen in combinations(usable, size):
            counts = Counter(name for k in chosen for name, _ in options[k] if name in bounds)
            if any(not lo <= counts[name] <= hi for name, (lo, hi) in bounds.items()):
                continue
            uses: dict[str, list[str | None]] = {}
            for k in chosen:
                for name, colour in options[k]:
                    if name not in bounds:
                        uses.setdefault(name, []).append(colour)
            if all(len(cs) == 1 or (None not in cs and len(set(cs)) == 1) for cs in uses.values()):
                found.append(chosen)
    return found


def ones(options: list[tuple[Entry, ...]], chosen: tuple[int, ...], edges: set[str]) -> frozenset[str]:
    return frozenset(name for k in chosen for name, colour in options[k] if name in edges and colour == "1")


def lines(options: list[tuple[Entry, ...]], chosen: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(" ".join(n if c is None else f"{n}:{c}" for n, c in options[k]) for k in chosen)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mcc_files())
def test_disjoint_is_dlx3_and_the_single_loop_keeps_its_loops(
    drawn: tuple[str, dict[str, tuple[int, int]], list[tuple[Entry, ...]], set[str]],
) -> None:
    text, bounds, options, edges = drawn
    puzzle = puzzle_of(text)
    expected = dlx3(bounds, options)
    listed = solve(puzzle, mode="all", single_loop=False)
    assert listed.count == len(expected) and listed.complete
    got = Counter(tuple(o.line() for o in getattr(s, "options", ())) for s in listed.solutions)
    assert got == Counter(lines(options, chosen) for chosen in expected)
    looped = [chosen for chosen in expected if not edges or ones(options, chosen, edges) in LOOPS]
    assert solve(puzzle, mode="count").count == len(looped)
    assert solve(puzzle, strategy="lazy").count == min(len(looped), 2)  # a proof of uniqueness
    event(f"single loops: {min(len(looped), 2)}")


PLAIN_COVER = "| x\na b c\na b\nc\na\nb c\n"  # no edge items: DLX3 finds {a b, c} and {a, b c}
# One square of four edges, its option written twice, and an option that leaves it off: DLX3
# counts three option sets, the single loop two (DLX3-LOOP also counts the empty set).
DUP = "| dup\n00 02 20 22 x | 01 10 12 21\n" + "x 01:1 10:1 12:1 21:1\n" * 2 + "x 01:0 10:0 12:0 21:0\n00\n02\n20\n22\n"


def test_an_open_path_found_first_does_not_hide_the_loop_around_it() -> None:
    """An option that colours an open path 1, inside the edges of the one loop another option
    makes (hypothesis found it): the lazy search blocked the path by naming its edges, which
    forbade the loop too, and said "no solution"."""
    text = (
        "| path and loop\na | 01 03 10 12 14 21 23\na 01:1 03:1 10:1 14:1 21:1 23:1\na 01:1 03:1 10:1 14:1 21:1 23:0\n"
    )
    (puzzle,) = read_puzzles("p.mcc", text.encode(), "mcc")
    for strategy in ("auto", "lazy", "circuit", "deduce"):
        assert solve(puzzle, strategy=strategy).count == 1, strategy


def test_a_file_without_edges_prints_dlx3s_solutions(cli, tmp_path: Path) -> None:
    path = tmp_path / "g.mcc"
    path.write_text(PLAIN_COVER)
    for flags in ((), ("--disjoint",), ("--all",)):
        result = cli("solve", *flags, str(path))
        assert result.exit_code == 0, result.stderr
        assert result.stdout.startswith("1:\n a\n b c\n2:\n a b\n c\nmultiple"), result.stdout
    assert cli("solve", "--count", str(path)).stdout == "2\n"
    [first, second] = json.loads(cli("solve", "--json", "--all", str(path)).stdout)["solutions"]
    assert (first["options"], second["options"]) == (["a", "b c"], ["a b", "c"])


def test_disjoint_takes_an_edge_that_is_no_loop(cli, tmp_path: Path) -> None:
    path = tmp_path / "one.mcc"
    path.write_text("a | 01\na 01:1\n")
    result = cli("solve", "--count", "--disjoint", "--mcc", str(path))
    assert (result.exit_code, result.stdout) == (0, "1\n")
    assert cli("solve", "--disjoint", str(path)).stdout == "1:\n a 01:1\nunique\n"
    assert cli("solve", "--count", str(path)).stdout == "0\n"  # one edge is no loop


def test_repeated_options_are_counted_as_dlx3_loop_counts_them(cli, tmp_path: Path) -> None:
    path = tmp_path / "dup.mcc"
    path.write_text(DUP)
    assert cli("solve", "--count", str(path)).stdout == "2\n"
    assert cli("solve", "--count", "--disjoint", str(path)).stdout == "3\n"
    for strategy in ("auto", "lazy", "circuit"):
        assert cli("solve", "--strategy", strategy, str(path)).stdout.endswith("\nmultiple\n")


def test_an_empty_lower_bound_is_zero_and_written_back_as_read() -> None:
    text = "| b\n:3|a b | x\na b\na\n"
    assert mcc.write(mcc.read(text)) == text
    assert solve(puzzle_of(text), mode="count", single_loop=False).count == 2


def test_a_30_row_board_keeps_the_clues_below_it() -> None:
    """Knuth's generators stop reading after 30 board rows, so they never see the `!a=` line of
    such a board and write `-1|a`, which DLX3 refuses; loopsat reads it (docs/formats.md)."""
    [puzzle] = loopsat.parse("aa.\n" + "...\n" * 28 + "..1\n!a=2\n", "slitherlink")
    text = loopsat.export_mcc(puzzle)
    item_line = next(line for line in text.split("\n") if not line.startswith("| "))
    assert "| !a=2\n" in text and " 2|a |" in item_line
