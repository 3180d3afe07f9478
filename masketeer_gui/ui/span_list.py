"""The span list beside the note: one row per span (type, text, masker, review status); a click selects it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from masketeer_gui.engine.span import ENTITY_NAMES, Span
from masketeer_gui.ui.colours import entity_colour, entity_text_colour
from masketeer_gui.ui.project_api import NoteDetail

SPAN_HEADERS = ("Type", "Text", "Masker", "Status")
MIN_WIDTH = 300  # type, masker and status readable beside a few letters of text


def span_status(span: Span, accepted: frozenset[tuple[int, int]]) -> str:
    """The reviewer's view of a span: accepted, added by hand, needs review, or open."""
    if (span.start, span.end) in accepted:
        return "accepted"
    if span.masker == "Manual":
        return "added by hand"
    return "needs review" if span.flags else "open"


class SpanList(QTableWidget):
    """Rows of the note's spans in text order; ``spanClicked(index)`` when the user picks one."""

    spanClicked = Signal(int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(0, len(SPAN_HEADERS), parent)
        self.setObjectName("spanList")
        self.setHorizontalHeaderLabels(SPAN_HEADERS)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setWordWrap(False)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # the text takes what is left
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumWidth(MIN_WIDTH)
        self.currentCellChanged.connect(self._on_cell)

    def show_spans(self, note: NoteDetail | None) -> None:
        self.blockSignals(True)
        self.setRowCount(0)
        if note is not None:
            self.setRowCount(len(note.spans))
            for row, span in enumerate(note.spans):
                self._fill(row, span, note)
        self.blockSignals(False)

    def _fill(self, row: int, span: Span, note: NoteDetail) -> None:
        chip = QTableWidgetItem(str(span.entity))
        chip.setBackground(entity_colour(span.entity))
        chip.setForeground(entity_text_colour(span.entity))
        chip.setToolTip(ENTITY_NAMES[span.entity])
        cells = (chip, QTableWidgetItem(note.text[span.start : span.end]), QTableWidgetItem(span.masker))
        for column, item in enumerate((*cells, QTableWidgetItem(span_status(span, note.accepted)))):
            self.setItem(row, column, item)

    def set_current(self, index: int) -> None:
        """Select row ``index`` (-1: none) without emitting ``spanClicked``."""
        self.blockSignals(True)
        if 0 <= index < self.rowCount():
            self.setCurrentCell(index, 0)
            self.scrollTo(self.model().index(index, 0))
        else:
            self.clearSelection()
            self.setCurrentCell(-1, -1)
        self.blockSignals(False)

    def _on_cell(self, row: int, _column: int, previous: int, _previous_column: int) -> None:
        if row >= 0 and row != previous:
            self.spanClicked.emit(row)

    def keyboardSearch(self, search: str) -> None:
        """Letters are the window's review keys (A, R, S…), not a jump to a matching row."""

    def mousePressEvent(self, event: Any) -> None:
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and self.currentRow() >= 0:
            self.spanClicked.emit(self.currentRow())
