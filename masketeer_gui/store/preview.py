"""What a pending list change would do, before it is made: notes and spans it would alter.

Only the notes the change can affect (word index) are analysed, each twice: with the lists as
they are and as they would be. Nothing is saved. The counts compare those two analyses, so other
pending changes that a run has not applied yet do not blur the answer.
"""

from __future__ import annotations

from sqlalchemy import select

from masketeer_gui.engine.lists import NameLists
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
    return Preview(len(ids), len(changed), added, removed, tuple(sorted(changed)))
