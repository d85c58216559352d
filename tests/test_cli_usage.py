"""Usage lines and help read as a man page would: `loopsat solve [OPTIONS] FILE...`, every
placeholder a name, not typer's `{FILE...}`, `<float range>` or `<path>`."""

from __future__ import annotations

import re

import pytest
import typer

from loopsat.cli import app

COMMANDS = {
    "solve": "FILE...",
    "export": "FILE",
    "render": "FILE",
    "slink": "[FILE]",
    "batch": "DIR",
    "convert": "FILE",
    "explain": "FILE [PARTIAL.json]",
}


@pytest.mark.parametrize(("command", "arguments"), COMMANDS.items())
def test_usage_names_the_arguments_plainly(cli, command: str, arguments: str) -> None:
    done = cli(command, "--help")
    usage = done.stdout.splitlines()[0]  # the program's name is pytest's in this process
    assert usage.startswith("Usage: ") and usage.endswith(f"loopsat {command} [OPTIONS] {arguments}"), usage


@pytest.mark.parametrize("command", sorted(typer.main.get_command(app).commands))
def test_no_command_shows_typers_placeholders(cli, command: str) -> None:
    """Every command, a new one too: `@app.command(cls=PlainUsage)` and a metavar per value."""
    done = cli(command, "--help")
    assert not re.search(r"\{[^}|]*\}|<(int|float)[^>]*>|<path>|<str>", done.stdout), done.stdout


def test_a_missing_argument_names_it_plainly(cli) -> None:
    done = cli("solve")
    assert done.exit_code == 2 and done.stderr.startswith("error: Missing argument 'FILE...'."), done.stderr


def test_a_bad_strategy_is_one_line_naming_the_known_ones(cli) -> None:
    """--strategy is the pipeline's enum: a name outside it is a usage error, as --genre's."""
    from loopsat.solver.pipeline import Strategy

    done = cli("solve", "--strategy", "fastest", "x.slither")
    assert done.exit_code == 2 and done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    assert "'fastest' is not one of" in done.stderr and all(f"'{s}'" in done.stderr for s in Strategy)


def test_the_command_line_imports_no_solver_before_a_command_runs() -> None:
    """`loopsat --help` (and every command's start) loads the command line and the genre names
    only: the deduction, the genres, the solver and the API come with the command that uses them."""
    import subprocess
    import sys

    code = "import sys, loopsat.cli; print(' '.join(sorted(m for m in sys.modules if m.startswith('loopsat'))))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    heavy = ("loopsat.api", "loopsat.deduce", "loopsat.solver", "loopsat.verify", "loopsat.model", "loopsat.setter")
    genres = [m for m in done.stdout.split() if m.startswith("loopsat.genres.") and m != "loopsat.genres.contract"]
    assert not [m for m in done.stdout.split() if m.startswith(heavy)] and not genres, done.stdout
