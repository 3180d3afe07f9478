"""A reviewer's accept: "this span is right, keep it masked" — a decision every later run keeps.

An acceptance is a TP mark outside any sample (``sample_id`` None), by the reviewer who made it.
Its comment anchors it: the surface text and which occurrence of it in the note it was, so it
survives its offsets moving (a re-imported note with text before it) and is dropped only when that
text is gone. Runs get the anchored stretches as ``Protected`` in each note's ``NoteContext``: the
engine keeps them masked although a later whitelist entry names them (the list preview shows them
first). A span counts as accepted in the note view when it covers an accepted stretch.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from masketeer_gui.engine.lists import Protected
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.store.marks import Marks
from masketeer_gui.store.models import Mark, NoteText
from masketeer_gui.store.rows import MarkRow
from masketeer_gui.vocabulary import Label

ANCHOR = "accepted:"  # the comment prefix of an acceptance's anchor


def anchor_of(text: str, start: int, end: int) -> str:
    """The anchor of ``text[start:end]``: its surface and how many times it occurs before ``start``."""
    surface = text[start:end]
    return ANCHOR + json.dumps({"text": surface, "n": _occurrences_before(text, surface, start)}, ensure_ascii=False)


def anchored(text: str, start: int | None, end: int | None, comment: str) -> tuple[int, int] | None:
    """Where an acceptance stands in ``text`` now: its offsets if the surface is still there, else the
    same occurrence of the surface; None when it is gone (or offsets of an unanchored mark are out of range)."""
    if start is None or end is None:
        return None
    if not comment.startswith(ANCHOR):
        return (start, end) if 0 <= start < end <= len(text) else None
    data = json.loads(comment[len(ANCHOR) :])
    surface, occurrence = str(data["text"]), int(data["n"])
    if surface and text[start:end] == surface:
        return start, end
    position = -1
    for _ in range(occurrence + 1):
        position = text.find(surface, position + 1)
        if position < 0:
            return None
    return position, position + len(surface)


def _occurrences_before(text: str, surface: str, start: int) -> int:
    count, position = 0, text.find(surface)
    while 0 <= position < start:
        count += 1
        position = text.find(surface, position + 1)
    return count


def covering(spans: Iterable[Span], stretches: Iterable[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """The spans (as offsets) that cover one of ``stretches``: the spans counted as accepted."""
    held = list(stretches)
    return frozenset((s.start, s.end) for s in spans if any(s.start <= a and b <= s.end for a, b in held))


def is_acceptance(mark: MarkRow | Mark) -> bool:
    return mark.sample_id is None and Label(mark.label) is Label.TP and mark.start is not None


class Acceptances:
    """Accept a span, take it back, and read what is accepted (for the view and for runs)."""

    def __init__(self, marks: Marks, user: str) -> None:
        self._marks = marks
        self._user = user

    def _of_note(self, note_id: int) -> list[MarkRow]:
        return [m for m in self._marks.list(note_id=note_id) if is_acceptance(m)]

    def stretches(self, note_id: int, text: str) -> list[tuple[int, int]]:
        """The accepted stretches of the note (anyone's), where they stand in ``text`` now."""
        found = (anchored(text, m.start, m.end, m.comment) for m in self._of_note(note_id))
        return sorted({s for s in found if s is not None})

    def covered(self, note_id: int, text: str, spans: Sequence[Span]) -> frozenset[tuple[int, int]]:
        """The spans (as offsets) that cover an accepted stretch."""
        return covering(spans, self.stretches(note_id, text))

    def set(self, note_id: int, text: str, span: Span, accepted: bool) -> None:
        """Accept ``span`` (anchored in ``text``), or take back every acceptance it covers."""
        if accepted:
            if (span.start, span.end) not in self.covered(note_id, text, [span]):
                self._marks.add(
                    note_id,
                    Label.TP,
                    start=span.start,
                    end=span.end,
                    entity=span.entity,
                    masker=span.masker,
                    annotator=self._user,
                    comment=anchor_of(text, span.start, span.end),
                )
            return
        for mark in self._of_note(note_id):
            stretch = anchored(text, mark.start, mark.end, mark.comment)
            if stretch is not None and span.start <= stretch[0] and stretch[1] <= span.end:
                self._marks.remove(mark.id)


def protected_stretches(session: Session, note_ids: Iterable[int] | None = None) -> dict[int, list[Protected]]:
    """Every note's accepted stretches as the engine's ``Protected``, re-anchored in its current text."""
    query = (
        select(Mark.note_id, Mark.start, Mark.end, Mark.entity, Mark.comment, NoteText.text)
        .join(NoteText, NoteText.note_id == Mark.note_id)
        .where(Mark.sample_id.is_(None), Mark.label == Label.TP.value, Mark.start.is_not(None))
    )
    if note_ids is not None:
        query = query.where(Mark.note_id.in_(list(note_ids)))
    found: dict[int, set[Protected]] = defaultdict(set)
    for note_id, start, end, entity, comment, text in session.execute(query):
        stretch = anchored(text, start, end, comment or "")
        if stretch is not None and entity:
            found[note_id].add(Protected(stretch[0], stretch[1], Entity(entity)))
    return {note_id: sorted(stretches, key=lambda p: p.start) for note_id, stretches in found.items()}
