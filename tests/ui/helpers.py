"""Helpers for driving the real window from tests."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from masketeer_gui.ui.main_window import MainWindow

LONG = 60_000


def open_project(qtbot, window: MainWindow, path: Path) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.projectOpened, timeout=LONG):
        assert window.projects.open_path(path)
    window.activateWindow()
    window.table.setFocus()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def press(qtbot, window: MainWindow, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:  # type: ignore[no-untyped-def]
    """A key press where the user's focus is (the note table when a closed popup left none)."""
    if QApplication.activeWindow() is None:  # offscreen: a closed popup menu does not hand it back
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    target = QApplication.focusWidget() or window.table
    qtbot.keyClick(target, key, modifier)


def press_and_wait_job(qtbot, window: MainWindow, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.jobFinished, timeout=LONG) as blocker:
        press(qtbot, window, key, modifier)
    assert blocker.args[1], window.last_error


def select_note(window: MainWindow, external_id: str) -> int:
    assert window.project is not None
    note_id = window.project.find_note(external_id)
    assert note_id is not None and window.select_note(note_id)
    return note_id
