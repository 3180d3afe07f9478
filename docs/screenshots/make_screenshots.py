"""Render the README screenshots from real windows on the demo project.

    Xvfb :99 -screen 0 1400x900x24 -nolisten tcp &
    DISPLAY=:99 QT_QPA_PLATFORM=xcb .venv/bin/python docs/screenshots/make_screenshots.py
    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/make_screenshots.py   # without X

Under X the screen is grabbed where the window is (popup menus and dialogs included); offscreen the
window is grabbed and the menu drawn onto it. Writes main.png, context-menu.png, search.png, dark.png,
preview.png, dictionary.png and statistics.png next to this file.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from PySide6.QtCore import QEventLoop, QPoint, QSettings, QTimer  # noqa: E402
from PySide6.QtGui import QGuiApplication, QPainter, QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from masketeer_gui.ui.demo import ensure_demo_project  # noqa: E402
from masketeer_gui.ui.launcher import configure  # noqa: E402
from masketeer_gui.ui.main_window import MainWindow  # noqa: E402
from masketeer_gui.ui.project_api import Scope, TermKind  # noqa: E402


def settle(ms: int = 300) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_for(signal, timeout_ms: int = 120_000) -> None:  # type: ignore[no-untyped-def]
    loop = QEventLoop()
    signal.connect(loop.quit)
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()


def on_x() -> bool:
    return QGuiApplication.platformName() == "xcb"


def grab(widget: QWidget) -> QPixmap:
    """The widget as the screen shows it under X (popups and dialogs over it included), else its own grab."""
    if not on_x():
        return widget.grab()
    frame = widget.frameGeometry()
    return widget.screen().grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())


def save(widget: QWidget, name: str) -> None:
    settle(600 if on_x() else 300)
    path = HERE / name
    assert grab(widget).save(str(path)), path
    print(f"wrote {path.relative_to(HERE.parents[1])}")


def show_flagged_note(window: MainWindow) -> None:
    for row in window.model.rows():
        if row.flagged and row.spans >= 3 and 150 < row.length < 450:
            window.select_note(row.id)
            break
    window.note_view.step(+1)
    while window.note_view.current_span() is not None and not window.note_view.current_span().flags:
        window.note_view.step(+1)


def save_context_menu(window: MainWindow) -> None:
    """The right-click menu over the current span, drawn onto the window (a popup is its own window)."""
    view = window.note_view.original
    corner = view.cursorRect().bottomRight() + QPoint(8, 4)
    menu = window.context_menu
    menu.popup(view.viewport().mapToGlobal(corner))
    settle(800)
    shot = grab(window)
    if not on_x():  # offscreen a popup is its own window: draw it where it would be
        painter = QPainter(shot)
        painter.drawPixmap(view.viewport().mapTo(window, corner), menu.grab())
        painter.end()
    menu.close()
    path = HERE / "context-menu.png"
    assert shot.save(str(path)), path
    print(f"wrote {path.relative_to(HERE.parents[1])}")


def save_search(window: MainWindow) -> None:
    """Find in all notes from the current span: the panel with the notes and the hits framed in one."""
    window.note_view.set_current(0)  # the note's first name: where else does it occur?
    window.find_text()
    panel = window.search_panel
    if panel.results.count() > 1:
        panel.results.setCurrentRow(1)
    save(window, "search.png")
    panel.close()


def main() -> None:
    app = QApplication(sys.argv[:1])
    configure(app)
    work = Path(tempfile.mkdtemp(prefix="masketeer-shots-"))
    project = ensure_demo_project(work)
    window = MainWindow(QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 800)
    window.show()
    window.projects.open_path(project)
    window.run_all()
    wait_for(window.runFinished)
    wait_for(window.riskAssessed)  # the Risk column fills after the run
    show_flagged_note(window)
    save(window, "main.png")
    save_context_menu(window)
    save_search(window)
    show_flagged_note(window)
    window.act_theme_dark.trigger()
    save(window, "dark.png")
    window.act_theme_light.trigger()

    window.review.whitelist()
    dialog = window.review.term_dialog
    assert dialog is not None
    wait_for(window.review.previewShown)
    dialog.set_scope(Scope.PATIENT)
    wait_for(window.review.previewShown)
    save(dialog, "preview.png")
    dialog.reject()

    window.projects.open_dictionary()
    editor = window.projects.dictionary
    assert editor is not None
    editor.kind.setCurrentIndex(editor.kind.findData(TermKind.PATIENT.value))
    editor.table.selectRow(1)
    save(editor, "dictionary.png")
    editor.close()

    window.tabs.setCurrentWidget(window.stats_view)
    loop_until = window.stats_view
    for _ in range(100):
        if not loop_until.stale:
            break
        settle(50)
    save(window, "statistics.png")
    window.close()


if __name__ == "__main__":
    main()
