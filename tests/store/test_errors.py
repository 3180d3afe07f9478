"""Environment failures come out as ProjectEnvironmentError naming the file; bugs stay exceptions."""

from __future__ import annotations

import errno
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import text

from masketeer_gui.corpus_io import CorpusError
from masketeer_gui.store import Project, db, errors
from masketeer_gui.store.rows import TermKind, TermSpec
from tests.store.fakes import FakeEngine, write_jsonl


def _sqlite_error(code: int) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("driver text")
    error.sqlite_errorcode = code
    return error


@pytest.mark.parametrize(
    ("code", "kind"),
    [
        (5, errors.ProjectBusyError),
        (6, errors.ProjectBusyError),
        (8, errors.ReadOnlyError),
        (
            8 | (1 << 8),
            errors.ReadOnlyError,
        ),  # SQLITE_READONLY_RECOVERY: extended codes count by their primary
        (10, errors.ProjectIOError),
        (11, errors.ProjectCorruptError),
        (13, errors.DiskFullError),
        (14, errors.ProjectIOError),
        (26, errors.NotAProjectError),
    ],
)
def test_sqlite_codes_that_mean_the_environment_failed(code: int, kind: type[Exception]) -> None:
    error = errors.environment_error(_sqlite_error(code), "/data/p.db")
    assert isinstance(error, kind)
    assert str(error).startswith("/data/p.db: ")
    assert "driver text" not in str(error)


@pytest.mark.parametrize("code", [1, 19, 20, 25])  # SQLITE_ERROR, CONSTRAINT, MISMATCH, RANGE: bugs
def test_other_sqlite_codes_are_bugs(code: int) -> None:
    assert errors.environment_error(_sqlite_error(code), "p.db") is None


@pytest.mark.parametrize(
    ("number", "kind"),
    [
        (errno.ENOSPC, errors.DiskFullError),
        (errno.EROFS, errors.ReadOnlyError),
        (errno.EACCES, errors.ReadOnlyError),
        (errno.EIO, errors.ProjectIOError),
    ],
)
def test_os_errors(number: int, kind: type[Exception]) -> None:
    assert isinstance(errors.environment_error(OSError(number, "x"), "p.db"), kind)


def test_plain_exceptions_are_bugs() -> None:
    assert errors.environment_error(ValueError("x"), "p.db") is None


def test_disk_full_during_import_is_reported_and_nothing_is_half_imported(
    tmp_path: Path, project_path: Path, engine: FakeEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    Project.create(project_path, analyzer_factory=engine).close()
    with closing(sqlite3.connect(project_path)) as raw:
        pages = raw.execute("PRAGMA page_count").fetchone()[0]
    monkeypatch.setattr(db, "PRAGMAS", (*db.PRAGMAS, f"PRAGMA max_page_count = {pages + 3}"))
    big = [{"id": f"x{i}", "text": "Dr. Hofer " + "Befund unauffällig. " * 200} for i in range(200)]
    with Project.open(project_path, analyzer_factory=engine) as project:
        with pytest.raises(errors.DiskFullError, match=r"project\.db: the disk is full") as caught:
            project.import_corpus(write_jsonl(tmp_path / "big.jsonl", big))
        assert "Befund" not in str(caught.value)
        assert project.notes.count() == 0
        project.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf"))  # the project still works


def test_a_busy_project_is_reported_after_the_timeout(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    project._db.dispose()
    monkeypatch.setattr(db, "BUSY_TIMEOUT_S", 0.05)
    with closing(sqlite3.connect(project.path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(errors.ProjectBusyError, match="project is busy"):
            project.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf"))
        other.execute("ROLLBACK")
    project.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf"))


def test_bugs_stay_exceptions_and_hide_sql_parameters(project: Project) -> None:
    with pytest.raises(Exception) as caught, project._db.write() as session:
        session.execute(text("INSERT INTO notes (id, external_id, text) VALUES (1, 'x', :t)"), {"t": "Maria Huber"})
    assert not isinstance(caught.value, errors.ProjectEnvironmentError)
    assert "Maria Huber" not in str(caught.value)


def test_import_errors_are_input_errors_not_environment_errors(project: Project, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "text": "ok"}\n{broken\n', encoding="utf-8")
    with pytest.raises(CorpusError, match=r"bad\.jsonl:2: invalid JSON"):
        project.import_corpus(bad)
