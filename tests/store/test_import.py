"""Corpus import: formats, one transaction, clear errors, no duplicates on re-import, stale corrections."""

from __future__ import annotations

from pathlib import Path

import pytest

from masketeer_gui.corpus_io import CorpusError
from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import Project
from masketeer_gui.store.rows import ReviewStatus
from tests.store.fakes import NOTES, indexed, note_id, write_jsonl


def _nothing_imported(project: Project) -> None:
    assert project.notes.count() == 0
    with project._db.read() as session:
        assert session.connection().exec_driver_sql("SELECT count(*) FROM batches").scalar() == 0
        assert session.connection().exec_driver_sql("SELECT count(*) FROM note_texts").scalar() == 0
        assert session.connection().exec_driver_sql("SELECT count(*) FROM word_index").scalar() == 0


def test_jsonl_import_keeps_metadata(project: Project, corpus: Path) -> None:
    report = project.import_corpus(corpus)
    assert (report.added, report.updated, report.unchanged, report.bad) == (6, 0, 0, ())
    rows = project.notes.list()
    assert [(r.external_id, r.patient_id, r.author) for r in rows][:2] == [
        ("n1", "p1", "a1"),
        ("n2", "p1", "a2"),
    ]
    detail = project.notes.get(rows[0].id)
    assert detail.text == NOTES[0]["text"]
    assert detail.meta == {"patient_id": "p1", "author": "a1"}
    assert not rows[0].analyzed


def test_csv_with_renamed_columns_and_semicolons(project: Project, tmp_path: Path) -> None:
    path = tmp_path / "notes.csv"
    path.write_text("\ufeffnr;befund;patient_id\n7;Dr. Hofer kommt;p9\n8;alles gut;p9\n", encoding="utf-8")
    report = project.import_corpus(path, id_col="nr", text_col="befund")
    assert report.added == 2
    assert [(r.external_id, r.patient_id) for r in project.notes.list()] == [("7", "p9"), ("8", "p9")]


def test_folder_of_text_files(project: Project, tmp_path: Path) -> None:
    (tmp_path / "notes" / "ward").mkdir(parents=True)
    (tmp_path / "notes" / "a.txt").write_text("Dr. Hofer", encoding="utf-8")
    (tmp_path / "notes" / "ward" / "b.txt").write_text("Frau Gruber", encoding="utf-8")
    assert project.import_corpus(tmp_path / "notes").added == 2
    assert [r.external_id for r in project.notes.list()] == ["a", "ward/b"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            b'{"id": "a", "text": "Dr. Hofer"}\n{"id": "b", "text": "Maria Huber\n',
            r"corpus\.jsonl:2: invalid JSON",
        ),
        (b'{"id": "a", "text": "Dr. Hofer"}\n{"id": "b"}\n', r"corpus\.jsonl:2: missing 'text'"),
        (b'{"id": "a", "text": "ok"}\n\n{"id": "b", "text": "M\xfcller"}\n', r"corpus\.jsonl:3: not UTF-8"),
        (
            b'{"id": "a", "text": "ok"}\n{"id": "a", "text": "Maria Huber"}\n',
            r"corpus\.jsonl:2: duplicate id",
        ),
    ],
    ids=["bad-json", "missing-column", "wrong-encoding", "duplicate-id"],
)
def test_a_bad_record_aborts_the_whole_import(project: Project, tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "corpus.jsonl"
    path.write_bytes(content)
    with pytest.raises(CorpusError, match=message) as caught:
        project.import_corpus(path)
    assert "Huber" not in str(caught.value) and "ller" not in str(caught.value)
    _nothing_imported(project)


def test_csv_missing_column_and_wrong_encoding(project: Project, tmp_path: Path) -> None:
    path = tmp_path / "notes.csv"
    path.write_text("id,befund\n1,x\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"notes\.csv"):
        project.import_corpus(path)
    path.write_bytes(b"id,text\n1,ok\n2,M\xfcller\n")
    with pytest.raises(CorpusError, match=r"notes\.csv:3"):
        project.import_corpus(path)
    _nothing_imported(project)


def test_skip_bad_imports_the_rest_and_lists_what_was_skipped(project: Project, tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    path.write_bytes(b'{"id": "a", "text": "ok"}\n{oops\n{"id": "a", "text": "again"}\n{"id": "b", "text": "x"}\n')
    report = project.import_corpus(path, skip_bad=True)
    assert report.added == 2
    assert [b.split(": ", 1)[0] for b in report.bad] == [f"{path}:2", f"{path}:3"]


def test_reimport_does_not_duplicate(project: Project, corpus: Path) -> None:
    project.import_corpus(corpus)
    report = project.import_corpus(corpus)
    assert (report.added, report.updated, report.unchanged) == (0, 0, 6)
    assert project.notes.count() == 6


def test_changed_text_updates_the_note_and_flags_its_corrections_stale(
    project: Project, corpus: Path, tmp_path: Path
) -> None:
    project.import_corpus(corpus)
    project.runs.run(incremental=False)
    n1 = note_id(project, "n1")
    project.corrections.add(n1, 4, 9, CorrectionAction.RETYPE, Entity.PER)
    project.notes.set_review([n1], ReviewStatus.REVIEWED)
    changed = [dict(n, text="Dr. Hofer bespricht die Werte mit Frau Gruber.") if n["id"] == "n1" else n for n in NOTES]
    more = [*changed, {"id": "n7", "text": "Neue Notiz von Dr. Weber.", "patient_id": "p4"}]
    report = project.import_corpus(write_jsonl(tmp_path / "batch2.jsonl", more))
    assert (report.added, report.updated, report.unchanged, report.stale_corrections) == (1, 1, 5, 1)
    row = project.notes.list([n1])[0]
    assert (row.analyzed, row.stale_corrections, row.review) == (False, 1, ReviewStatus.OPEN)
    assert project.notes.get(n1).spans == ()  # old offsets must not be painted on the new text
    assert project.corrections.list(stale_only=True)[0].note_id == n1
    assert row.batch_id == report.batch_id


def test_new_batch_is_indexed_for_incremental_runs(project: Project, corpus: Path, tmp_path: Path) -> None:
    project.import_corpus(corpus)
    project.runs.run(incremental=False)
    project.import_corpus(write_jsonl(tmp_path / "b2.jsonl", [{"id": "n9", "text": "Rumpf und Hals"}]))
    assert project.runs.outdated() == [note_id(project, "n9")]
    words = [word for word, note in indexed(project) if note == "n9"]
    assert sorted(words) == ["hals", "rumpf", "und"]


def test_progress_is_reported(project: Project, tmp_path: Path) -> None:
    notes = [{"id": str(i), "text": "x"} for i in range(2500)]
    seen: list[int] = []
    project.import_corpus(write_jsonl(tmp_path / "c.jsonl", notes), progress=seen.append)
    assert seen == [1000, 2000]
