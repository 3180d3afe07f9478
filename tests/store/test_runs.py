"""The feedback loop: terms and corrections change the next run; incremental runs touch only what they can."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from masketeer_gui.engine.lists import CorrectionAction, NameLists, NoteContext
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.store import Project
from masketeer_gui.store.rows import AnalyzedNote, RunStatus, Scope, TermKind, TermSpec
from tests.store.fakes import (
    NOTES,
    BrokenEngine,
    FakeEngine,
    ListAnalyzer,
    analysed_ids,
    note_id,
    spans_text,
    write_jsonl,
)


def _spans(project: Project, external_id: str) -> list[tuple[str, str]]:
    detail = project.notes.get(note_id(project, external_id))
    return spans_text(detail.text, detail.spans)


def test_whitelisted_word_is_left_by_the_next_run(loaded: Project) -> None:
    assert _spans(loaded, "n2") == [("Rumpf", "HCP")]
    loaded.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf"))
    loaded.runs.run()
    assert _spans(loaded, "n2") == []


def test_blacklisted_word_is_masked_with_its_type(loaded: Project) -> None:
    loaded.terms.add(TermSpec(TermKind.BLACKLIST, "Hias", Entity.PAT))
    loaded.runs.run()
    assert _spans(loaded, "n3") == [("Hias", "PAT")]
    assert loaded.notes.get(note_id(loaded, "n3")).spans[0].masker == "Blacklist"


def test_manual_correction_survives_reruns_and_reopening(loaded: Project, engine: FakeEngine) -> None:
    n4 = note_id(loaded, "n4")
    loaded.corrections.add(n4, 23, 28, CorrectionAction.ADD, Entity.PER)
    loaded.corrections.add(note_id(loaded, "n5"), 34, 43, CorrectionAction.REMOVE)
    loaded.corrections.add(note_id(loaded, "n1"), 29, 35, CorrectionAction.RETYPE, Entity.PAT)
    loaded.runs.run()
    expected = {
        "n4": [("Werte", "PER")],
        "n5": [("Maier", "PER")],
        "n1": [("Hofer", "HCP"), ("Gruber", "PAT")],
    }
    assert {ext: _spans(loaded, ext) for ext in expected} == expected
    loaded.runs.run(incremental=False)
    assert {ext: _spans(loaded, ext) for ext in expected} == expected
    path = loaded.path
    loaded.close()
    with Project.open(path, analyzer_factory=engine) as project:
        project.runs.run(incremental=False)
        assert {ext: _spans(project, ext) for ext in expected} == expected


def test_note_and_patient_scopes(loaded: Project) -> None:
    loaded.terms.add(TermSpec(TermKind.BLACKLIST, "Werte", Entity.PER, Scope.NOTE, "n4"))
    loaded.terms.add(TermSpec(TermKind.WHITELIST, "Hofer", scope=Scope.PATIENT, scope_value="p3"))
    loaded.terms.add(TermSpec(TermKind.PATIENT, "Kontrolle", scope=Scope.PATIENT, scope_value="p2"))
    loaded.runs.run()
    assert _spans(loaded, "n4") == [("Werte", "PER")]
    assert ("Werte", "PER") not in _spans(loaded, "n1")  # n1 has "Werte" too, but the term is n4's
    assert _spans(loaded, "n5") == [("Maier", "PER")]  # Hofer whitelisted for patient p3 only
    assert _spans(loaded, "n1")[0] == ("Hofer", "HCP")
    assert _spans(loaded, "n3") == [("Kontrolle", "PAT")]  # a scoped name: masked with its list's type


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (TermSpec(TermKind.WHITELIST, "Rumpf"), {"n2"}),
        (TermSpec(TermKind.BLACKLIST, "Dr. Hofer", Entity.HCP), {"n1", "n5"}),
        (TermSpec(TermKind.PATIENT, "Huber"), {"n6"}),  # inside "Sepp-Huber"
        (TermSpec(TermKind.PATIENT, "Hubner"), {"n6"}),  # one typo from "Huber": fuzzy names
        (TermSpec(TermKind.WHITELIST, "Hubner"), set()),  # whitelist entries match exactly
        (TermSpec(TermKind.MEDICAL_SITE, "Dr. Rumpf"), {"n2"}),
        (TermSpec(TermKind.WHITELIST, "Werte", scope=Scope.PATIENT, scope_value="p2"), {"n4"}),
        (TermSpec(TermKind.WHITELIST, "Gruber", scope=Scope.NOTE, scope_value="n6"), {"n6"}),
        (TermSpec(TermKind.BLACKLIST, "42"), {f"n{i}" for i in range(1, 7)}),  # numbers are not indexed
    ],
)
def test_incremental_run_touches_only_the_notes_a_term_can_affect(
    loaded: Project, engine: FakeEngine, change: TermSpec, expected: set[str]
) -> None:
    term = loaded.terms.add(change)
    engine.reset()
    assert loaded.runs.run().notes_analyzed == len(expected)
    assert analysed_ids(engine) == expected
    loaded.terms.remove(term.id)
    engine.reset()
    loaded.runs.run()
    assert analysed_ids(engine) == expected
    engine.reset()
    assert loaded.runs.run().notes_analyzed == 0


def test_incremental_after_a_correction_touches_its_note(loaded: Project, engine: FakeEngine) -> None:
    correction = loaded.corrections.add(note_id(loaded, "n4"), 0, 5, CorrectionAction.ADD, Entity.PER)
    assert loaded.runs.outdated() == [note_id(loaded, "n4")]
    loaded.runs.run()
    loaded.corrections.remove(correction.id)
    engine.reset()
    loaded.runs.run()
    assert analysed_ids(engine) == {"n4"}


def test_single_note_runs_keep_the_others_outdated(loaded: Project, engine: FakeEngine) -> None:
    loaded.terms.add(TermSpec(TermKind.WHITELIST, "Hofer"))
    n1 = note_id(loaded, "n1")
    loaded.runs.run(note_ids=[n1])
    assert _spans(loaded, "n1") == [("Gruber", "PER")]
    assert loaded.runs.outdated() == [note_id(loaded, "n5")]


def test_a_names_file_feeds_the_run(loaded: Project, engine: FakeEngine) -> None:
    loaded.runs.run(names=NameLists(hcps=("Sepp",)))
    assert _spans(loaded, "n6") == [("Sepp", "HCP"), ("Gruber", "PER")]
    engine.reset()
    loaded.runs.run()  # without the names file: the project remembers it, nothing changes
    assert analysed_ids(engine) == set()
    assert loaded.runs.forget_names()
    loaded.runs.run()  # once forgotten, the note that contains the name changes back
    assert analysed_ids(engine) == {"n6"}
    assert _spans(loaded, "n6") == [("Gruber", "PER")]


def test_an_engine_change_makes_every_note_outdated(loaded: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    assert loaded.runs.outdated() == []
    monkeypatch.setattr(ListAnalyzer, "version", "fake-2")
    loaded.runs.analyzers = type(loaded.runs.analyzers)(FakeEngine())
    assert len(loaded.runs.outdated()) == 6


def test_cancel_keeps_the_previous_results(loaded: Project) -> None:
    before = loaded.notes.list()
    run = loaded.runs.run(incremental=False, cancel=lambda: True)
    assert run.status is RunStatus.CANCELLED
    assert loaded.notes.list() == before
    assert loaded.runs.latest().id == run.id - 1  # type: ignore[union-attr]


def test_a_failing_engine_keeps_the_previous_results(project: Project, tmp_path: Path) -> None:
    project.runs.analyzers = type(project.runs.analyzers)(BrokenEngine())
    project.import_corpus(write_jsonl(tmp_path / "c.jsonl", NOTES))
    project.runs.run(incremental=False)
    before = project.notes.list()
    project.import_corpus(write_jsonl(tmp_path / "d.jsonl", [{"id": "bad", "text": "KAPUTT"}]))
    with pytest.raises(RuntimeError, match="engine bug"):
        project.runs.run()
    assert project.runs.list()[0].status is RunStatus.FAILED
    assert project.notes.list()[:6] == before
    with project._db.read() as session:
        assert session.connection().exec_driver_sql("SELECT count(DISTINCT run_id) FROM spans").scalar() == 1


def test_a_run_left_running_by_a_crash_is_cleaned_up_on_open(loaded: Project, engine: FakeEngine) -> None:
    with loaded._db.write() as session:
        connection = session.connection()
        connection.exec_driver_sql(
            "INSERT INTO runs (id, started_at, engine_version, lists_hash, settings, status, notes_analyzed, "
            "spans_found, kind) VALUES (99, '2025-01-01 00:00:00', 'x', 'x', '{}', 'running', 0, 0, 'full')"
        )
        connection.exec_driver_sql(
            'INSERT INTO spans (run_id, note_id, start, "end", entity, masker, reason, flags, ref) '
            "VALUES (99, 1, 0, 2, 'PER', 'x', '', '', '')"
        )
    path = loaded.path
    loaded.close()
    with Project.open(path, analyzer_factory=engine) as project:
        assert project.runs.list()[0].status is RunStatus.FAILED
        with project._db.read() as session:
            assert session.connection().exec_driver_sql("SELECT count(*) FROM spans WHERE run_id = 99").scalar() == 0


def test_a_note_changed_during_the_run_is_not_given_the_stale_result(loaded: Project, tmp_path: Path) -> None:
    changed = write_jsonl(tmp_path / "v2.jsonl", [dict(NOTES[0], text="Dr. Weber kommt.")])

    def reimport(done: int, total: int, _chunk: object) -> None:
        loaded.import_corpus(changed)

    loaded.runs.run(incremental=False, progress=reimport)
    row = loaded.notes.list([note_id(loaded, "n1")])[0]
    assert not row.analyzed
    assert loaded.runs.outdated() == [row.id]


def test_replaced_spans_are_deleted_and_pseudonyms_stored_on_request(loaded: Project) -> None:
    run = loaded.runs.run(incremental=False, store_pseudonyms=True)
    with loaded._db.read() as session:
        sql = session.connection().exec_driver_sql
        runs = sql("SELECT DISTINCT run_id FROM spans").scalars().all()
        stored = sql("SELECT pseudonym FROM spans WHERE note_id = ? ORDER BY start", (note_id(loaded, "n1"),))
        stored = stored.scalars().all()
    assert runs == [run.id]
    note = loaded.notes.get(note_id(loaded, "n1"))
    assert note.spans and list(note.pseudonyms) == stored  # the note shows the pseudonyms the run stored
    assert all(p.startswith(f"[{s.entity}-") for s, p in zip(note.spans, note.pseudonyms, strict=True))
    assert (run.notes_analyzed, run.spans_found, run.kind) == (6, 6, "full")
    assert run.settings["store_pseudonyms"] is True


def test_worker_processes_give_the_same_results(project: Project, tmp_path: Path) -> None:
    notes = [{"id": f"w{i}", "text": f"Dr. Hofer und Frau Gruber{i % 7}, Herr Maier."} for i in range(700)]
    project.import_corpus(write_jsonl(tmp_path / "w.jsonl", notes))
    project.runs.run(incremental=False)
    alone = [(r.external_id, r.counts, r.spans) for r in project.notes.list()]
    details = project.notes.get(note_id(project, "w5")).spans
    run = project.runs.run(incremental=False, workers=2)
    assert run.notes_analyzed == 700
    assert [(r.external_id, r.counts, r.spans) for r in project.notes.list()] == alone
    assert project.notes.get(note_id(project, "w5")).spans == details


class _PreparedOnly(ListAnalyzer):
    """Analyzes only once ``prepare`` ran (a forked worker sees what the parent did before the fork)."""

    prepared = False

    def prepare(self) -> _PreparedOnly:
        self.prepared = True
        return self

    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]:
        if not self.prepared:
            raise RuntimeError("the engine was not prepared before the workers forked")
        return super().analyze(text, context)


def test_worker_processes_inherit_an_engine_prepared_once_before_they_fork(project_path: Path, tmp_path: Path) -> None:
    notes = [{"id": f"w{i}", "text": f"Dr. Hofer und Frau Gruber{i % 7}."} for i in range(600)]
    factory = lambda names: _PreparedOnly(names, Counter())  # noqa: E731
    with Project.create(project_path, user="tester", analyzer_factory=factory) as project:
        project.import_corpus(write_jsonl(tmp_path / "w.jsonl", notes))
        assert project.runs.run(incremental=False, workers=2).notes_analyzed == 600


def test_progress_reports_each_chunk_with_its_notes_results(loaded: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("masketeer_gui.store.job.CHUNK", 4)
    loaded.terms.add(TermSpec(TermKind.PATIENT, "Huber"))  # a listed name: the fake flags it
    reports: list[tuple[int, int, list[AnalyzedNote]]] = []
    targets = [note_id(loaded, e) for e in ("n6", "n1", "n3", "n5", "n2")]
    loaded.runs.run(note_ids=targets, progress=lambda done, total, chunk: reports.append((done, total, list(chunk))))
    assert [(done, total, len(chunk)) for done, total, chunk in reports] == [(4, 5, 4), (5, 5, 1)]
    streamed = [note for _, _, chunk in reports for note in chunk]
    assert sorted(n.note_id for n in streamed) == sorted(targets)  # each note once, whatever the order
    final = {row.id: row for row in loaded.notes.list(targets)}
    for note in streamed:  # what was reported is what became current
        row = final[note.note_id]
        assert (note.spans, note.flagged, dict(note.counts)) == (row.spans, row.flagged, dict(row.counts))
    assert any(note.flagged for note in streamed) and any(not note.spans for note in streamed)
