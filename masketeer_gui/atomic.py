"""Files that appear whole or not at all: the one atomic-write helper every writer uses.

A file is written to a temporary file beside its target (created owner-only, 0600), flushed and
``fsync``ed, renamed over the target, and then the folder is ``fsync``ed, so after a crash or a
power cut the target holds either the old content or the new, never a mix or nothing.
``commit_all`` commits several files together: all of them are written and synced first (where a
full disk shows), then renamed; if a rename fails, the ones already renamed are put back.
``create_new`` makes a file that must never replace another (a key file) the same way.
Failures come out as ``OutputError`` with a plain reason ("the disk is full"), never note text.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

_PLAIN = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is exceeded",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOENT: "the folder does not exist",
    errno.EEXIST: "a file of that name exists already",
    errno.EIO: "a disk error occurred",
}

ENVIRONMENT_ERRNOS = frozenset(_PLAIN) - {errno.ENOENT, errno.EEXIST}  # the machine failed, not the program


class OutputError(OSError):
    """A file could not be written; ``str`` is ``"{path}: cannot write: {plain reason}"``."""

    def __init__(self, path: Path | str, cause: OSError) -> None:
        code = cause.errno or errno.EIO
        super().__init__(code, plain_reason(cause), str(path))
        self.path = str(path)

    def __str__(self) -> str:
        return f"{self.path}: cannot write: {self.strerror}; nothing was written"


def plain_reason(exc: OSError) -> str:
    """What went wrong, in words a user understands."""
    return _PLAIN.get(exc.errno or 0) or (exc.strerror or type(exc).__name__).lower()


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders cannot be opened, e.g. Windows)."""
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        with contextlib.suppress(OSError):  # some file systems refuse fsync on a folder: nothing to do then
            os.fsync(fd)
    finally:
        os.close(fd)


class AtomicFile:
    """A temporary file beside ``target``; ``commit`` syncs and renames it, anything else deletes it."""

    def __init__(self, target: Path | str, *, buffering: int = 1 << 20, sweep: bool = False) -> None:
        """``sweep``: first delete what killed processes left for ``target`` (lists its folder)."""
        self.target = Path(target)
        folder = self.target.parent
        if sweep:
            sweep_stale(self.target)
        try:
            fd, name = tempfile.mkstemp(dir=folder, prefix=f".{self.target.name}.{os.getpid()}.", suffix=".tmp")
        except OSError as exc:
            raise OutputError(self.target, exc) from None
        self.temp = Path(name)
        self.handle: BinaryIO = os.fdopen(fd, "wb", buffering=buffering)
        self.committed = False
        self._prepared = False

    def write(self, data: bytes) -> None:
        try:
            self.handle.write(data)
        except OSError as exc:
            raise OutputError(self.target, exc) from None

    def prepare(self) -> None:
        """Flush, ``fsync`` and close the temporary file: after this, only the rename is left."""
        if self._prepared:
            return
        try:
            self.handle.flush()
            os.fsync(self.handle.fileno())
            self.handle.close()
        except OSError as exc:
            raise OutputError(self.target, exc) from None
        self._prepared = True

    def commit(self) -> None:
        """Move the file into place (replacing an existing one) durably."""
        commit_all([self])

    def discard(self) -> None:
        """Delete the temporary file (after a failure; a no-op once committed)."""
        if self.committed:
            return
        with contextlib.suppress(OSError):
            self.handle.close()
        with contextlib.suppress(OSError):
            self.temp.unlink()

    def __enter__(self) -> AtomicFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if not self.committed:
            self.discard()
        if isinstance(exc, OSError) and not isinstance(exc, OutputError):
            raise OutputError(self.target, exc) from exc


def sweep_stale(target: Path) -> None:
    """Delete temporary files a killed process left for ``target`` (named after their process id)."""
    prefix = f".{target.name}."
    with contextlib.suppress(OSError):
        for entry in os.scandir(target.parent):
            name = entry.name
            if name.startswith(prefix) and name.endswith(".tmp"):
                pid = name[len(prefix) :].split(".", 1)[0]
                if pid.isdigit() and not process_alive(int(pid)):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` exists (another user's counts as alive)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, or a platform where signal 0 means something else
        return True
    return True


def commit_all(files: Sequence[AtomicFile]) -> None:
    """Commit ``files`` together: every one of them, or (on an error) none; ``OutputError`` then."""
    for file in files:
        file.prepare()
    done: list[tuple[AtomicFile, Path | None]] = []
    try:
        for file in files:
            backup = _set_aside(file.target)
            done.append((file, backup))
            try:
                os.replace(file.temp, file.target)
            except OSError as exc:
                raise OutputError(file.target, exc) from None
            file.committed = True
        for folder in {file.target.parent for file in files}:
            fsync_dir(folder)
    except BaseException:
        for file, backup in reversed(done):
            _put_back(file, backup)
        raise
    for _, backup in done:
        if backup is not None:
            with contextlib.suppress(OSError):
                backup.unlink()


def _set_aside(target: Path) -> Path | None:
    """A hard link to the file ``target`` replaces (no copy of its data), to put it back on failure."""
    backup = target.with_name(f".{target.name}.{os.getpid()}.old")
    try:
        with contextlib.suppress(FileNotFoundError):
            backup.unlink()
        os.link(target, backup)
    except OSError:  # no old file, or a file system without hard links: nothing to put back
        return None
    return backup


def _put_back(file: AtomicFile, backup: Path | None) -> None:
    with contextlib.suppress(OSError):
        if not file.committed:
            file.temp.unlink()
        elif backup is not None:
            os.replace(backup, file.target)
        else:
            file.target.unlink()
    file.committed = False


def write_atomic(target: Path | str, data: bytes | str) -> None:
    """Write ``data`` (text as UTF-8) to ``target`` whole or not at all, owner-only."""
    with AtomicFile(target) as file:
        file.write(data.encode("utf-8") if isinstance(data, str) else data)
        file.commit()


def create_new(target: Path | str, data: bytes) -> None:
    """Create ``target`` with ``data`` atomically and owner-only; ``FileExistsError`` if it exists.

    The content is synced before the file gets its name (a hard link, which never replaces), so a
    full disk or a crash leaves no file at all rather than an empty or half-written one.
    """
    target = Path(target)
    file = AtomicFile(target)
    try:
        file.write(data)
        file.prepare()
        try:
            os.link(file.temp, target)
        except FileExistsError:
            raise
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
                raise OutputError(target, exc) from None
            _create_without_link(target, data)  # a file system without hard links
    finally:
        file.discard()  # the temporary name; ``target`` keeps the content
    fsync_dir(target.parent)


def _create_without_link(target: Path, data: bytes) -> None:
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, data)
        os.fsync(fd)
    except OSError as exc:
        os.close(fd)
        target.unlink(missing_ok=True)
        raise OutputError(target, exc) from None
    os.close(fd)
