"""Part C.1/C.2/C.4: the span's right-click menu and the span list, reject moving on like accept,
"accept all remaining and next note", the review progress line and the column order."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMenu

from masketeer_gui.engine.normalize import fold
from masketeer_gui.ui.note_list_model import HEADERS
from masketeer_gui.ui.project_api import ReviewStatus, Scope
from masketeer_gui.ui.review_progress import progress_text
from tests.ui.helpers import LONG, open_project, press, press_and_wait_job

pytestmark = pytest.mark.gui
K = Qt.Key


def _note_with_repeat(window) -> int:
    """A note where one span's text occurs as two spans (a repeated name)."""
    for row in window.model.rows():
        if row.spans < 2:
            continue
        note = window.project.note(row.id)
        words = [fold(note.text[s.start : s.end]) for s in note.spans]
        if any(words.count(w) > 1 for w in words):
            assert window.select_note(row.id)
            return row.id
    raise AssertionError("no note with a repeated span in the demo corpus")


def _context_menu_titles(menu: QMenu) -> list[str]:
    return [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()]


def test_right_click_on_a_span_selects_it_and_offers_the_decisions(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    _note_with_repeat(window)
    span = window.current.spans[1]
    view = window.note_view.original
    cursor = view.textCursor()
    cursor.setPosition(view.qt_range(span.start, span.end)[0] + 1)
    point = view.cursorRect(cursor).center()
    shown: list[list[str]] = []
    QTimer.singleShot(0, lambda: (shown.append(_context_menu_titles(window.context_menu)), window.context_menu.close()))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=point)
    view.customContextMenuRequested.emit(point)  # offscreen: the right click alone does not ask for the menu
    qtbot.waitUntil(lambda: bool(shown))
    assert window.note_view.current_span() == span
    titles = shown[0]
    for wanted in ("Accept span", "Reject span", "Change type", "Accept all remaining and next note"):
        assert any(t.startswith(wanted) for t in titles), titles
    for submenu in ("All occurrences in this note", "Whitelist", "Blacklist"):
        assert submenu in titles
    scoped = [a.text() for a in window.context_menu.findChild(QMenu, "submenu_2").actions()]
    assert scoped == ["Whitelist in this note…", "Whitelist for this patient…", "Whitelist in the whole corpus…"]


def test_reject_every_occurrence_in_this_note_is_one_undo_step(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    note_id = _note_with_repeat(window)
    note = window.current
    words = [fold(note.text[s.start : s.end]) for s in note.spans]
    index = next(i for i, w in enumerate(words) if words.count(w) > 1)
    window.note_view.set_current(index)
    word, before = words[index], len(note.spans)
    qtbot.waitUntil(lambda: window.act_occurrences_reject.isEnabled())
    window.act_occurrences_reject.trigger()
    qtbot.waitUntil(lambda: not window.workers.busy, timeout=LONG)
    window.show_note(note_id)
    after = window.current
    assert all(fold(after.text[s.start : s.end]) != word for s in after.spans)
    assert len(after.spans) == before - words.count(word)
    window.ws.undo_stack.undo()  # one step brings them all back
    qtbot.waitUntil(lambda: not window.workers.busy, timeout=LONG)
    window.show_note(note_id)
    assert len(window.current.spans) == before


def test_the_span_list_shows_every_span_and_a_click_selects_it(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    _note_with_repeat(window)
    spans, spans_list = window.current.spans, window.note_view.span_list
    assert spans_list.rowCount() == len(spans)
    assert spans_list.item(1, 0).text() == str(spans[1].entity)
    assert spans_list.item(1, 1).text() == window.current.text[spans[1].start : spans[1].end]
    assert spans_list.item(1, 2).text() == spans[1].masker
    rect = spans_list.visualItemRect(spans_list.item(1, 1))
    qtbot.mouseClick(spans_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.note_view.current_span() == spans[1]
    press(qtbot, window, K.Key_A)  # the accept moves on; the list shows the decision and follows
    assert spans_list.item(1, 3).text() == "accepted"
    assert spans_list.currentRow() == 2 and window.note_view.current_span() == window.current.spans[2]


def test_reject_moves_to_the_next_span_like_accept(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    _note_with_repeat(window)
    window.note_view.set_current(0)
    second = window.current.spans[1]
    press_and_wait_job(qtbot, window, K.Key_R)  # the note re-runs without the span
    assert window.note_view.current_span() == second


def test_accept_all_remaining_and_next_note_in_one_key(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    note_id = _note_with_repeat(window)
    row = window.table.currentIndex().row()
    with qtbot.waitSignal(window.noteShown):
        press(qtbot, window, K.Key_A, Qt.KeyboardModifier.ShiftModifier)
    assert window.table.currentIndex().row() == row + 1
    done = window.project.note(note_id)
    assert done.review is ReviewStatus.REVIEWED and all((s.start, s.end) in done.accepted for s in done.spans)
    press(qtbot, window, K.Key_Z, Qt.KeyboardModifier.ControlModifier)  # one step takes it all back
    undone = window.project.note(note_id)
    assert undone.review is ReviewStatus.OPEN and not undone.accepted


def test_review_progress_is_always_in_the_status_bar(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    rows = window.model.rows()
    flagged = sum(1 for r in rows if r.flagged and r.review is ReviewStatus.OPEN)
    label = window.review_progress
    qtbot.waitUntil(lambda: label.text() == f"{len(rows)} open of {len(rows)} notes · {flagged} flagged")
    assert label.isVisible()
    press(qtbot, window, K.Key_D)  # this note reviewed: one open less
    qtbot.waitUntil(lambda: label.text().startswith(f"{len(rows) - 1} open of"))


def test_progress_text_counts_open_and_flagged_notes():
    assert progress_text([]) == "No notes"


def test_flags_and_status_come_first_entity_counts_after():
    assert HEADERS[:3] == ("Note", "Flags", "Status")
    assert HEADERS.index("PAT") > HEADERS.index("Spans")


def test_whitelist_and_blacklist_start_on_the_narrowest_scope(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    _note_with_repeat(window)
    window.note_view.set_current(0)
    with qtbot.waitSignal(window.review.previewShown, timeout=LONG):
        press(qtbot, window, K.Key_B)
    dialog = window.review.term_dialog
    patient = window.current.patient_id
    assert dialog.scope() is (Scope.PATIENT if patient else Scope.NOTE)
    dialog.reject()
    with qtbot.waitSignal(window.review.previewShown, timeout=LONG):
        press(qtbot, window, K.Key_W)
    assert window.review.term_dialog.scope() is Scope.NOTE
    window.review.term_dialog.reject()
    with qtbot.waitSignal(window.review.previewShown, timeout=LONG):
        window.act_whitelist_patient.trigger()
    assert window.review.term_dialog.scope() is (Scope.PATIENT if patient else Scope.NOTE)
    QApplication.processEvents()


def test_find_in_all_notes_lists_them_and_frames_the_hits(qtbot, window, demo_project):
    """C.3: from a span, Ctrl+Shift+F lists every note holding its text; picking one frames the hits there."""
    open_project(qtbot, window, demo_project)
    _note_with_repeat(window)
    window.note_view.set_current(0)
    span = window.current.spans[0]
    word = window.current.text[span.start : span.end]
    press(qtbot, window, K.Key_F, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    panel = window.search_panel
    assert panel.isVisible() and panel.query.text() == word
    expected = {n for n in (r.id for r in window.model.rows()) if fold(word) in fold(window.project.note(n).text)}
    assert {h.note_id for h in panel.hits} <= expected and len(panel.hits) >= 1
    assert (span.start, span.end) in window.note_view.original.hits()
    panel.query.setText("Dr")  # a word in many notes
    panel.search()
    other = next(i for i, h in enumerate(panel.hits) if h.note_id != window.current.id)
    with qtbot.waitSignal(window.noteShown):
        panel.results.setCurrentRow(other)
    assert window.current.id == panel.hits[other].note_id
    assert window.note_view.original.hits() == list(panel.hits[other].hits)
    panel.close()
    assert window.note_view.original.hits() == []


def test_a_list_preview_names_the_affected_notes_with_context_and_apply_confirms(qtbot, window, demo_project):
    """C.5: the preview lists each affected note with the word in context; the whole corpus is asked
    once more (Cancel is the default); after Apply the status bar says what was saved and how to undo."""
    open_project(qtbot, window, demo_project)
    _note_with_repeat(window)
    window.note_view.set_current(0)
    span = window.current.spans[0]
    word = window.current.text[span.start : span.end]
    with qtbot.waitSignal(window.review.previewShown, timeout=LONG):
        press(qtbot, window, K.Key_W)
    dialog = window.review.term_dialog
    lines = [dialog.affected.item(i).text() for i in range(dialog.affected.count())]
    assert dialog.affected.isVisible() and lines[0].startswith(window.current.external_id + ":")
    assert word in lines[0]
    with qtbot.waitSignal(dialog.previewShown, timeout=LONG):
        dialog.set_scope(Scope.CORPUS)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    box = window.review.corpus_question
    assert box.isVisible() and "every note of the project" in box.text()
    box.reject()  # Cancel: nothing saved
    assert not any(t.term == word for t in window.project.terms() if t.kind.value == "whitelist")
    with qtbot.waitSignal(window.review.previewShown, timeout=LONG):
        press(qtbot, window, K.Key_W)
    dialog = window.review.term_dialog
    assert dialog.scope() is Scope.NOTE
    with qtbot.waitSignal(window.jobFinished, timeout=LONG):
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)  # this note only: no question
    message = window.statusBar().currentMessage()
    assert message.startswith(f"Saved: “{word}” on the whitelist in this note") and "Ctrl+Z" in message


def test_right_click_in_the_span_list_selects_that_span_and_opens_the_menu(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    _note_with_repeat(window)
    spans_list = window.note_view.span_list
    point = spans_list.visualItemRect(spans_list.item(1, 1)).center()
    shown: list[bool] = []
    QTimer.singleShot(0, lambda: (shown.append(window.context_menu.isVisible()), window.context_menu.close()))
    spans_list.customContextMenuRequested.emit(point)
    qtbot.waitUntil(lambda: bool(shown))
    assert shown == [True] and window.note_view.current_span() == window.current.spans[1]
