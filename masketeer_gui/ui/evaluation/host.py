"""What the evaluator's controllers (``judge``, ``runner``) need of the evaluation tab, as a Protocol:
they are handed the tab without importing it (no module imports one that imports it back)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import SignalInstance

from masketeer_gui.ui.evaluation.compare_panel import ComparePanel
from masketeer_gui.ui.evaluation.judge_pane import JudgePane
from masketeer_gui.ui.evaluation.mark_commands import MarkChange, MarkTarget
from masketeer_gui.ui.evaluation.metrics_panel import MetricsPanel
from masketeer_gui.ui.evaluation.state import SampleState
from masketeer_gui.ui.evaluation.top_bar import TopBar
from masketeer_gui.ui.note_list_model import NoteListModel
from masketeer_gui.ui.workspace import Workspace


class EvaluationHost(MarkTarget, Protocol):
    """The evaluation tab as its controllers see it."""

    ws: Workspace
    note_model: NoteListModel
    pane: JudgePane
    top: TopBar
    metrics: MetricsPanel
    compare: ComparePanel
    project_ref: object | None
    sampleLoaded: SignalInstance
    metricsShown: SignalInstance
    comparisonShown: SignalInstance
    reportWritten: SignalInstance
    planShown: SignalInstance

    def has_store(self) -> bool: ...
    def current_note_id(self) -> int | None: ...
    def select_note(self, note_id: int) -> None: ...
    def step_note(self, delta: int) -> None: ...
    def set_state(self, state: SampleState | None) -> None: ...
    def perform(self, command: MarkChange) -> bool: ...
    def require_annotator(self) -> bool: ...
    def hint(self, text: str) -> None: ...
