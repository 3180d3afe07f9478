"""The pickled lexicon cache: read it if it is ours and current, write it atomically, owner-only.

Unpickling runs code from the file, so a cache is only read when the current user owns it and
nobody else can write it. Every failure to read means "no cache" and every failure to write is
skipped: the lists can always be rebuilt from ``dictionaries/``.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import pickle
import stat
from pathlib import Path
from typing import Any, BinaryIO

from masketeer_gui.atomic import AtomicFile
from masketeer_gui.engine.lexicon import Lexicon

_log = logging.getLogger(__name__)
PREFIX = "lexicon-"
SUFFIX = ".pickle"
KEEP_OTHERS = 3  # caches of other keys left in place


def path_for(cache_dir: Path, key: str) -> Path:
    """The cache file for ``key`` in ``cache_dir``."""
    return cache_dir / f"{PREFIX}{key}{SUFFIX}"


def read(path: Path, key: str) -> Lexicon | None:
    """The cached lexicon stored under ``key``, or None if missing, stale, corrupt or not ours."""
    try:
        with path.open("rb") as handle:
            if not _private(os.fstat(handle.fileno())):
                _log.debug("ignoring lexicon cache %s: not owner-only", path)
                return None
            stored_key, lexicon = _unpickle(handle)
    except FileNotFoundError:
        return None
    except Exception:  # a corrupt or foreign pickle can raise almost anything: rebuild
        _log.debug("ignoring unreadable lexicon cache %s", path, exc_info=True)
        return None
    if stored_key != key or not isinstance(lexicon, Lexicon):
        return None
    return lexicon


def _unpickle(handle: BinaryIO) -> Any:
    """``pickle.load`` with the cyclic GC paused: ~300,000 new strings would trigger it many times."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return pickle.load(handle)
    finally:
        if enabled:
            gc.enable()


def write(path: Path, key: str, lexicon: Lexicon) -> None:
    """Store ``lexicon`` under ``key`` (temp file + rename), then drop older caches beside it."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with AtomicFile(path) as file:
            pickle.dump((key, lexicon), file.handle, protocol=pickle.HIGHEST_PROTOCOL)
            file.commit()
    except OSError:
        _log.debug("could not write lexicon cache %s", path, exc_info=True)
        return
    _remove_others(path)


def _private(status: os.stat_result) -> bool:
    """Owned by the current user and not writable by group or others (always true on Windows)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return True
    return status.st_uid == getuid() and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _remove_others(keep: Path) -> None:
    """Delete all but the newest few ``lexicon-*.pickle`` files next to ``keep`` (best effort).

    A few are kept so two checkouts or dictionary directories sharing one cache directory do
    not evict each other on every run.
    """
    with contextlib.suppress(OSError):
        others = [other for other in keep.parent.glob(f"{PREFIX}*{SUFFIX}") if other != keep]
        others.sort(key=lambda other: other.stat().st_mtime_ns, reverse=True)
        for other in others[KEEP_OTHERS:]:
            other.unlink()
