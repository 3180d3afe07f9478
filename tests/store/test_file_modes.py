"""The project file stays owner-only, and a project on read-only media can still be exported."""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import project as project_command
from masketeer_gui.store import Project
from tests.store.fakes import FakeEngine

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")


@POSIX
@pytest.mark.parametrize("readonly", [False, True])
def test_a_loose_project_is_tightened_on_open(loaded: Project, engine: FakeEngine, readonly: bool) -> None:
    path = loaded.path
    loaded.close()
    os.chmod(path, 0o644)
    with Project.open(path, readonly=readonly, analyzer_factory=engine):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


@POSIX
def test_export_from_read_only_media(
    loaded: Project, engine: FakeEngine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The project's folder and file read-only (as on a CD or a read-only mount): export still works,
    and nothing is written beside the project (root, who may write anywhere, is shown the folder as
    read-only through ``os.access``)."""
    loaded.close()
    media = tmp_path / "media"
    media.mkdir()
    shutil.copy(loaded.path, media / "P.db")  # a cleanly closed project: no -wal, no -shm
    os.chmod(media / "P.db", 0o444)
    os.chmod(media, 0o555)
    if os.geteuid() == 0:
        real_access = os.access

        def access(path: object, mode: int, **kwargs: object) -> bool:
            if mode & os.W_OK and str(path).startswith(str(media)):
                return False
            return real_access(path, mode, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(project_command, "ANALYZER_FACTORY", engine)
    try:
        assert main(["project", "export", str(media / "P.db"), "-o", str(tmp_path / "o.jsonl")]) == 0
        lines = (tmp_path / "o.jsonl").read_text(encoding="utf-8").splitlines()
        assert len(lines) == 6 and all("spans" in json.loads(line) for line in lines)
        assert sorted(p.name for p in media.iterdir()) == ["P.db"]  # no -wal, -shm or lock beside it
    finally:
        os.chmod(media, 0o755)
