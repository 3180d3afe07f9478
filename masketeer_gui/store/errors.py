"""What can go wrong with a project, split the qutebrowser way: the environment failed, or we asked wrongly.

``ProjectEnvironmentError`` and its subclasses are things the user can fix (a full disk, a file
another program holds, a file that is no project): their messages are plain words naming the
file. ``InvalidChangeError`` and ``NotFoundError`` are requests the project refuses. Anything
else that escapes the store is a bug. No message ever holds note text or names.
"""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

from sqlalchemy.exc import DBAPIError


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class ProjectEnvironmentError(StoreError):
    """The environment failed (disk, file system, another program): tell the user, it is no bug."""

    reason = "cannot use the project file"

    def __init__(self, path: Path | str, detail: str = "") -> None:
        self.path = str(path)
        self.detail = detail
        super().__init__(f"{self.path}: {detail or self.reason}")


class ProjectNotFoundError(ProjectEnvironmentError):
    reason = "no such project file"


class ProjectExistsError(ProjectEnvironmentError):
    reason = "a file of that name already exists"


class NotAProjectError(ProjectEnvironmentError):
    reason = "not a Masketeer project"


class NewerSchemaError(ProjectEnvironmentError):
    reason = "made by a newer version of Masketeer; update Masketeer to open it"


class NeedsUpgradeError(ProjectEnvironmentError):
    reason = "made by an older version of Masketeer; open it once for writing to upgrade it"


class ProjectInUseError(ProjectEnvironmentError):
    reason = "project is in use by another program; close it there and try again"


class ProjectBusyError(ProjectEnvironmentError):
    reason = "project is busy (another program is writing to it); try again in a moment"


class ReadOnlyError(ProjectEnvironmentError):
    reason = "cannot write to the project (read-only file, folder or disk)"


class DiskFullError(ProjectEnvironmentError):
    reason = "the disk is full; free some space and try again"


class ProjectIOError(ProjectEnvironmentError):
    reason = "cannot read or write the project file (disk or file system error)"


class ProjectCorruptError(ProjectEnvironmentError):
    reason = "the project file is damaged"


class InvalidChangeError(StoreError, ValueError):
    """A change the project refuses (duplicate term, offsets outside the note, nothing to undo…)."""


class NotFoundError(StoreError, LookupError):
    """An id that names nothing in this project."""


class ProjectStateError(StoreError):
    """The project is not ready for this yet (e.g. export before any run)."""


# SQLite primary result codes (https://sqlite.org/rescode.html)
_BY_SQLITE_CODE: dict[int, type[ProjectEnvironmentError]] = {
    5: ProjectBusyError,  # SQLITE_BUSY
    6: ProjectBusyError,  # SQLITE_LOCKED
    8: ReadOnlyError,  # SQLITE_READONLY
    10: ProjectIOError,  # SQLITE_IOERR
    11: ProjectCorruptError,  # SQLITE_CORRUPT
    13: DiskFullError,  # SQLITE_FULL
    14: ProjectIOError,  # SQLITE_CANTOPEN
    26: NotAProjectError,  # SQLITE_NOTADB
}

_BY_ERRNO: dict[int, type[ProjectEnvironmentError]] = {
    errno.ENOSPC: DiskFullError,
    errno.EDQUOT: DiskFullError,
    errno.EROFS: ReadOnlyError,
    errno.EACCES: ReadOnlyError,
    errno.EPERM: ReadOnlyError,
    errno.ENOENT: ProjectNotFoundError,
    errno.EEXIST: ProjectExistsError,
}


def environment_error(exc: BaseException, path: Path | str) -> ProjectEnvironmentError | None:
    """The environment error ``exc`` stands for, or None if it is a bug."""
    if isinstance(exc, ProjectEnvironmentError):
        return exc
    original = exc.orig if isinstance(exc, DBAPIError) else exc
    if isinstance(original, sqlite3.Error):
        code = getattr(original, "sqlite_errorcode", None)
        if code is None:
            return None
        kind = _BY_SQLITE_CODE.get(code & 0xFF)
        return kind(path) if kind else None
    if isinstance(original, OSError) and original.errno is not None:
        kind = _BY_ERRNO.get(original.errno, ProjectIOError)
        return kind(path)
    return None
