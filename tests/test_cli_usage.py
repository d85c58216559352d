"""Usage lines and help read as a man page would: `loopsat solve [OPTIONS] FILE...`, every
placeholder a name (issue 16.5/6), not typer's `{FILE...}`, `<float range>` or `<path>`."""

from __future__ import annotations

import re

import pytest

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
    assert done.stdout.splitlines()[0] == f"Usage: loopsat {command} [OPTIONS] {arguments}"
    assert not re.search(r"\{[^}|]*\}|<(int|float)[^>]*>|<path>|<str>", done.stdout), done.stdout


def test_a_missing_argument_names_it_plainly(cli) -> None:
    done = cli("solve")
    assert (done.exit_code, done.stderr) == (2, "error: Missing argument 'FILE...'. (see `loopsat solve --help`)\n")
