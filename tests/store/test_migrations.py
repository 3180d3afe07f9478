"""Schema versions: a project made by revision 0001 opens and is upgraded; the models match the head."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from masketeer_gui.engine.span import Entity
from masketeer_gui.store import Project, db, errors, migrate
from masketeer_gui.store.models import Base
from masketeer_gui.store.rows import MarkLabel
from tests.store.fakes import FakeEngine, note_id, spans_text

V1_SQL = Path(__file__).with_name("data") / "project_v1.sql"


def _schema(path: Path) -> list[tuple[str, str, str]]:
    with closing(sqlite3.connect(path)) as raw:
        return raw.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()


@pytest.fixture
def v1_project(tmp_path: Path) -> Path:
    """A project file exactly as revision 0001 wrote it (from the frozen SQL dump)."""
    path = tmp_path / "old.db"
    with closing(sqlite3.connect(path)) as raw:
        raw.executescript(V1_SQL.read_text(encoding="utf-8"))
    path.chmod(0o600)
    return path


def test_revision_0001_still_builds_the_frozen_v1_schema(tmp_path: Path, v1_project: Path) -> None:
    fresh = tmp_path / "fresh.db"
    db.create_file(fresh)
    database = db.Database(fresh, readonly=False)
    migrate.upgrade(database.writer, migrate.FIRST_REVISION)  # type: ignore[arg-type]
    database.dispose()
    assert _schema(fresh) == _schema(v1_project)


def test_opening_a_v1_project_upgrades_it_and_keeps_everything(v1_project: Path, engine: FakeEngine) -> None:
    assert db.probe(v1_project) == migrate.FIRST_REVISION
    with Project.open(v1_project, analyzer_factory=engine) as project:
        assert project.schema_revision() == migrate.head_revision()
        rows = project.notes.list()
        assert [n.external_id for n in rows] == ["n1", "n2", "n3"]
        assert [(n.spans, n.counts) for n in rows] == [  # counts filled in from revision 0001's spans
            (2, {Entity.HCP: 1, Entity.PER: 1}),
            (1, {Entity.HCP: 1}),
            (0, {}),
        ]
        detail = project.notes.get(note_id(project, "n1"))
        assert spans_text(detail.text, detail.spans) == [("Dr. Hofer", "HCP"), ("Gruber", "PER")]
        assert [(t.term, t.why) for t in project.terms.list()] == [("Rumpf", "eponym")]
        (correction,) = project.corrections.list()
        assert not correction.stale
        project.marks.add(note_id(project, "n3"), MarkLabel.TN)  # a table revision 0002 added
        assert [e.domain for e in project.history("term")] == ["term"]  # the v1 audit entry is read
    assert db.probe(v1_project) == migrate.head_revision()


def test_first_incremental_run_after_upgrade_reanalyses_every_note(v1_project: Path, engine: FakeEngine) -> None:
    with Project.open(v1_project, analyzer_factory=engine) as project:
        assert project.runs.run().notes_analyzed == 3  # runs of revision 0001 have no snapshot
        assert project.runs.run().notes_analyzed == 0


def test_readonly_open_of_an_old_project_asks_for_an_upgrade(v1_project: Path) -> None:
    with pytest.raises(errors.NeedsUpgradeError, match="older version"):
        Project.open(v1_project, readonly=True)


def test_models_match_the_head_schema(project: Project) -> None:
    with project._db.reader.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []


def test_downgrade_and_upgrade_again_keep_the_v1_data(v1_project: Path, engine: FakeEngine) -> None:
    Project.open(v1_project, analyzer_factory=engine).close()
    database = db.Database(v1_project, readonly=False)
    migrate.downgrade(database.writer, migrate.FIRST_REVISION)  # type: ignore[arg-type]
    database.dispose()
    assert db.probe(v1_project) == migrate.FIRST_REVISION
    with closing(sqlite3.connect(v1_project)) as raw:  # rebuilding 'notes' cascaded nothing away
        assert raw.execute("SELECT count(*) FROM spans").fetchone() == (3,)
        assert raw.execute("SELECT count(*) FROM corrections").fetchone() == (1,)
    with Project.open(v1_project, analyzer_factory=engine) as project:
        assert len(project.notes.list()) == 3
        assert len(project.corrections.list()) == 1
