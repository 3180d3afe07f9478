"""Re-identification vault: the mapping replacement -> original, encrypted with the user's passphrase.

Off by default: without ``--vault`` nothing that maps back is ever written. With it, ``deidentify``
stores per note the original text of each span (with its offsets and its tag or surrogate), so
``reidentify`` can restore the note from the de-identified output. Layout (version 2): a header
(magic, scrypt cost, 16-byte random salt, a 16-byte key check, an 8-byte checksum), then records,
each ``length | 12-byte nonce | AES-256-GCM ciphertext`` of zlib-compressed JSON. scrypt(passphrase,
salt) gives the AES key and a header key; the key check is an HMAC of the cost values and salt
under the header key. A reader checks the checksum (damage), bounds the cost values (a tampered
header cannot force a huge derivation), then the key check (wrong passphrase), so a damaged record
is never reported as a wrong passphrase. Every record's associated data binds the whole header, its
index and whether it is the last, so records cannot be reordered, swapped between vaults or cut off
unnoticed. Version-1 vaults (no key check) are still read, their costs bounded the same way.
The file is created owner-only (0600) and appears only when complete.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
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

from masketeer_gui.atomic import AtomicFile, OutputError

MAGIC = b"MASKETEER-VAULT\x02"
OLD_MAGIC = b"MASKETEER-VAULT\x01"  # version 1: no key check, costs unauthenticated until the first record
SALT_BYTES = 16
NONCE_BYTES = 12
CHECK_BYTES = 16
SCRYPT_LOG2_N = 17  # 2**17 x 8 x 128 bytes = 128 MiB, about 0.4 s per derivation (OWASP: N >= 2**17)
R, P = 8, 1
LOG2_N_RANGE = range(10, 19)  # what a header may ask for: at most 256 MiB and a second or two
_PARAMS = struct.Struct(">16sBBB16s")  # magic, log2 n, r, p, salt
_CHECKS = struct.Struct(">16s8s")  # key check (HMAC under the derived key), header checksum (SHA-256)
HEADER_SIZE = _PARAMS.size + _CHECKS.size
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


def derive_keys(
    passphrase: str, salt: bytes, log2_n: int = SCRYPT_LOG2_N, r: int = R, p: int = P
) -> tuple[bytes, bytes]:
    """The 32-byte AES key and the 32-byte header key from the passphrase (one scrypt call)."""
    material = Scrypt(salt=salt, length=64, n=1 << log2_n, r=r, p=p).derive(passphrase.encode("utf-8"))
    return material[:32], material[32:]


def derive_key(passphrase: str, salt: bytes, log2_n: int = SCRYPT_LOG2_N, r: int = R, p: int = P) -> bytes:
    """The 32-byte AES key of a version-1 vault."""
    return Scrypt(salt=salt, length=32, n=1 << log2_n, r=r, p=p).derive(passphrase.encode("utf-8"))


def vault_entries(original: str, record: Mapping[str, Any]) -> list[VaultEntry]:
    """The entries of one output record (``spans`` with ``pseudonym``) against its original text."""
    return [VaultEntry(s["start"], s["end"], s["pseudonym"], original[s["start"] : s["end"]]) for s in record["spans"]]


def _key_check(mac_key: bytes, params: bytes) -> bytes:
    return hmac.new(mac_key, params, hashlib.sha256).digest()[:CHECK_BYTES]


def _checksum(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()[:8]


def _header(params: bytes, mac_key: bytes) -> bytes:
    """Cost values and salt, then a check only the right passphrase reproduces, then a checksum of all."""
    checked = params + _key_check(mac_key, params)
    return checked + _checksum(checked)


class VaultWriter:
    """Writes a vault next to ``path`` and moves it there on ``commit`` (an error leaves nothing).

    ``file`` is the vault's ``AtomicFile``: after ``finish`` a caller may commit it together with
    other outputs (``atomic.commit_all``).
    """

    def __init__(self, path: Path, passphrase: str, log2_n: int | None = None) -> None:
        log2_n = SCRYPT_LOG2_N if log2_n is None else log2_n
        if len(passphrase) < MIN_PASSPHRASE:
            raise VaultError(f"the passphrase must have at least {MIN_PASSPHRASE} characters")
        if log2_n not in LOG2_N_RANGE:
            raise VaultError(f"scrypt cost 2**{log2_n} is outside 2**{LOG2_N_RANGE[0]}..2**{LOG2_N_RANGE[-1]}")
        self.path = path
        salt = secrets.token_bytes(SALT_BYTES)
        aes_key, mac_key = derive_keys(passphrase, salt, log2_n)
        self._header = _header(_PARAMS.pack(MAGIC, log2_n, R, P, salt), mac_key)
        self._aead = AESGCM(aes_key)
        self.file = AtomicFile(path, sweep=True)
        self.file.write(self._header)
        self._pending: list[dict[str, Any]] = []
        self._index = 0
        self._finished = False

    def add(self, note_id: str, entries: Sequence[VaultEntry]) -> None:
        """Remember one note's entries (notes without spans are skipped)."""
        if entries:
            self._pending.append({"id": note_id, "spans": [list(entry) for entry in entries]})
            if len(self._pending) >= _RECORD_NOTES:
                self._flush(final=False)

    def finish(self) -> None:
        """Write the final record and sync the file; it is not in place yet."""
        if not self._finished:
            self._flush(final=True)
            self.file.prepare()
            self._finished = True

    def commit(self) -> None:
        """Write the final record and move the file into place."""
        self.finish()
        self.file.commit()

    def discard(self) -> None:
        self.file.discard()

    def _flush(self, final: bool) -> None:
        plain = zlib.compress(json.dumps(self._pending, ensure_ascii=False).encode("utf-8"))
        nonce = secrets.token_bytes(NONCE_BYTES)
        sealed = self._aead.encrypt(nonce, plain, _associated(self._header, self._index, final))
        self.file.write(_LENGTH.pack(len(sealed)) + nonce + sealed)
        self._pending = []
        self._index += 1

    def __enter__(self) -> VaultWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
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


def _open(path: Path, data: bytes, passphrase: str) -> tuple[AESGCM, bytes, str]:
    """The cipher, the header its records are bound to, and what a failed first record means.

    Nothing is derived before the header is checked: its checksum tells damage apart, its cost
    values are bounded, and the key check tells a wrong passphrase apart from a damaged record.
    """
    if data.startswith(OLD_MAGIC) and len(data) >= _PARAMS.size:
        log2_n, r, p, salt = _params(path, data[: _PARAMS.size], max_log2_n=16)
        return (
            AESGCM(derive_key(passphrase, salt, log2_n, r, p)),
            data[: _PARAMS.size],
            "wrong passphrase or damaged vault",
        )
    if not data.startswith(MAGIC) or len(data) < HEADER_SIZE:
        raise VaultError(f"{path}: not a Masketeer vault")
    header = data[:HEADER_SIZE]
    checked, checksum = header[:-8], header[-8:]
    if not hmac.compare_digest(_checksum(checked), checksum):
        raise VaultError(f"{path}: damaged vault (its header)")
    params, check = checked[: _PARAMS.size], checked[_PARAMS.size :]
    log2_n, r, p, salt = _params(path, params, max_log2_n=LOG2_N_RANGE[-1])
    aes_key, mac_key = derive_keys(passphrase, salt, log2_n, r, p)
    if not hmac.compare_digest(_key_check(mac_key, params), check):
        raise VaultError(f"{path}: wrong passphrase")
    return AESGCM(aes_key), header, "damaged or incomplete vault"


def _params(path: Path, params: bytes, max_log2_n: int) -> tuple[int, int, int, bytes]:
    _, log2_n, r, p, salt = _PARAMS.unpack(params)
    if not LOG2_N_RANGE[0] <= log2_n <= max_log2_n or r != R or p != P:
        raise VaultError(f"{path}: damaged vault or unsupported parameters (scrypt cost 2**{log2_n}, r={r}, p={p})")
    return log2_n, r, p, salt


def _records(path: Path, data: bytes, passphrase: str) -> Iterator[list[dict[str, Any]]]:
    aead, header, first_failure = _open(path, data, passphrase)
    position, index = len(header), 0
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
            problem = first_failure if index == 0 else "damaged or incomplete vault"
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


class SealedSpool:
    """JSON values held on disk until a later pass needs them (a settled run's vault entries), sealed.

    Each value is compressed and sealed with AES-256-GCM under a key drawn for this spool that never
    leaves this process's memory, bound to its position; the file is owner-only, beside ``beside``
    (named so ``atomic.sweep_stale`` clears what a killed run left) and deleted by ``close``. A
    failing disk is reported as ``OutputError`` for ``beside``.
    """

    def __init__(self, beside: Path) -> None:
        self._beside = beside
        with self._errors():
            fd, name = tempfile.mkstemp(dir=beside.parent, prefix=f".{beside.name}.{os.getpid()}.", suffix=".held.tmp")
        self._path = Path(name)
        self._file = os.fdopen(fd, "w+b", buffering=1 << 20)
        self._aead = AESGCM(AESGCM.generate_key(bit_length=256))
        self._count = 0

    def add(self, value: Any) -> None:
        plain = zlib.compress(json.dumps(value, ensure_ascii=False).encode("utf-8"), 1)
        nonce = secrets.token_bytes(NONCE_BYTES)
        sealed = self._aead.encrypt(nonce, plain, struct.pack(">Q", self._count))
        with self._errors():
            self._file.write(_LENGTH.pack(len(sealed)) + nonce + sealed)
        self._count += 1

    def __iter__(self) -> Iterator[Any]:
        """The values in the order they were added."""
        with self._errors():
            self._file.flush()
            self._file.seek(0)
        for index in range(self._count):
            with self._errors():
                (size,) = _LENGTH.unpack(self._file.read(_LENGTH.size))
                nonce = self._file.read(NONCE_BYTES)
                sealed = self._file.read(size)
            plain = self._aead.decrypt(nonce, sealed, struct.pack(">Q", index))
            yield json.loads(zlib.decompress(plain).decode("utf-8"))

    def close(self) -> None:
        with contextlib.suppress(OSError):  # a full disk fails the close too: the file goes all the same
            self._file.close()
        with contextlib.suppress(FileNotFoundError):
            self._path.unlink()

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except OSError as exc:
            raise OutputError(self._beside, exc) from None
