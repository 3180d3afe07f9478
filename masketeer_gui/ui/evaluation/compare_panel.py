"""Compare runs: the evaluator's marks on the frozen sample re-scored against a newer run
(``evaluation.compare``): how many decisions were fixed, regressed, changed; Table 8 of both runs
side by side; and every changed decision (double-click one to judge its note again)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QSplitter, QVBoxLayout, QWidget

from masketeer_gui.evaluation.compare import Change, Comparison, Outcome
from masketeer_gui.evaluation.metrics_by import Breakdown
from masketeer_gui.store.rows import RunRow, RunStatus
from masketeer_gui.ui.evaluation.metrics_panel import with_ci
from masketeer_gui.ui.evaluation.rows_model import Column, RowsModel, table_view
from masketeer_gui.vocabulary import counted

INTRO = "Choose a newer run and press Compare: your marks on the sample are followed into its spans."
SideRow = tuple[str, str, str]
METRICS = (("accuracy", "Accuracy"), ("sensitivity", "Sensitivity"), ("specificity", "Specificity"),
           ("precision", "Precision"))  # fmt: skip
SIDE_COLUMNS: list[Column[SideRow]] = [
    Column("Metric", lambda r: r[0]),
    Column("Judged run", lambda r: r[1], True),
    Column("Newer run", lambda r: r[2], True),
]
CHANGE_COLUMNS: list[Column[Change]] = [
    Column("Note", lambda c: c.note_id),
    Column("Characters", lambda c: f"{c.start}–{c.end}", True),
    Column("Before", lambda c: c.before or "—"),
    Column("After", lambda c: c.after or "—"),
    Column("Outcome", lambda c: str(c.outcome)),
    Column("Change", lambda c: c.detail),
]


def run_title(run: RunRow, judged: int | None) -> str:
    when = run.started_at.strftime("%Y-%m-%d %H:%M")
    mark = " (the judged run)" if run.id == judged else ""
    return f"Run {run.id}{mark} — {when}, {run.kind}, {counted(run.notes_analyzed, 'note')} analysed"


def side_rows(old: Breakdown, new: Breakdown) -> list[SideRow]:
    rows = [
        (
            label,
            with_ci(getattr(old.overall.metrics, m), m == "accuracy"),
            with_ci(getattr(new.overall.metrics, m), m == "accuracy"),
        )
        for m, label in METRICS
    ]
    counts = [" / ".join(str(getattr(b.overall.counts, k)) for k in ("tp", "fp", "fn", "tn")) for b in (old, new)]
    return [*rows, ("TP / FP / FN / TN", counts[0], counts[1])]


class ComparePanel(QWidget):
    """``compareRequested(run id)`` asks the view to compare; ``noteRequested(external id)`` to show a note."""

    compareRequested = Signal(int)
    noteRequested = Signal(str)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.comparison: Comparison | None = None
        self.runs = QComboBox()
        self.runs.setObjectName("compareRun")
        self.runs.setMinimumContentsLength(40)
        self.compare_button = QPushButton("Compare")
        self.compare_button.setObjectName("compareButton")
        self.compare_button.clicked.connect(self._request)
        self.outcome = QComboBox()
        self.outcome.addItem("every change", "")
        for outcome in (Outcome.FIXED, Outcome.REGRESSED, Outcome.CHANGED):
            self.outcome.addItem(str(outcome), str(outcome))
        self.outcome.currentIndexChanged.connect(self._fill_changes)
        self.summary = QLabel(INTRO)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.side = RowsModel(SIDE_COLUMNS, self)
        self.changes = RowsModel(CHANGE_COLUMNS, self)
        self.side_table = table_view(self.side, "compareSideBySide", stretch=0)
        self.changes_table = table_view(self.changes, "compareChanges")
        self.changes_table.doubleClicked.connect(self._open_note)
        self._layout()

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(QLabel("Newer run"))
        top.addWidget(self.runs, 1)
        top.addWidget(self.compare_button)
        top.addWidget(QLabel("Show"))
        top.addWidget(self.outcome)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.side_table)
        split.addWidget(self.changes_table)
        split.setStretchFactor(1, 2)
        split.setSizes([440, 820])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)

    def set_runs(self, runs: Sequence[RunRow], judged: int | None) -> None:
        """The finished runs, newest first; an older run chosen before stays chosen."""
        keep = self.chosen_run() if self.runs.currentIndex() > 0 else None
        self.runs.clear()
        for run in sorted((r for r in runs if r.status is RunStatus.DONE), key=lambda r: -r.id):
            self.runs.addItem(run_title(run, judged), run.id)
        if keep is not None and self.runs.findData(keep) >= 0:
            self.runs.setCurrentIndex(self.runs.findData(keep))

    def chosen_run(self) -> int | None:
        data = self.runs.currentData()
        return int(data) if data is not None else None

    def reset(self) -> None:
        self.show_refusal("")
        self.summary.setText(INTRO)

    def show_refusal(self, message: str) -> None:
        self.comparison = None
        self.side.set_rows([])
        self.changes.set_rows([])
        self.summary.setText(f"<i>Nothing to compare: {message}.</i>")

    def show_comparison(self, comparison: Comparison, runs: dict[str, Any]) -> None:
        self.comparison = comparison
        counts = comparison.counts()
        details = " · ".join(f"{k}: {v}" for k, v in comparison.details().items())
        self.summary.setText(
            f"Marks of <b>{comparison.old.annotator}</b>, run {runs.get('old_run')} → run {runs.get('new_run')}: "
            f"<b>{counts['fixed']}</b> fixed · <b>{counts['regressed']}</b> regressed · "
            f"<b>{counts['changed']}</b> changed · {counts['unchanged']} unchanged"
            + (f"<br><small>{details}</small>" if details else "")
        )
        self.side.set_rows(side_rows(comparison.old, comparison.new))
        self._fill_changes()

    def _fill_changes(self) -> None:
        wanted = self.outcome.currentData()
        changes = self.comparison.changes if self.comparison else ()
        self.changes.set_rows(
            [c for c in changes if c.outcome is not Outcome.UNCHANGED and (not wanted or c.outcome == wanted)]
        )

    def _request(self) -> None:
        run = self.chosen_run()
        if run is not None:
            self.summary.setText("Comparing…")
            self.compareRequested.emit(run)

    def _open_note(self, index: QModelIndex) -> None:
        change = self.changes.row(index.row())
        if change is not None:
            self.noteRequested.emit(change.note_id)
