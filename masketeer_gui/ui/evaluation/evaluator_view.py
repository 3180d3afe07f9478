"""The evaluator workspace, the window's "Evaluation" tab: a frozen sample judged note by note.

Top: the sample, the evaluator's name (kept in QSettings; each evaluator marks under their own
name), notes done and left. Pages: Judge (the sample's notes, the note with its spans, the keys of
``keys.EVAL_KEYS``), Metrics & agreement (``MetricsPanel``), Compare runs (``ComparePanel``).
Single marks are short transactions written at once on the GUI thread (1–4 ms measured on the
demo project); loading and drawing samples, the metrics of everyone, comparisons and reports run
on the window's worker thread (``jobs``), and results from a project that is no longer open are dropped.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent, QUndoStack
from PySide6.QtWidgets import QSplitter, QTabWidget, QVBoxLayout, QWidget

from masketeer_gui.store import Project
from masketeer_gui.store.errors import ProjectStateError
from masketeer_gui.ui.evaluation.compare_panel import ComparePanel
from masketeer_gui.ui.evaluation.decision_model import DecisionModel
from masketeer_gui.ui.evaluation.judge import JudgeController
from masketeer_gui.ui.evaluation.judge_pane import JudgePane
from masketeer_gui.ui.evaluation.keys import KeyRouter
from masketeer_gui.ui.evaluation.mark_commands import MarkChange
from masketeer_gui.ui.evaluation.metrics_panel import MetricsPanel
from masketeer_gui.ui.evaluation.runner import EvaluationRunner
from masketeer_gui.ui.evaluation.state import SampleState
from masketeer_gui.ui.evaluation.top_bar import TopBar, note_table
from masketeer_gui.ui.note_list_model import NoteListModel
from masketeer_gui.ui.workspace import Workspace

ANNOTATOR_KEY = "evaluation/annotator"
BLIND_KEY = "evaluation/blind"
METRICS_DELAY_MS = 250


class EvaluatorView(QWidget):
    """The evaluation tab. Its signals are what tests and screenshots wait for."""

    sampleLoaded = Signal(int)  # sample id now shown (-1: none)
    noteShown = Signal(int)  # note id now judged (-1: none)
    marksChanged = Signal(int)  # note id whose marks changed
    metricsShown = Signal()  # the metrics page shows fresh numbers
    comparisonShown = Signal()
    reportWritten = Signal(str)  # path
    planShown = Signal()

    def __init__(self, ws: Workspace, note_model: NoteListModel) -> None:
        super().__init__(ws.widget)
        self.ws = ws
        self.note_model = note_model
        self.undo_stack = QUndoStack(ws.undo_group)  # marks have their own history: Ctrl+Z here undoes a mark
        self.state: SampleState | None = None
        self.last_hint = ""
        self.project_ref: object | None = None
        self._needs_load = False
        self._texts: dict[int, str] = {}
        self.top = TopBar(str(ws.settings.value(ANNOTATOR_KEY, "") or ""))
        self.model = DecisionModel(self)
        self.table = note_table(self.model)
        self.pane = JudgePane()
        self.metrics = MetricsPanel()
        self.compare = ComparePanel()
        self.pages = QTabWidget()
        self.pages.setObjectName("evaluationPages")
        self.judge = JudgeController(self)
        self.runner = EvaluationRunner(self)
        self.router = KeyRouter(self._on_key, self)
        self._metrics_timer = QTimer(self, singleShot=True, interval=METRICS_DELAY_MS)
        self._metrics_timer.timeout.connect(self.runner.refresh_metrics)
        self._layout()
        self._connect()

    def _layout(self) -> None:
        judge_page = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.top.live)
        judge_page.addWidget(left)
        judge_page.addWidget(self.pane)
        judge_page.setStretchFactor(1, 1)
        judge_page.setSizes([420, 860])
        self.judge_page = judge_page
        self.pages.addTab(judge_page, "Judge")
        self.pages.addTab(self.metrics, "Metrics && agreement")
        self.pages.addTab(self.compare, "Compare runs")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 0)
        layout.addWidget(self.top)
        layout.addWidget(self.top.toolbar)
        layout.addWidget(self.pages, 1)

    def _connect(self) -> None:
        self.router.watch(self.table, self.pane.view, self)
        self.top.bind_actions(self.judge.handle)
        self.top.blind.toggled.connect(self._set_blind)
        self.top.blind.setChecked(self.ws.settings.value(BLIND_KEY, False) in (True, "true"))
        self.top.annotator.editingFinished.connect(self._annotator_changed)
        self.top.samples.activated.connect(lambda i: self.runner.load(int(self.top.samples.itemData(i))))
        self.top.sample_button.clicked.connect(self.runner.open_sample_dialog)
        self.top.export_button.clicked.connect(self.runner.export_dialog)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)
        self.pages.currentChanged.connect(self._on_page)
        self.metrics.adjudication.ruled.connect(self.runner.rule)
        self.metrics.adjudication.cleared.connect(self.runner.clear_ruling)
        self.metrics.adjudication.text_of = self._text_of_external
        self.compare.compareRequested.connect(self.runner.compare)
        self.compare.noteRequested.connect(self._open_external)
        self.ws.projectOpened.connect(lambda _path: self.sync_project())
        self.note_model.modelReset.connect(self.sync_project)

    # --- the project and the sample -----------------------------------------------------------------
    def store(self) -> Project:
        """The open project's store; ``ProjectStateError`` if none is open."""
        store = self.ws.project.evaluation_store() if self.ws.project is not None else None
        if store is None:
            raise ProjectStateError("no project is open")
        return store

    def has_store(self) -> bool:
        return self.ws.project is not None and self.ws.project.evaluation_store() is not None

    def sync_project(self) -> None:
        """Forget everything of a project that is no longer the window's (cheap when it still is)."""
        if self.ws.project is self.project_ref:
            return
        self.project_ref = self.ws.project
        self._needs_load = self.has_store()
        self.set_state(None)
        self.metrics.show_data(None)
        self.compare.reset()
        self.runner.fill_lists()
        if self.isVisible():
            self._load_latest()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.sync_project()
        self._load_latest()
        self.pane.view.setFocus()

    def _load_latest(self) -> None:
        if self._needs_load and self.has_store():
            self._needs_load = False
            samples = self.store().samples.list()
            if samples:
                self.runner.load(samples[-1].id)

    def set_state(self, state: SampleState | None) -> None:
        """Show a (new) sample state, keeping the note in view when it is still in the sample."""
        keep = self.current_note_id()
        if not _same_marks(self.state, state):
            self.compare.reset()  # it compared other marks
        self.state = state
        if state is None:
            self._texts = {}
        self.model.set_state(state)
        self.top.show_sample(state)
        self.top.show_progress(state)
        self.top.show_live(self.state)
        if state is None:
            self.pane.show_note(None, "", None)
            self.noteShown.emit(-1)
        else:
            ids = {n.note_id for n in state.notes}
            target = keep if keep in ids else state.next_open_note(None) or state.notes[0].note_id
            self.pane.note_id = None  # show it again, with the new state
            self.select_note(target)
        self.schedule_metrics()

    # --- notes ----------------------------------------------------------------------------------------
    def current_note_id(self) -> int | None:
        return self.pane.note_id

    def select_note(self, note_id: int) -> None:
        """Make ``note_id`` the current row and show it (also when its row was current already)."""
        row = self.model.row_of(note_id)
        if row < 0:
            return
        index = self.model.index(row, 0)
        if self.table.currentIndex() != index:
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
            self.table.selectionModel().setCurrentIndex(index, flags)  # shows it (_on_current_row)
            self.table.scrollTo(index)
        if self.pane.note_id != note_id:
            self._show(note_id)

    def step_note(self, delta: int) -> None:
        row = self.table.currentIndex().row() + delta
        note_id = self.model.note_id(max(0, min(row, self.model.rowCount() - 1)))
        if note_id is not None:
            self.select_note(note_id)

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        note_id = self.model.note_id(current.row()) if current.isValid() else None
        if note_id is not None and note_id != self.pane.note_id:
            self._show(note_id)

    def _show(self, note_id: int) -> None:
        try:
            text = self._text(note_id)
        except Exception as exc:
            self.report_failure(exc)
            return
        self.pane.show_note(note_id, text, self.state)
        self.noteShown.emit(note_id)

    def _text(self, note_id: int) -> str:
        if note_id not in self._texts:
            self._texts[note_id] = self.ws.project.note(note_id).text if self.ws.project else ""
        return self._texts[note_id]

    def _text_of_external(self, external_id: str) -> str:
        note_id = self.state.view.internal.get(external_id) if self.state else None
        return self._text(note_id) if note_id is not None else ""

    def _open_external(self, external_id: str) -> None:
        note_id = self.state.view.internal.get(external_id) if self.state else None
        if note_id is not None:
            self.pages.setCurrentWidget(self.judge_page)
            self.select_note(note_id)
            self.pane.view.setFocus()

    # --- marks (MarkTarget) ------------------------------------------------------------------------
    def perform(self, command: MarkChange) -> bool:
        """Do ``command`` now; push it on the evaluation's undo stack only if the store took it."""
        return self.ws.perform(command, self.undo_stack)

    def mark_changed(self, note_id: int, focus: int | None = None) -> None:
        """A command changed ``note_id``'s marks: repaint its row and the note, and recount."""
        self.model.note_changed(note_id)
        if self.pane.note_id != note_id and self.state is not None:
            self.select_note(note_id)  # an undo of a mark in another note: show it
        elif self.pane.note_id == note_id:
            self.pane.refresh(self.state)
        if focus is not None:
            self.pane.set_current(self.pane.view.index_at(focus))
        self.table.scrollTo(self.table.currentIndex())
        self.top.show_progress(self.state)
        self.top.show_live(self.state)
        self.marksChanged.emit(note_id)
        self.schedule_metrics()

    def report_failure(self, exc: Exception) -> None:
        self.ws.report_failure(exc)

    def require_annotator(self) -> bool:
        """True if marks can be made now; else say what is missing."""
        if self.state is None:
            self.hint("Draw or choose a sample first (Sample…).")
            return False
        if not self.state.annotator:
            self.hint("Enter your name as evaluator first: your marks are saved under it.")
            self.top.annotator.setFocus()
            return False
        return True

    def hint(self, text: str) -> None:
        self.last_hint = text
        self.ws.status(text, 8000)

    def _on_key(self, name: str) -> None:
        if self.pages.currentWidget() is not self.judge_page:
            self.pages.setCurrentWidget(self.judge_page)
            self.pane.view.setFocus()
            return
        self.judge.handle(name)

    def _set_blind(self, on: bool) -> None:
        self.pane.set_blind(on)
        self.ws.settings.setValue(BLIND_KEY, on)

    def _annotator_changed(self) -> None:
        name = self.top.annotator.text().strip()
        self.ws.settings.setValue(ANNOTATOR_KEY, name)
        if self.state is not None and name != self.state.annotator:
            self.runner.switch_annotator(name)
        self.pane.view.setFocus()

    # --- numbers ----------------------------------------------------------------------------------
    def schedule_metrics(self) -> None:
        """Recompute the metrics page soon if it is showing, else when it is shown."""
        self.runner.metrics_stale = True
        if self.pages.currentWidget() is self.metrics and self.isVisible():
            self._metrics_timer.start()

    def _on_page(self, _index: int) -> None:
        if self.pages.currentWidget() is self.metrics and self.runner.metrics_stale:
            self.runner.refresh_metrics()
        elif self.pages.currentWidget() is self.compare:
            self.runner.fill_runs()  # a run may have finished since


def _same_marks(a: SampleState | None, b: SampleState | None) -> bool:
    """Both show one evaluator's marks on one sample."""
    return a is not None and b is not None and (a.view.sample.id, a.annotator) == (b.view.sample.id, b.annotator)
