"""Every puzzle's grade, for a change of the deduction that must not move one: snapshot before,
snapshot after, compare. Reads every puzzle under bench/, puzzles/ and tests/data; records its
grade, hardest rule, steps and probes, and for those of bench/ a digest of `explain --json`.

    python bench/grades_snapshot.py before.json      # on the old code
    python bench/grades_snapshot.py after.json       # on the new
    python bench/grades_snapshot.py --compare before.json after.json

The comparison fails (exit 1) when a grade or hardest rule differs; steps, probes and the
explanation may change with the order of steps within a level, and are only counted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parent.parent
SKIP = {".py", ".md", ".json", ".sh", ".mcc"}


def snapshot() -> dict[str, Any]:
    import loopsat
    from loopsat.reading import load

    found: dict[str, Any] = {}
    for folder in ("bench", "puzzles", "tests/data"):
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or path.suffix in SKIP or "count" in path.parts:
                continue
            try:
                puzzles = load(str(path))
            except Exception:  # not a puzzle file
                continue
            for n, puzzle in enumerate(puzzles):
                key = f"{path.relative_to(ROOT)}#{n}"
                grade = loopsat.grade(puzzle)
                found[key] = None if grade is None else [grade.grade, grade.hardest, grade.steps, grade.probes]
                if folder == "bench":
                    text = json.dumps(loopsat.explain(puzzle).to_json(), sort_keys=True)
                    found[key + " explain"] = hashlib.sha1(text.encode()).hexdigest()
    return found


def compare(before: dict[str, Any], after: dict[str, Any]) -> int:
    moved = steps = explained = 0
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if key.endswith(" explain"):
            explained += old != new
        elif (old is None) != (new is None) or (old and new and old[:2] != new[:2]):
            print(f"grade moved: {key}: {old} -> {new}")
            moved += 1
        else:
            steps += old != new
    print(f"{len(before)} entries; grades or hardest rules moved: {moved}; steps or probes: {steps}", end="; ")
    print(f"explain: {explained}")
    return 1 if moved else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    parser.add_argument("out", nargs="?")
    args = parser.parse_args()
    if args.compare:
        before, after = (json.loads(Path(name).read_text()) for name in args.compare)
        return compare(before, after)
    if not args.out:
        parser.error("name the snapshot's file, or --compare two")
    Path(args.out).write_text(json.dumps(snapshot(), indent=0, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
