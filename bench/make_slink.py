"""Write bench/slink/twenty-20x20.slink: twenty fully clued 20×20 boards from random loops."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from loopsat.safefile import write_file

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "tests"))
from loopgen import clue_grid, random_region  # noqa: E402


def main() -> None:
    rng = random.Random(20071)
    parts = []
    for _ in range(20):
        region = random_region(20, 20, rng, size=rng.randint(120, 260))
        parts.append("20 20\n" + "\n".join(" ".join(row) for row in clue_grid(region, 20, 20)))
    write_file(HERE / "slink" / "twenty-20x20.slink", ("\n".join(parts) + "\n0 0\n").encode(), replace=True)


if __name__ == "__main__":
    main()
