"""The folder: its puzzle files in a fixed order, the report left out, each file read and hashed
into jobs (a bad file or data set becomes an error line on the spot)."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path
from typing import Any

from loopsat.batch.lines import BatchError, Job, bad_line
from loopsat.errors import PuzzleError
from loopsat.genres import SUFFIXES, read_data_sets
from loopsat.limits import read_input


def discover(root: Path, genre: str | None) -> tuple[list[Path], list[dict[str, Any]]]:
    """Puzzle files under `root` in name order, a folder's files before its subfolders: known
    suffixes, or every file with `--genre`; hidden files and folders (`.git`, editor swap files)
    are left out and links to folders not followed. A folder that cannot be listed is an error line.
    """
    found: list[Path] = []
    unreadable: list[dict[str, Any]] = []
    folders = [root]  # a stack, not recursion: any depth of nesting
    while folders:
        folder = folders.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as exc:
            error = PuzzleError(str(folder), 1, 1, f"cannot read the folder ({exc.strerror or exc})")
            unreadable.append(bad_line(root, folder, error))
            continue
        subfolders = []
        for entry in entries:
            path = Path(entry.path)
            if entry.name.startswith("."):
                continue
            if entry.is_dir(follow_symlinks=False):
                subfolders.append(path)
            elif genre is not None or path.suffix.lower() in SUFFIXES:
                found.append(path)
        folders.extend(reversed(subfolders))
    return found, unreadable


def without_report(files: list[Path], report: Path) -> list[Path]:
    """The input files, the report itself left out; a BatchError when writing the report would
    destroy an input: the report is a puzzle file, or a link to one, or a device."""
    try:
        existing = os.stat(report)
    except OSError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        raise BatchError(f"the report {report} is not a regular file; name another --report")
    entry = (os.path.realpath(report.parent), report.name)
    inputs = []
    for file in files:
        if (os.path.realpath(file.parent), file.name) == entry and file.suffix.lower() not in SUFFIXES:
            continue  # the report (with --genre every other file is read)
        if existing is not None and _same_file(file, existing):
            raise BatchError(f"the report {report} would overwrite the puzzle file {file}; name another --report")
        inputs.append(file)
    return inputs


def _same_file(path: Path, other: os.stat_result) -> bool:
    try:
        mine = os.stat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (other.st_dev, other.st_ino)


def read_folder(root: Path, files: list[Path], genre: str | None) -> tuple[list[Job], list[dict[str, Any]]]:
    """The puzzles of `files`, and an error line (the message `solve` prints) for each bad file
    or bad data set."""
    jobs: list[Job] = []
    bad: list[dict[str, Any]] = []
    for file in files:
        sha256 = None
        try:
            data = read_input(file, regular_only=True)
            sha256 = hashlib.sha256(data).hexdigest()
            relative = file.relative_to(root).as_posix()
            for puzzle in read_data_sets(str(file), data, genre):
                if isinstance(puzzle, PuzzleError):  # one bad data set: the others are solved
                    bad.append(bad_line(root, file, puzzle, sha256))
                else:
                    jobs.append(Job(puzzle, relative, sha256))
        except PuzzleError as exc:
            bad.append(bad_line(root, file, exc, sha256))
    return jobs, bad
