"""A folder of notes: every ``*.txt`` below it is one note, its id the relative path without suffix."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from masketeer_gui.corpus_io.records import NoteRecord, RecordFactory

_BOM = "\ufeff"


def note_files(root: Path) -> list[tuple[str, Path]]:
    """``(id, path)`` of every ``.txt`` file below ``root`` (symlinked folders not followed), sorted by id."""
    found: list[tuple[str, Path]] = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in files:
            if name.lower().endswith(".txt"):
                path = Path(folder, name)
                found.append((path.relative_to(root).with_suffix("").as_posix(), path))
    found.sort(key=lambda item: item[0])
    return found


def read_folder(root: Path, factory: RecordFactory) -> Iterator[NoteRecord]:
    """Yield one record per file; a file that is not UTF-8 is a bad record at its first bad byte's line."""
    for note_id, path in note_files(root):
        data = path.read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            factory.bad(str(path), line, "not UTF-8 text")
            continue
        yield NoteRecord(note_id, text.removeprefix(_BOM), {}, str(path), 1)
