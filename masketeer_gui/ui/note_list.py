"""The note list pane: search field, filter, the sortable table of notes, and moving through it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from masketeer_gui.ui.note_list_model import (
    ALL_NOTES,
    COL_ID,
    COL_RISK,
    HEADERS,
    QUEUE,
    ROW_ROLE,
    NoteFilterProxy,
    NoteListModel,
)
from masketeer_gui.ui.project_api import NoteRow

SEARCH_DELAY_MS = 150


class NoteListPane(QWidget):
    """The list of notes; ``currentNoteChanged(id or -1)`` when the selected note changes."""

    currentNoteChanged = Signal(int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
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
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        filters = QHBoxLayout()
        filters.addWidget(self.search, 1)
        filters.addWidget(self.filter)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)

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

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        row = current.data(ROW_ROLE) if current.isValid() else None
        self.currentNoteChanged.emit(row.id if isinstance(row, NoteRow) else -1)

    # --- moving --------------------------------------------------------------------------------
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

    def select_note(self, note_id: int, show_all: bool = False) -> bool:
        """Select ``note_id``; ``show_all``: switch to "All notes" if the filter hides it."""
        source_row = self.model.row_of(note_id)
        if source_row < 0:
            return False
        proxy_index = self.proxy.mapFromSource(self.model.index(source_row, 0))
        if not proxy_index.isValid() and show_all:
            self.show_all()
            proxy_index = self.proxy.mapFromSource(self.model.index(source_row, 0))
        if not proxy_index.isValid():
            return False
        self.select_proxy_row(proxy_index.row())
        return True

    def show_all(self) -> None:
        """No filter and no search: every note shows."""
        self.search.clear()
        self.proxy.set_search("")
        self.filter.setCurrentText(ALL_NOTES)

    def step_note(self, delta: int) -> None:
        current = self.table.currentIndex()
        row = current.row() + delta if current.isValid() else 0
        self.select_proxy_row(max(0, min(row, self.proxy.rowCount() - 1)))

    def queue(self) -> None:
        """The clinicians' queue: open notes that are flagged or at risk, the riskiest (then most flagged) first."""
        self.filter.setCurrentText(QUEUE)
        self.table.sortByColumn(COL_RISK, Qt.SortOrder.DescendingOrder)
        self.select_proxy_row(0)

    def next_flagged(self) -> bool:
        """The next open note with flagged spans after the current one (wrapping); False if none is left."""
        count = self.proxy.rowCount()
        start = self.table.currentIndex().row()
        for step in range(1, count + 1):
            row = (start + step) % count
            note = self.proxy.index(row, 0).data(ROW_ROLE)
            if self.proxy.in_queue(note):
                self.select_proxy_row(row)
                return True
        return False
