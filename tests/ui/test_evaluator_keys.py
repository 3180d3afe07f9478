"""C.7: F1 on the Evaluation tab lists the evaluator's keys; blind mode hides masker and reason; one
toolbar per tab; "1" on a note without spans explains T/0."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.ui.test_evaluator import draw, note_with, press, start

pytestmark = pytest.mark.gui
K = Qt.Key


def test_f1_on_the_evaluation_tab_lists_the_evaluator_keys(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    press(qtbot, view, K.Key_F1)
    qtbot.waitUntil(lambda: getattr(window, "shortcuts_box", None) is not None)
    text = window.shortcuts_box.text()
    assert "Evaluation keys" in text and "TP: it is PHI" in text and "Nothing to mask (TN)" in text
    window.shortcuts_box.close()
    window.tabs.setCurrentIndex(0)
    window.show_shortcuts()
    assert "Evaluation keys" not in window.shortcuts_box.text()


def test_one_toolbar_per_tab(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    assert not window.toolbar.isVisible() and view.top.toolbar.isVisible()
    window.tabs.setCurrentIndex(0)
    assert window.toolbar.isVisible() and not view.top.toolbar.isVisible()


def test_blind_mode_hides_masker_and_reason_and_is_remembered(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    draw(qtbot, view)
    note_with(view, 1)
    span = view.pane.current_span()
    assert span is not None and f"masked by <b>{span.masker}</b>" in view.pane.explain.text()
    view.top.blind.trigger()
    assert span.masker not in view.pane.explain.text() and "blind" in view.pane.explain.text()
    assert "Why:" not in view.pane.explain.text()
    assert window.settings.value("evaluation/blind") in (True, "true")
    view.top.blind.trigger()
    assert f"masked by <b>{span.masker}</b>" in view.pane.explain.text()


def test_one_on_a_note_without_spans_explains_t_and_0(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    draw(qtbot, view)
    note_with(view, 0, exact=True)
    press(qtbot, view, K.Key_1)
    assert "press T or 0" in view.last_hint
