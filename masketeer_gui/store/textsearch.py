"""Full-text search across notes ("where else does this name occur?") through the word index.

The query's words are folded as the index folds them (``wordindex.words_of``); the notes holding
every one come from the index, then each candidate's text gives the offsets of the hits and a
line of context. Nothing here logs or stores the query.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.text import WORD, blank_markup
from masketeer_gui.store import wordindex
from masketeer_gui.store.models import Note, NoteText

CONTEXT = 40  # characters of context either side of the first hit
_PART = re.compile(r"[^-']+")


@dataclass(frozen=True, slots=True)
class TextHit:
    """A note holding every word of the query: where the words stand, and a line around the first one."""

    note_id: int
    external_id: str
    hits: tuple[tuple[int, int], ...]
    context: str


def word_hits(text: str, words: set[str]) -> list[tuple[int, int]]:
    """Offsets of the words of ``text`` (or parts of hyphen and apostrophe chains) that fold into ``words``."""
    found: list[tuple[int, int]] = []
    for match in WORD.finditer(blank_markup(text)):
        if fold(match.group()) in words:
            found.append(match.span())
            continue
        for part in _PART.finditer(match.group()):
            if fold(part.group()) in words:
                found.append((match.start() + part.start(), match.start() + part.end()))
    return found


def context_line(text: str, start: int, end: int, width: int = CONTEXT) -> str:
    """``text`` around ``[start, end)`` on one line, with ellipses where it was cut."""
    left, right = max(0, start - width), min(len(text), end + width)
    line = " ".join(text[left:right].split())
    return f"{'…' if left else ''}{line}{'…' if right < len(text) else ''}"


def search_notes(session: Session, query: str, limit: int = 200) -> list[TextHit]:
    """Notes (in import order, at most ``limit``) holding every indexed word of ``query``."""
    words = wordindex.words_of(query)
    candidates = sorted(wordindex.notes_with(session, words, every=True))
    found: list[TextHit] = []
    for i in range(0, len(candidates), wordindex.CHUNK):
        chunk = candidates[i : i + wordindex.CHUNK]
        rows = session.execute(
            select(Note.id, Note.external_id, NoteText.text)
            .join(NoteText, NoteText.note_id == Note.id)
            .where(Note.id.in_(chunk))
            .order_by(Note.id)
        )
        for note_id, external_id, text in rows:
            hits = word_hits(text, words)
            if hits:
                found.append(TextHit(note_id, external_id, tuple(hits), context_line(text, *hits[0])))
            if len(found) >= limit:
                return found
    return found


def contexts_in(session: Session, note_ids: list[int], query: str) -> list[TextHit]:
    """The hits of ``query``'s words in the given notes (in that order; notes without a hit: no line)."""
    words = wordindex.words_of(query)
    if not words or not note_ids:
        return []
    rows = session.execute(
        select(Note.id, Note.external_id, NoteText.text)
        .join(NoteText, NoteText.note_id == Note.id)
        .where(Note.id.in_(note_ids))
    )
    by_id = {note_id: (external_id, text) for note_id, external_id, text in rows}
    found = []
    for note_id in note_ids:
        if note_id in by_id:
            external_id, text = by_id[note_id]
            hits = word_hits(text, words)
            if hits:
                found.append(TextHit(note_id, external_id, tuple(hits), context_line(text, *hits[0])))
    return found
