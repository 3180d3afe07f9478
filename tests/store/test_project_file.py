"""The project file itself: owner-only, WAL and pragmas, what is and is not a project, read-only opening."""

from __future__ import annotations

import os
import sqlite3
import stat
from contextlib import closing
from pathlib import Path

import pytest

from masketeer_gui.store import Project, errors
from masketeer_gui.store.db import APPLICATION_ID
from masketeer_gui.store.locking import lock_path
from masketeer_gui.store.rows import TermKind, TermSpec
from tests.store.fakes import FakeEngine


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_new_project_and_its_side_files_are_owner_only(project_path: Path, engine: FakeEngine) -> None:
    old = os.umask(0o000)  # even with a permissive umask
    try:
        project = Project.create(project_path, analyzer_factory=engine)
    finally:
        os.umask(old)
    project.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf"))  # so the WAL exists
    side_files = [p for p in (Path(f"{project_path}-wal"), Path(f"{project_path}-shm")) if p.exists()]
    assert side_files, "WAL mode should create side files while open"
    for path in (project_path, lock_path(project_path), *side_files):
        assert _mode(path) == 0o600, path
    project.close()


def test_pragmas_on_every_connection(project: Project) -> None:
    with project._db.read() as session:
        value = {
            name: session.connection().exec_driver_sql(f"PRAGMA {name}").scalar()
            for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous", "application_id")
        }
    assert value == {
        "journal_mode": "wal",
        "foreign_keys": 1,
        "busy_timeout": 5000,
        "synchronous": 1,
        "application_id": APPLICATION_ID,
    }


def test_schema_version_recorded(project: Project) -> None:
    from masketeer_gui.store.migrate import head_revision

    assert project.schema_revision() == head_revision()


def test_create_refuses_an_existing_file(project_path: Path) -> None:
    project_path.write_text("keep me")
    with pytest.raises(errors.ProjectExistsError, match="already exists"):
        Project.create(project_path)
    assert project_path.read_text() == "keep me"


def test_create_in_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(errors.ProjectIOError, match="the folder does not exist"):
        Project.create(tmp_path / "nope" / "p.db")


def test_open_missing_file(tmp_path: Path) -> None:
    with pytest.raises(errors.ProjectNotFoundError, match=r"nothere\.db: no such project file"):
        Project.open(tmp_path / "nothere.db")


@pytest.mark.parametrize("content", [b"", b"id,text\n1,Hallo\n", b"SQLite format 3\x00" + b"\x00" * 200])
def test_open_something_else_says_not_a_project(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(content)
    with pytest.raises(errors.NotAProjectError, match=r"notes\.db: not a Masketeer project"):
        Project.open(path)
    assert path.read_bytes() == content, "opening must not change a file that is no project"


def test_open_other_sqlite_database_is_not_a_project_and_stays_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with closing(sqlite3.connect(path)) as other:
        other.execute("CREATE TABLE t (x)")
        other.commit()
    before = path.read_bytes()
    with pytest.raises(errors.NotAProjectError, match="not a Masketeer project"):
        Project.open(path)
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists()


def test_open_a_folder(tmp_path: Path) -> None:
    with pytest.raises(errors.NotAProjectError):
        Project.open(tmp_path)


def test_newer_schema_gives_a_clear_error(project_path: Path, engine: FakeEngine) -> None:
    Project.create(project_path, analyzer_factory=engine).close()
    with closing(sqlite3.connect(project_path)) as raw:
        raw.execute("UPDATE alembic_version SET version_num = '9999'")
        raw.commit()
    for readonly in (False, True):
        with pytest.raises(errors.NewerSchemaError, match=r"project\.db: made by a newer version of Masketeer"):
            Project.open(project_path, readonly=readonly)


def test_readonly_project_reads_and_refuses_writes(project_path: Path, engine: FakeEngine) -> None:
    with Project.create(project_path, analyzer_factory=engine) as project:
        project.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf"))
    with Project.open(project_path, readonly=True, analyzer_factory=engine) as reader:
        assert [t.term for t in reader.terms.list()] == ["Rumpf"]
        with pytest.raises(errors.ReadOnlyError, match="read-only"):
            reader.terms.add(TermSpec(TermKind.WHITELIST, "Hals"))


def test_environment_errors_are_one_family() -> None:
    for kind in (
        errors.ProjectNotFoundError,
        errors.NotAProjectError,
        errors.NewerSchemaError,
        errors.ProjectInUseError,
        errors.ProjectBusyError,
        errors.ReadOnlyError,
        errors.DiskFullError,
        errors.ProjectIOError,
        errors.ProjectCorruptError,
        errors.NeedsUpgradeError,
    ):
        error = kind("/x/p.db")
        assert isinstance(error, errors.ProjectEnvironmentError)
        assert str(error).startswith("/x/p.db: ")
        assert error.path == "/x/p.db"
    assert not issubclass(errors.InvalidChangeError, errors.ProjectEnvironmentError)
