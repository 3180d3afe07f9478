"""The adjudication view: the disagreements between evaluators, the words each one is about, and a
referee's ruling on it (TP/FP for a masked span, FN or "no PHI" for a missed stretch, with a type).

Rulings go out as ``ruled(Adjudication)`` / ``cleared(key)``; the evaluator view saves them in the
project and recomputes the adjudicated set (``evaluation.adjudication``), scored like an evaluator.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from PySide6.QtCore import QItemSelection, Qt, Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QWidget

from masketeer_gui.engine.span import ENTITY_NAMES, Entity
from masketeer_gui.evaluation.adjudication import Adjudication
from masketeer_gui.evaluation.agreement import Disagreement
from masketeer_gui.evaluation.decisions import Label
from masketeer_gui.ui.evaluation.jobs import PanelData
from masketeer_gui.ui.evaluation.rows_model import Column, RowsModel, table_view

CONTEXT = 60  # characters shown either side of a disagreement
RulingKey = tuple[str, int, int]


def _value(d: Disagreement, name: str) -> str:
    label, entity = dict(d.labels).get(name), dict(d.entities).get(name)
    if label is None:
        return "–"
    return f"{label} {entity}" if entity else label


def _columns(annotators: tuple[str, ...], ruling: Callable[[Disagreement], str]) -> list[Column[Disagreement]]:
    columns: list[Column[Disagreement]] = [
        Column("Note", lambda d: d.note_id),
        Column("Characters", lambda d: f"{d.start}–{d.end}", True),
        Column("Unit", lambda d: d.kind, tip="span: masked by the engine; missed: added as FN by someone"),
        Column("Issue", lambda d: d.issue),
    ]
    columns += [Column(name, lambda d, n=name: _value(d, n)) for name in annotators]  # type: ignore[misc]
    columns.append(Column("Ruling", ruling))
    return columns


class AdjudicationPanel(QGroupBox):
    """Disagreements of the sample and the ruling on the selected one."""

    ruled = Signal(object)  # Adjudication
    cleared = Signal(object)  # (note_id, start, end)

    def __init__(self, parent: Any = None) -> None:
        super().__init__("Disagreements to adjudicate", parent)
        self.text_of: Callable[[str], str] = lambda _note: ""
        self.referee = ""
        self.rulings: dict[RulingKey, Adjudication] = {}
        self.model: RowsModel[Disagreement] = RowsModel(_columns((), self._ruling_text), self)
        self.table = table_view(self.model, "disagreementTable")
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.context = QLabel("Select a disagreement to see its words and rule on it.")
        self.context.setTextFormat(Qt.TextFormat.RichText)
        self.context.setWordWrap(True)
        self.context.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.context.setMinimumHeight(self.context.fontMetrics().height() * 3 + 4)
        self.entity = QComboBox()
        for entity in Entity:
            self.entity.addItem(f"type {entity} — {ENTITY_NAMES[entity]}", str(entity))
        self.buttons = {
            "TP": QPushButton("TP: it is PHI"),
            "FP": QPushButton("FP: no PHI"),
            "FN": QPushButton("FN: missed PHI"),
            "none": QPushButton("No PHI here"),
            "clear": QPushButton("Clear ruling"),
        }
        for key, button in self.buttons.items():
            button.setObjectName(f"rule_{key}")
            button.clicked.connect(lambda _=False, k=key: self._rule(k))
        self._layout()
        self._update_enabled()

    def _layout(self) -> None:
        rule = QWidget()
        grid = QGridLayout(rule)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.context, 0, 0, 1, 2)
        grid.setRowStretch(0, 1)
        grid.addWidget(self.entity, 1, 0)
        grid.addWidget(self.buttons["clear"], 1, 1)
        for row, keys in enumerate((("TP", "FP"), ("FN", "none")), start=2):
            for column, key in enumerate(keys):
                grid.addWidget(self.buttons[key], row, column)
        layout = QHBoxLayout(self)
        layout.addWidget(self.table, 3)
        layout.addWidget(rule, 2)

    def show_data(self, data: PanelData | None) -> None:
        agreement = data.agreement if data else None
        self.rulings = {(r.note_id, r.start, r.end): r for r in (data.rulings if data else ())}
        keep = self.selected()
        self.model.set_columns(_columns(agreement.annotators if agreement else (), self._ruling_text))
        self.model.set_rows(list(agreement.disagreements) if agreement else [])
        unresolved = len(data.adjudicated.unresolved) if data and data.adjudicated else 0
        self.setTitle(f"Disagreements to adjudicate ({self.model.rowCount()}, {unresolved} open)")
        rows = self.model.rows()
        if keep is not None and keep in rows:
            self.table.selectRow(rows.index(keep))
        self._update_enabled()

    def selected(self) -> Disagreement | None:
        index = self.table.currentIndex()
        return self.model.row(index.row()) if index.isValid() else None

    def _ruling_text(self, d: Disagreement) -> str:
        r = self.rulings.get((d.note_id, d.start, d.end))
        if r is None:
            return "open"
        return "no PHI" if r.label is None else f"{r.label} {r.entity or ''}".strip()

    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        d = self.selected()
        if d is not None:
            text = self.text_of(d.note_id)
            before = escape(text[max(0, d.start - CONTEXT) : d.start])
            after = escape(text[d.end : d.end + CONTEXT])
            self.context.setText(
                f"Note {escape(d.note_id)}: …{before}<b><u>{escape(text[d.start : d.end])}</u></b>{after}…"
            )
            entity = next((e for _n, e in d.entities if e), None)
            if entity:
                self.entity.setCurrentIndex(self.entity.findData(entity))
        self._update_enabled()

    def _update_enabled(self) -> None:
        d = self.selected()
        for key, button in self.buttons.items():
            allowed = key in (("TP", "FP") if d and d.kind == "span" else ("FN", "none")) or key == "clear"
            button.setEnabled(d is not None and allowed)

    def _rule(self, key: str) -> None:
        d = self.selected()
        if d is None:
            return
        if key == "clear":
            self.cleared.emit((d.note_id, d.start, d.end))
            return
        label = None if key == "none" else Label(key)
        entity = Entity(self.entity.currentData()) if label in (Label.TP, Label.FN) else None
        self.ruled.emit(Adjudication(d.note_id, d.start, d.end, label, entity, self.referee))
