"""The main window: note list on the left, the note view on the right, statistics in a tab.

It owns the project, the note model, the worker threads and the undo stack, and implements
``ReviewTarget`` for the undo commands. Window-level signals (``projectOpened``, ``runFinished``,
``jobFinished``, ``noteShown``) are what tests and the ``--screenshot`` mode wait for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QSplitter,
    QTableView,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from masketeer_gui.ui.commands import StoreCommand
from masketeer_gui.ui.errors import show_error, show_message
from masketeer_gui.ui.evaluation.evaluator_view import EvaluatorView
from masketeer_gui.ui.legend import Legend
from masketeer_gui.ui.menus import build_menus
from masketeer_gui.ui.note_list_model import (
    COL_ID,
    COL_RISK,
    HEADERS,
    QUEUE,
    ROW_ROLE,
    NoteFilterProxy,
    NoteListModel,
)
from masketeer_gui.ui.note_view import NoteView
from masketeer_gui.ui.progress import RunProgress
from masketeer_gui.ui.project_api import NoteRow, ProjectApi, ReviewNote
from masketeer_gui.ui.project_ctl import ProjectController
from masketeer_gui.ui.review import ReviewController
from masketeer_gui.ui.risk_ctl import RiskController
from masketeer_gui.ui.risk_menus import build_risk_actions
from masketeer_gui.ui.stats_view import StatsView
from masketeer_gui.ui.surrogate_view import SurrogateToggle
from masketeer_gui.ui.workers import Job, Progress, WorkerHost

APP_TITLE = "Masketeer"
SEARCH_DELAY_MS = 150


class MainWindow(QMainWindow):
    """The review workspace."""

    projectOpened = Signal(str)
    runFinished = Signal(int)  # notes analyzed by a full run (also when cancelled)
    jobFinished = Signal(str, bool)  # job label, succeeded
    noteShown = Signal(int)  # note id now in the note view (-1: none)
    riskAssessed = Signal(int)  # notes with a residual-risk assessment now (risk_ctl)
    leaksChecked = Signal(int)  # notes with partial leaks found (-1: the check failed)

    # actions, made by menus.build_menus
    act_new: QAction
    act_open: QAction
    act_import: QAction
    act_export: QAction
    act_close: QAction
    act_quit: QAction
    act_undo: QAction
    act_redo: QAction
    act_find: QAction
    act_run: QAction
    act_run_full: QAction
    act_cancel: QAction
    act_next_note: QAction
    act_prev_note: QAction
    act_next_flagged: QAction
    act_queue: QAction
    act_next_span: QAction
    act_prev_span: QAction
    act_accept: QAction
    act_reject: QAction
    act_add: QAction
    act_retype: QAction
    act_whitelist: QAction
    act_blacklist: QAction
    act_reviewed: QAction
    act_dictionary: QAction
    act_side: QAction
    act_review_tab: QAction
    act_stats_tab: QAction
    act_eval_tab: QAction
    act_surrogates: QAction
    act_leaks: QAction
    recent_menu: QMenu

    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.project: ProjectApi | None = None
        self.current: ReviewNote | None = None
        self.last_error = ""
        self.workers = WorkerHost("masketeer-runs", self)
        self.previews = WorkerHost("masketeer-previews", self)
        self.undo_stack = QUndoStack(self)
        self._build_widgets()
        self.projects = ProjectController(self)
        self.review = ReviewController(self)
        build_menus(self)
        self.risk = RiskController(self)
        self.surrogates = SurrogateToggle(self)
        build_risk_actions(self)
        self._connect_workers()
        self.setAcceptDrops(True)
        self.setWindowTitle(APP_TITLE)
        self.projects.restore_layout()
        self.projects.restore_toggles()

    # --- building ---------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.model = NoteListModel(parent=self)
        self.proxy = NoteFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table = self._make_table()
        self.search = QLineEdit(placeholderText="Search note or patient id (Ctrl+F)", clearButtonEnabled=True)
        self.search.setObjectName("search")
        self._search_timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS)  # one filter per pause
        self._search_timer.timeout.connect(lambda: self.proxy.set_search(self.search.text()))
        self.search.textChanged.connect(self._search_timer.start)
        self.filter = QComboBox()
        self.filter.setObjectName("filter")
        self.filter.addItems(NoteFilterProxy.FILTERS)
        self.filter.currentTextChanged.connect(self.proxy.set_mode)
        self.note_view = NoteView()
        self.legend = Legend()
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        filters = QHBoxLayout()
        filters.addWidget(self.search, 1)
        filters.addWidget(self.filter)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.table, 1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 0, 0, 0)
        right_layout.addWidget(self.note_view, 1)
        right_layout.addWidget(self.legend)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([600, 680])
        self.stats_view = StatsView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.splitter, "Review")
        self.tabs.addTab(self.stats_view, "Statistics")
        self.evaluation = EvaluatorView(self)
        self.tabs.addTab(self.evaluation, "Evaluation")
        self.tabs.currentChanged.connect(self._on_tab)
        self.setCentralWidget(self.tabs)
        self.toolbar = QToolBar("Main")
        self.toolbar.setObjectName("mainToolbar")
        self.addToolBar(self.toolbar)
        self.progress = RunProgress()
        self.progress.cancel_button.clicked.connect(self.cancel_jobs)
        self.statusBar().addPermanentWidget(self.progress)
        # as tall as the progress widget from the start: showing it must not relayout (and
        # repaint) the whole window while the worker competes for the GIL
        self.statusBar().setMinimumHeight(self.progress.sizeHint().height() + 4)

    def _make_table(self) -> QTableView:
        table = QTableView()
        table.setObjectName("noteTable")
        table.setModel(self.proxy)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setSortingEnabled(True)
        table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setMinimumSectionSize(24)
        metrics = header.fontMetrics()
        for column, title in enumerate(HEADERS):  # from the titles only: never scan 35k rows
            header.resizeSection(column, metrics.horizontalAdvance(title) + 16)
        header.resizeSection(COL_ID, metrics.horizontalAdvance("N00000000") + 12)
        header.setStretchLastSection(True)
        table.selectionModel().currentRowChanged.connect(self._on_current_row)
        return table

    def _connect_workers(self) -> None:
        self.workers.started.connect(self._on_job_started)
        self.workers.progressed.connect(self._on_progress)
        self.workers.rowsReady.connect(self._on_rows)
        self.workers.succeeded.connect(self._on_job_succeeded)
        self.workers.failed.connect(self._on_job_failed)
        self.workers.busyChanged.connect(self._on_busy)
        self.previews.succeeded.connect(self._on_stats)
        self.previews.failed.connect(self._on_stats_failed)

    # --- the project --------------------------------------------------------------------------
    def set_project(self, project: ProjectApi | None) -> None:
        """Show ``project`` (None: close the current one)."""
        self.cancel_jobs()
        self.undo_stack.clear()
        if self.project is not None and self.project is not project:
            self.project.close()
        self.project = project
        self.current = None
        self.note_view.set_note(None)
        self.model.reset_rows(project.note_rows() if project else [])
        self.setWindowTitle(f"{project.path.name} — {APP_TITLE}" if project else APP_TITLE)
        self.review.update_enabled()
        if project is not None:
            self.select_proxy_row(0)
            self.refresh_stats()
            self.projectOpened.emit(str(project.path))

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
        index = self.table.currentIndex()
        row = index.data(ROW_ROLE) if index.isValid() else None
        return row if isinstance(row, NoteRow) else None

    def select_proxy_row(self, row: int) -> None:
        if not 0 <= row < self.proxy.rowCount():
            return
        index = self.proxy.index(row, 0)
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self.table.selectionModel().setCurrentIndex(index, flags)
        self.table.scrollTo(index)

    def select_note(self, note_id: int) -> bool:
        source_row = self.model.row_of(note_id)
        if source_row < 0:
            return False
        proxy_index = self.proxy.mapFromSource(self.model.index(source_row, 0))
        if not proxy_index.isValid():
            return False
        self.select_proxy_row(proxy_index.row())
        return True

    def step_note(self, delta: int) -> None:
        current = self.table.currentIndex()
        row = current.row() + delta if current.isValid() else 0
        self.select_proxy_row(max(0, min(row, self.proxy.rowCount() - 1)))

    def flagged_queue(self) -> None:
        """The clinicians' queue: open notes that are flagged or at risk, the riskiest (then most flagged) first."""
        self.tabs.setCurrentIndex(0)
        self.filter.setCurrentText(QUEUE)
        self.table.sortByColumn(COL_RISK, Qt.SortOrder.DescendingOrder)
        self.select_proxy_row(0)

    def next_flagged(self) -> None:
        """The next open note with flagged spans after the current one (wrapping)."""
        count = self.proxy.rowCount()
        start = self.table.currentIndex().row()
        for step in range(1, count + 1):
            row = (start + step) % count
            note = self.proxy.index(row, 0).data(ROW_ROLE)
            if self.proxy.in_queue(note):
                self.select_proxy_row(row)
                return
        self.statusBar().showMessage("No open notes with flagged spans left in this list.", 5000)

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        row = current.data(ROW_ROLE) if current.isValid() else None
        self.show_note(row.id if isinstance(row, NoteRow) else None)

    def show_note(self, note_id: int | None, keep_offset: int | None = None) -> None:
        if self.project is None or note_id is None:
            self.current = None
            self.note_view.set_note(None)
        else:
            try:
                self.current = self.project.note(note_id)
            except Exception as exc:
                self.report_failure(exc)
                return
            self.note_view.set_note(self.current, keep_offset)
        self.review.update_enabled()
        self.noteShown.emit(note_id if note_id is not None else -1)

    # --- ReviewTarget -------------------------------------------------------------------------
    def perform(self, command: StoreCommand) -> bool:
        """Do ``command`` now; push it on the undo stack only if the store accepted it."""
        try:
            command.apply()
        except Exception as exc:
            self.report_failure(exc)
            return False
        self.undo_stack.push(command)
        return True

    def refresh(self, note_id: int) -> None:
        if self.project is None:
            return
        self.model.update_rows(self.project.note_rows([note_id]))
        if self.current is not None and self.current.id == note_id:
            span = self.note_view.current_span()
            self.show_note(note_id, span.start if span else None)

    def rerun(self, note_ids: Sequence[int], focus: int | None = None) -> None:
        if self.project is None or not note_ids:
            return
        project, ids = self.project, list(note_ids)
        label = "Re-running" if len(ids) > 1 else "Re-running note"
        self.workers.submit(Job(label, lambda p, c: project.run(ids, p, c), ids=ids, focus=focus))

    def report_failure(self, exc: BaseException, doing: str = "") -> None:
        self.last_error = str(exc)
        show_error(self, exc, doing)

    # --- jobs -----------------------------------------------------------------------------------
    def run_all(self, full: bool = False) -> None:
        """Analyze the notes without a current result (``full``: every note) on the worker thread."""
        if self.project is None:
            return
        project = self.project
        self.workers.submit(Job("Running", lambda p, c: project.run(None, p, c, full=full), corpus=True))

    def cancel_jobs(self) -> None:
        self.workers.cancel_all()
        self.previews.cancel_all()

    def _on_job_started(self, job: Job) -> None:
        self.progress.start(job.label)

    def _on_progress(self, _job: Job, progress: Progress) -> None:
        self.progress.update_progress(progress)

    def _on_rows(self, _job: Job, rows: list[NoteRow]) -> None:
        self.model.update_rows(rows)

    def _on_job_succeeded(self, job: Job, result: Any) -> None:
        if job.meta.get("corpus"):
            done = int(result or 0)
            message = f"Run finished: {done:,} notes analyzed." if done else "Every note is up to date."
            self.statusBar().showMessage(message, 8000)
            self.refresh_stats()
            self._reload_current()
            self.runFinished.emit(done)
        elif job.meta.get("reload"):
            self.reload_rows()
            self.statusBar().showMessage(f"Imported: {result}", 8000)
        elif "export" in job.meta:
            self.statusBar().showMessage(f"Exported {result} notes to {job.meta['export']}.", 8000)
        elif "ids" in job.meta:
            self.model.update_rows(self.project.note_rows(job.meta["ids"]) if self.project else [])
            if self.current is not None and self.current.id in job.meta["ids"]:
                self._reload_current(job.meta.get("focus"))
        self.jobFinished.emit(job.label, True)

    def _on_job_failed(self, job: Job, message: str, environment: bool) -> None:
        self.last_error = message
        show_message(
            self,
            f"{job.label} failed",
            message if environment else f"A bug stopped this job.\n\n{message}",
            bug=not environment,
        )
        if job.meta.get("corpus"):
            self.runFinished.emit(0)
        self.jobFinished.emit(job.label, False)

    def _on_busy(self, busy: bool) -> None:
        if not busy:
            self.progress.finish()
        self.review.update_enabled()

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

    def _on_tab(self, _index: int) -> None:
        if self.tabs.currentWidget() is self.stats_view and self.stats_view.stale:
            self.refresh_stats()

    # --- drag and drop, closing ------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.projects.accepts_drop(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        if self.projects.drop(event.mimeData()):
            event.acceptProposedAction()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.projects.save_layout()
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop the worker threads and close the project (also for tests and --screenshot)."""
        self.workers.shutdown()
        self.previews.shutdown()
        self.risk.host.shutdown()
        if self.project is not None:
            self.project.close()
            self.project = None
