"""One writer per project: advisory locks held while a project is open for writing.

SQLite alone (WAL + busy timeout) keeps the file consistent with two writers, but two programs
curating one project would interleave undo stacks and runs. So a writing session takes exclusive,
non-blocking ``flock``s on two lock files, and a second writer gets "project is in use" with the
holder's process id:

- ``P.db-lock`` beside the project's REAL file (symlinks resolved), so ``L.db -> P.db`` is the
  same project; it is never deleted (deleting lock files races);
- one keyed by the file's device and inode in the user's runtime folder, so a hard link
  ``ln P.db L.db`` is the same project too (deleted on release: it is only ever taken, and
  deleted, under its folder's lock, so that cannot race).

The kernel drops a lock when its holder ends. The lock's descriptors are closed in every forked
child (``os.register_at_fork``), so worker processes never hold it. A lock still held although
the process that took it has ended (orphaned children of a killed older version) is taken over:
the lock file is replaced by a fresh one, with a note on stderr. Taking locks is serialised by a
short lock on the lock file's folder, so two programs never both take over.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from masketeer_gui.atomic import process_alive
from masketeer_gui.store.errors import ProjectInUseError, environment_error

_HELD: set[int] = set()  # descriptors of the locks this process holds


def _close_in_child() -> None:
    """After a fork: the child must not keep its parent's project locked."""
    for fd in list(_HELD):
        with contextlib.suppress(OSError):
            os.close(fd)
    _HELD.clear()


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    @contextlib.contextmanager
    def _serialised(folder: Path) -> Iterator[None]:
        yield

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    @contextlib.contextmanager
    def _serialised(folder: Path) -> Iterator[None]:
        """Hold the folder's own lock while a lock in it is examined, taken or taken over."""
        try:
            fd = os.open(folder, os.O_RDONLY)
        except OSError:
            yield
            return
        try:
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    os.register_at_fork(after_in_child=_close_in_child)


def lock_path(db_path: Path) -> Path:
    """The sidecar lock file of a project, beside its real file's ``-wal`` and ``-shm`` files."""
    real = Path(os.path.realpath(db_path))
    return real.with_name(real.name + "-lock")


def identity_lock_path(db_path: Path) -> Path | None:
    """The lock keyed by the project file's device and inode (one for all its names), if there is a place for it."""
    folder = _runtime_folder()
    if folder is None:
        return None
    try:
        status = os.stat(db_path)
    except OSError:
        return None
    return folder / f"{status.st_dev:x}-{status.st_ino:x}.lock"


def _runtime_folder() -> Path | None:
    """An owner-only folder for identity locks (``$XDG_RUNTIME_DIR/masketeer`` or one in the temp folder)."""
    if sys.platform == "win32":  # pragma: no cover - hard links on Windows are rare; the sidecar still holds
        return None
    base = os.environ.get("XDG_RUNTIME_DIR")
    folder = Path(base, "masketeer") if base else Path(tempfile.gettempdir(), f"masketeer-{os.getuid()}")
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        status = folder.lstat()
    except OSError:
        return None
    private = status.st_uid == os.getuid() and not (status.st_mode & 0o077)
    return folder if private and folder.is_dir() and not folder.is_symlink() else None


class ProjectLock:
    """The exclusive writing lock of one project, taken on creation, dropped by ``release``.

    ``sidecar=False`` takes only the identity lock (it creates nothing beside the file, so it can be
    taken before the file is known to be a project); ``take_sidecar`` then completes it.
    """

    def __init__(self, db_path: Path, *, sidecar: bool = True) -> None:
        self.path = lock_path(db_path)
        self._db_path = db_path
        self._fds: list[int] = []
        self._identity: tuple[Path, int] | None = None
        try:
            identity = identity_lock_path(db_path)
            if identity is not None:
                self._identity = (identity, _take(identity, db_path))
            if sidecar:
                self.take_sidecar()
        except BaseException:
            self.release()
            raise

    def take_sidecar(self) -> None:
        """Lock ``P.db-lock`` too (what every version of Masketeer locks)."""
        try:
            self._fds.append(_take(self.path, self._db_path))
        except BaseException:
            self.release()
            raise

    def release(self) -> None:
        """Drop the lock (closing the descriptors releases it); the identity lock file goes too."""
        for fd in self._fds:
            _close(fd)
        self._fds = []
        if self._identity is not None:
            path, fd = self._identity
            self._identity = None
            if fd in _HELD:
                with _serialised(path.parent):  # nobody is between opening and locking it now
                    with contextlib.suppress(OSError):
                        path.unlink()
                    _close(fd)


def _close(fd: int) -> None:
    if fd in _HELD:
        _HELD.discard(fd)
        os.close(fd)


def _take(path: Path, db_path: Path) -> int:
    """Lock ``path``, taking it over when its holder has ended; ``ProjectInUseError`` if it is held."""
    try:
        with _serialised(path.parent):
            fd = _open(path)
            if not _try_lock(fd):
                holder = _read_pid(fd)
                os.close(fd)
                if not holder or process_alive(int(holder)):
                    detail = f"project is in use by another program (process {holder}); close it there and try again"
                    raise ProjectInUseError(db_path, detail if holder else "")
                fd = _take_over(path, db_path, holder)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    except OSError as exc:
        raise (environment_error(exc, db_path) or exc) from None
    _HELD.add(fd)
    return fd


def _take_over(path: Path, db_path: Path, holder: str) -> int:
    """Replace a lock file whose taker has ended (its orphans still hold it) by a fresh one, locked."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        if not _try_lock(fd):  # pragma: no cover - nobody else knows the new file yet
            raise ProjectInUseError(db_path)
        os.replace(temp, path)
    except BaseException:
        os.close(fd)
        Path(temp).unlink(missing_ok=True)
        raise
    print(
        f"masketeer: note: {db_path} was still locked for process {holder}, which has ended "
        "(processes it started may still be running); the lock was taken over",
        file=sys.stderr,
    )
    return fd


def _open(path: Path) -> int:
    return os.open(path, os.O_RDWR | os.O_CREAT, 0o600)


def _read_pid(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        raw = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return raw if raw.isdigit() else ""
