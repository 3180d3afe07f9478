"""The vault's header: a cost of at least 2**17, bounded and authenticated; damage is not a wrong passphrase."""

from __future__ import annotations

import hashlib
import json
import secrets
import struct
import zlib
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from masketeer_gui import vault as vault_module
from masketeer_gui.vault import VaultError, read_vault
from tests.test_vault import FAST, PASS, write

COST_BYTE = 16  # after the 16-byte magic: log2 of scrypt's N, then r, p, the salt


def test_the_default_cost_follows_current_guidance(tmp_path: Path) -> None:
    write(tmp_path / "v.vault", notes=1, log2_n=None)
    assert (tmp_path / "v.vault").read_bytes()[COST_BYTE] >= 17  # OWASP: scrypt N >= 2**17


def test_damaged_first_record_is_not_called_a_wrong_passphrase(tmp_path: Path) -> None:
    path = tmp_path / "v.vault"
    write(path, notes=3)
    data = bytearray(path.read_bytes())
    data[-3] ^= 0x40  # inside the first (and only) record
    path.write_bytes(bytes(data))
    with pytest.raises(VaultError, match="damaged") as caught:
        read_vault(path, PASS)
    assert "wrong passphrase" not in str(caught.value)


def test_damaged_header_is_damage(tmp_path: Path) -> None:
    path = tmp_path / "v.vault"
    write(path, notes=3)
    data = bytearray(path.read_bytes())
    data[COST_BYTE + 10] ^= 1  # a salt byte
    path.write_bytes(bytes(data))
    with pytest.raises(VaultError, match="damaged"):
        read_vault(path, PASS)


@pytest.mark.parametrize("cost", [22, 30, 5])
def test_a_tampered_cost_is_refused_before_any_derivation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cost: int
) -> None:
    path = tmp_path / "v.vault"
    write(path, notes=3)
    data = bytearray(path.read_bytes())
    data[COST_BYTE] = cost
    _fix_checksum(data)  # an attacker recomputes whatever is not keyed
    path.write_bytes(bytes(data))

    def no_derivation(*args: object, **kwargs: object) -> None:
        raise AssertionError("derived a key from a tampered header")

    monkeypatch.setattr(vault_module, "Scrypt", no_derivation)
    with pytest.raises(VaultError, match="unsupported parameters"):
        read_vault(path, PASS)


def test_a_tampered_cost_within_bounds_does_not_open_the_vault(tmp_path: Path) -> None:
    path = tmp_path / "v.vault"
    write(path, notes=3)
    data = bytearray(path.read_bytes())
    data[COST_BYTE] = FAST + 1
    _fix_checksum(data)
    path.write_bytes(bytes(data))
    with pytest.raises(VaultError):
        read_vault(path, PASS)


def _fix_checksum(data: bytearray) -> None:
    """Only where the reader has a header checksum (version 2): recompute it."""
    size = vault_module.__dict__.get("HEADER_SIZE")
    if size:
        data[size - 8 : size] = hashlib.sha256(bytes(data[: size - 8])).digest()[:8]


def test_version_1_vaults_are_still_read(tmp_path: Path) -> None:
    path = tmp_path / "old.vault"
    path.write_bytes(_version_1_vault([{"id": "N1", "spans": [[5, 10, "[PAT-AB12CD34]", "Hofer"]]}]))
    assert read_vault(path, PASS)["N1"][0].original == "Hofer"
    with pytest.raises(VaultError, match="wrong passphrase"):
        read_vault(path, "another passphrase")


def _version_1_vault(notes: list[dict[str, object]], log2_n: int = 12) -> bytes:
    """A vault as version 1 wrote it: magic, cost, salt, then records bound to that header."""
    salt = secrets.token_bytes(16)
    header = struct.pack(">16sBBB16s", b"MASKETEER-VAULT\x01", log2_n, 8, 1, salt)
    key = Scrypt(salt=salt, length=32, n=1 << log2_n, r=8, p=1).derive(PASS.encode())
    nonce = secrets.token_bytes(12)
    sealed = AESGCM(key).encrypt(nonce, zlib.compress(json.dumps(notes).encode()), header + struct.pack(">Q?", 0, True))
    return header + struct.pack(">I", len(sealed)) + nonce + sealed
