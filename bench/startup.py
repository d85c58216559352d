"""Start-up: whole-process CPU seconds of `loopsat` on the shortest jobs, by the quick start
(loopsat/cli/quick.py) and by typer's path (`loopsat.start.main(quick=False)`), run in turn so
that a change in the machine's load touches both alike. Prints the medians and their ratio.

    python bench/startup.py [--runs 21]

The console script next to this interpreter is run (`loopsat`, as a user types it); the bytecode
is compiled first, as `pip install` does (bench/run.py's compile_bytecode).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
from pathlib import Path

from run import compile_bytecode

HERE = Path(__file__).parent
SCRIPT = Path(sys.executable).parent / "loopsat"
TYPER = "import sys; sys.argv[0] = 'loopsat'; from loopsat.start import main; main(quick=False)"
ROWS = (
    ("loopsat --help", ["--help"]),
    ("loopsat --version", ["--version"]),
    ("loopsat solve 5x5", ["solve", str(HERE / "startup-5x5.slither")]),
)


def cpu(command: list[str]) -> float:
    """The CPU seconds (user + system) of one run of `command`, its output thrown away."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (median)")
    options = parser.parse_args()
    compile_bytecode()
    floor = statistics.median(cpu([sys.executable, "-c", "pass"]) for _ in range(options.runs))
    print(f"{'python -c pass':<20} {floor:6.3f} CPU-s (the interpreter alone)")
    print(f"{'command':<20} {'quick':>6} {'typer':>6} {'ratio':>6}   (median CPU-s of {options.runs} runs each)")
    for label, words in ROWS:
        quick, typer = [], []
        for _ in range(options.runs):
            quick.append(cpu([str(SCRIPT), *words]))
            typer.append(cpu([sys.executable, "-c", TYPER, *words]))
        fast, slow = statistics.median(quick), statistics.median(typer)
        print(f"{label:<20} {fast:6.3f} {slow:6.3f} {fast / slow:6.2f}")


if __name__ == "__main__":
    main()
