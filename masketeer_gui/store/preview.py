"""What a pending list change would do, before it is made: notes and spans it would alter.

Only the notes the change can affect (word index) are analysed, each twice: with the lists as
they are and as they would be. Nothing is saved. The counts compare those two analyses, so other
pending changes that a run has not applied yet do not blur the answer.
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.span import Entity
from masketeer_gui.store.affected import notes_for_keys
from masketeer_gui.store.db import Database
from masketeer_gui.store.feedback import load_feedback
from masketeer_gui.store.job import CHUNK
from masketeer_gui.store.models import Note, NoteText
from masketeer_gui.store.rows import PendingChange, Preview
from masketeer_gui.store.runs import Runs


def preview_change(db: Database, runs: Runs, change: PendingChange, names: NameLists | None = None) -> Preview:
    """Notes checked and changed, spans added and removed, if ``change`` were applied and run."""
    runs.ensure_index()
    names = runs.names_for(names)
    with db.read() as session:
        before = load_feedback(session, names)
        after = load_feedback(session, names, change)
        candidates = notes_for_keys(session, before.term_keys ^ after.term_keys, ())
        if candidates is None:
            candidates = set(session.scalars(select(Note.id)))
    old, new = runs.analyzers.get(before.names), runs.analyzers.get(after.names)
    ids = sorted(candidates)
    changed: list[int] = []
    added = removed = 0
    kinds = SpanChanges()
    accepted: list[tuple[int, int, int]] = []  # accepted stretches the change would unmask were they not kept
    for i in range(0, len(ids), CHUNK):
        with db.read() as session:
            notes = session.execute(
                select(Note.id, NoteText.text, Note.external_id, Note.patient_id)
                .join(NoteText, NoteText.note_id == Note.id)
                .where(Note.id.in_(ids[i : i + CHUNK]))
            ).all()
        for note_id, text, external_id, patient_id in notes:
            was = {
                (s.start, s.end, s.entity) for s in old.analyze(text, before.context(note_id, external_id, patient_id))
            }
            will = {
                (s.start, s.end, s.entity) for s in new.analyze(text, after.context(note_id, external_id, patient_id))
            }
            if was != will:
                changed.append(note_id)
                added, removed = added + len(will - was), removed + len(was - will)
                kinds.count(was, will)
            context = after.context(note_id, external_id, patient_id)
            if context is not None and context.protected:  # which accepts the change alone would unmask
                earlier = before.context(note_id, external_id, patient_id)
                then = old.analyze(text, replace(earlier, protected=()) if earlier else None)
                now = new.analyze(text, replace(context, protected=()))
                accepted += [
                    (note_id, p.start, p.end)
                    for p in context.protected
                    if any(s.overlaps(p.start, p.end) for s in then)
                    and not any(s.overlaps(p.start, p.end) for s in now)
                ]
    return Preview(
        len(ids),
        len(changed),
        added,
        removed,
        tuple(sorted(changed)),
        kinds.masked,
        kinds.unmasked,
        kinds.retyped,
        tuple(accepted),
    )


Stretch = tuple[int, int, Entity]


class SpanChanges:
    """Masked, unmasked and retyped stretches between two results of one note: a span of the new result
    that overlaps none of the old is masked, an old span overlapping none of the new is unmasked, and a
    new span over an old one of another type is retyped (a type change is no unmasking)."""

    def __init__(self) -> None:
        self.masked = self.unmasked = self.retyped = 0

    def count(self, was: set[Stretch], will: set[Stretch]) -> None:
        for start, end, entity in will - was:
            under = [e for s, t, e in was if s < end and start < t]
            if not under:
                self.masked += 1
            elif entity not in under:
                self.retyped += 1
        for start, end, _entity in was - will:
            if not any(s < end and start < t for s, t, _e in will):
                self.unmasked += 1
