"""A full disk for chosen files, unprivileged: their writes succeed, but flushing or closing them fails.

A real full disk usually shows only when the buffered data reaches the disk (``flush``, ``close``
or ``fsync``), so that is where this fails: files opened through ``os.fdopen`` whose path contains
``fragment`` raise ``OSError(ENOSPC)`` there. Works on any code that writes through ``os.fdopen``
(every atomic write in the project does, old and new), as any user, in CI.
"""

from __future__ import annotations

import errno
import os
from typing import Any

import pytest


def _full() -> OSError:
    return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


class _FullFile:
    """Wraps a binary or text file: ``write`` buffers, ``flush``/``close`` fail as a full disk would."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def write(self, data: Any) -> int:
        return len(data)  # accepted into the buffer, never reaches the disk

    def flush(self) -> None:
        raise _full()

    def close(self) -> None:
        self._inner.close()
        raise _full()

    def __enter__(self) -> _FullFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def simulate_full_disk(monkeypatch: pytest.MonkeyPatch, fragment: str) -> None:
    """From now on, files whose path contains ``fragment`` cannot be written (ENOSPC)."""
    real_fdopen, real_fsync = os.fdopen, os.fsync

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        handle = real_fdopen(fd, *args, **kwargs)
        return _FullFile(handle) if fragment in _path_of(fd) else handle

    def fsync(fd: int) -> None:
        if fragment in _path_of(fd):
            raise _full()
        real_fsync(fd)

    monkeypatch.setattr(os, "fdopen", fdopen)
    monkeypatch.setattr(os, "fsync", fsync)


def _path_of(fd: int) -> str:
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return ""
