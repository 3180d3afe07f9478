"""A folder of notes: every ``*.txt`` below it is one note, its id the relative path without suffix.

Only regular files are notes. A FIFO, socket or device named ``*.txt`` (which would block or
never end), a broken symbolic link, a symbolic link loop, a file that cannot be read and a file
name that is not UTF-8 (it could not be an id in UTF-8 output) are bad records: reported with
the file's name and a plain reason, skipped with ``--skip-bad``. Symlinked folders are not followed.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from masketeer_gui.corpus_io.records import NoteRecord, RecordFactory, display_path

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
        source = display_path(path)
        if not _is_utf8(note_id):
            factory.bad(source, 0, "the file name is not UTF-8 text (rename the file)")
            continue
        data, problem = _read_regular(path)
        if data is None:
            factory.bad(source, 0, problem)
            continue
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            factory.bad(source, line, "not UTF-8 text")
            continue
        yield NoteRecord(note_id, text.removeprefix(_BOM), {}, source, 1)


def _read_regular(path: Path) -> tuple[bytes | None, str]:
    """The bytes of ``path`` if it is a regular file (opened without blocking), else why not."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        return None, _why_unreadable(path, exc)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None, "not a regular file (a FIFO, socket or device named *.txt)"
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(), ""
    except OSError as exc:
        return None, _why_unreadable(path, exc)
    finally:
        os.close(fd)


def _why_unreadable(path: Path, exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "a symbolic link loop"
    if exc.errno == errno.ENOENT and path.is_symlink():
        return "a broken symbolic link (its target does not exist)"
    return f"cannot read ({exc.strerror or 'error'})"


def _is_utf8(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
