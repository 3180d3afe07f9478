"""Keyed, corpus-wide pseudonyms: the same reference gets the same tag everywhere, with no table on disk.

A tag is ``[TYPE-XXXXXXXX]``: the first characters of HMAC-SHA256(key, type + folded reference)
in base 36. Every worker process with the same key computes the same tag, so nothing links
names to tags except the key itself. Without a key file, each run draws a fresh random key.
With 8 characters (36^8 ≈ 2.8e12) a run with 100,000 distinct references collides with
probability ≈ 1.8e-3; ``PseudonymIssuer`` also detects any collision in memory and lengthens
the tag of the later reference, so two references never share a tag within a run. Whole-corpus
runs (``masketeer deidentify``, ``masketeer spark``) use ``engine.collisions`` instead: an order-free
rule over the set of references that separate processes and executors reach alike.
"""

from __future__ import annotations

import hashlib
import itertools
import secrets
import sys
from collections.abc import Callable
from pathlib import Path

from masketeer_gui.atomic import create_new
from masketeer_gui.engine.normalize import fold_phrase
from masketeer_gui.engine.span import Entity

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DEFAULT_LENGTH = 8
KEY_BYTES = 32
MIN_KEY_BYTES = 16


class KeyFileError(ValueError):
    """The key file cannot be read or is not a key."""


def new_key() -> bytes:
    """A fresh random key for one run."""
    return secrets.token_bytes(KEY_BYTES)


def load_or_create_key(path: Path, warn: Callable[[str], None] | None = None) -> bytes:
    """The key stored in ``path`` (hex), creating it owner-only and atomically if it does not exist.

    A weak key (too short, all bytes alike, repeating, too few distinct bytes) is refused; a key
    file other users may read is used, and ``warn`` is told. Keep the key apart from the output:
    with it, anyone can compute the tag of any name they guess.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return _create_key(path, warn)
    except OSError as exc:
        raise KeyFileError(f"{path}: cannot read the key file ({exc.strerror})") from None
    try:
        key = bytes.fromhex(raw.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        expected = f"expected {KEY_BYTES * 2} hex digits"
        raise KeyFileError(f"{path}: not a pseudonym key file ({expected})") from None
    problem = key_weakness(key)
    if problem:
        raise KeyFileError(f"{path}: weak key refused: {problem}; a missing key file gets a random key")
    if warn is not None and _readable_by_others(path):
        warn(f"{path}: other users can read this key file; make it owner-only (chmod 600) and keep it apart")
    return key


def _create_key(path: Path, warn: Callable[[str], None] | None) -> bytes:
    key = new_key()
    try:
        create_new(path, (key.hex() + "\n").encode("ascii"))
    except FileExistsError:  # another run created it meanwhile: use that one
        return load_or_create_key(path, warn)
    return key


def key_weakness(key: bytes) -> str:
    """Why ``key`` is too weak to key pseudonyms, or '' (random keys pass with overwhelming odds)."""
    if len(key) < MIN_KEY_BYTES:
        return f"key too short (at least {MIN_KEY_BYTES} bytes)"
    if len(set(key)) < len(key) // 2:
        return "key with too few distinct bytes (all zero, or nearly so)"
    for period in range(1, len(key) // 2 + 1):
        if key == (key[:period] * (len(key) // period + 1))[: len(key)]:
            return "key that repeats itself"
    steps = {(b - a) % 256 for a, b in itertools.pairwise(key)}
    if len(steps) == 1:
        return "key that counts up or down"
    return ""


def _readable_by_others(path: Path) -> bool:
    if sys.platform == "win32":  # pragma: no cover - POSIX permissions only
        return False
    try:
        return bool(path.stat().st_mode & 0o077)
    except OSError:
        return False


def reference_key(entity: Entity, reference: str) -> str:
    """What makes two mentions "the same reference": type plus folded text (case/umlaut-insensitive)."""
    return f"{entity}\x1f{fold_phrase(reference)}"


def reference_digest(key: bytes, entity: Entity, reference: str) -> bytes:
    """HMAC-SHA256 of the reference under ``key``: what a tag is cut from (and what collisions compare)."""
    return _digest(key, reference_key(entity, reference))


def tag_from_digest(entity: Entity, digest: bytes, length: int = DEFAULT_LENGTH) -> str:
    """The tag ``[TYPE-XXXXXXXX]`` cut from a reference digest."""
    return f"[{entity}-{_base36(digest, length)}]"


def _digest(key: bytes, ref_key: str) -> bytes:
    """HMAC-SHA256 (RFC 2104) of the reference under the key, from the key's two padded hash states made once:
    the same bytes as ``hmac.new(key, ..., hashlib.sha256).digest()`` at a fifth of its cost (OpenSSL sets up a
    keyed HMAC per call; an engine digests every new reference of every note)."""
    pads = _PADS.get(key)
    if pads is None:
        pads = _pads(key)
    inner = pads[0].copy()
    inner.update(ref_key.encode("utf-8"))
    outer = pads[1].copy()
    outer.update(inner.digest())
    return outer.digest()


_BLOCK = 64  # SHA-256's block size in bytes
_IPAD = bytes(byte ^ 0x36 for byte in range(256))  # translation tables: the key XOR the inner and outer pad
_OPAD = bytes(byte ^ 0x5C for byte in range(256))
_PADS: dict[bytes, tuple[hashlib._Hash, hashlib._Hash]] = {}  # per key (a run has one): its padded hash states


def _pads(key: bytes) -> tuple[hashlib._Hash, hashlib._Hash]:
    """SHA-256 states that have hashed the key XOR the inner and the outer pad (a key longer than a block is
    hashed first), as ``hmac`` makes them."""
    if len(_PADS) >= 8:  # tests and tools use many keys; a run, one
        _PADS.clear()
    block = (hashlib.sha256(key).digest() if len(key) > _BLOCK else key).ljust(_BLOCK, b"\0")
    pads = _PADS[key] = (hashlib.sha256(block.translate(_IPAD)), hashlib.sha256(block.translate(_OPAD)))
    return pads


def _base36(digest: bytes, length: int) -> str:
    number = int.from_bytes(digest, "big")
    chars = []
    for _ in range(length):
        number, rem = divmod(number, 36)
        chars.append(ALPHABET[rem])
    return "".join(chars)


def tag_for(key: bytes, entity: Entity, reference: str, length: int = DEFAULT_LENGTH) -> str:
    """The tag ``[TYPE-XXXXXXXX]`` for ``reference`` of type ``entity`` under ``key``."""
    return f"[{entity}-{_base36(_digest(key, reference_key(entity, reference)), length)}]"


class TagLedger:
    """One run's record of which digest owns which tag: first come keeps it, a later one gets a longer tag.

    Keeps only digests in memory (never the references).
    """

    def __init__(self) -> None:
        self._owner: dict[str, bytes] = {}
        self._moved: dict[bytes, str] = {}

    def resolve(self, tag: str, digest: bytes) -> str:
        """The tag this digest carries in this run (usually ``tag`` itself)."""
        owner = self._owner.setdefault(tag, digest)
        if owner == digest:
            return tag
        moved = self._moved.get(digest)
        if moved is None:
            moved = self._lengthen(tag, digest)
            self._moved[digest] = moved
        return moved

    def _lengthen(self, tag: str, digest: bytes) -> str:
        prefix = tag[: tag.index("-") + 1]
        length = len(tag) - len(prefix) - 1
        while True:
            length += 2
            candidate = f"{prefix}{_base36(digest, length)}]"
            if self._owner.setdefault(candidate, digest) == digest:
                return candidate


class PseudonymIssuer:
    """Issues tags for one run in one process and guarantees distinct references never share one."""

    def __init__(self, key: bytes, length: int = DEFAULT_LENGTH) -> None:
        self._key = key
        self._length = length
        self._ledger = TagLedger()

    def tag(self, entity: Entity, reference: str) -> str:
        digest = reference_digest(self._key, entity, reference)
        return self._ledger.resolve(tag_from_digest(entity, digest, self._length), digest)
