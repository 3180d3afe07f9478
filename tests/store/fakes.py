"""A small stand-in engine for store tests: honours name lists, whitelist, blacklist and corrections.

It masks the capitalised word after "Dr." (HCP) or "Herr"/"Frau" (PER) and every word of the
patient/HCP/person lists, then applies the engine's real curation layer (blacklist, whitelist,
corrections) exactly as ``engine.pipeline`` does, so the feedback loop is tested end to end.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from masketeer_gui.engine.curation import apply_blacklist, apply_corrections, apply_protected, apply_whitelist
from masketeer_gui.engine.lists import NameLists, NoteContext
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import Entity, Span

_SALUTATION = re.compile(r"\b(?P<sal>Dr\.|Herr|Frau)\s+(?P<name>[A-ZÄÖÜ][\wäöüß-]+)")
_WORD = re.compile(r"[^\W\d_]+")


class ListAnalyzer:
    """Salutation rule + deployment name lists + the engine's curation."""

    version = "fake-1"

    def __init__(self, names: NameLists, calls: Counter[str]) -> None:
        self.names = names
        self.calls = calls
        self.roles = {
            fold(part): entity
            for entries, entity in (
                (names.patients, Entity.PAT),
                (names.hcps, Entity.HCP),
                (names.persons, Entity.PER),
            )
            for entry in entries
            for part in entry.split()
        }

    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]:
        self.calls[text] += 1
        spans = [
            Span(
                m.start("name"),
                m.end("name"),
                Entity.HCP if m["sal"] == "Dr." else Entity.PER,
                "Salutation",
                f"after '{m['sal']}'",
                (),
                fold(m["name"]),
            )
            for m in _SALUTATION.finditer(text)
        ]
        for m in _WORD.finditer(text):
            entity = self.roles.get(fold(m.group()))
            if entity and not any(s.overlaps(m.start(), m.end()) for s in spans):
                spans.append(Span(m.start(), m.end(), entity, "NameDictionary", "listed", ("listed",), fold(m.group())))
        spans.sort(key=lambda s: s.start)
        blacklist = self.names.blacklist + (context.blacklist if context else ())
        whitelist = self.names.whitelist + (context.whitelist if context else ())
        if blacklist:
            spans = apply_blacklist(text, spans, blacklist)
        protected = context.protected if context else ()
        if whitelist:
            spans = apply_whitelist(text, spans, whitelist, protected)
        if protected:
            spans = apply_protected(text, spans, protected)
        if context and context.corrections:
            spans = apply_corrections(text, spans, context.corrections)
        return spans


class FakeEngine:
    """An analyzer factory that counts how often each note text was analysed."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.built = 0

    def __call__(self, names: NameLists) -> ListAnalyzer:
        self.built += 1
        return ListAnalyzer(names, self.calls)

    def reset(self) -> None:
        self.calls.clear()

    @property
    def analysed(self) -> int:
        return sum(self.calls.values())


class BrokenEngine(FakeEngine):
    """Fails on the note whose text contains "KAPUTT"."""

    def __call__(self, names: NameLists) -> ListAnalyzer:
        analyzer = super().__call__(names)
        original = analyzer.analyze

        def analyze(text: str, context: NoteContext | None = None) -> list[Span]:
            if "KAPUTT" in text:
                raise RuntimeError("engine bug")
            return original(text, context)

        analyzer.analyze = analyze  # type: ignore[method-assign]
        return analyzer


NOTES: list[dict[str, Any]] = [
    {
        "id": "n1",
        "text": "Dr. Hofer bespricht mit Frau Gruber die Werte.",
        "patient_id": "p1",
        "author": "a1",
    },
    {"id": "n2", "text": "Schmerzen im Rumpf, Dr. Rumpf informiert.", "patient_id": "p1", "author": "a2"},
    {"id": "n3", "text": "Hias kommt morgen zur Kontrolle.", "patient_id": "p2", "author": "a1"},
    {"id": "n4", "text": "Keine Auffälligkeiten, Werte stabil.", "patient_id": "p2", "author": "a2"},
    {"id": "n5", "text": "Herr Maier ruft an, Rückfrage bei Dr. Hofer.", "patient_id": "p3", "author": "a1"},
    {"id": "n6", "text": "Sepp-Huber war da, Frau Gruber auch.", "patient_id": "p3", "author": "a2"},
]


def write_jsonl(path: Path, notes: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(n, ensure_ascii=False) + "\n" for n in notes), encoding="utf-8")
    return path


def note_id(project: Any, external_id: str) -> int:
    """The internal id of a note known by its external id."""
    found = project.notes.find(external_id)
    assert found is not None
    return int(found)


def analysed_ids(engine: FakeEngine) -> set[str]:
    """External ids (of ``NOTES``) of the notes the engine analysed since its last reset."""
    by_text = {n["text"]: n["id"] for n in NOTES}
    return {by_text[text] for text in engine.calls}


def indexed(project: Any) -> set[tuple[str, str]]:
    """The word index as (word, external id) pairs."""
    from masketeer_gui.store.wordindex import decode

    with project._db.read() as session:
        connection = session.connection()
        external = dict(connection.exec_driver_sql("SELECT id, external_id FROM notes").all())
        rows = connection.exec_driver_sql("SELECT word, note_ids FROM word_index").all()
    return {(word, external[note]) for word, blob in rows for note in decode(blob)}


def spans_text(text: str, spans: Any) -> list[tuple[str, str]]:
    """(surface, entity) of spans, for readable assertions."""
    return [(text[s.start : s.end], str(s.entity)) for s in spans]
