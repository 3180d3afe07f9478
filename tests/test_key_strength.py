"""Key files: weak keys refused, loose permissions warned about, the CLI says so."""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify as command
from masketeer_gui.engine.pseudonyms import KeyFileError, load_or_create_key
from tests.fake_analyzer import fake_factory

WEAK = {
    "all zero": bytes(32),
    "one byte repeated": b"\xaa" * 32,
    "a short pattern": b"\x01\x02\x03\x04" * 8,
    "counting": bytes(range(32)),
    "few distinct bytes": bytes([0] * 24 + list(range(1, 9))),
}


@pytest.mark.parametrize("kind", WEAK)
def test_weak_keys_are_refused(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "k.key"
    path.write_text(WEAK[kind].hex() + "\n", encoding="ascii")
    os.chmod(path, 0o600)
    with pytest.raises(KeyFileError, match="weak key refused"):
        load_or_create_key(path)


def test_random_keys_pass(tmp_path: Path) -> None:
    for size in (16, 32, 64):
        path = tmp_path / f"{size}.key"
        key = secrets.token_bytes(size)
        path.write_text(key.hex(), encoding="ascii")
        assert load_or_create_key(path) == key


def test_a_key_others_can_read_is_used_with_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, key = tmp_path / "k.key", secrets.token_bytes(32)
    path.write_text(key.hex(), encoding="ascii")
    os.chmod(path, 0o644)
    warnings: list[str] = []
    assert load_or_create_key(path, warn=warnings.append) == key
    assert len(warnings) == 1 and "chmod 600" in warnings[0]
    os.chmod(path, 0o600)
    warnings.clear()
    load_or_create_key(path, warn=warnings.append)
    assert warnings == []


def test_deidentify_refuses_a_zero_key_and_warns_of_a_readable_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(command, "ENGINE_FACTORY", fake_factory)
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": 1, "text": "Frau Zwetschke"}) + "\n", encoding="utf-8")
    key = tmp_path / "k.key"
    key.write_text("00" * 32, encoding="ascii")
    assert main(["deidentify", str(source), "-o", str(tmp_path / "o.jsonl"), "--key-file", str(key)]) == 2
    assert "weak key refused" in capsys.readouterr().err
    key.write_text(secrets.token_hex(32), encoding="ascii")
    os.chmod(key, 0o644)
    assert main(["deidentify", str(source), "-o", str(tmp_path / "o.jsonl"), "--key-file", str(key)]) == 0
    assert "warning:" in capsys.readouterr().err
