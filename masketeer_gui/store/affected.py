"""Which notes a changed term or correction can affect, from the word index.

Per note the engine only sees the note, the run's lists and the note's context, so a term can
only change notes that contain it (a whitelist, blacklist or site phrase: all its words; a name:
any of its parts, or a word one typo away, as the engine's fuzzy name match allows). A scoped
term can only change its patient's or its note's notes, a correction only its note. ``None``
stands for "every note" (a term made only of numbers or single letters).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from masketeer_gui.store import wordindex
from masketeer_gui.store.feedback import correction_note, parse_term_key
from masketeer_gui.store.models import Note
from masketeer_gui.store.rows import TermSpec
from masketeer_gui.vocabulary import NAME_KINDS, Scope

ALL: None = None
MAX_PRECISE_TERMS = 300  # beyond this many changed terms, re-running every note is as fast


class _Lookup:
    """Index look-ups within one session, loading the vocabulary once for fuzzy name matches."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._vocabulary: list[str] | None = None

    def by_words(self, spec: TermSpec) -> set[int] | None:
        words = wordindex.words_of(spec.term)
        if not words:
            return ALL
        if spec.kind in NAME_KINDS:
            if self._vocabulary is None:
                self._vocabulary = wordindex.vocabulary(self.session)
            near = wordindex.near_words(self._vocabulary, words)
            return wordindex.notes_with(self.session, near, every=False)
        return wordindex.notes_with(self.session, words, every=True)

    def notes_for_term(self, spec: TermSpec) -> set[int] | None:
        """Notes ``spec`` can change (None: all notes)."""
        session = self.session
        if spec.scope is Scope.NOTE:
            return set(session.scalars(select(Note.id).where(Note.external_id == spec.scope_value)))
        found = self.by_words(spec)
        if spec.scope is Scope.CORPUS:
            return found
        patients = set(session.scalars(select(Note.id).where(Note.patient_id == spec.scope_value)))
        return patients if found is None else patients & found


def notes_for_keys(session: Session, term_keys: Iterable[str], correction_keys: Iterable[str]) -> set[int] | None:
    """Union of the notes each changed key can affect (None: all notes)."""
    keys = list(term_keys)
    if len(keys) > MAX_PRECISE_TERMS:
        return ALL
    found = {correction_note(k) for k in correction_keys}
    lookup = _Lookup(session)
    for key in keys:
        notes = lookup.notes_for_term(parse_term_key(key))
        if notes is None:
            return ALL
        found |= notes
    return found
