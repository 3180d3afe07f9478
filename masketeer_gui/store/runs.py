"""Runs: analyse notes with the project's lists and corrections, save the spans, and make them current.

A run analyses notes in chunks without holding a write lock, saves each chunk's spans in a
short write transaction (one executemany), and makes them the notes' current result in one
final transaction, so a crash or a cancel leaves the previous results intact. An incremental
run re-analyses only notes whose result is missing or outdated: for each group of notes sharing
a result run, the difference between that run's snapshot and the current lists and corrections
says which terms changed, and the word index says which notes contain them. The name lists a run
is given (``--names``) are remembered in the project (settings ``run_names``; the file is
owner-only) and used by every later run, preview and export that is given none, so an
incremental run never silently drops them; ``forget_names`` drops them on purpose.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Table, bindparam, delete, func, select, update
from sqlalchemy.orm import Session

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.store import settings, wordindex
from masketeer_gui.store.affected import notes_for_keys
from masketeer_gui.store.analyzers import Analyzer, AnalyzerCache, AnalyzerFactory, engine_version
from masketeer_gui.store.db import Database
from masketeer_gui.store.feedback import Feedback, load_feedback
from masketeer_gui.store.job import Job, NoteResult, Progress, RunCancelled
from masketeer_gui.store.models import NameEvidenceRecord, Note, Run, Setting, SpanRecord, utcnow
from masketeer_gui.store.notes import all_ids
from masketeer_gui.store.results import prune
from masketeer_gui.store.rows import RunRow, RunStatus

SPANS: Table = SpanRecord.__table__  # type: ignore[assignment]
NOTES: Table = Note.__table__  # type: ignore[assignment]


def run_row(run: Run) -> RunRow:
    return RunRow(
        run.id,
        run.started_at,
        run.finished_at,
        RunStatus(run.status),
        run.kind,
        run.engine_version,
        run.lists_hash,
        run.notes_analyzed,
        run.spans_found,
        dict(run.settings),
    )


def _lists_hash(snapshot: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(snapshot, sort_keys=True).encode("utf-8")).hexdigest()[:16]


def outdated_notes(session: Session, feedback: Feedback, version: str) -> set[int]:
    """Notes without a result, or whose result predates a change that can affect them."""
    outdated: set[int] = set()
    groups = session.execute(select(Note.result_run_id).group_by(Note.result_run_id)).scalars().all()
    for run_id in groups:
        in_group = Note.result_run_id.is_(None) if run_id is None else Note.result_run_id == run_id
        members = set(session.scalars(select(Note.id).where(in_group)))
        run = session.get(Run, run_id) if run_id is not None else None
        snapshot = run.snapshot if run is not None else None
        if not snapshot or snapshot.get("engine") != version:
            outdated |= members
            continue
        terms = set(snapshot["terms"]) ^ feedback.term_keys
        corrections = set(snapshot["corrections"]) ^ feedback.correction_keys
        if terms or corrections:
            affected = notes_for_keys(session, terms, corrections)
            outdated |= members if affected is None else members & affected
    return outdated


def recover(db: Database) -> int:
    """Mark runs left 'running' by a crashed process as failed and drop their spans; returns how many."""
    with db.write() as session:
        stale = session.scalars(select(Run).where(Run.status == RunStatus.RUNNING)).all()
        for run in stale:
            session.execute(SPANS.delete().where(SPANS.c.run_id == run.id))
            session.execute(delete(NameEvidenceRecord).where(NameEvidenceRecord.run_id == run.id))
            run.status, run.finished_at = RunStatus.FAILED, utcnow()
        return len(stale)


class Runs:
    """Start runs, list them, and work out which notes are outdated."""

    def __init__(self, db: Database, factory: AnalyzerFactory) -> None:
        self._db = db
        self.analyzers = AnalyzerCache(factory)

    def ensure_index(self) -> None:
        """Build the word index if this project has none of the current version (after an upgrade)."""
        with self._db.read() as session:
            if wordindex.is_current(session):
                return
        with self._db.write() as session:
            wordindex.rebuild(session)

    def remembered_names(self) -> NameLists | None:
        """The name lists the project's runs were last given (``--names``), or None."""
        with self._db.read() as session:
            stored = settings.get(session, settings.RUN_NAMES)
        return None if stored is None else NameLists.from_mapping(stored, "the project's remembered name lists")

    def forget_names(self) -> bool:
        """Drop the remembered name lists; whether there were any. The next incremental run re-analyses
        the notes they reached."""
        with self._db.write() as session:
            had = settings.get(session, settings.RUN_NAMES) is not None
            session.execute(delete(Setting).where(Setting.key == settings.RUN_NAMES))
        return had

    def names_for(self, names: NameLists | None) -> NameLists | None:
        """``names`` if given, else the remembered ones: a run never silently drops its name lists."""
        return names if names is not None else self.remembered_names()

    def prepare(self, names: NameLists | None = None) -> tuple[Feedback, Analyzer, str]:
        """The current feedback (with ``names`` or the remembered lists), an analyzer for it, the engine version."""
        names = self.names_for(names)
        with self._db.read() as session:
            feedback = load_feedback(session, names)
        analyzer = self.analyzers.get(feedback.names)
        return feedback, analyzer, engine_version(analyzer)

    def outdated(self, names: NameLists | None = None) -> list[int]:
        """Ids of the notes an incremental run would analyse now."""
        self.ensure_index()
        feedback, _, version = self.prepare(names)
        with self._db.read() as session:
            return sorted(outdated_notes(session, feedback, version))

    def run(
        self,
        *,
        names: NameLists | None = None,
        incremental: bool = True,
        note_ids: Sequence[int] | None = None,
        store_pseudonyms: bool = False,
        progress: Progress | None = None,
        cancel: Callable[[], bool] | None = None,
        workers: int = 1,
    ) -> RunRow:
        """Analyse all notes, the outdated ones (``incremental``) or ``note_ids``; returns the run.

        ``progress(done, total, chunk)`` is called after each chunk with what it found for those notes
        (``AnalyzedNote`` rows; they become the notes' current results when the run is done).
        ``workers > 1`` analyses in forked worker processes (see ``job.py`` before using it from a GUI).
        """
        if incremental or note_ids is not None:
            self.ensure_index()
        feedback, analyzer, version = self.prepare(names)
        with self._db.read() as session:
            if note_ids is not None:
                targets = sorted(set(note_ids))
            elif incremental:
                targets = sorted(outdated_notes(session, feedback, version))
            else:
                targets = all_ids(session)
        kind = "notes" if note_ids is not None else "incremental" if incremental else "full"
        options = {"store_pseudonyms": store_pseudonyms, "names_file": names is not None}
        run_id = self._start(kind, version, feedback, options, names)
        job = Job(
            self._db,
            run_id,
            analyzer,
            feedback,
            pseudonyms=store_pseudonyms,
            progress=progress,
            cancel=cancel,
        )
        try:
            results = job.run(targets, workers)
        except RunCancelled:
            return self._abandon(run_id, RunStatus.CANCELLED)
        except BaseException:
            self._abandon(run_id, RunStatus.FAILED)
            raise
        return self._finish(run_id, results, full=kind == "full")

    def _start(
        self, kind: str, version: str, feedback: Feedback, options: dict[str, Any], names: NameLists | None
    ) -> int:
        snapshot = feedback.snapshot(version)
        with self._db.write() as session:
            if names is not None:  # remembered for every later run, preview and export
                settings.put(session, settings.RUN_NAMES, names.to_mapping())
            run = Run(
                started_at=utcnow(),
                engine_version=version,
                lists_hash=_lists_hash(snapshot),
                settings=options,
                status=RunStatus.RUNNING,
                kind=kind,
                snapshot=snapshot,
            )
            session.add(run)
            session.flush()
            return run.id

    def _finish(self, run_id: int, results: dict[int, NoteResult], *, full: bool) -> RunRow:
        """Make the run's spans current for every note whose text did not change meanwhile."""
        flip = (
            update(NOTES)
            .where(NOTES.c.id == bindparam("nid"), NOTES.c.text_hash == bindparam("hash"))
            .values(
                result_run_id=run_id,
                span_count=bindparam("spans"),
                flagged_count=bindparam("flagged"),
                entity_counts=bindparam("counts"),
            )
        )
        params = [
            {"nid": nid, "hash": r.text_hash, "spans": r.spans, "flagged": r.flagged, "counts": r.counts}
            for nid, r in results.items()
        ]
        with self._db.write() as session:
            if params:
                session.execute(flip, params)
            prune(session, None if full else results)
            run = session.get_one(Run, run_id)
            run.status, run.finished_at, run.notes_analyzed = RunStatus.DONE, utcnow(), len(results)
            run.spans_found = session.scalar(select(func.count()).where(SpanRecord.run_id == run_id)) or 0
            return run_row(run)

    def _abandon(self, run_id: int, status: RunStatus) -> RunRow:
        with self._db.write() as session:
            session.execute(SPANS.delete().where(SPANS.c.run_id == run_id))
            session.execute(delete(NameEvidenceRecord).where(NameEvidenceRecord.run_id == run_id))
            run = session.get_one(Run, run_id)
            run.status, run.finished_at = status, utcnow()
            return run_row(run)

    def result_notes(self, run_id: int) -> list[int]:
        """The notes whose current result is run ``run_id``: the ones it analysed, and the ones its
        settling retyped (``type_settling``)."""
        with self._db.read() as session:
            return sorted(session.scalars(select(Note.id).where(Note.result_run_id == run_id)))

    def list(self) -> list[RunRow]:
        """All runs, newest first."""
        with self._db.read() as session:
            return [run_row(r) for r in session.scalars(select(Run).order_by(Run.id.desc()))]

    def latest(self) -> RunRow | None:
        """The newest finished run."""
        with self._db.read() as session:
            run = session.scalars(select(Run).where(Run.status == RunStatus.DONE).order_by(Run.id.desc())).first()
            return run_row(run) if run else None
