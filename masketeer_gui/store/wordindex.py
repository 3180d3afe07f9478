"""Word index: folded word -> notes containing it, so a list change re-runs only the notes it can affect.

A note's words are the word tokens of ``engine.text.tokenize`` (markup blanked), folded with
``engine.normalize.fold``, plus the parts of hyphen and apostrophe chains (the engine finds
"Sepp" in "Sepp-Huber"). Single characters and pure numbers are left out: a term made only of those
affects every note. The word pattern is ``tokenize``'s own (``engine.text.WORD``), applied with
``findall`` because building a ``Token`` per word costs eight times as much at import.

Each word has one row holding its notes' ids as a sorted array of little-endian uint32: about
4 bytes per (word, note) pair and one write per word per import, instead of a row per pair.
"""

from __future__ import annotations

import re
import sys
from array import array
from collections import defaultdict
from collections.abc import Iterable

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein
from sqlalchemy import Table, delete, select
from sqlalchemy.dialects.sqlite import insert
from sqlalchemy.orm import Session

from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.text import WORD, blank_markup
from masketeer_gui.store.models import NoteText, Setting, WordPostings

INDEX_VERSION = "3"  # 3: words keep apostrophe chains, as the tokenizer does
VERSION_KEY = "word_index_version"
_CHAIN = re.compile(r"[-']")
CHUNK = 500
POSTINGS: Table = WordPostings.__table__  # type: ignore[assignment]


def _indexable(word: str) -> bool:
    return len(word) > 1 and not word.isdigit()


def words_of(text: str) -> set[str]:
    """The folded words of ``text`` the index keeps (hyphen chains and their parts)."""
    out: set[str] = set()
    for raw in set(WORD.findall(blank_markup(text))):
        folded = fold(raw)
        if _indexable(folded):
            out.add(folded)
        if "-" in folded or "'" in folded:  # curated terms also match inside chains: "Brien" in "O'Brien"
            out.update(part for part in _CHAIN.split(folded) if _indexable(part))
    return out


def encode(ids: Iterable[int]) -> bytes:
    packed = array("I", sorted(ids))
    if sys.byteorder == "big":  # pragma: no cover - the file format is little-endian everywhere
        packed.byteswap()
    return packed.tobytes()


def decode(blob: bytes) -> array[int]:
    packed = array("I")
    packed.frombytes(blob)
    if sys.byteorder == "big":  # pragma: no cover
        packed.byteswap()
    return packed


def _postings(session: Session, words: Iterable[str]) -> dict[str, bytes]:
    ordered = sorted(words)
    found: dict[str, bytes] = {}
    for i in range(0, len(ordered), CHUNK):
        rows = session.execute(
            select(WordPostings.word, WordPostings.note_ids).where(WordPostings.word.in_(ordered[i : i + CHUNK]))
        )
        found.update((word, blob) for word, blob in rows)
    return found


class IndexWriter:
    """Collects index changes inside one writing session and writes each touched word once."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._added: dict[str, list[int]] = defaultdict(list)
        self._removed: dict[str, set[int]] = defaultdict(set)
        self.pending = 0

    def add(self, note_id: int, text: str) -> None:
        for word in words_of(text):
            self._added[word].append(note_id)
        self.pending += 1

    def remove(self, note_id: int, old_text: str) -> None:
        """Forget a note under the words of its old text (before its text changes)."""
        for word in words_of(old_text):
            self._removed[word].add(note_id)
        self.pending += 1

    def flush(self) -> None:
        touched = set(self._added) | set(self._removed)
        if not touched:
            return
        stored = _postings(self._session, touched)
        rows, empty = [], []
        for word in touched:
            ids = set(decode(stored[word])) if word in stored else set()
            ids = (ids - self._removed.get(word, set())) | set(self._added.get(word, ()))
            if ids:
                rows.append({"word": word, "note_ids": encode(ids)})
            else:
                empty.append(word)
        if rows:
            upsert = insert(POSTINGS)
            self._session.execute(upsert.on_conflict_do_update(set_={"note_ids": upsert.excluded.note_ids}), rows)
        for i in range(0, len(empty), CHUNK):
            self._session.execute(delete(WordPostings).where(WordPostings.word.in_(empty[i : i + CHUNK])))
        self._added, self._removed, self.pending = defaultdict(list), defaultdict(set), 0


def is_current(session: Session) -> bool:
    """True if the index was built by this version of the word rules."""
    setting = session.get(Setting, VERSION_KEY)
    return setting is not None and setting.value == INDEX_VERSION


def rebuild(session: Session) -> None:
    """Index every note from scratch (after an upgrade or a change of the word rules)."""
    session.execute(delete(WordPostings))
    writer = IndexWriter(session)
    last = 0
    while True:
        rows = session.execute(
            select(NoteText.note_id, NoteText.text)
            .where(NoteText.note_id > last)
            .order_by(NoteText.note_id)
            .limit(2000)
        ).all()
        if not rows:
            break
        for note_id, text in rows:
            writer.add(note_id, text)
        last = rows[-1][0]
    writer.flush()
    session.merge(Setting(key=VERSION_KEY, value=INDEX_VERSION))


def notes_with(session: Session, words: set[str], *, every: bool) -> set[int]:
    """Notes containing every one (``every``) or any one of ``words``."""
    if not words:
        return set()
    stored = _postings(session, words)
    if every and len(stored) < len(words):
        return set()
    sets = [set(decode(blob)) for blob in stored.values()]
    if not sets:
        return set()
    return set.intersection(*sets) if every else set.union(*sets)


def vocabulary(session: Session) -> list[str]:
    """Every indexed word."""
    return list(session.execute(select(WordPostings.word)).scalars())


def near_words(vocabulary: list[str], words: set[str], max_typos: int = 1) -> set[str]:
    """``words`` plus vocabulary words at most ``max_typos`` edits (Damerau-Levenshtein) from one."""
    found = set(words)
    for word in words:
        hits = process.extract(word, vocabulary, scorer=DamerauLevenshtein.distance, score_cutoff=max_typos, limit=None)
        found.update(hit[0] for hit in hits)
    return found
