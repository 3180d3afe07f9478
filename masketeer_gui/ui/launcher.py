"""What ``main`` does after Qt is up: settings, the window, the project, the demo run, the screenshot."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QObject, QSettings, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from masketeer_gui.atomic import OutputError, write_atomic
from masketeer_gui.ui.errors import describe
from masketeer_gui.ui.main_window import MainWindow
from masketeer_gui.ui.resources import app_icon

SETTLE_MS = 300  # let the last paint events through before grabbing


def configure(app: QApplication) -> None:
    app.setOrganizationName("Masketeer")
    app.setApplicationName("Masketeer GUI")
    app.setDesktopFileName("masketeer-gui")
    app.setWindowIcon(app_icon())


class Launcher(QObject):
    """Opens the window and the project; in screenshot mode waits for the run, saves, quits."""

    def __init__(
        self, app: QApplication, project: Path | None, demo: bool = False, screenshot: Path | None = None
    ) -> None:
        super().__init__()
        configure(app)
        self.app, self.project, self.demo, self.screenshot = app, project, demo, screenshot
        self.exit_code: int | None = None
        self.window = MainWindow(QSettings())

    def start(self) -> bool:
        path = self.project
        if self.demo:
            from masketeer_gui.ui.demo import DemoNotFoundError, ensure_demo_project

            try:
                path = ensure_demo_project()
            except DemoNotFoundError as exc:
                return self._fail(str(exc))
            except Exception as exc:
                return self._fail(f"cannot prepare the demo project: {describe(exc)[0]}")
        if self.screenshot is not None:
            self.window.resize(1280, 800)
            self.window.runFinished.connect(self._after_run)
        self.window.show()
        if path is not None:
            opened = self.window.projects.open_path(path)
            if opened and self.demo:  # first sight: a note with its spans highlighted, now and after the run
                self.window.show_note_with_spans()
                self.window.runFinished.connect(self._demo_note)
            if opened and (self.demo or self.screenshot is not None):
                self.window.run_all()
            elif self.screenshot is not None:
                QTimer.singleShot(SETTLE_MS, self._grab)
        elif self.screenshot is not None:
            QTimer.singleShot(SETTLE_MS, self._grab)
        return True

    def _fail(self, message: str) -> bool:
        """Say why on stderr and stop the window's threads (a running QThread aborts the exit)."""
        print(f"masketeer-gui: {message}", file=sys.stderr)
        self.window.shutdown()
        return False

    def _demo_note(self, _done: int) -> None:
        if self.window.current is None or not self.window.current.spans:
            self.window.show_note_with_spans()

    def _after_run(self, _done: int) -> None:
        self.window.next_flagged()
        self.window.note_view.step(+1)
        QTimer.singleShot(SETTLE_MS, self._grab)

    def _grab(self) -> None:
        assert self.screenshot is not None
        self.screenshot.parent.mkdir(parents=True, exist_ok=True)
        ok = save_private(self.window.grab().toImage(), self.screenshot)
        print(f"masketeer-gui: {'saved' if ok else 'could not save'} {self.screenshot}", file=sys.stderr)
        self.exit_code = 0 if ok else 1
        self.window.close()
        self.app.quit()


def save_private(image: QImage, path: Path) -> bool:
    """Save ``image`` as PNG, owner-only (it shows note text) and whole or not at all."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # PySide6 wants str here, its stubs say bytes
        return False
    try:
        write_atomic(path, bytes(buffer.data().data()))
    except OutputError as exc:
        print(f"masketeer-gui: {exc}", file=sys.stderr)
        return False
    return True
