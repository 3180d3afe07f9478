"""One writer per project: an advisory lock on a sidecar file ``P.db-lock``, held while a project is open.

SQLite alone (WAL + busy timeout) keeps the file consistent with two writers, but two programs
curating one project would interleave undo stacks and runs. So a writing session takes an
exclusive, non-blocking ``flock`` on the sidecar; a second writer gets "project is in use"
with the holder's process id. Readers take no lock. The kernel drops the lock when the
holder dies, so a crash never leaves a project locked. The sidecar is never deleted (deleting
lock files races).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from masketeer_gui.store.errors import ProjectInUseError, environment_error

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


def lock_path(db_path: Path) -> Path:
    """The sidecar lock file of a project, beside SQLite's own ``-wal`` and ``-shm`` files."""
    return db_path.with_name(db_path.name + "-lock")


class ProjectLock:
    """The exclusive writing lock of one project, taken on creation, dropped by ``release``."""

    def __init__(self, db_path: Path) -> None:
        self.path = lock_path(db_path)
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise (environment_error(exc, db_path) or exc) from None
        if not _try_lock(fd):
            holder = _read_pid(fd)
            os.close(fd)
            detail = f"project is in use by another program (process {holder}); close it there and try again"
            raise ProjectInUseError(db_path, detail if holder else "")
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        self._fd: int | None = fd

    def release(self) -> None:
        """Drop the lock (closing the descriptor releases it)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _read_pid(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        raw = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return raw if raw.isdigit() else ""
