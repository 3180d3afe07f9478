"""The main window: note list on the left, the note view on the right, statistics and evaluation in tabs.

It lays out the widgets, makes the ``Workspace`` (project, note in view, workers, undo) and the
controllers, builds the actions from the one table in ``menus.py``, and answers the workspace's
signals (a new project, a changed note, finished jobs). Nothing below imports this module: the
controllers get the workspace. The workspace's signals (``projectOpened``, ``runFinished``,
``jobFinished``, ``noteShown``…) are re-exposed here, for tests and the ``--screenshot`` mode.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QFontDialog,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from masketeer_gui.ui.about import show_about
from masketeer_gui.ui.actions import ActionTable
from masketeer_gui.ui.errors import show_message
from masketeer_gui.ui.evaluation.evaluator_view import EvaluatorView
from masketeer_gui.ui.evaluation.keys import shortcuts_html as eval_shortcuts_html
from masketeer_gui.ui.legend import Legend
from masketeer_gui.ui.menus import WindowParts, action_specs, build_menus, build_toolbar, context_menu
from masketeer_gui.ui.note_list import NoteListPane
from masketeer_gui.ui.note_view import NoteView
from masketeer_gui.ui.progress import RunProgress
from masketeer_gui.ui.project_api import NoteRow, ProjectApi
from masketeer_gui.ui.project_ctl import ProjectController
from masketeer_gui.ui.reading import THEMES, NoteFont, Theme, link_scrolling
from masketeer_gui.ui.review import ReviewController
from masketeer_gui.ui.review_progress import ReviewProgress
from masketeer_gui.ui.risk_ctl import RiskController
from masketeer_gui.ui.search_panel import SearchPanel
from masketeer_gui.ui.stats_view import StatsView
from masketeer_gui.ui.surrogate_view import SurrogateToggle
from masketeer_gui.ui.workers import Job, Progress
from masketeer_gui.ui.workspace import Workspace
from masketeer_gui.vocabulary import counted

APP_TITLE = "Masketeer"
REVIEW_TAB, STATS_TAB, EVAL_TAB = 0, 1, 2


class MainWindow(QMainWindow):
    """The review workspace's window."""

    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.note_view = NoteView()
        self.ws = Workspace(self.settings, self, self.note_view)
        self.projectOpened = self.ws.projectOpened
        self.runFinished = self.ws.runFinished
        self.jobFinished = self.ws.jobFinished
        self.noteShown = self.ws.noteShown
        self.riskAssessed = self.ws.riskAssessed
        self.leaksChecked = self.ws.leaksChecked
        self.workers, self.previews, self.undo_stack = self.ws.workers, self.ws.previews, self.ws.undo_stack
        self._build_widgets()
        self.review = ReviewController(self.ws)
        self.projects = ProjectController(self.ws, self.review)
        self.recent_menu = self.projects.recent_menu
        self.risk = RiskController(self.ws, self.notes, self.statusBar())
        self.surrogates = SurrogateToggle(self.ws)
        self.note_font = NoteFont(self.settings, self.note_view.original, self.note_view.pseudo)
        self.theme = Theme(self.settings, self)
        link_scrolling(self.note_view.original, self.note_view.pseudo)
        self.actions_ = ActionTable(self, action_specs(self._parts()))
        for name, action in self.actions_.actions.items():
            setattr(self, f"act_{name}", action)
        build_menus(self, self.actions_, self.recent_menu)
        build_toolbar(self.toolbar, self.actions_)
        self._connect()
        self.setAcceptDrops(True)
        self.setWindowTitle(APP_TITLE)
        self.restore_layout()
        self.act_side.setChecked(True)  # the default; then the saved choice (a change reaches the view)
        self.act_side.setChecked(self.settings.value("window/sideBySide", True) in (True, "true"))
        self.act_surrogates.setChecked(self.surrogates.restore())
        self.act_span_list.setChecked(True)
        self.act_span_list.setChecked(self.settings.value("window/spanList", True) in (True, "true"))
        self._theme_group = QActionGroup(self)
        for mode in THEMES:
            self._theme_group.addAction(self.actions_[f"theme_{mode}"])
        self.actions_[f"theme_{self.theme.mode}"].setChecked(True)
        self.theme.apply()
        self.update_actions()

    # --- the workspace's state, for callers that know the window --------------------------------
    @property
    def project(self) -> ProjectApi | None:
        return self.ws.project

    @property
    def current(self) -> Any:
        return self.ws.current

    @property
    def last_error(self) -> str:
        return self.ws.last_error

    # --- building ---------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.notes = NoteListPane()
        self.model, self.proxy, self.table = self.notes.model, self.notes.proxy, self.notes.table
        self.search, self.filter = self.notes.search, self.notes.filter
        self.legend = Legend()
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 0, 0, 0)
        right_layout.addWidget(self.note_view, 1)
        right_layout.addWidget(self.legend)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.notes)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([470, 810])
        self.stats_view = StatsView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.splitter, "Review")
        self.tabs.addTab(self.stats_view, "Statistics")
        self.evaluation = EvaluatorView(self.ws, self.model)
        self.tabs.addTab(self.evaluation, "Evaluation")
        self.setCentralWidget(self.tabs)
        self.toolbar = QToolBar("Main")
        self.toolbar.setObjectName("mainToolbar")
        self.addToolBar(self.toolbar)
        self.search_panel = SearchPanel(lambda: self.ws.project, self)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.search_panel)
        self.search_panel.hide()
        self.progress = RunProgress()
        self.review_progress = ReviewProgress(self.model)
        self.statusBar().addPermanentWidget(self.review_progress)
        self.statusBar().addPermanentWidget(self.progress)
        # as tall as the progress widget from the start: showing it must not relayout (and
        # repaint) the whole window while the worker competes for the GIL
        self.statusBar().setMinimumHeight(self.progress.sizeHint().height() + 4)

    def _parts(self) -> WindowParts:
        return WindowParts(
            ws=self.ws,
            notes=self.notes,
            review=self.review,
            projects=self.projects,
            risk=self.risk,
            surrogates=self.surrogates,
            show_tab=self.tabs.setCurrentIndex,
            on_review_tab=lambda: self.tabs.currentIndex() == REVIEW_TAB,
            close_window=self.close,
            show_shortcuts=self.show_shortcuts,
            show_about=lambda: show_about(self),
            note_font=self.note_font,
            theme=self.theme,
            choose_font=self.choose_font,
            find_note=self.find_note,
            find_text=self.find_text,
            next_flagged=self.next_flagged,
            queue=self.flagged_queue,
        )

    def _connect(self) -> None:
        ws = self.ws
        ws.projectChanged.connect(self._on_project)
        ws.noteChanged.connect(self.refresh)
        ws.noteRequested.connect(self.show_requested_note)
        ws.statusMessage.connect(lambda text, ms: self.statusBar().showMessage(text, ms))
        ws.workers.started.connect(lambda job: self.progress.start(job.label))
        ws.workers.progressed.connect(self._on_progress)
        ws.workers.rowsReady.connect(lambda _job, rows: self.model.update_rows(rows))
        ws.workers.succeeded.connect(self._on_job_succeeded)
        ws.workers.failed.connect(self._on_job_failed)
        ws.workers.busyChanged.connect(self._on_busy)
        ws.previews.succeeded.connect(self._on_stats)
        ws.previews.failed.connect(self._on_stats_failed)
        ws.undo_group.indexChanged.connect(lambda _i: self.update_actions())
        ws.undo_group.activeStackChanged.connect(lambda _s: self.update_actions())
        self.notes.currentNoteChanged.connect(lambda note_id: self.show_note(note_id if note_id >= 0 else None))
        self.progress.cancel_button.clicked.connect(ws.cancel_jobs)
        self.tabs.currentChanged.connect(self._on_tab)
        self.search_panel.noteChosen.connect(self.show_requested_note)
        self.search_panel.queryChanged.connect(self.note_view.set_search)
        self.context_menu = context_menu(self.actions_, self)
        self.note_view.original.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.note_view.original.customContextMenuRequested.connect(self._show_context_menu)
        spans = self.note_view.span_list
        spans.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        spans.customContextMenuRequested.connect(self._show_span_list_menu)

    def update_actions(self) -> None:
        self.actions_.update_enabled()

    # --- the project --------------------------------------------------------------------------
    def set_project(self, project: ProjectApi | None) -> None:
        """Show ``project`` (None: close the current one)."""
        self.ws.set_project(project)

    def _on_project(self, project: ProjectApi | None) -> None:
        self.note_view.set_note(None)
        self.model.reset_rows(project.note_rows() if project else [])
        self.setWindowTitle(f"{project.path.name} — {APP_TITLE}" if project else APP_TITLE)
        self.update_actions()
        if project is not None:
            self.notes.show_all()  # a new project starts on every note, whatever the last one was filtered by
            self.notes.select_proxy_row(0)
            self.refresh_stats()

    def reload_rows(self) -> None:
        """Re-read the whole note list (after an import), keeping the current note."""
        if self.project is None:
            return
        keep = self.current.id if self.current else None
        self.model.reset_rows(self.project.note_rows())
        if keep is None or not self.select_note(keep):
            self.select_proxy_row(0)
        self.refresh_stats()

    # --- navigation ---------------------------------------------------------------------------
    def current_row(self) -> NoteRow | None:
        return self.notes.current_row()

    def select_proxy_row(self, row: int) -> None:
        self.notes.select_proxy_row(row)

    def select_note(self, note_id: int) -> bool:
        return self.notes.select_note(note_id)

    def step_note(self, delta: int) -> None:
        self.notes.step_note(delta)

    def show_requested_note(self, note_id: int) -> None:
        """Another window asked to show ``note_id``: the review tab, the note, whatever the filter."""
        self.tabs.setCurrentIndex(REVIEW_TAB)
        self.notes.select_note(note_id, show_all=True)
        self.activateWindow()

    def flagged_queue(self) -> None:
        self.tabs.setCurrentIndex(REVIEW_TAB)
        self.notes.queue()

    def next_flagged(self) -> None:
        if not self.notes.next_flagged():
            self.statusBar().showMessage("No open notes with flagged spans left in this list.", 5000)

    def show_note_with_spans(self) -> bool:
        """Show the first note of the list with spans, its first span selected (the demo's first sight)."""
        for row in self.model.rows():
            if row.spans and self.notes.select_note(row.id, show_all=True):
                self.note_view.set_current(0)
                return True
        return False

    def find_note(self) -> None:
        self.tabs.setCurrentIndex(REVIEW_TAB)
        self.search.setFocus()
        self.search.selectAll()

    def find_text(self) -> None:
        """Search every note for the selected words or the current span's text (else an empty field)."""
        self.tabs.setCurrentIndex(REVIEW_TAB)
        note, selection, span = self.current, self.note_view.selection(), self.note_view.current_span()
        start_end = selection or ((span.start, span.end) if span else None)
        self.search_panel.find_words(note.text[start_end[0] : start_end[1]] if note and start_end else "")

    def show_note(self, note_id: int | None, keep_offset: int | None = None) -> None:
        if self.project is None or note_id is None:
            self.ws.current = None
            self.note_view.set_note(None)
        else:
            try:
                self.ws.current = self.project.note(note_id)
            except Exception as exc:
                self.ws.report_failure(exc)
                return
            self.note_view.set_note(self.ws.current, keep_offset)
        self.update_actions()
        self.ws.noteShown.emit(note_id if note_id is not None else -1)

    def refresh(self, note_id: int) -> None:
        """A command changed ``note_id``: re-read its row, and the note if it is in view."""
        if self.project is None:
            return
        self.model.update_rows(self.project.note_rows([note_id]))
        if self.current is not None and self.current.id == note_id:
            span = self.note_view.current_span()
            self.show_note(note_id, span.start if span else None)

    def _show_context_menu(self, pos: QPoint) -> None:
        """Right click: the span under the mouse becomes current (a text selection is kept), then the menu."""
        view = self.note_view.original
        if not view.textCursor().hasSelection():
            view.setTextCursor(view.cursorForPosition(pos))
        self.context_menu.popup(view.viewport().mapToGlobal(pos))

    def _show_span_list_menu(self, pos: QPoint) -> None:
        """Right click in the span list: the row under the mouse becomes the current span, then the menu."""
        spans = self.note_view.span_list
        row = spans.rowAt(pos.y())
        if row >= 0:
            self.note_view.set_current(row)
            self.context_menu.popup(spans.viewport().mapToGlobal(pos))

    # --- jobs -----------------------------------------------------------------------------------
    def run_all(self, full: bool = False) -> None:
        self.ws.run_all(full)

    def cancel_jobs(self) -> None:
        self.ws.cancel_jobs()

    def _on_progress(self, _job: Job, progress: Progress) -> None:
        self.progress.update_progress(progress)

    def _on_job_succeeded(self, job: Job, result: Any) -> None:
        if job.meta.get("corpus"):
            done = int(result or 0)
            if job.is_cancelled():
                message = f"Run cancelled: {counted(done, 'note')} analyzed; the others keep their last result."
            elif done:
                message = f"Run finished: {counted(done, 'note')} analyzed."
            else:
                message = "Every note is up to date."
            self.statusBar().showMessage(message, 8000)
            self.refresh_stats()
            self._reload_current()
            self.ws.runFinished.emit(done)
        elif job.meta.get("reload"):
            self.reload_rows()
            self.statusBar().showMessage(f"Imported: {result}", 8000)
            if job.meta.get("run"):
                self.ws.run_all()
        elif "export" in job.meta:
            self.statusBar().showMessage(f"Exported {counted(int(result), 'note')} to {job.meta['export']}.", 8000)
        elif "ids" in job.meta:
            self.model.update_rows(self.project.note_rows(job.meta["ids"]) if self.project else [])
            if self.current is not None and self.current.id in job.meta["ids"]:
                self._reload_current(job.meta.get("focus"))
        self.ws.jobFinished.emit(job.label, True)

    def _on_job_failed(self, job: Job, message: str, environment: bool) -> None:
        self.ws.last_error = message
        show_message(self, f"{job.label} failed", message, bug=not environment)
        if job.meta.get("corpus"):
            self.ws.runFinished.emit(0)
        self.ws.jobFinished.emit(job.label, False)

    def _on_busy(self, busy: bool) -> None:
        if not busy:
            self.progress.finish()
        self.update_actions()

    def _reload_current(self, focus: int | None = None) -> None:
        if self.current is not None:
            span = self.note_view.current_span()
            self.show_note(self.current.id, focus if focus is not None else (span.start if span else None))

    def refresh_stats(self) -> None:
        """Recount the statistics on the preview thread if the tab is showing (else when it is shown)."""
        self.stats_view.stale = True
        if self.project is not None and self.tabs.currentWidget() is self.stats_view:
            project = self.project
            self.previews.submit(Job("Statistics", lambda p, c: project.stats(), stats=True))

    def _on_stats_failed(self, job: Job, message: str, environment: bool) -> None:
        if job.meta.get("stats"):
            self._on_job_failed(job, message, environment)

    def _on_stats(self, job: Job, result: Any) -> None:
        if job.meta.get("stats") and self.project is not None:
            self.stats_view.show_stats(result)

    def _on_tab(self, index: int) -> None:
        """Each tab has its own undo history and toolbar: the review decisions only on the Review tab."""
        on_eval = self.tabs.currentWidget() is self.evaluation
        self.ws.undo_group.setActiveStack(self.evaluation.undo_stack if on_eval else self.ws.undo_stack)
        self.toolbar.setVisible(not on_eval)  # the evaluation tab has its own toolbar
        if self.tabs.currentWidget() is self.stats_view and self.stats_view.stale:
            self.refresh_stats()
        self.update_actions()

    def choose_font(self) -> None:
        """View → Note font…: the family and size of both note panes (remembered)."""
        dialog = QFontDialog(self.note_font.font, self)
        dialog.setObjectName("fontDialog")
        dialog.fontSelected.connect(self.note_font.set_font)
        self.font_dialog = dialog
        dialog.open()

    def show_shortcuts(self) -> None:
        """F1: the keys of the tab in view (the evaluator's on the Evaluation tab, then the window's)."""
        html = self.actions_.shortcuts_html()
        if self.tabs.currentWidget() is self.evaluation:
            html = eval_shortcuts_html() + "<p><b>Window keys</b></p>" + html
        box = QMessageBox(QMessageBox.Icon.Information, "Keyboard shortcuts", html, parent=self)
        box.setObjectName("shortcutsBox")
        self.shortcuts_box = box
        box.open()

    # --- drag and drop, layout, closing ------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.projects.accepts_drop(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        if self.projects.drop(event.mimeData()):
            event.acceptProposedAction()

    def save_layout(self) -> None:
        s = self.settings
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("window/splitter", self.splitter.saveState())
        s.setValue("window/noteSplitter", self.note_view.splitter.saveState())
        s.setValue("window/noteHeader", self.table.horizontalHeader().saveState())
        s.setValue("window/sideBySide", self.act_side.isChecked())
        s.setValue("window/spanList", self.act_span_list.isChecked())

    def restore_layout(self) -> None:
        s = self.settings
        if s.value("window/geometry") is None:
            self.resize(1280, 800)
            return
        self.restoreGeometry(s.value("window/geometry"))
        self.restoreState(s.value("window/state"))
        self.splitter.restoreState(s.value("window/splitter"))
        self.note_view.splitter.restoreState(s.value("window/noteSplitter"))
        self.table.horizontalHeader().restoreState(s.value("window/noteHeader"))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_layout()
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop the worker threads and close the project (also for tests and --screenshot)."""
        self.ws.shutdown()
        if self.ws.project is not None:
            self.ws.project.close()
            self.ws.project = None

    act_side: QAction
    act_span_list: QAction
    act_surrogates: QAction
