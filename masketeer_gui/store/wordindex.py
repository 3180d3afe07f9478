"""Word index: folded word -> notes containing it, so a list change re-runs only the notes it can affect.

A note's words are the word tokens of ``engine.text.tokenize`` (markup blanked), folded with
``engine.normalize.fold``, plus the parts of hyphen chains (the engine finds "Sepp" in
"Sepp-Huber"). Single characters and pure numbers are left out: a term made only of those
affects every note. The word pattern is ``tokenize``'s own, applied with ``findall`` because
building a ``Token`` per word costs eight times as much at import; a test keeps both equal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein
from sqlalchemy import delete, func, insert, select
from sqlalchemy.orm import Session

from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.text import blank_markup
from masketeer_gui.store.models import Note, NoteWord, Setting, Word

INDEX_VERSION = "1"
VERSION_KEY = "word_index_version"
_WORD_CHAR = r"[\w\u0300-\u036f]"
WORD = re.compile(rf"{_WORD_CHAR}+(?:[-‐‑]{_WORD_CHAR}+)*")
FORGET_CHUNK = 20_000


def _indexable(word: str) -> bool:
    return len(word) > 1 and not word.isdigit()


def words_of(text: str) -> set[str]:
    """The folded words of ``text`` the index keeps (hyphen chains and their parts)."""
    out: set[str] = set()
    for raw in set(WORD.findall(blank_markup(text))):
        folded = fold(raw)
        if _indexable(folded):
            out.add(folded)
        if "-" in folded:
            out.update(part for part in folded.split("-") if _indexable(part))
    return out


class IndexWriter:
    """Adds notes to the index inside one writing session, in batches."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._ids: dict[str, int] = dict(session.execute(select(Word.word, Word.id)).all())
        self._next = max(self._ids.values(), default=0) + 1
        self._new_words: list[dict[str, object]] = []
        self._pairs: list[dict[str, int]] = []

    def add(self, note_id: int, text: str) -> None:
        for word in words_of(text):
            word_id = self._ids.get(word)
            if word_id is None:
                word_id = self._ids[word] = self._next
                self._next += 1
                self._new_words.append({"id": word_id, "word": word})
            self._pairs.append({"word_id": word_id, "note_id": note_id})

    @property
    def pending(self) -> int:
        """Index entries not written yet."""
        return len(self._pairs)

    def flush(self) -> None:
        if self._new_words:
            self._session.execute(insert(Word), self._new_words)
            self._new_words = []
        if self._pairs:
            self._session.execute(insert(NoteWord), self._pairs)
            self._pairs = []


def forget_notes(session: Session, note_ids: Iterable[int]) -> None:
    """Drop the index entries of notes whose text changed (each statement scans the index once)."""
    ids = list(note_ids)
    for i in range(0, len(ids), FORGET_CHUNK):
        session.execute(delete(NoteWord).where(NoteWord.note_id.in_(ids[i : i + FORGET_CHUNK])))


def is_current(session: Session) -> bool:
    """True if the index was built by this version of the word rules."""
    setting = session.get(Setting, VERSION_KEY)
    return setting is not None and setting.value == INDEX_VERSION


def rebuild(session: Session) -> None:
    """Index every note from scratch (after an upgrade or a change of the word rules)."""
    session.execute(delete(NoteWord))
    session.execute(delete(Word))
    writer = IndexWriter(session)
    last = 0
    while True:
        rows = session.execute(
            select(Note.id, Note.text).where(Note.id > last).order_by(Note.id).limit(2000)
        ).all()
        if not rows:
            break
        for note_id, text in rows:
            writer.add(note_id, text)
        writer.flush()
        last = rows[-1][0]
    writer.flush()
    session.merge(Setting(key=VERSION_KEY, value=INDEX_VERSION))


def notes_with(session: Session, words: set[str], *, every: bool) -> set[int]:
    """Notes containing every one (``every``) or any one of ``words``."""
    if not words:
        return set()
    query = (
        select(NoteWord.note_id)
        .join(Word, Word.id == NoteWord.word_id)
        .where(Word.word.in_(sorted(words)))
        .group_by(NoteWord.note_id)
    )
    if every:
        query = query.having(func.count() == len(words))
    return set(session.execute(query).scalars())


def vocabulary(session: Session) -> list[str]:
    """Every indexed word."""
    return list(session.execute(select(Word.word)).scalars())


def near_words(vocabulary: list[str], words: set[str], max_typos: int = 1) -> set[str]:
    """``words`` plus vocabulary words at most ``max_typos`` edits (Damerau-Levenshtein) from one."""
    found = set(words)
    for word in words:
        hits = process.extract(
            word, vocabulary, scorer=DamerauLevenshtein.distance, score_cutoff=max_typos, limit=None
        )
        found.update(hit[0] for hit in hits)
    return found
