"""The user-cache files: the pickled lexicon and the indices built from it (``lexicon_indices``).

Each is read if it is ours and current, and written atomically, owner-only (0600, in a 0700 folder).
Unpickling runs code from the file, so a cache is only read when the current user owns it and
nobody else can write it. The lexicon's large word sets are stored packed (``lexicon_packed``:
buckets read when a look-up first needs them). The indices are plain data (dicts, tuples,
frozensets of strings) stored with ``marshal``, which loads them several times faster than pickle.
A SHA-256 of each file's data is checked before it is parsed, so a damaged file is never read (a
packed bucket read late is as sound as the rest). Every failure to read means
"no cache" and every failure to write is skipped: everything can always be rebuilt from ``dictionaries/``.
Nothing here ever holds note text or the deployment's name lists.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import logging
import marshal
import mmap
import os
import pickle
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from masketeer_gui.atomic import AtomicFile
from masketeer_gui.engine import lexicon_packed
from masketeer_gui.engine.collector import gc_paused  # (``parallel`` and ``settling`` import it here)
from masketeer_gui.engine.lexicon import Lexicon

_log = logging.getLogger(__name__)
PREFIX = "lexicon-"
SUFFIX = ".pickle"
INDICES_PREFIX = "indices-"
INDICES_SUFFIX = ".marshal"
KEEP_OTHERS = 3  # caches of other keys left in place
MARSHAL_VERSION = 4
_DIGEST = 32  # bytes of SHA-256 before the pickled or marshalled data
PACK_AT_LEAST = 16_384  # a lexicon's word sets this large are stored packed (``lexicon_packed``): nouns, common
# and top words, drug names; not the towns (13,000), which the engine keeps a reference to (see ``Lexicon``)


def path_for(cache_dir: Path, key: str) -> Path:
    """The cache file for ``key`` in ``cache_dir``."""
    return cache_dir / f"{PREFIX}{key}{SUFFIX}"


def indices_path_for(cache_dir: Path, key: str) -> Path:
    """The indices cache file for ``key`` in ``cache_dir``."""
    return cache_dir / f"{INDICES_PREFIX}{key}{INDICES_SUFFIX}"


def read(path: Path, key: str) -> Lexicon | None:
    """The cached lexicon stored under ``key``, or None if missing, stale, damaged, corrupt or not ours.

    Its large sets come back packed (``lexicon_packed``): each word's bucket is read when first looked up.
    """
    with _checked_body(path) as body:
        if body is None:
            return None
        try:
            with gc_paused():
                stored_key, small, packed = pickle.loads(body)
        except Exception:  # a corrupt or foreign pickle can raise almost anything: rebuild
            _log.debug("ignoring unreadable lexicon cache %s", path, exc_info=True)
            return None
    if stored_key != key:
        return None
    return _unpacked(small, packed)


def _packed(lexicon: Lexicon) -> tuple[dict[str, Any], dict[str, lexicon_packed.Packed]]:
    """The lexicon's fields: the small ones as they are, the large word sets packed."""
    small: dict[str, Any] = {}
    packed: dict[str, lexicon_packed.Packed] = {}
    for field in dataclasses.fields(lexicon):
        value = getattr(lexicon, field.name)
        if isinstance(value, frozenset) and len(value) >= PACK_AT_LEAST and all(isinstance(w, str) for w in value):
            packed[field.name] = lexicon_packed.pack_set(value)
        else:
            small[field.name] = lexicon_packed.settle(value)
    return small, packed


def _unpacked(small: dict[str, Any], packed: dict[str, lexicon_packed.Packed]) -> Lexicon | None:
    """``_packed``'s inverse; each packed set swaps itself for the whole one in the lexicon once made."""
    if not all(lexicon_packed.is_packed(words) for words in packed.values()):
        return None
    sets: dict[str, Any] = {name: lexicon_packed.PackedSet(words) for name, words in packed.items()}
    lexicon = Lexicon(**small, **sets)
    for name, packed_set in sets.items():
        packed_set.tell(functools.partial(object.__setattr__, lexicon, name))  # frozen: set as its __init__ does
    return lexicon


def write(path: Path, key: str, lexicon: Lexicon) -> None:
    """Store ``lexicon`` under ``key`` (its large sets packed; temp file + rename), then drop older caches."""
    try:
        small, packed = _packed(lexicon) if isinstance(lexicon, Lexicon) else ({"": lexicon}, {})
    except ValueError:  # a set that does not pack (``lexicon_packed``): no cache, never a failed run
        _log.debug("cannot pack the lexicon for %s", path, exc_info=True)
        return
    body = pickle.dumps((key, small, packed), protocol=pickle.HIGHEST_PROTOCOL)
    _write_bytes(path, hashlib.sha256(body).digest() + body, f"{PREFIX}*{SUFFIX}")


def read_plain(path: Path, key: str) -> Any | None:
    """The plain data stored under ``key`` by ``write_plain``, or None if missing, stale, damaged or not ours."""
    with _checked_body(path) as body:
        if body is None:
            return None
        try:
            stored_key, payload = loads_plain(body)
        except Exception:  # written by another Python, or not by us: rebuild
            _log.debug("ignoring unreadable indices cache %s", path, exc_info=True)
            return None
    return payload if stored_key == key else None


@contextlib.contextmanager
def _checked_body(path: Path) -> Iterator[memoryview | None]:
    """The file's data after its SHA-256, if the file is ours and the digest matches; else None. Mapped, not
    read (no copy of several MB that is parsed once): valid inside the block only, parsed into new objects there."""
    with _mapped_private(path) as data:
        if data is None:
            yield None
            return
        with memoryview(data) as whole, whole[_DIGEST:] as body:
            if len(whole) <= _DIGEST or hashlib.sha256(body).digest() != whole[:_DIGEST]:
                _log.debug("ignoring damaged cache %s", path)
                yield None
            else:
                yield body


def write_plain(path: Path, key: str, payload: Any) -> None:
    """Store plain data (dicts, tuples, frozensets, strings, numbers) under ``key``; see ``read_plain``."""
    try:
        body = dumps_plain((key, payload))
    except ValueError:  # not plain data: a programming error, but a cache must never stop a run
        _log.debug("cannot marshal the indices for %s", path, exc_info=True)
        return
    _write_bytes(path, hashlib.sha256(body).digest() + body, f"{INDICES_PREFIX}*{INDICES_SUFFIX}")


def dumps_plain(data: Any) -> bytes:
    """``data`` (dicts, tuples, frozensets, strings, bytes, numbers) in ``marshal``'s format."""
    return marshal.dumps(data, MARSHAL_VERSION)


def loads_plain(body: bytes | memoryview) -> Any:
    """``marshal.loads`` with the cyclic GC paused; only for bytes whose digest was checked."""
    with gc_paused():
        return marshal.loads(body)


def _write_bytes(path: Path, data: bytes, siblings: str) -> None:
    """Write ``data`` to ``path`` atomically, owner-only; then drop older files matching ``siblings``."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with AtomicFile(path) as file:
            file.write(data)
            file.commit()
    except OSError:
        _log.debug("could not write cache %s", path, exc_info=True)
        return
    _remove_others(path, siblings)


@contextlib.contextmanager
def _mapped_private(path: Path) -> Iterator[mmap.mmap | None]:
    """``path`` mapped read-only if it is ours and nobody else can write it, else None (missing, unreadable,
    empty); unmapped after the block."""
    try:
        with path.open("rb") as handle:
            status = os.fstat(handle.fileno())
            if not _private(status):
                _log.debug("ignoring cache %s: not owner-only", path)
                mapped = None
            else:
                mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) if status.st_size else None
    except (OSError, ValueError):  # ValueError: a file emptied meanwhile cannot be mapped
        mapped = None
    if mapped is None:
        yield None
        return
    with mapped:
        yield mapped


def _private(status: os.stat_result) -> bool:
    """Owned by the current user and not writable by group or others (always true on Windows)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return True
    return status.st_uid == getuid() and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _remove_others(keep: Path, siblings: str) -> None:
    """Delete all but the newest few files matching ``siblings`` next to ``keep`` (best effort).

    A few are kept so two checkouts or dictionary directories sharing one cache directory do
    not evict each other on every run.
    """
    with contextlib.suppress(OSError):
        others = [other for other in keep.parent.glob(siblings) if other != keep]
        others.sort(key=lambda other: other.stat().st_mtime_ns, reverse=True)
        for other in others[KEEP_OTHERS:]:
            other.unlink()
