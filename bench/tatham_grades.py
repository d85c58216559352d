"""How often loopsat's grade names Tatham's level, on puzzles his own generator made at each level.

python bench/tatham_grades.py          (tests/data/tatham: `sgt-loopy --generate 3 'NxNt0dX#tathamNX'`
                                        for N = 7, 10, 13, 16, 20 and X = e, n, t, h; `sgt-pearl
                                        --generate 3 'NxNdX#tathamNX'` for N = 7, 8, 10, 12 and
                                        X = e, t; Debian sgt-puzzles 20230122)

Prints, per genre and level, the grades loopsat gives, then the share named exactly and within
one level of the genre's scale (tests/test_tatham_grades.py checks the same figures).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from tatham import agreement, graded


def main() -> None:
    for genre, rows in graded().items():
        print(genre)
        for level, grades in rows.items():
            print(f"  Tatham {level:<7} loopsat {dict(Counter(grades))}")
        exact, near = agreement(rows, genre)
        print(f"  exact {exact:.0%}, within one level {near:.0%}")


if __name__ == "__main__":
    main()
