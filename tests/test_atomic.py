"""The one atomic-write helper: synced before the rename, the folder synced after, several files together."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

from masketeer_gui.atomic import AtomicFile, OutputError, commit_all, create_new, write_atomic
from tests.full_disk import simulate_full_disk


def _vault(target: Path) -> None:
    from masketeer_gui.vault import VaultWriter

    with VaultWriter(target, "correct horse battery", 10) as vault:
        vault.commit()


def _deidentify(target: Path) -> None:
    from masketeer_gui.cli import main

    source = target.with_name("in.jsonl")
    source.write_text('{"id": 1, "text": "kein Name"}\n', encoding="utf-8")
    assert main(["deidentify", str(source), "-o", str(target), "--workers", "1"]) == 0


def _export(target: Path) -> None:
    from masketeer_gui.store.exporter import atomic_write

    def write(handle: IO[bytes]) -> None:
        handle.write(b"{}\n")

    atomic_write(target, write)


def _gold(target: Path) -> None:
    from masketeer_gui.evaluation.gold import write_text

    write_text(target, "{}\n")


def _lexicon_cache(target: Path) -> None:
    from masketeer_gui.engine import lexicon_cache

    lexicon_cache.write(target, "key", {"a lexicon": 1})  # type: ignore[arg-type]


WRITERS: dict[str, Callable[[Path], None]] = {
    "deidentify output": _deidentify,
    "store export": _export,
    "gold and reports": _gold,
    "lexicon cache": _lexicon_cache,
    "vault": _vault,
}


@pytest.mark.parametrize("writer", WRITERS)
def test_every_writer_syncs_file_and_folder_around_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: str
) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append("sync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "sync file")
        real_fsync(fd)

    def replace(source: str | Path, target: str | Path) -> None:
        if Path(target).name == "target.out":
            events.append("rename")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    target = tmp_path / "target.out"
    WRITERS[writer](target)
    assert target.exists()
    assert "rename" in events, events
    rename = events.index("rename")
    assert "sync file" in events[:rename], events  # the data is on disk before the name points at it
    assert "sync folder" in events[rename:], events  # and the new name is on disk too
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_commit_all_puts_every_file_back_when_one_rename_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_bytes(b"old a")
    real_replace = os.replace

    def replace(source: str | Path, target: str | Path) -> None:
        if Path(target) == second:
            raise OSError(errno.EIO, "I/O error")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    with AtomicFile(first) as a, AtomicFile(second) as b:
        a.write(b"new a")
        b.write(b"new b")
        with pytest.raises(OutputError, match=r"b\.json: cannot write: a disk error occurred"):
            commit_all([a, b])
    assert first.read_bytes() == b"old a"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


def test_full_disk_is_said_in_plain_words_and_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    simulate_full_disk(monkeypatch, "report")
    with pytest.raises(OutputError, match=r"report.txt: cannot write: the disk is full; nothing was written"):
        write_atomic(tmp_path / "report.txt", "x" * 100)
    with pytest.raises(OutputError, match="the disk is full"):
        create_new(tmp_path / "report.key", b"00" * 32)
    assert list(tmp_path.iterdir()) == []


def test_create_new_never_replaces(tmp_path: Path) -> None:
    target = tmp_path / "k"
    create_new(target, b"first")
    with pytest.raises(FileExistsError):
        create_new(target, b"second")
    assert target.read_bytes() == b"first"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["k"]
