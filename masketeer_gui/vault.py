"""Re-identification vault: the mapping replacement -> original, encrypted with the user's passphrase.

Off by default: without ``--vault`` nothing that maps back is ever written. With it, ``deidentify``
stores per note the original text of each span (with its offsets and its tag or surrogate), so
``reidentify`` can restore the note from the de-identified output. Layout: a header (magic, scrypt
cost, 16-byte random salt), then records, each ``length | 12-byte nonce | AES-256-GCM ciphertext``
of zlib-compressed JSON. The key is scrypt(passphrase, salt); every record's associated data binds
the header, its index and whether it is the last, so records cannot be reordered, swapped between
vaults or cut off unnoticed. The file is created owner-only (0600) and appears only when complete.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import struct
import tempfile
import zlib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

MAGIC = b"MASKETEER-VAULT\x01"
SALT_BYTES = 16
NONCE_BYTES = 12
SCRYPT_LOG2_N = 15  # 2**15 x 8 x 128 bytes = 32 MiB, about 0.1 s per derivation
_HEADER = struct.Struct(">16sBBB16s")  # magic, log2 n, r, p, salt
_LENGTH = struct.Struct(">I")
_RECORD_NOTES = 256  # notes per encrypted record
MIN_PASSPHRASE = 8


class VaultError(ValueError):
    """The vault cannot be read: wrong passphrase, not a vault, damaged or cut off (never quotes content)."""


class VaultEntry(NamedTuple):
    """One masked stretch: offsets in the original, its replacement in the output, the original text."""

    start: int
    end: int
    pseudonym: str
    original: str


def derive_key(passphrase: str, salt: bytes, log2_n: int = SCRYPT_LOG2_N, r: int = 8, p: int = 1) -> bytes:
    """The 32-byte AES key from the passphrase (scrypt)."""
    return Scrypt(salt=salt, length=32, n=1 << log2_n, r=r, p=p).derive(passphrase.encode("utf-8"))


def vault_entries(original: str, record: Mapping[str, Any]) -> list[VaultEntry]:
    """The entries of one output record (``spans`` with ``pseudonym``) against its original text."""
    return [VaultEntry(s["start"], s["end"], s["pseudonym"], original[s["start"] : s["end"]]) for s in record["spans"]]


class VaultWriter:
    """Writes a vault next to ``path`` and moves it there on ``commit`` (an error leaves nothing)."""

    def __init__(self, path: Path, passphrase: str, log2_n: int = SCRYPT_LOG2_N) -> None:
        if len(passphrase) < MIN_PASSPHRASE:
            raise VaultError(f"the passphrase must have at least {MIN_PASSPHRASE} characters")
        self.path = path
        salt = secrets.token_bytes(SALT_BYTES)
        self._header = _HEADER.pack(MAGIC, log2_n, 8, 1, salt)
        self._aead = AESGCM(derive_key(passphrase, salt, log2_n))
        fd, name = tempfile.mkstemp(dir=path.parent or ".", prefix=f".{path.name}.", suffix=".tmp")
        os.fchmod(fd, 0o600)
        self._temp = Path(name)
        self._handle = os.fdopen(fd, "wb")
        self._handle.write(self._header)
        self._pending: list[dict[str, Any]] = []
        self._index = 0
        self._committed = False

    def add(self, note_id: str, entries: Sequence[VaultEntry]) -> None:
        """Remember one note's entries (notes without spans are skipped)."""
        if entries:
            self._pending.append({"id": note_id, "spans": [list(entry) for entry in entries]})
            if len(self._pending) >= _RECORD_NOTES:
                self._flush(final=False)

    def commit(self) -> None:
        """Write the final record, close, make the file owner-only and move it into place."""
        self._flush(final=True)
        self._handle.close()
        os.replace(self._temp, self.path)
        os.chmod(self.path, 0o600)
        self._committed = True

    def discard(self) -> None:
        self._handle.close()
        with contextlib.suppress(FileNotFoundError):
            self._temp.unlink()

    def _flush(self, final: bool) -> None:
        plain = zlib.compress(json.dumps(self._pending, ensure_ascii=False).encode("utf-8"))
        nonce = secrets.token_bytes(NONCE_BYTES)
        sealed = self._aead.encrypt(nonce, plain, _associated(self._header, self._index, final))
        self._handle.write(_LENGTH.pack(len(sealed)) + nonce + sealed)
        self._pending = []
        self._index += 1

    def __enter__(self) -> VaultWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if not self._committed:
            self.discard()


def _associated(header: bytes, index: int, final: bool) -> bytes:
    return header + struct.pack(">Q?", index, final)


def read_vault(path: Path, passphrase: str) -> dict[str, list[VaultEntry]]:
    """Note id -> its entries; ``VaultError`` for a wrong passphrase or a damaged or incomplete vault."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise VaultError(f"{path}: cannot read ({exc.strerror})") from None
    notes: dict[str, list[VaultEntry]] = {}
    for batch in _records(path, data, passphrase):
        for note in batch:
            notes[str(note["id"])] = [VaultEntry(*entry) for entry in note["spans"]]
    return notes


def _records(path: Path, data: bytes, passphrase: str) -> Iterator[list[dict[str, Any]]]:
    if len(data) < _HEADER.size or not data.startswith(MAGIC):
        raise VaultError(f"{path}: not a Masketeer vault")
    header = data[: _HEADER.size]
    _, log2_n, r, p, salt = _HEADER.unpack(header)
    if not 10 <= log2_n <= 22 or not 1 <= r <= 32 or not 1 <= p <= 16:
        raise VaultError(f"{path}: unsupported vault parameters")
    aead = AESGCM(derive_key(passphrase, salt, log2_n, r, p))
    position, index = _HEADER.size, 0
    while position < len(data):
        if position + 4 + NONCE_BYTES > len(data):
            raise VaultError(f"{path}: damaged or incomplete vault")
        (size,) = _LENGTH.unpack_from(data, position)
        nonce = data[position + 4 : position + 4 + NONCE_BYTES]
        sealed = data[position + 4 + NONCE_BYTES : position + 4 + NONCE_BYTES + size]
        position += 4 + NONCE_BYTES + size
        final = position >= len(data)
        try:
            plain = aead.decrypt(nonce, sealed, _associated(header, index, final))
        except InvalidTag:
            problem = "wrong passphrase" if index == 0 else "damaged or incomplete vault"
            raise VaultError(f"{path}: {problem}") from None
        yield json.loads(zlib.decompress(plain).decode("utf-8"))
        index += 1
    if index == 0:
        raise VaultError(f"{path}: damaged or incomplete vault")


def reidentify_record(record: Mapping[str, Any], entries: Sequence[VaultEntry]) -> str:
    """The original text of a de-identified output ``record`` (``id``, ``text``, ``spans``) from its entries.

    Raises ``VaultError`` when the output does not match the vault (edited, or another run's output).
    """
    by_offsets = {(e.start, e.end): e for e in entries}
    text = record["text"]
    parts: list[str] = []
    out = original_position = 0
    for span in record["spans"]:
        entry = by_offsets.get((span["start"], span["end"]))
        out_start = out + span["start"] - original_position
        if entry is None or text[out_start : out_start + len(entry.pseudonym)] != entry.pseudonym:
            raise VaultError(f"note {record['id']}: output does not match the vault")
        parts.append(text[out:out_start])
        parts.append(entry.original)
        out = out_start + len(entry.pseudonym)
        original_position = span["end"]
    parts.append(text[out:])
    return "".join(parts)
