"""Whether a change to the deduction kept its answers: for every puzzle of bench/, puzzles/ and
tests/data (files, and the game IDs of tests/data/tatham, one a line), the status, the loops,
the grade and its hardest rule, and the trail (`explain`'s text and steps, the steps and probes
counted), written as JSON (`--save`) or compared with such a file (`--against`).

    python bench/same_trail.py --save /tmp/before.json      (on the old code)
    python bench/same_trail.py --against /tmp/before.json   (on the new)

The comparison prints each puzzle whose answer or grade moved (exit 1 if any) and counts those
whose trail alone differs: a speed change must move no grade, and changes the trail only where
it reorders the steps of one level (say so). Minutes of CPU (the hard 25×25 Masyu search).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import loopsat

ROOT = Path(__file__).parent.parent
SUFFIXES = (".slither", ".masyu", ".slink", ".sav")
IDS = ROOT / "tests" / "data" / "tatham"


def sources() -> list[str]:
    """Every puzzle file, then every game ID."""
    found = []
    for top in ("bench", "puzzles", "tests/data"):
        found += sorted(str(p.relative_to(ROOT)) for p in (ROOT / top).rglob("*") if p.suffix in SUFFIXES)
    found += sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests/data/deduce").glob("*.url"))
    for path in sorted(IDS.iterdir()):
        for line in path.read_text().splitlines():
            if line and not line.startswith("#"):
                found.append(line.split()[-1])
    return found


def reading(source: str) -> list[dict[str, object]]:
    """What a user sees of each puzzle `source` holds."""
    target = source if ":" in source else str(ROOT / source)  # a game ID, or a file
    found: list[dict[str, object]] = []
    try:
        puzzles = loopsat.load(target)
    except Exception as error:  # a file that is no puzzle says so the same way both times
        return [{"error": type(error).__name__}]
    for puzzle in puzzles:
        try:
            result = loopsat.solve(puzzle)
            explained = loopsat.explain(puzzle)
        except Exception as error:
            found.append({"error": type(error).__name__})
            continue
        found.append(
            {
                "status": str(result.status),
                "loops": [sorted(map(list, s.edges)) for s in result.solutions],
                "grade": None if result.difficulty is None else [result.difficulty.grade, result.difficulty.hardest],
                "trail": {
                    "difficulty": repr(result.difficulty),
                    "explain": "\n".join(explained.text()).replace(str(ROOT), ""),
                    "steps": explained.to_json()["steps"],
                },
            }
        )
    return found


def compare(before: dict[str, list[dict[str, object]]], after: dict[str, list[dict[str, object]]]) -> int:
    """Print what moved; 1 if an answer or a grade did."""
    moved = reordered = 0
    for source in sorted(set(before) | set(after)):
        old, new = before.get(source), after.get(source)
        if old == new:
            continue
        answers = [[{k: v for k, v in p.items() if k != "trail"} for p in side or []] for side in (old, new)]
        if answers[0] != answers[1]:
            print("moved:", source)
            moved += 1
        else:
            reordered += 1
    print(f"{len(after)} sources: answers or grades moved in {moved}, the trail alone in {reordered}")
    return 1 if moved else 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--save", type=Path)
    parser.add_argument("--against", type=Path)
    args = parser.parse_args()
    found = {}
    for source in sources():
        found[source] = reading(source)
        print(source, file=sys.stderr, flush=True)
    if args.save:
        args.save.write_text(json.dumps(found, indent=0))
    if args.against:
        return compare(json.loads(args.against.read_text()), found)
    return 0


if __name__ == "__main__":
    sys.exit(main())
