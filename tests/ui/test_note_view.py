"""The note view: spans painted in their entity colours at the right places (also around emoji and
CR LF), the pseudonymized text beside it, explanations on hover and selection, span stepping."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtWidgets import QToolTip

from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.store.rows import NoteDetail
from masketeer_gui.ui.colours import entity_colour, entity_text_colour
from masketeer_gui.ui.note_view import NoteView, pseudonymized
from masketeer_gui.ui.project_api import ReviewStatus
from masketeer_gui.ui.text_offsets import OffsetMap, display_text

pytestmark = pytest.mark.gui

TEXT = "Bitte Fr. Dr. Huber 😀 informieren.\r\nPat. Maria Gstrein kommt."


def _note(text: str = TEXT) -> NoteDetail:
    spans = []
    for word, entity, flags in (
        ("Huber", Entity.HCP, ()),
        ("Maria", Entity.PAT, ("fuzzy",)),
        ("Gstrein", Entity.PAT, ()),
    ):
        start = text.index(word)
        spans.append(Span(start, start + len(word), entity, "Salutation", f"after '{word[:1]}'", flags))
    tags = tuple(f"[{s.entity}-{i:08d}]" for i, s in enumerate(spans))
    accepted = frozenset({(spans[0].start, spans[0].end)})
    return NoteDetail(1, "N1", text, {}, "P1", None, 1, tuple(spans), (), ReviewStatus.OPEN, "", tags, accepted)


@pytest.fixture
def view(qtbot):
    widget = NoteView()
    qtbot.addWidget(widget)
    widget.resize(900, 400)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_every_span_is_painted_in_its_colour_over_its_own_characters(view):
    note = _note()
    view.set_note(note)
    selections = view.original.extraSelections()
    assert len(selections) == 3
    document_text = view.original.toPlainText()
    for selection, span in zip(selections, note.spans, strict=True):
        cursor = selection.cursor
        assert cursor.selectedText() == TEXT[span.start : span.end]  # offsets survive 😀 and \r\n
        assert selection.format.background().color() == entity_colour(span.entity)
        assert selection.format.foreground().color() == entity_text_colour(span.entity)
    assert "\r" not in document_text
    flagged = selections[1].format
    assert flagged.underlineStyle() == flagged.UnderlineStyle.WaveUnderline
    accepted, plain = selections[0].format, selections[2].format
    assert accepted.underlineStyle() == accepted.UnderlineStyle.SingleUnderline  # accepted: solid underline
    assert plain.underlineStyle() == plain.UnderlineStyle.NoUnderline


def test_pseudonymized_pane_shows_tags_in_place(view):
    note = _note()
    text, placed = pseudonymized(note)
    assert "Huber" not in text and "Gstrein" not in text and "[HCP-00000000]" in text
    assert [text[a:b] for a, b, _ in placed] == list(note.pseudonyms)
    view.set_note(note)
    assert [s.cursor.selectedText() for s in view.pseudo.extraSelections()] == list(note.pseudonyms)
    view.set_side_by_side(False)
    assert not view.pseudo.isVisible()


def test_stepping_and_explanations(view):
    note = _note()
    view.set_note(note)
    assert view.current_span() is None and "Click a highlighted span" in view.explain.text()
    view.step(+1)
    assert view.current_span() == note.spans[0]
    assert "Salutation" in view.explain.text() and "accepted" in view.explain.text()
    view.step(+1)
    assert "Needs review" in view.explain.text() and "fuzzy" in view.explain.text()
    view.step(-1)
    view.step(-1)
    assert view.current_span() == note.spans[-1]  # wraps around


def test_clicking_into_a_span_selects_it_in_both_panes(view, qtbot):
    note = _note()
    view.set_note(note)
    cursor = view.original.textCursor()
    cursor.setPosition(view.original.qt_range(note.spans[2].start + 2, 0)[0])
    with qtbot.waitSignal(view.currentSpanChanged) as blocker:
        view.original.setTextCursor(cursor)
    assert blocker.args == [note.spans[2]]
    assert view.pseudo._current == 2


def test_tooltip_explains_the_span_under_the_mouse(view, qtbot):
    note = _note()
    view.set_note(note)
    edit = view.original
    cursor = edit.textCursor()
    cursor.setPosition(edit.qt_range(note.spans[0].start + 1, 0)[0])
    pos = edit.cursorRect(cursor).center()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, edit.viewport().mapToGlobal(pos))
    assert edit.viewportEvent(event)
    qtbot.waitUntil(QToolTip.isVisible)
    assert QToolTip.text() == note.spans[0].explain()
    QToolTip.hideText()


def test_selection_is_reported_in_code_points(view):
    view.set_note(_note())
    start = TEXT.index("informieren")
    view.original.select_range(start, start + len("informieren"))
    assert view.selection() == (start, start + len("informieren"))


def test_no_note(view):
    view.set_note(None)
    assert view.original.toPlainText() == "" and view.header.text() == "No note selected"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab \n\r😀é𝔘\u2028"), max_size=30))
def test_offset_map_matches_qt_positions(text):
    shown = display_text(text)
    assert len(shown) == len(text)
    document = QTextDocument()
    document.setPlainText(shown)
    offsets = OffsetMap.of(text)
    assert document.characterCount() - 1 == offsets.to_qt(len(text))
    for i in range(len(text) + 1):
        assert offsets.from_qt(offsets.to_qt(i)) == i
        assert offsets.to_qt(i) == len(text[:i].encode("utf-16-le")) // 2


def test_pos_outside_text_has_no_span(view):
    view.set_note(_note())
    assert view.original.index_at(10_000) == -1
