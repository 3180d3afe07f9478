"""C.6: the two panes scroll together; zoom for both panes, remembered; the note font in the settings;
View → Dark mode (system, light, dark), remembered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QApplication

from masketeer_gui.ui.reading import DEFAULT_SIZE, SIZE_KEY, THEME_KEY
from tests.ui.helpers import open_project, press

pytestmark = pytest.mark.gui
K = Qt.Key


def _longest_note(window) -> None:
    row = max(window.model.rows(), key=lambda r: r.length)
    assert window.select_note(row.id)


def test_the_two_panes_scroll_together(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    window.resize(900, 400)
    _longest_note(window)
    original, pseudo = window.note_view.original.verticalScrollBar(), window.note_view.pseudo.verticalScrollBar()
    qtbot.waitUntil(lambda: original.maximum() > 0 and pseudo.maximum() > 0)
    original.setValue(original.maximum())
    assert pseudo.value() == pseudo.maximum()
    pseudo.setValue(0)
    assert original.value() == 0


def test_zoom_changes_both_panes_and_is_remembered(qtbot, window, settings):
    panes = (window.note_view.original, window.note_view.pseudo)
    assert all(p.font().pointSize() == DEFAULT_SIZE for p in panes)
    press(qtbot, window, K.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    press(qtbot, window, K.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    press(qtbot, window, K.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert all(p.font().pointSize() == DEFAULT_SIZE + 1 for p in panes)
    assert int(settings.value(SIZE_KEY)) == DEFAULT_SIZE + 1
    from masketeer_gui.ui.main_window import MainWindow

    again = MainWindow(settings)  # a new window (the next start) reads it back
    qtbot.addWidget(again)
    assert again.note_view.pseudo.font().pointSize() == DEFAULT_SIZE + 1
    again.note_font.set_font(QFont("DejaVu Serif", 14))  # what View → Note font… applies
    assert again.note_view.original.font().family() == "DejaVu Serif"
    assert again.note_view.original.font().pointSize() == 14
    again.shutdown()


def test_dark_mode_switch_is_exclusive_applied_and_remembered(qtbot, window, settings):
    base = lambda: QApplication.instance().palette().color(QPalette.ColorRole.Base).lightness()  # noqa: E731
    assert window.act_theme_system.isChecked()
    window.act_theme_dark.trigger()
    assert base() < 80 and settings.value(THEME_KEY) == "dark"
    assert not window.act_theme_system.isChecked()
    window.act_theme_light.trigger()
    assert base() > 200 and settings.value(THEME_KEY) == "light"
    window.act_theme_system.trigger()  # offscreen, the system is light
    assert base() > 200 and settings.value(THEME_KEY) == "system"
