"""``deidentify`` when the machine fails: a full disk commits no output (or all), and says so plainly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from masketeer_gui import vault
from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify as command
from tests.fake_analyzer import fake_factory
from tests.full_disk import simulate_full_disk

PASS = "correct horse battery"


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "ENGINE_FACTORY", fake_factory)
    monkeypatch.setattr(vault, "SCRYPT_LOG2_N", 10)  # a cheap derivation: these tests are about files


def corpus(path: Path, n: int = 30) -> Path:
    lines = [json.dumps({"id": f"N{i}", "text": f"Frau Zwetschke{i % 4} war da."}) for i in range(n)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def deidentify(source: Path, folder: Path, *extra: str | Path) -> int:
    (folder / "pass.txt").write_text(PASS + "\n", encoding="utf-8")
    side = ["--stats", folder / "stats.json", "--risk", folder / "risk.json", "--vault", folder / "map.vault"]
    args = [source, "-o", folder / "out.jsonl", *side, "--passphrase-file", folder / "pass.txt", *extra]
    return main(["deidentify", *map(str, args)])


@pytest.mark.parametrize("full", ["out.jsonl", "stats.json", "risk.json", "map.vault"])
def test_full_disk_commits_no_output_and_a_retry_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], full: str
) -> None:
    source = corpus(tmp_path / "in.jsonl")
    out = tmp_path / "out"
    out.mkdir()
    with monkeypatch.context() as patch:
        simulate_full_disk(patch, full)
        assert deidentify(source, out, "--workers", "1") == 1
    err = capsys.readouterr().err
    assert f"{full}: cannot write: the disk is full" in err and "internal error" not in err
    assert sorted(p.name for p in out.iterdir()) == ["pass.txt"]  # none of the four, no temporary files
    assert deidentify(source, out, "--workers", "1") == 0  # the vault of the failed run does not block a retry
    assert sorted(p.name for p in out.iterdir()) == ["map.vault", "out.jsonl", "pass.txt", "risk.json", "stats.json"]


def test_key_file_on_a_full_disk_leaves_no_empty_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source, key = corpus(tmp_path / "in.jsonl"), tmp_path / "run.key"
    with monkeypatch.context() as patch:
        simulate_full_disk(patch, "run.key")
        assert main(["deidentify", str(source), "-o", str(tmp_path / "o.jsonl"), "--key-file", str(key)]) == 2
    assert "run.key: cannot create the key file (the disk is full)" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]
    assert main(["deidentify", str(source), "-o", str(tmp_path / "o.jsonl"), "--key-file", str(key)]) == 0
    assert len(bytes.fromhex(key.read_text(encoding="ascii"))) == 32
