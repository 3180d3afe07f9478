"""``Project.stats()`` and ``Notes.ids()``: counts of the current results, histograms, cheap note ids."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.stats import count_tokens
from masketeer_gui.store import Project
from masketeer_gui.store.rows import ProjectStats, TermKind, TermSpec
from tests.store.fakes import NOTES, note_id, write_jsonl


def _expected(project: Project) -> tuple[Counter[Entity], Counter[str], Counter[int]]:
    """Counts from every note's current spans, one note at a time."""
    entities: Counter[Entity] = Counter()
    maskers: Counter[str] = Counter()
    spans: Counter[int] = Counter()
    for row in project.notes.list():
        detail = project.notes.get(row.id)
        entities.update(s.entity for s in detail.spans)
        maskers.update(s.masker for s in detail.spans)
        spans[len(detail.spans)] += 1
    return entities, maskers, spans


def test_stats_count_the_current_results(loaded: Project) -> None:
    loaded.terms.add(TermSpec(TermKind.PATIENT, "Huber"))
    loaded.corrections.add(note_id(loaded, "n4"), 0, 5, CorrectionAction.ADD, Entity.PER)
    loaded.runs.run()
    stats = loaded.stats()
    entities, maskers, spans = _expected(loaded)
    assert dict(stats.per_entity) == {e: entities[e] for e in Entity}  # every type, zeros included
    assert stats.per_entity[Entity.PAT] == 1 and stats.per_entity[Entity.WEB] == 0
    assert dict(stats.per_masker) == dict(maskers) and "NameDictionary" in stats.per_masker
    assert dict(stats.spans_hist) == dict(spans)
    assert (stats.notes, stats.analyzed) == (6, 6)
    assert stats.notes_with_phi == sum(n for k, n in spans.items() if k) == 5
    assert dict(stats.tokens_hist) == dict(Counter(count_tokens(n["text"]) for n in NOTES))


def test_stats_before_any_run(project: Project, corpus: Path) -> None:
    assert project.stats() == ProjectStats(notes=0, per_entity=dict.fromkeys(Entity, 0))
    project.import_corpus(corpus)
    stats = project.stats()
    assert (stats.notes, stats.analyzed, stats.notes_with_phi) == (6, 0, 0)
    assert not stats.spans_hist and not stats.per_masker and sum(stats.per_entity.values()) == 0
    assert sum(stats.tokens_hist.values()) == 6


def test_token_histogram_follows_imports(loaded: Project, tmp_path: Path) -> None:
    before = loaded.stats().tokens_hist
    assert loaded.stats().tokens_hist is before  # kept while the notes do not change
    longer = dict(NOTES[0], text="eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn")
    loaded.import_corpus(write_jsonl(tmp_path / "v2.jsonl", [longer, {"id": "n7", "text": "kurz"}]))
    after = loaded.stats().tokens_hist
    assert after[13] == 1 and after[1] == 1 and sum(after.values()) == 7
    assert after[count_tokens(NOTES[0]["text"])] == before[count_tokens(NOTES[0]["text"])] - 1


def test_stats_can_not_change_the_cached_histogram(loaded: Project) -> None:
    stats = loaded.stats()
    with pytest.raises(TypeError):
        stats.tokens_hist[999] = 1  # type: ignore[index]
    assert 999 not in loaded.stats().tokens_hist


def test_ids_are_every_note_in_import_order(loaded: Project, tmp_path: Path) -> None:
    assert loaded.notes.ids() == [row.id for row in loaded.notes.list()]
    loaded.import_corpus(write_jsonl(tmp_path / "more.jsonl", [{"id": "n0", "text": "neu"}]))
    ids = loaded.notes.ids()
    assert len(ids) == 7 and ids == sorted(ids) and ids[-1] == note_id(loaded, "n0")
