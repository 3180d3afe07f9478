"""Statistics of the current results (``Project.stats()``): counts per entity type and masker, histograms.

Entity counts and spans per note come from the summary every note keeps of its current result
(a few grouped rows); masker counts join the current spans. Tokens per note need every text, so
that histogram is kept until the notes change: only an import changes them, and every import
adds a batch, so the newest batch id (with the note count) says when to count again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.stats import count_tokens
from masketeer_gui.store.db import Database
from masketeer_gui.store.models import Batch, Note, NoteText
from masketeer_gui.store.notes import masker_query, parse_counts
from masketeer_gui.store.rows import ProjectStats

TEXT_CHUNK = 2000  # texts read per query while counting tokens


class Statistics:
    """Computes ``ProjectStats`` in one read transaction; remembers the token histogram per import."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._tokens: tuple[tuple[int, int], Mapping[int, int]] | None = None

    def __call__(self) -> ProjectStats:
        with self._db.read() as session:
            notes = session.scalar(select(func.count()).select_from(Note)) or 0
            analyzed = Note.result_run_id.is_not(None)
            by_spans = select(Note.span_count, func.count()).where(analyzed).group_by(Note.span_count)
            spans_hist = {spans: n for spans, n in session.execute(by_spans)}
            per_entity: Counter[Entity] = Counter({entity: 0 for entity in Entity})
            grouped = select(Note.entity_counts, func.count()).where(analyzed).group_by(Note.entity_counts)
            for stored, n in session.execute(grouped):
                per_entity.update({entity: count * n for entity, count in parse_counts(stored).items()})
            return ProjectStats(
                notes=notes,
                notes_with_phi=sum(n for spans, n in spans_hist.items() if spans),
                analyzed=sum(spans_hist.values()),
                per_entity=MappingProxyType(dict(per_entity)),
                per_masker=MappingProxyType({m: n for m, n in session.execute(masker_query())}),
                tokens_hist=self._tokens_hist(session, notes),
                spans_hist=MappingProxyType(spans_hist),
            )

    def _tokens_hist(self, session: Session, notes: int) -> Mapping[int, int]:
        key = (session.scalar(select(func.max(Batch.id))) or 0, notes)
        if self._tokens is None or self._tokens[0] != key:
            self._tokens = key, MappingProxyType(tokens_histogram(session))
        return self._tokens[1]


def tokens_histogram(session: Session) -> dict[int, int]:
    """Notes per length in tokens (the paper's Figure 1), reading the texts a chunk at a time."""
    hist: Counter[int] = Counter()
    last = 0
    while True:
        chunk = session.execute(
            select(NoteText.note_id, NoteText.text)
            .where(NoteText.note_id > last)
            .order_by(NoteText.note_id)
            .limit(TEXT_CHUNK)
        ).all()
        if not chunk:
            return dict(hist)
        hist.update(count_tokens(text) for _, text in chunk)
        last = chunk[-1][0]
