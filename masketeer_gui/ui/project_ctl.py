"""Project files: new, open, recent (QSettings), import (dialog or drag-and-drop), export; the dictionary editor."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QObject
from PySide6.QtWidgets import QFileDialog, QMenu

from masketeer_gui.corpus_io import SUFFIXES
from masketeer_gui.ui.dictionary_editor import DictionaryEditor
from masketeer_gui.ui.import_dialog import ImportDialog
from masketeer_gui.ui.project_api import ImportLayout
from masketeer_gui.ui.review import ReviewController
from masketeer_gui.ui.workers import Job
from masketeer_gui.ui.workspace import Workspace

PROJECT_SUFFIXES = (".db", ".masketeer", ".sqlite")
PROJECT_FILTER = "Masketeer projects (*.db *.masketeer *.sqlite);;All files (*)"
CORPUS_FILTER = "Notes (*.jsonl *.ndjson *.csv);;All files (*)"
MAX_RECENT = 8
EXPORT_FILTERS = {  # the save dialog's file type picks the mode
    "JSON lines, keyed tags (*.jsonl)": "tags",
    "JSON lines, realistic surrogates (*.jsonl)": "surrogates",
}


class ProjectController(QObject):
    """Everything about which project is open and what goes in and out of it."""

    def __init__(self, ws: Workspace, review: ReviewController) -> None:
        super().__init__(ws)
        self.ws = ws
        self.review = review
        self.dictionary: DictionaryEditor | None = None
        self.import_dialog_: ImportDialog | None = None
        self.recent_menu = QMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self.fill_recent_menu)

    # --- opening -----------------------------------------------------------------------------
    def open_path(self, path: Path, create: bool = False) -> bool:
        """Open (or create) the project at ``path``; errors are shown in plain words."""
        from masketeer_gui.ui.store_adapter import StoreProject

        try:
            project = StoreProject.create(path) if create else StoreProject.open(path)
        except Exception as exc:
            self.ws.report_failure(exc, "create the project" if create else "open the project")
            return False
        self.ws.set_project(project)
        self.add_recent(path)
        return True

    def new_project(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self.ws.widget, "New project", str(Path.home() / "notes.db"), PROJECT_FILTER
        )
        if name:
            self.open_path(Path(name), create=True)

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self.ws.widget, "Open project", str(self._last_dir()), PROJECT_FILTER)
        if name:
            self.open_path(Path(name))

    # --- recent files --------------------------------------------------------------------------
    def recent(self) -> list[str]:
        value = self.ws.settings.value("recent", [])
        items: list[object] = [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []
        return [str(v) for v in items if v]

    def add_recent(self, path: Path) -> None:
        items = [str(path.resolve())] + [p for p in self.recent() if p != str(path.resolve())]
        self.ws.settings.setValue("recent", items[:MAX_RECENT])

    def fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        for item in self.recent():
            action = menu.addAction(item)
            action.triggered.connect(lambda _=False, p=item: self.open_path(Path(p)))
        if menu.isEmpty():
            menu.addAction("(none yet)").setEnabled(False)

    def _last_dir(self) -> Path:
        recent = self.recent()
        return Path(recent[0]).parent if recent else Path.home()

    # --- import and export -------------------------------------------------------------------
    def import_dialog(self) -> None:
        if self.ws.project is None:
            return self._need_project()
        name, _ = QFileDialog.getOpenFileName(self.ws.widget, "Import notes", str(self._last_dir()), CORPUS_FILTER)
        if name:
            self.ask_layout(Path(name))

    def ask_layout(self, source: Path) -> ImportDialog | None:
        """The column mapping and preview for a file (a folder is imported at once), then the import."""
        if source.is_dir():
            self.import_path(source, run_after=True)
            return None
        dialog = ImportDialog(self.ws.widget, source)
        dialog.accepted.connect(
            lambda: self.import_path(source, dialog.import_layout(), run_after=dialog.run_after.isChecked())
        )
        dialog.finished.connect(dialog.deleteLater)
        self.import_dialog_ = dialog
        dialog.open()
        return dialog

    def import_path(self, source: Path, layout: ImportLayout | None = None, run_after: bool = False) -> None:
        project = self.ws.project
        if project is None:
            return self._need_project()
        job = Job("Importing", lambda p, c: project.import_corpus(source, p, c, layout), reload=True, run=run_after)
        self.ws.workers.submit(job)

    def export_dialog(self) -> None:
        project = self.ws.project
        if project is None:
            return self._need_project()
        name, chosen = QFileDialog.getSaveFileName(
            self.ws.widget,
            "Export de-identified notes",
            str(project.path.with_suffix(".deid.jsonl")),
            ";;".join(EXPORT_FILTERS),
        )
        if name:
            self.export_path(Path(name), EXPORT_FILTERS.get(chosen, "tags"))

    def export_path(self, target: Path, mode: str = "tags") -> None:
        """Export in the background; ``mode`` "tags" or "surrogates" (as ``deidentify --mode``)."""
        project = self.ws.project
        if project is not None:
            self.ws.workers.submit(Job("Exporting", lambda p, c: project.export(target, mode), export=str(target)))

    def _need_project(self) -> None:
        self.ws.status("Open or create a project first (Ctrl+O, Ctrl+N).")

    # --- drag and drop -------------------------------------------------------------------------
    @staticmethod
    def _paths(mime: QMimeData) -> list[Path]:
        return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()] if mime.hasUrls() else []

    def accepts_drop(self, mime: QMimeData) -> bool:
        paths = self._paths(mime)
        return len(paths) == 1 and (paths[0].is_dir() or paths[0].suffix.lower() in (*SUFFIXES, *PROJECT_SUFFIXES))

    def drop(self, mime: QMimeData) -> bool:
        """A dropped project file opens; a dropped corpus is imported into the open project."""
        if not self.accepts_drop(mime):
            return False
        path = self._paths(mime)[0]
        if path.suffix.lower() in PROJECT_SUFFIXES:
            return self.open_path(path)
        self.ask_layout(path)
        return True

    # --- other windows -------------------------------------------------------------------------
    def open_dictionary(self) -> None:
        if self.ws.project is None:
            return self._need_project()
        if self.dictionary is None:
            self.dictionary = DictionaryEditor(self.ws, self.review)
        self.dictionary.reload()
        self.dictionary.show()
        self.dictionary.raise_()
