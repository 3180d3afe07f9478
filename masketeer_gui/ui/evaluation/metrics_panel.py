"""Table 8 with 95% intervals (overall, per entity type, per masker) for one evaluator or the adjudicated
set, and the agreement between evaluators (Krippendorff's alpha, Cohen's kappa and span F1 per pair)
above the disagreements to adjudicate.

All numbers come from ``evaluation.metrics_by`` / ``evaluation.agreement`` (``jobs.PanelData``);
this widget only lays them out, formatted like the report (``evaluation.html``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from masketeer_gui.engine.span import ENTITY_NAMES, Entity
from masketeer_gui.evaluation.adjudication import ADJUDICATED
from masketeer_gui.evaluation.agreement import PairAgreement
from masketeer_gui.evaluation.html import number, percent, proportion
from masketeer_gui.evaluation.metrics import Estimate
from masketeer_gui.evaluation.metrics_by import MetricsRow
from masketeer_gui.ui.evaluation.adjudication_panel import AdjudicationPanel
from masketeer_gui.ui.evaluation.jobs import PanelData
from masketeer_gui.ui.evaluation.rows_model import Column, RowsModel, table_view

GROUPS = {"overall": "Overall", "entity": "Entity type", "masker": "Masker"}


def with_ci(e: Estimate, as_percent: bool = False) -> str:
    value, ci = percent(e) if as_percent else proportion(e)
    return f"{value} {ci}" if ci else value


def _key(row: MetricsRow) -> str:
    if row.group == "entity" and row.key in Entity.__members__:
        return f"{row.key} — {ENTITY_NAMES[Entity(row.key)]}"
    return row.key


def _types(row: MetricsRow) -> str:
    return f"{row.types_correct}/{row.types_judged}" if row.types_judged else "–"


METRIC_COLUMNS: list[Column[MetricsRow]] = [
    Column("Group", lambda r: GROUPS.get(r.group, r.group)),
    Column("Key", _key),
    Column("TP", lambda r: str(r.counts.tp), True),
    Column("FP", lambda r: str(r.counts.fp), True),
    Column("FN", lambda r: str(r.counts.fn), True),
    Column("TN", lambda r: str(r.counts.tn), True, "Per entity type: judged notes with no decision of that type"),
    Column("Accuracy [95% CI]", lambda r: with_ci(r.metrics.accuracy, True), True, "Clopper–Pearson"),
    Column("Sensitivity", lambda r: with_ci(r.metrics.sensitivity), True, "Clopper–Pearson"),
    Column("Specificity", lambda r: with_ci(r.metrics.specificity), True, "Clopper–Pearson"),
    Column("Precision", lambda r: with_ci(r.metrics.precision), True, "Mercaldo et al. (2007) standard logit"),
    Column("Type right", _types, True, "TPs whose type was judged, and how many the engine got right"),
]
PAIR_COLUMNS: list[Column[PairAgreement]] = [
    Column("Evaluators", lambda p: f"{p.first} · {p.second}"),
    Column("Units", lambda p: str(p.units), True, "Spans and missed stretches both judged"),
    Column("Agreement", lambda p: number(p.percent), True),
    Column("Cohen's κ", lambda p: number(p.kappa), True),
    Column("κ with types", lambda p: number(p.kappa_typed), True),
    Column("F1 strict", lambda p: number(p.f1_strict), True, "Same offsets and type"),
    Column("F1 lenient", lambda p: number(p.f1_lenient), True, "Overlap, same type"),
    Column("F1 overlap", lambda p: number(p.f1_overlap), True, "Overlap, any type"),
]


class MetricsPanel(QWidget):
    """The metrics page of the evaluator view; ``annotatorChosen(name)`` when another set is shown."""

    annotatorChosen = Signal(str)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.data: PanelData | None = None
        self.who = QComboBox()
        self.who.setObjectName("metricsAnnotator")
        self.who.setMinimumContentsLength(24)
        self.who.currentIndexChanged.connect(self._show_chosen)
        self.summary = QLabel("No marks yet.")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.metrics = RowsModel(METRIC_COLUMNS, self)
        self.pairs = RowsModel(PAIR_COLUMNS, self)
        self.metrics_table = table_view(self.metrics, "metricsTable", stretch=1)
        self.pairs_table = table_view(self.pairs, "pairsTable", stretch=0)
        self._fit_pairs(1)
        self.agreement = QLabel("Agreement needs a second evaluator on this sample.")
        self.agreement.setTextFormat(Qt.TextFormat.RichText)
        self.agreement.setWordWrap(True)
        self.adjudication = AdjudicationPanel()
        self._layout()

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(QLabel("Metrics of"))
        top.addWidget(self.who)
        top.addWidget(self.summary, 1)
        agree = QGroupBox("Agreement between evaluators")
        agree_layout = QVBoxLayout(agree)
        agree_layout.addWidget(self.agreement)
        agree_layout.addWidget(self.pairs_table)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.metrics_table)
        split.addWidget(agree)
        split.addWidget(self.adjudication)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 0)
        split.setStretchFactor(2, 2)
        split.setSizes([400, 130, 300])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)

    def show_data(self, data: PanelData | None, preferred: str = "") -> None:
        """Show everyone's numbers; ``preferred`` (the current evaluator) is chosen if present."""
        self.data = data
        names = list(data.breakdowns) if data else []
        keep = self.who.currentData() or preferred
        self.who.blockSignals(True)
        self.who.clear()
        for name in names:
            self.who.addItem(self._label(name), name)
        index = self.who.findData(keep) if keep in names else self.who.findData(preferred)
        self.who.setCurrentIndex(max(index, 0) if names else -1)
        self.who.blockSignals(False)
        self._show_chosen()
        self._show_agreement()
        self.adjudication.show_data(data)

    def chosen(self) -> str:
        return str(self.who.currentData() or "")

    def _label(self, name: str) -> str:
        if name != ADJUDICATED or self.data is None or self.data.adjudicated is None:
            return name or "(unnamed)"
        a = self.data.adjudicated
        return f"{ADJUDICATED} ({a.rulings} rulings, {len(a.unresolved)} open)"

    def _show_chosen(self) -> None:
        breakdown = self.data.breakdowns.get(self.chosen()) if self.data else None
        self.metrics.set_rows(breakdown.rows() if breakdown else [])
        if breakdown is None:
            self.summary.setText("No marks yet.")
        else:
            c = breakdown.overall.counts
            self.summary.setText(
                f"<b>{breakdown.notes}</b> notes judged · TP {c.tp} · FP {c.fp} · FN {c.fn} · TN {c.tn}"
            )
        self.annotatorChosen.emit(self.chosen())

    def _fit_pairs(self, rows: int) -> None:
        """As tall as the header and up to three pairs: the space below is the disagreements'."""
        row = self.pairs_table.verticalHeader().defaultSectionSize()
        self.pairs_table.setFixedHeight(row * (1 + max(1, min(rows, 3))) + 6)

    def _show_agreement(self) -> None:
        a = self.data.agreement if self.data else None
        self.pairs.set_rows(list(a.pairs) if a else [])
        self._fit_pairs(len(a.pairs) if a else 1)
        if a is None:
            self.agreement.setText("Agreement needs a second evaluator on this sample.")
            return
        self.agreement.setText(
            f"{len(a.annotators)} evaluators, {a.units} units. Krippendorff's α <b>{number(a.alpha)}</b> on labels, "
            f"<b>{number(a.alpha_typed)}</b> with types; <b>{len(a.disagreements)}</b> disagreements."
        )
