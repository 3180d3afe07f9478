"""The re-identification vault: round trip, owner-only file, wrong passphrase, tampering and truncation."""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

import pytest

from masketeer_gui.vault import HEADER_SIZE, VaultError, VaultWriter, read_vault, reidentify_record, vault_entries

PASS = "correct horse battery"
FAST = 10  # scrypt cost for tests (the default is 17)


def note(i: int) -> tuple[str, dict[str, Any]]:
    """An original note and its output record (two spans, surrogates of other lengths)."""
    original = f"Frau Zwetschkenröster{i} kam, Tel. 0664 {i:07d}."
    start = original.index("Zwetschken")
    end = original.index(" kam")
    phone = original.index("0664")
    spans = [
        {"start": start, "end": end, "entity": "PAT", "masker": "X", "pseudonym": "Gruber"},
        {"start": phone, "end": len(original) - 1, "entity": "PHO", "masker": "X", "pseudonym": "0676 1111111"},
    ]
    text = original[:start] + "Gruber" + original[end:phone] + "0676 1111111."
    return original, {"id": f"N{i}", "text": text, "spans": spans}


def write(path: Path, notes: int = 3, log2_n: int | None = FAST) -> list[tuple[str, dict[str, Any]]]:
    pairs = [note(i) for i in range(notes)]
    with VaultWriter(path, PASS, log2_n) as vault:
        for original, record in pairs:
            vault.add(record["id"], vault_entries(original, record))
        vault.commit()
    return pairs


def test_round_trip_restores_every_note(tmp_path: Path) -> None:
    path = tmp_path / "v.vault"
    pairs = write(path, notes=600, log2_n=None)  # more than one encrypted record, default cost
    vault = read_vault(path, PASS)
    assert len(vault) == 600
    for original, record in pairs:
        assert reidentify_record(record, vault[record["id"]]) == original
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert b"Zwetschken" not in path.read_bytes() and b"0664" not in path.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["v.vault"]


def test_wrong_passphrase(tmp_path: Path) -> None:
    write(tmp_path / "v.vault")
    with pytest.raises(VaultError, match="wrong passphrase"):
        read_vault(tmp_path / "v.vault", "not the passphrase")


@pytest.mark.parametrize("damage", ["flip", "truncate", "cut_in_length", "drop_last", "not_a_vault"])
def test_damage_is_detected(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "v.vault"
    write(path, notes=600)
    data = bytearray(path.read_bytes())
    if damage == "flip":
        data[-5] ^= 1
    elif damage == "truncate":
        data = data[:-10]
    elif damage == "cut_in_length":
        data = data[: _last_record_start(bytes(data)) + 2]
    elif damage == "drop_last":  # cut off the final record whole: the one before it is not marked final
        data = data[: _last_record_start(bytes(data))]
    else:
        data[:4] = b"XXXX"
    path.write_bytes(bytes(data))
    with pytest.raises(VaultError):
        read_vault(path, PASS)


def _last_record_start(data: bytes) -> int:
    position, starts = HEADER_SIZE, []
    while position < len(data):
        starts.append(position)
        position += 4 + 12 + int.from_bytes(data[position : position + 4], "big")
    return starts[-1]


def test_output_that_does_not_match_the_vault_is_refused(tmp_path: Path) -> None:
    (_, record), *_ = write(tmp_path / "v.vault")
    vault = read_vault(tmp_path / "v.vault", PASS)
    record["text"] = record["text"].replace("Gruber", "Huber")
    with pytest.raises(VaultError, match="does not match"):
        reidentify_record(record, vault["N0"])


def test_short_passphrase_and_failed_run_leave_nothing(tmp_path: Path) -> None:
    with pytest.raises(VaultError, match="at least"):
        VaultWriter(tmp_path / "v.vault", "short")
    with pytest.raises(RuntimeError), VaultWriter(tmp_path / "v.vault", PASS, FAST) as vault:
        vault.add("N0", vault_entries(*note(0)))
        raise RuntimeError("the run failed")
    assert list(tmp_path.iterdir()) == []
