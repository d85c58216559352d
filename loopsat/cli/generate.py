"""`loopsat generate`: new puzzles with one solution, to stdout or as files in a folder."""

import os
import re
import sys
from pathlib import Path
from typing import Annotated

import typer

from loopsat.cli.app import PlainUsage, app, fail
from loopsat.cli.output import generated, write
from loopsat.errors import Exit, PuzzleError, printable


@app.command(cls=PlainUsage)
def generate(
    genre: Annotated[str, typer.Option(metavar="NAME", help="The genre: slitherlink or masyu.")],
    size: Annotated[str, typer.Option(metavar="RxC", help="Rows and columns of cells, e.g. 20x20.")],
    difficulty: Annotated[
        str | None,
        typer.Option(
            metavar="D",
            help="The grade (`explain`'s scale): 1 easy, 2 normal, 3 tricky, 4 hard (Tatham's levels), "
            "5 deep (probing), 6 search; a number or a name. Exit 1 when no loop tried gives it. "
            "Default: any (clues minimal).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(min=0, metavar="N", help="The seed: the same seed gives the same puzzle.")] = 0,
    count: Annotated[int, typer.Option(min=1, metavar="K", help="K puzzles, seeds SEED..SEED+K-1 (needs -o).")] = 1,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="DIR", help="Write GENRE-RxC-SEED files into DIR.")
    ] = None,
    symmetry: Annotated[
        str | None,
        typer.Option(metavar="S", help="The clue layout's: none, rot180, rot90, mirror (default rot180; Masyu none)."),
    ] = None,
    mask: Annotated[
        str | None,
        typer.Option(metavar="FILE", help="Where clues may go: a row per line, `.` none, else any."),
    ] = None,
    zeros: Annotated[
        str | None,
        typer.Option(metavar="PERCENT", help="The most 0s among the clues (Tatham's: 4); default: 0s go first; `any`."),
    ] = None,
    clues: Annotated[int | None, typer.Option(min=1, metavar="N", help="Stop thinning at N clues.")] = None,
    to: Annotated[str, typer.Option(metavar="FORM", help="file (the genre's format), url or tatham.")] = "file",
) -> None:
    """Make puzzles with exactly one solution and a minimal set of clues.

    One puzzle goes to stdout in its genre's file format, its clue count and grade to stderr;
    with -o each puzzle is a file DIR/GENRE-RxC-SEED.SUFFIX (an existing file is never
    overwritten) and a line per file goes to stdout. With --difficulty no clue can be removed
    without a second solution or a harder grade.
    """
    from loopsat import api
    from loopsat.genres import SETTERS
    from loopsat.limits import MAX_CELLS
    from loopsat.output.progress import ProgressBar

    if genre not in SETTERS:
        fail(f"error: cannot generate {genre!r} puzzles (known: {', '.join(SETTERS)})", Exit.BAD_INPUT)
    shape = re.fullmatch(r"\s*(\d{1,9})\s*[x×]\s*(\d{1,9})\s*", size, re.IGNORECASE)
    if shape is None:
        fail(f"error: --size {size!r}: expected ROWSxCOLS, e.g. 20x20", Exit.BAD_INPUT)
    rows, cols = int(shape[1]), int(shape[2])
    least = SETTERS[genre].MIN_SIDE
    if min(rows, cols) < least or rows * cols > MAX_CELLS:
        fail(f"error: --size {size}: {genre} boards from {least}x{least} up to {MAX_CELLS:,} cells", Exit.BAD_INPUT)
    try:
        most = None if difficulty is None else api.level(difficulty)
    except ValueError as exc:
        fail(f"error: --difficulty: {exc}", Exit.BAD_INPUT)
    if count > 1 and output is None:
        fail("error: --count writes files: add -o DIR", Exit.BAD_INPUT)
    if to not in ("file", "url", "tatham"):
        fail(f"error: --to {to!r}: file, url or tatham", Exit.BAD_INPUT)
    try:
        taste = api.taste(genre, rows, cols, symmetry=symmetry, mask=mask, zeros=zeros, clues=clues)
    except ValueError as exc:
        fail(f"error: {exc}", Exit.BAD_INPUT)
    except PuzzleError as exc:
        fail(str(exc), Exit.BAD_INPUT)
    seeds = range(seed, seed + count)
    suffix = None if to == "file" else ".url"
    if output is not None:
        if output.exists() and not output.is_dir():
            fail(f"{printable(str(output))}:1:1: error: not a folder", Exit.BAD_INPUT)
        if taken := first_taken(output, genre, rows, cols, seeds, suffix):
            fail(f"{printable(str(output / taken))}:1:1: error: the file exists (not overwritten)", Exit.BAD_INPUT)
        try:
            output.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            where = printable(str(output))
            fail(f"{where}:1:1: error: cannot make the folder ({exc.strerror or exc})", Exit.BAD_INPUT)
    for n in seeds:
        try:
            with ProgressBar() as advance:
                made = api.generate(genre, rows, cols, difficulty=most, seed=n, taste=taste, progress=advance)
        except api.Unmet as exc:
            fail(f"error: {exc}", Exit.NO_SOLUTION)
        text = made.text(None if to == "file" else to)
        about = generated(made)
        if output is None:
            sys.stdout.write(text)
            typer.echo(f"{made.puzzle.path}: {about}", err=True)
            continue
        target = output / api.file_name(genre, rows, cols, n, suffix)
        write(target, text, "the puzzle", replace=False)
        typer.echo(f"{printable(str(target))}: {about}")


def first_taken(folder: Path, genre: str, rows: int, cols: int, seeds: range, suffix: str | None = None) -> str | None:
    """The name of the first file `-o folder` would write for `seeds` that is already there.

    One look at the folder, not one per seed: `--count` may be 10**12."""
    from loopsat.api import file_name

    head, _, tail = file_name(genre, rows, cols, 0, suffix).rpartition("-0")
    pattern = re.compile(re.escape(head) + r"-(0|[1-9][0-9]*)" + re.escape(tail))
    try:
        with os.scandir(folder) as listing:
            taken = [int(found[1]) for entry in listing if (found := pattern.fullmatch(entry.name))]
    except (FileNotFoundError, NotADirectoryError):
        return None
    first = min((n for n in taken if n in seeds), default=None)
    return None if first is None else file_name(genre, rows, cols, first, suffix)
