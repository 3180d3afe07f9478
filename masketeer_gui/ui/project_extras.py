"""Stopgap for what the GUI needs and the store's ``Project`` facade does not offer yet: statistics.

Each function reads through the project's database in short read sessions, with the store's own
models; none writes. This belongs in the store as ``Project.stats()`` (counts per entity type and
masker of the current results, tokens and spans per note) and ``Notes.ids()``; then this module
goes away.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select

from masketeer_gui.engine.stats import count_tokens
from masketeer_gui.store import Project
from masketeer_gui.store.models import Note, NoteText, SpanRecord
from masketeer_gui.store.rows import NoteRow
from masketeer_gui.ui.project_api import Stats

_CHUNK = 2000


def _db(project: Project) -> Any:
    """The store's private database handle: read-only use, until ``Project.stats()`` exists."""
    return project._db


def note_ids(project: Project) -> list[int]:
    """Every note id in order (what a full run analyses), without building the list rows."""
    with _db(project).read() as session:
        return list(session.scalars(select(Note.id).order_by(Note.id)))


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
