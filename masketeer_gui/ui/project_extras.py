"""Stopgaps for what the GUI needs and the store's ``Project`` facade does not offer yet.

Each function reads through the project's database in one short read session, with the
store's own modules; none writes. They belong in the store (listed in the GUI's report):
``Project.pseudonym_key()``, ``Project.term_notes(spec)``, ``Project.stats()``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select

from masketeer_gui.engine.pseudonyms import new_key
from masketeer_gui.engine.stats import count_tokens
from masketeer_gui.store import Project, settings
from masketeer_gui.store.affected import notes_for_keys
from masketeer_gui.store.feedback import term_key
from masketeer_gui.store.models import Note, NoteText, SpanRecord
from masketeer_gui.store.rows import NoteRow, TermSpec
from masketeer_gui.store.terms import normalized
from masketeer_gui.ui.project_api import Stats

_CHUNK = 2000


def _db(project: Project) -> Any:
    return project._db


def pseudonym_key(project: Project) -> bytes:
    """The project's key for keyed tags (a throw-away key if it has none)."""
    getter = getattr(project, "pseudonym_key", None)
    if callable(getter):
        return bytes(getter())
    with _db(project).read() as session:
        stored = settings.get(session, settings.PSEUDONYM_KEY)
    return bytes.fromhex(stored) if stored else new_key()


def term_notes(project: Project, spec: TermSpec, limit: int = 200) -> list[str]:
    """External ids of (up to ``limit``) notes the term can change: those containing it, in its scope."""
    with _db(project).read() as session:
        ids = notes_for_keys(session, [term_key(normalized(spec))], ())
        query = select(Note.external_id).order_by(Note.id).limit(limit)
        if ids is not None:
            query = query.where(Note.id.in_(sorted(ids)[:limit]))
        return list(session.scalars(query))


def tokens_histogram(project: Project) -> dict[int, int]:
    """Notes per length in tokens (the paper's Figure 1)."""
    hist: Counter[int] = Counter()
    last = 0
    while True:
        with _db(project).read() as session:
            chunk = session.execute(
                select(NoteText.note_id, NoteText.text)
                .where(NoteText.note_id > last)
                .order_by(NoteText.note_id)
                .limit(_CHUNK)
            ).all()
        if not chunk:
            return dict(hist)
        hist.update(count_tokens(text) for _, text in chunk)
        last = chunk[-1][0]


def per_masker(project: Project) -> dict[str, int]:
    """Spans of the current results per masker (the paper's Table 7)."""
    query = (
        select(SpanRecord.masker, func.count())
        .join(Note, (Note.id == SpanRecord.note_id) & (Note.result_run_id == SpanRecord.run_id))
        .group_by(SpanRecord.masker)
    )
    with _db(project).read() as session:
        return {masker: n for masker, n in session.execute(query)}


def stats(project: Project, rows: Sequence[NoteRow], tokens: dict[int, int]) -> Stats:
    """The statistics view's numbers from the note rows, the masker counts and the token histogram."""
    analyzed = [r for r in rows if r.analyzed]
    per_entity: Counter[str] = Counter()
    for row in analyzed:
        per_entity.update({str(e): n for e, n in row.counts.items()})
    spans_hist = Counter(r.spans for r in analyzed)
    return Stats(
        notes=len(rows),
        notes_with_phi=sum(1 for r in analyzed if r.spans),
        per_entity=dict(per_entity),
        per_masker=per_masker(project),
        tokens_hist=tokens,
        spans_hist=dict(spans_hist),
    )
