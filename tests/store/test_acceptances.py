"""A reviewer's accept is a decision the next run keeps (issue 12 B.8): protected from later whitelist
entries, re-anchored when the note's text moves, and shown by the list preview before it would unmask."""

from __future__ import annotations

from pathlib import Path

from masketeer_gui.engine.span import Span
from masketeer_gui.store import Project
from masketeer_gui.store.acceptances import anchor_of, anchored
from masketeer_gui.store.rows import PendingChange, TermKind, TermSpec
from tests.store.fakes import note_id, write_jsonl

WHITELIST_GRUBER = TermSpec(TermKind.WHITELIST, "Gruber")


def _span(project: Project, external_id: str, word: str) -> Span:
    detail = project.notes.get(note_id(project, external_id))
    return next(s for s in detail.spans if detail.text[s.start : s.end] == word)


def _masked(project: Project, external_id: str) -> list[str]:
    detail = project.notes.get(note_id(project, external_id))
    return [detail.text[s.start : s.end] for s in detail.spans]


def test_an_accepted_span_stays_masked_after_a_whitelist_entry(loaded: Project) -> None:
    n1 = note_id(loaded, "n1")
    text = loaded.notes.get(n1).text
    loaded.acceptances.set(n1, text, _span(loaded, "n1", "Gruber"), True)
    loaded.terms.add(WHITELIST_GRUBER)
    loaded.runs.run()
    assert "Gruber" in _masked(loaded, "n1")  # accepted: kept
    assert "Gruber" not in _masked(loaded, "n6")  # not accepted there: the whitelist unmasks it


def test_the_note_carries_its_accepted_spans(loaded: Project) -> None:
    """``Notes.get`` is the note as the review tab shows it: with the offsets of every accepted span."""
    n1 = note_id(loaded, "n1")
    span = _span(loaded, "n1", "Gruber")
    assert loaded.notes.get(n1).accepted == frozenset()
    loaded.acceptances.set(n1, loaded.notes.get(n1).text, span, True)
    assert loaded.notes.get(n1).accepted == {(span.start, span.end)}
    assert loaded.notes.get(note_id(loaded, "n6")).accepted == frozenset()  # another note's accept is not this one's


def test_taking_an_accept_back_lets_the_whitelist_unmask(loaded: Project) -> None:
    n1 = note_id(loaded, "n1")
    text = loaded.notes.get(n1).text
    span = _span(loaded, "n1", "Gruber")
    loaded.acceptances.set(n1, text, span, True)
    assert loaded.acceptances.covered(n1, text, [span]) == {(span.start, span.end)}
    loaded.acceptances.set(n1, text, span, False)
    loaded.terms.add(WHITELIST_GRUBER)
    loaded.runs.run()
    assert "Gruber" not in _masked(loaded, "n1")


def test_an_accept_survives_its_offsets_moving(loaded: Project, tmp_path: Path) -> None:
    n1 = note_id(loaded, "n1")
    text = loaded.notes.get(n1).text
    loaded.acceptances.set(n1, text, _span(loaded, "n1", "Gruber"), True)
    moved = "Nachtrag vom Abend. " + text
    loaded.import_corpus(write_jsonl(tmp_path / "moved.jsonl", [{"id": "n1", "text": moved, "patient_id": "p1"}]))
    loaded.terms.add(WHITELIST_GRUBER)
    loaded.runs.run()
    detail = loaded.notes.get(n1)
    assert detail.text == moved and "Gruber" in _masked(loaded, "n1")
    (stretch,) = loaded.acceptances.stretches(n1, moved)
    assert moved[stretch[0] : stretch[1]] == "Gruber"


def test_the_whitelist_preview_names_the_accepted_spans_it_would_unmask(loaded: Project) -> None:
    n1 = note_id(loaded, "n1")
    text = loaded.notes.get(n1).text
    span = _span(loaded, "n1", "Gruber")
    loaded.acceptances.set(n1, text, span, True)
    preview = loaded.preview(PendingChange(add=(WHITELIST_GRUBER,)))
    assert preview.accepted == ((n1, span.start, span.end),)
    assert preview.unmasked == 1  # n6 only: the accepted one stays masked
    unrelated = loaded.preview(PendingChange(add=(TermSpec(TermKind.WHITELIST, "Hofer"),)))
    assert unrelated.accepted == ()


def test_anchors_by_surface_and_occurrence() -> None:
    text = "Frau Bramberger und Herr Bramberger kamen."
    second = text.rindex("Bramberger")
    anchor = anchor_of(text, second, second + 10)
    assert anchored(text, second, second + 10, anchor) == (second, second + 10)
    moved = "Heute: " + text
    assert anchored(moved, second, second + 10, anchor) == (second + 7, second + 17)  # the second one again
    assert anchored("Niemand kam.", second, second + 10, anchor) is None
