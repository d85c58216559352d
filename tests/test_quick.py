"""The quick start (loopsat/cli/quick.py) against typer's path: the same reading of every argument
list it serves (click's own parser is the referee, on generated lists), the same bytes and status
from both whole paths, the cached `--help` equal to typer's rendering, and no typer or OR-Tools
imported by a small `loopsat solve`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from loopsat.cli import app, helptext, quick
from loopsat.cli import help_cache as cache
from loopsat.cli import main as typer_main
from loopsat.cli.solving import run

ROOT = Path(__file__).resolve().parent.parent
FIVE = str(ROOT / "puzzles" / "slitherlink" / "pzprjs-5x5.slither")
SIX = str(ROOT / "puzzles" / "masyu" / "pzprjs-6x6.masyu")
SOLVE = typer.main.get_command(app).commands["solve"]  # type: ignore[attr-defined]


def click_reading(words: list[str]) -> dict[str, object]:
    """typer's parameters for `loopsat solve WORDS` (its callbacks run; UsageError if refused)."""
    with SOLVE.make_context("solve", list(words)) as ctx:
        return {**ctx.params, "files": list(ctx.params["files"])}  # typer hands the command a list


def quick_reading(words: list[str]) -> dict[str, object] | None:
    read = quick.solve_arguments(words)
    if read is None:
        return None
    files, options = read
    return {"files": files, **(run.__kwdefaults__ or {}), **options}


def test_the_quick_options_are_the_solve_commands() -> None:
    """Each word quick.py serves is the same option of the typer command: a flag where it takes
    none, the same parameter either way; and run's defaults are the command's."""
    by_word = {opt: param for param in SOLVE.params for opt in param.opts + param.secondary_opts}
    for word, name in quick.FLAGS.items():
        assert by_word[word].name == name and by_word[word].is_flag, word  # type: ignore[attr-defined]
    for word, (name, _) in quick.VALUED.items():
        assert by_word[word].name == name and not by_word[word].is_flag, word  # type: ignore[attr-defined]
    assert quick_reading([FIVE]) == click_reading([FIVE])


WORDS = [
    *quick.FLAGS,
    *quick.VALUED,
    *["slitherlink", "masyu", "mcc", "Masyu", "auto", "lazy", "frontier", "AUTO", "0", "1", "3", "+2", "5_0"],
    *["-1", "inf", "nan", "1e3", "x", "2.5", " 4", "a.slither", "-", "", "--", "--json=1", "-qq", "--svg"],
    *["--help", "--genre=masyu", "-Q", "--memory-limit", "--version", "--debug", "solve"],
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=7))
def test_what_the_quick_start_reads_click_reads_alike(words: list[str]) -> None:
    quick_read = quick_reading(words)
    if quick_read is not None:  # what it declines, typer reads (and may refuse)
        assert quick_read == click_reading(words)


@pytest.mark.parametrize(
    "words",
    [
        [FIVE],
        ["--json", "--strategy", "lazy", FIVE, SIX],
        ["-q", "--count", "--limit", "3", "--time-limit", "inf", FIVE],
        ["--genre", "masyu", "--disjoint", "--all", "-"],
        ["--certain", "--mcc", "a", "b"],
    ],
)
def test_the_quick_start_serves_the_common_forms(words: list[str]) -> None:
    assert quick_reading(words) is not None


def both(*argv: str, input: bytes | None = None) -> tuple[tuple[object, str, str], tuple[object, str, str]]:
    """`loopsat ARGV` by the quick start and by typer's path, in this process: (status, stdout,
    stderr) of each."""
    assert quick._job(list(argv)) is not None, "the quick start declines this: it compares nothing"
    runner = CliRunner()
    outcomes = []
    for entry in (quick.main, typer_main):
        with runner.isolation(input=input) as (out, err, _), mock.patch.object(sys, "argv", ["loopsat", *argv]):
            status: object = 0  # the quick start returns where typer exits 0
            try:
                entry()
            except SystemExit as exited:
                status = exited.code
            sys.stdout.flush()
            sys.stderr.flush()
            stdout = re.sub(r'"seconds": [0-9.e-]+', '"seconds": S', out.getvalue().decode())  # the clock's
            outcomes.append((status, stdout, err.getvalue().decode()))
    return outcomes[0], outcomes[1]


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", FIVE],
        ["solve", "--json", FIVE, SIX],
        ["solve", "-q", "--count", FIVE],
        ["solve", "--all", "--limit", "2", SIX],
        ["solve", "--certain", FIVE],
        ["--debug", "solve", "--strategy", "deduce", "--time-limit", "60", FIVE],
        ["solve", "no-such-file.slither", FIVE],
        ["solve", "--json", "no-such-file.slither"],
        ["solve", "--all", "--count", FIVE],
        ["solve", "--strategy", "frontier", FIVE],
        ["solve", "--genre", "masyu", FIVE],
        ["solve", "--mcc", FIVE],
    ],
)
def test_both_paths_print_the_same(argv: list[str]) -> None:
    quick_run, typer_run = both(*argv)
    assert quick_run == typer_run


def test_both_paths_print_the_version() -> None:
    quick_run, typer_run = both("--version")
    assert quick_run == typer_run and quick_run[0] == 0


def test_both_paths_read_stdin_alike() -> None:
    text = Path(FIVE).read_bytes()
    quick_run, typer_run = both("solve", "--genre", "slitherlink", "-", input=text)
    assert quick_run == typer_run and quick_run[0] == 0


def test_the_cached_help_is_typers() -> None:
    """Fails after an edit to the command line until `python -m loopsat.cli.helptext` is run."""
    assert helptext.key() == cache.KEY, "the help cache is stale: run `python -m loopsat.cli.helptext`"
    for program in helptext.PROGRAMS:
        assert cache.TEXTS[program] == helptext.render(program), program


def test_a_narrow_terminal_is_left_to_typer() -> None:
    with mock.patch.dict(os.environ, {"COLUMNS": "60"}):
        assert helptext.cached("loopsat") is None
    with mock.patch.dict(os.environ, {"COLUMNS": "200"}):
        assert helptext.cached("loopsat") == cache.TEXTS["loopsat"]


def process(*argv: str, quick_start: bool = True) -> tuple[int, str, str]:
    """`loopsat ARGV` as a process started by the console script (argv[0] `loopsat`)."""
    code = f"import sys; sys.argv[0] = 'loopsat'; from loopsat.start import main; main(quick={quick_start})"
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, env=env, timeout=120)
    return done.returncode, done.stdout, done.stderr


def test_the_help_process_is_typers() -> None:
    assert process("--help") == process("--help", quick_start=False)


def test_the_help_of_python_m_loopsat_names_it() -> None:
    done = subprocess.run([sys.executable, "-m", "loopsat", "--help"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == helptext.render("python -m loopsat")


def test_a_small_solve_imports_neither_typer_nor_ortools() -> None:
    """Nor json, tempfile, typing, and inspect's ast and dis (dataclasses uses inspect for a class
    without a docstring only: give it one), nor copy's weakref (dataclasses' asdict alone).
    pathlib is left out: an editable install's import hook loads it."""
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print(*sorted(m for m in sys.modules if m.split('.')[0] in "
        "('typer', 'click', 'rich', 'ortools', 'ast', 'dis', 'json', 'tempfile', 'typing', 'weakref')), "
        "file=sys.stderr))\n"
        "sys.argv[0] = 'loopsat'\n"
        "from loopsat.start import main\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code, "solve", FIVE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.endswith("unique\n"), done.stderr
    assert done.stderr.strip() == "", done.stderr


# What a genre's solve never uses: typing (mypy's alone), the MCC model, its referee and Knuth's
# covers, the pictures, the setter, the URL and game-ID readers (each imported when an export, a
# drawing, `generate` or a link asks).
NOT_FOR_A_SOLVE = (
    "typing",
    "loopsat.model",
    "loopsat.mcc",
    "loopsat.verify_mcc",
    "loopsat.genres.mcc",
    "loopsat.genres.slitherlink_cover",
    "loopsat.genres.masyu_cover",
    "loopsat.output.picture",
    "loopsat.setter",
    "loopsat.formats",
)


@pytest.mark.parametrize("puzzle", [FIVE, str(ROOT / "puzzles" / "masyu" / "pzprjs-6x6.masyu")])
def test_a_genres_solve_imports_no_cover_picture_setter_or_link_reader(puzzle: str) -> None:
    code = (
        "import atexit, sys\n"
        f"atexit.register(lambda: print(*sorted(m for m in sys.modules if m.startswith({NOT_FOR_A_SOLVE!r})), "
        "file=sys.stderr))\n"
        "sys.argv[0] = 'loopsat'\n"
        "from loopsat.start import main\n"
        "main()\n"
    )
    command = [sys.executable, "-c", code, "solve", "--json", puzzle]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and '"status": "unique"' in done.stdout, done.stderr
    assert done.stderr.strip() == "", done.stderr


def test_a_deferred_module_loads_on_first_use() -> None:
    name = "colorsys"  # a standard module nothing here imports
    sys.modules.pop(name, None)
    quick._defer(name)
    stand_in = sys.modules[name]
    assert stand_in.rgb_to_hsv(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0)
    assert sys.modules[name] is not stand_in and sys.modules[name].hsv_to_rgb(0.0, 0.0, 1.0) == (1.0, 1.0, 1.0)
    with pytest.raises(AttributeError):
        stand_in.no_such_name  # noqa: B018


def test_a_masyu_solve_imports_no_pairs_of_lines() -> None:
    """Tatham's pairs of lines at a dot read clues that count a cell's sides: Pearl's levels do not
    name them, so a Masyu board that reaches Normal makes none and imports none of their modules."""
    puzzle = ROOT / "bench" / "masyu" / "25x25" / "016.masyu"  # deduced up to its probes
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print(*sorted(m for m in sys.modules if m.startswith("
        "('loopsat.deduce.pairs', 'loopsat.deduce.relations', 'loopsat.deduce.faces'))), file=sys.stderr))\n"
        "sys.argv[0] = 'loopsat'\n"
        "from loopsat.start import main\n"
        "main()\n"
    )
    command = [sys.executable, "-c", code, "solve", "--json", str(puzzle)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and '"status": "unique"' in done.stdout, done.stderr
    assert done.stderr.strip() == "", done.stderr
