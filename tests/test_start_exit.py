"""The quick start's end (loopsat/start.py): a served command leaves at once, its output flushed
and its status kept, unless an exit hook, a thread or typer's command still needs the
interpreter's shutdown."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

FIVE = str(Path(__file__).parent.parent / "bench" / "startup-5x5.slither")


def run(before: str, *argv: str) -> subprocess.CompletedProcess[str]:
    code = f"import sys\n{before}sys.argv[0] = 'loopsat'\nfrom loopsat.start import main\nmain()\n"
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120)


def test_a_quick_solve_keeps_its_output_and_status(tmp_path: Path) -> None:
    done = run("", "solve", "--json", FIVE)
    assert done.returncode == 0 and json.loads(done.stdout)["status"] == "unique" and not done.stderr
    bad = tmp_path / "bad.slither"
    bad.write_text("5x\n")
    done = run("", "solve", str(bad))
    assert done.returncode == 2 and "bad.slither" in done.stderr


def test_an_exit_hook_still_runs() -> None:
    done = run("import atexit\natexit.register(lambda: print('hook ran'))\n", "solve", "--json", FIVE)
    assert done.returncode == 0 and done.stdout.endswith("hook ran\n")
    assert json.loads(done.stdout.splitlines()[0])["status"] == "unique"


def test_a_thread_still_running_gets_to_finish() -> None:
    """A thread that waits for the main thread to end: only the interpreter's shutdown lets it."""
    waits = (
        "import threading\n"
        "threading.Thread(target=lambda: (threading.main_thread().join(), print('thread done'))).start()\n"
    )
    done = run(waits, "solve", FIVE)
    assert done.returncode == 0 and done.stdout.endswith("unique\nthread done\n")
