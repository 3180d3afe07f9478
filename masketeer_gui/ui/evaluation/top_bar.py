"""The evaluator view's controls: sample, evaluator name, notes done and left, the key actions as
toolbar buttons (their keys in the tooltips), the live Table 8 line, and the note list's table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QToolBar,
    QWidget,
)

from masketeer_gui.evaluation.decisions import confusion
from masketeer_gui.evaluation.metrics_by import table8
from masketeer_gui.ui.actions import shortcut_text
from masketeer_gui.ui.evaluation.decision_model import COL_NOTE, COL_POSITION, HEADERS, DecisionModel
from masketeer_gui.ui.evaluation.keys import EVAL_KEYS
from masketeer_gui.ui.evaluation.metrics_panel import with_ci
from masketeer_gui.ui.evaluation.sample_dialog import sample_title
from masketeer_gui.ui.evaluation.state import SampleState
from masketeer_gui.vocabulary import counted

TOOLBAR = ("tp", "fp", "judge_type", "missed", "tn", "clear", "done", "next_undecided")
SHORT = {"tp": "TP", "fp": "FP", "judge_type": "Type…", "missed": "Missed…", "tn": "TN", "clear": "Clear",
         "done": "Done", "next_undecided": "Next undecided"}  # fmt: skip


class TopBar(QWidget):
    """Sample chooser, evaluator name, progress; ``toolbar`` and ``live`` are placed by the view."""

    def __init__(self, annotator: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.samples = QComboBox()
        self.samples.setObjectName("evaluationSample")
        self.samples.setMinimumContentsLength(36)
        self.samples.setPlaceholderText("no sample yet")
        self.sample_button = _button("Sample…", "Draw a new stratified sample, or open a frozen one")
        self.annotator = QLineEdit(annotator, placeholderText="your name")
        self.annotator.setObjectName("evaluatorName")
        self.annotator.setToolTip("Your marks are saved under this name; several evaluators can mark one sample")
        self.annotator.setMaximumWidth(180)
        self.progress = QProgressBar()
        self.progress.setObjectName("evaluationProgress")
        self.progress.setFormat("No sample yet")
        self.progress.setMinimumWidth(200)
        self.left = QLabel("")
        self.export_button = _button("Export report…", "Write the evaluation report as HTML, CSV or JSON")
        self.toolbar = QToolBar("Evaluation")
        self.toolbar.setObjectName("evaluationToolbar")
        self.actions_by_name: dict[str, QAction] = {}
        self.live = QLabel("No marks of yours yet.")
        self.live.setObjectName("liveMetrics")
        self.live.setTextFormat(Qt.TextFormat.RichText)
        self.live.setWordWrap(True)
        self.live.setMinimumHeight(self.live.fontMetrics().height() * 3 + 6)  # no relayout as it fills
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget, stretch in ((QLabel("Sample"), 0), (self.samples, 2), (self.sample_button, 0),
                                (QLabel("Evaluator"), 0), (self.annotator, 1), (self.progress, 1),
                                (self.left, 0), (self.export_button, 0)):  # fmt: skip
            layout.addWidget(widget, stretch)

    def bind_actions(self, handler: Callable[[str], None]) -> None:
        """Toolbar buttons for the main keys (the keys themselves are routed by ``KeyRouter``)."""
        for name, text, keys, tip in EVAL_KEYS:
            if name not in TOOLBAR:
                continue
            action = QAction(SHORT[name], self)
            action.setToolTip(f"{text.replace('&', '').rstrip('…')}: {tip} ({shortcut_text(keys)})")
            action.triggered.connect(lambda _=False, n=name: handler(n))
            self.actions_by_name[name] = action
            self.toolbar.addAction(action)
            self.toolbar.widgetForAction(action).setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.toolbar.addSeparator()
        self.blind = QAction("Blind", self)
        self.blind.setObjectName("act_blind")
        self.blind.setCheckable(True)
        self.blind.setToolTip("Blind judging: hide the masker and its reason, so they cannot sway the decision")
        self.toolbar.addAction(self.blind)
        self.toolbar.widgetForAction(self.blind).setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def show_sample(self, state: SampleState | None) -> None:
        if state is not None:
            index = self.samples.findData(state.view.sample.id)
            if index < 0:
                self.samples.addItem(sample_title(state.view.sample), state.view.sample.id)
                index = self.samples.count() - 1
            self.samples.setCurrentIndex(index)
        for action in self.actions_by_name.values():
            action.setEnabled(state is not None)
        self.export_button.setEnabled(state is not None)

    def show_live(self, state: SampleState | None) -> None:
        """The evaluator's Table 8 so far (from the marks in memory: a few ms)."""
        decisions = state.decisions() if state else []
        if not decisions:
            self.live.setText("No marks of yours yet.")
            return
        c = confusion(decisions)
        m = table8(c)
        self.live.setText(
            f"You: TP {c.tp} · FP {c.fp} · FN {c.fn} · TN {c.tn}<br>accuracy {with_ci(m.accuracy, True)}<br>"
            f"sensitivity {with_ci(m.sensitivity)} · precision {with_ci(m.precision)}"
        )

    def show_progress(self, state: SampleState | None) -> None:
        total = len(state.notes) if state else 0
        self.progress.setFormat(f"%v of {counted(total, 'note')} done" if state else "No sample yet")
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(total - state.notes_left() if state else 0)
        self.left.setText(f"{state.notes_left()} left" if state else "")


def _button(text: str, tip: str) -> QPushButton:
    button = QPushButton(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay with the note
    return button


def note_table(model: DecisionModel) -> QTableView:
    """The sample's notes, one row each, in drawn order."""
    table = QTableView()
    table.setObjectName("evaluationNotes")
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    for column, title in enumerate(HEADERS):
        header.resizeSection(column, metrics.horizontalAdvance(title) + 18)
    header.resizeSection(COL_POSITION, metrics.horizontalAdvance("0000") + 12)
    header.resizeSection(COL_NOTE, metrics.horizontalAdvance("N00000000") + 12)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    return table
