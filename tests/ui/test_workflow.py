"""The review workflow on the real window and the demo project: run it, move with the keyboard,
accept / reject / add / retype spans, whitelist with preview, undo and redo, mark reviewed, and
find every change again after closing and reopening the project."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.store.rows import NoteDetail
from masketeer_gui.ui.note_list_model import ROW_ROLE
from masketeer_gui.ui.project_api import ReviewStatus, Scope, TermKind
from tests.ui.helpers import LONG, open_project, press, press_and_wait_job

pytestmark = pytest.mark.gui
K = Qt.Key


def _span_at(note: NoteDetail, offset: int) -> Span | None:
    """The span of ``note`` covering ``offset``, if any."""
    return next((s for s in note.spans if s.start <= offset < s.end), None)


def _first_note_with(window, min_spans: int) -> int:
    for row in window.model.rows():
        if row.spans >= min_spans:
            assert window.select_note(row.id)
            return row.id
    raise AssertionError("no such note in the demo corpus")


def test_run_streams_results_and_reports_progress(qtbot, window, fresh_project):
    open_project(qtbot, window, fresh_project)
    assert not any(r.analyzed for r in window.model.rows())
    streamed, progress = [], []
    window.workers.rowsReady.connect(lambda _job, rows: streamed.append(len(rows)))
    window.workers.progressed.connect(lambda _job, p: progress.append(p))
    with qtbot.waitSignal(window.runFinished, timeout=LONG) as blocker:
        press(qtbot, window, K.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert blocker.args == [600]
    assert len(streamed) >= 2 and sum(streamed) >= 600  # chunks as they came, then the final rows
    assert progress[-1].done == progress[-1].total == 600 and progress[-1].rate > 0
    rows = window.model.rows()
    assert all(r.analyzed for r in rows) and sum(r.spans for r in rows) > 300
    qtbot.waitUntil(lambda: not window.progress.isVisible())
    with qtbot.waitSignal(window.runFinished, timeout=LONG) as again:  # nothing changed: nothing to do
        window.run_all()
    assert again.args == [0]


def test_keyboard_navigation(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    assert window.table.currentIndex().row() == 0
    for key, row in ((K.Key_J, 1), (K.Key_J, 2), (K.Key_K, 1), (K.Key_Down, 2), (K.Key_Up, 1)):
        with qtbot.waitSignal(window.noteShown):
            press(qtbot, window, key)
        assert window.table.currentIndex().row() == row
    assert window.current is not None and window.current.external_id == "N000002"
    press(qtbot, window, K.Key_N)
    flagged = window.current_row()  # open and flagged, or (once assessed) at residual risk
    assert window.proxy.in_queue(flagged) and flagged.review is ReviewStatus.OPEN
    press(qtbot, window, K.Key_Space)
    assert window.proxy.in_queue(window.current_row()) and window.current_row().id != flagged.id
    press(qtbot, window, K.Key_S)
    assert window.note_view.current_span() == window.current.spans[0]
    assert window.current.spans[0].masker in window.note_view.explain.text()
    press(qtbot, window, K.Key_S, Qt.KeyboardModifier.ShiftModifier)
    assert window.note_view.current_span() == window.current.spans[-1]
    press(qtbot, window, K.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is window.search
    qtbot.keyClicks(window.search, "N00005")
    qtbot.waitUntil(lambda: window.proxy.rowCount() == 10)


def test_review_actions_undo_redo_and_reopen(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    note_id = _first_note_with(window, 3)
    spans = window.current.spans
    accepted, rejected, retyped = spans[0], spans[1], spans[2]

    press(qtbot, window, K.Key_S)  # first span, then accept it
    press(qtbot, window, K.Key_A)
    assert (accepted.start, accepted.end) in window.current.accepted
    assert window.note_view.current_span() == rejected  # accepting moves on

    press_and_wait_job(qtbot, window, K.Key_R)  # reject: a correction, then the note is re-run
    assert (rejected.start, rejected.end) not in {(s.start, s.end) for s in window.current.spans}
    assert window.current_row().spans == len(spans) - 1

    press_and_wait_job(qtbot, window, K.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert rejected in window.current.spans
    press_and_wait_job(qtbot, window, K.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert rejected not in window.current.spans

    window.note_view.set_current(window.current.spans.index(retyped))  # change type: T, then 1 (HCP) or 2 (PAT)
    new_type = Entity.HCP if retyped.entity is not Entity.HCP else Entity.PAT
    press(qtbot, window, K.Key_T)
    menu = window.review.entity_menu
    qtbot.waitUntil(menu.isVisible)
    with qtbot.waitSignal(window.jobFinished, timeout=LONG):
        qtbot.keyClick(menu, K.Key_1 if new_type is Entity.HCP else K.Key_2)
    assert window.review.entity_menu is None  # closed after the choice
    assert next(s for s in window.current.spans if s.start == retyped.start).entity is new_type

    text = window.current.text  # a missed word: select it, press M, pick PER with the key 3
    start = next(
        i
        for i in range(len(text))
        if text[i].isalpha() and not _span_at(window.current, i) and (i == 0 or not text[i - 1].isalnum())
    )
    end = start
    while end < len(text) and text[end].isalnum():
        end += 1
    window.note_view.original.select_range(start, end)
    press(qtbot, window, K.Key_M)
    menu = window.review.entity_menu
    assert menu is not None, (
        window.statusBar().currentMessage(),
        QApplication.focusWidget(),
        window.note_view.selection(),
    )
    qtbot.waitUntil(menu.isVisible)
    with qtbot.waitSignal(window.jobFinished, timeout=LONG):
        qtbot.keyClick(menu, K.Key_3)
    added = _span_at(window.current, start)
    assert added is not None and added.entity is Entity.PER and added.masker == "Manual"

    press(qtbot, window, K.Key_D)
    assert window.current_row().review is ReviewStatus.REVIEWED
    path = window.project.path

    window.set_project(None)  # close, reopen: every decision is still there
    open_project(qtbot, window, path)
    assert window.select_note(note_id)
    note = window.current
    assert (accepted.start, accepted.end) in note.accepted
    assert all((s.start, s.end) != (rejected.start, rejected.end) for s in note.spans)
    assert next(s for s in note.spans if s.start == retyped.start).entity is new_type
    assert _span_at(note, start).masker == "Manual"
    assert note.review is ReviewStatus.REVIEWED
    assert window.current_row().review is ReviewStatus.REVIEWED


def test_whitelist_with_preview_then_undo(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    note_id = _first_note_with(window, 1)
    press(qtbot, window, K.Key_S)
    span = window.note_view.current_span()
    word = window.current.text[span.start : span.end]
    before = sum(r.spans for r in window.model.rows())

    with qtbot.waitSignal(window.review.previewShown, timeout=LONG):
        press(qtbot, window, K.Key_W)
    dialog = window.review.term_dialog
    assert dialog.isVisible() and dialog.term.text() == word and dialog.scope() is Scope.NOTE  # C.5: narrowest
    assert dialog.preview.notes_affected == 1 and dialog.preview.note_ids == (note_id,)
    assert "unmasked" in dialog.preview_label.text()

    with qtbot.waitSignal(dialog.previewShown, timeout=LONG):  # the whole corpus only when chosen
        dialog.set_scope(Scope.CORPUS)
    corpus = dialog.preview
    assert corpus.notes_affected >= 1 and corpus.spans_removed >= 1

    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    box = window.review.corpus_question  # C.5: the whole corpus is asked once more
    assert box is not None and box.isVisible()
    go = next(b for b in box.buttons() if b.text() == "Apply to the whole corpus")
    with qtbot.waitSignal(window.jobFinished, timeout=LONG):
        qtbot.mouseClick(go, Qt.MouseButton.LeftButton)
    window.activateWindow()  # offscreen: the closed question does not hand the focus back
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    after = sum(r.spans for r in window.model.rows())
    assert before - after == corpus.spans_removed - corpus.spans_added
    assert all(window.current.text[s.start : s.end] != word for s in window.current.spans)
    assert any(t.term == word and t.kind is TermKind.WHITELIST for t in window.project.terms())

    press_and_wait_job(qtbot, window, K.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert sum(r.spans for r in window.model.rows()) == before
    assert not any(t.term == word for t in window.project.terms() if t.kind is TermKind.WHITELIST)


def test_blacklist_a_word_in_this_note_with_a_type(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    note_id = _first_note_with(window, 1)
    text = window.current.text
    start = next(
        i
        for i in range(len(text))
        if text[i].isupper() and not _span_at(window.current, i) and (i == 0 or not text[i - 1].isalnum())
    )
    end = start
    while end < len(text) and text[end].isalnum():
        end += 1
    window.note_view.original.select_range(start, end)
    with qtbot.waitSignal(window.review.previewShown, timeout=LONG):
        press(qtbot, window, K.Key_B)
    dialog = window.review.term_dialog
    assert dialog.spec().kind is TermKind.BLACKLIST and dialog.term.text() == text[start:end]
    with qtbot.waitSignal(dialog.previewShown, timeout=LONG):
        dialog.entity.setCurrentIndex(dialog.entity.findData(Entity.SIT.value))
        dialog.set_scope(Scope.NOTE)
    assert dialog.preview.note_ids == (note_id,) and dialog.preview.spans_added >= 1
    with qtbot.waitSignal(window.jobFinished, timeout=LONG):
        qtbot.keyClick(dialog, K.Key_Return)
    masked = _span_at(window.current, start)
    assert masked is not None and masked.entity is Entity.SIT and masked.masker == "Blacklist"


def test_flagged_queue_holds_every_open_flagged_note(qtbot, window, demo_project):
    """The queue's order by residual risk is tested in test_risk_queue; here: nothing flagged is left out."""
    with qtbot.waitSignal(window.riskAssessed, timeout=LONG):
        open_project(qtbot, window, demo_project)
    press(qtbot, window, K.Key_Q)
    shown = [window.proxy.index(r, 0).data(ROW_ROLE) for r in range(window.proxy.rowCount())]
    assert shown and all(r.review is ReviewStatus.OPEN for r in shown)
    open_flagged = {r.id for r in window.model.rows() if r.flagged and r.review is ReviewStatus.OPEN}
    assert open_flagged <= {r.id for r in shown}
    assert window.current.id == shown[0].id
    press(qtbot, window, K.Key_D)  # reviewed: it leaves the queue and the next one comes up
    assert window.project.note_rows([shown[0].id])[0].review is ReviewStatus.REVIEWED
    assert window.proxy.rowCount() == len(shown) - 1
    qtbot.waitUntil(lambda: window.current is not None and window.current.id == shown[1].id)
