"""CPU seconds to read an MCC file back: a 30×30 `general` export, by the reader and by `solve --mcc`.

    .venv/bin/python bench/mcc_read.py

Prints the reader's CPU time for `parse` and `cover` (in this process), and the whole
`loopsat solve --mcc -q` run's (a child process: start-up, read, solve, verify).
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from loopsat import mcc
from loopsat.genres import mcc as mcc_genre
from loopsat.genres import read_puzzles, slitherlink

BOARD = Path(__file__).parent.parent / "puzzles" / "slitherlink" / "tatham-30x30.slither"


def cpu(who: int = resource.RUSAGE_SELF) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    [puzzle] = read_puzzles(str(BOARD), BOARD.read_bytes())
    text = mcc.write(slitherlink.cover(puzzle, "general"))
    with tempfile.TemporaryDirectory() as folder:
        exported = Path(folder, "tatham-30x30-general.mcc")
        exported.write_text(text)
        data = exported.read_bytes()
        started = cpu()
        [read] = mcc_genre.parse(data, str(exported))
        parsed = cpu()
        cover = mcc_genre.cover(read)
        covered = cpu()
        print(f"{exported.name}: {len(data):,} bytes, {len(cover.options):,} options")
        print(f"parse {parsed - started:.2f} CPU-s, then cover {covered - parsed:.2f} CPU-s")
        before = cpu(resource.RUSAGE_CHILDREN)
        command = [sys.executable, "-m", "loopsat", "solve", "--mcc", "-q", str(exported)]
        answer = subprocess.run(command, capture_output=True, text=True, check=False).stdout.strip()
        print(f"loopsat solve --mcc -q: {answer}; {cpu(resource.RUSAGE_CHILDREN) - before:.2f} CPU-s")


if __name__ == "__main__":
    main()
