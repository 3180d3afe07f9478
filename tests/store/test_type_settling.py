"""Project runs settle each person's type across the project, as ``masketeer deidentify`` settles its run.

"Rückruf durch Gottlieb" alone says little: the engine takes the name for a relative. A signature
"Gottlieb" under another note proves a staff member, so after the run both notes carry one type and,
with stored tags, one tag; an incremental run that brings the proof retypes the older note too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import Project
from masketeer_gui.store.models import NameEvidenceRecord, Note, SpanRecord
from tests.store.fakes import note_id, write_jsonl

pytest.importorskip("masketeer_gui.engine.pipeline")

PROOF = {"id": "A", "text": "Befund besprochen, Kontrolle in 2 Wochen.\nGottlieb", "patient_id": "P1"}
WEAK = {"id": "B", "text": "Rückruf durch Gottlieb, Termin fixiert.", "patient_id": "P2"}
OTHER = {"id": "C", "text": "Keine Namen in dieser Notiz.", "patient_id": "P3"}


@pytest.fixture
def project(tmp_path: Path) -> Iterator[Project]:
    with Project.create(tmp_path / "settle.db", user="tester") as opened:  # the real engine
        yield opened


def names(project: Project, external_id: str) -> list[tuple[str, str, str | None]]:
    detail = project.notes.get(note_id(project, external_id))
    pseudonyms = detail.pseudonyms
    assert len(pseudonyms) == len(detail.spans)  # a single note comes with its pseudonyms
    return [
        (detail.text[span.start : span.end], str(span.entity), pseudonym)
        for span, pseudonym in zip(detail.spans, pseudonyms, strict=True)
    ]


def test_a_full_run_gives_a_person_one_type_and_tag_in_every_note(project: Project, tmp_path: Path) -> None:
    project.import_corpus(write_jsonl(tmp_path / "c.jsonl", [PROOF, WEAK, OTHER]))
    project.runs.run(incremental=False, store_pseudonyms=True)
    (_, proof_type, proof_tag), (_, weak_type, weak_tag) = names(project, "A")[0], names(project, "B")[0]
    assert proof_type == weak_type == "HCP"
    assert proof_tag is not None and proof_tag == weak_tag
    assert project.notes.list([note_id(project, "B")])[0].counts == {Entity.HCP: 1}


def test_an_incremental_run_that_brings_the_proof_retypes_the_older_note(project: Project, tmp_path: Path) -> None:
    project.import_corpus(write_jsonl(tmp_path / "first.jsonl", [WEAK, OTHER]))
    first = project.runs.run(incremental=False)
    assert names(project, "B")[0][1] != "HCP"  # alone, its own words make no doctor of him
    project.import_corpus(write_jsonl(tmp_path / "second.jsonl", [PROOF]))
    second = project.runs.run()  # analyses the new note only
    assert names(project, "B")[0][1] == names(project, "A")[0][1] == "HCP"
    assert second.notes_analyzed == 2  # the new note, and the older one it retyped
    with project._db.read() as session:
        results = dict(session.execute(select(Note.external_id, Note.result_run_id)).all())
        current = session.scalars(select(NameEvidenceRecord.run_id).order_by(NameEvidenceRecord.note_id)).all()
        old = session.scalar(select(func.count()).where(SpanRecord.run_id == first.id, SpanRecord.entity != "HCP"))
    assert results == {"A": second.id, "B": second.id, "C": first.id}  # C kept its result
    assert current == [second.id, second.id]  # only current results keep their evidence
    assert old == 0  # B's earlier spans went with its earlier result
    assert project.runs.run().notes_analyzed == 0  # settled: nothing is outdated, nothing moves back


def test_a_reviewers_retype_is_never_moved(project: Project, tmp_path: Path) -> None:
    project.import_corpus(write_jsonl(tmp_path / "c.jsonl", [PROOF, WEAK]))
    project.runs.run(incremental=False)
    weak = note_id(project, "B")
    start = WEAK["text"].index("Gottlieb")
    project.corrections.add(weak, start, start + len("Gottlieb"), CorrectionAction.RETYPE, Entity.PER)
    project.runs.run()
    assert names(project, "B")[0][1] == "PER" and names(project, "A")[0][1] == "HCP"


def test_stored_evidence_names_no_note_text_beyond_the_names(project: Project, tmp_path: Path) -> None:
    project.import_corpus(write_jsonl(tmp_path / "c.jsonl", [PROOF, WEAK, OTHER]))
    project.runs.run(incremental=False)
    with project._db.read() as session:
        blobs = session.scalars(select(NameEvidenceRecord.names)).all()
    assert len(blobs) == 2  # C has no names
    assert not any("Befund" in blob or "Rückruf" in blob for blob in blobs)
    assert all(json.loads(blob)["n"] for blob in blobs)


def test_a_cancelled_run_leaves_no_evidence_behind(project: Project, tmp_path: Path) -> None:
    project.import_corpus(write_jsonl(tmp_path / "c.jsonl", [PROOF, WEAK]))
    project.runs.run(incremental=False)
    with project._db.read() as session:
        before = session.scalar(select(func.count()).select_from(NameEvidenceRecord))
    cancelled = project.runs.run(incremental=False, cancel=lambda: True)
    with project._db.read() as session:
        after = session.scalar(select(func.count()).select_from(NameEvidenceRecord))
        orphans = session.scalar(select(func.count()).where(NameEvidenceRecord.run_id == cancelled.id))
    assert before == after == 2 and orphans == 0
