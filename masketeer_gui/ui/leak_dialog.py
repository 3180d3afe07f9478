"""The leak-check result: notes where a form of a masked or listed name survived (ids and counts only);
double-click (or Enter) opens the note in the review tab."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from masketeer_gui.ui.risk_jobs import LeakRow
from masketeer_gui.ui.workspace import Workspace
from masketeer_gui.vocabulary import counted

HEADERS = ("Note", "Patient", "Leaks", "Found via")
ID_ROLE = Qt.ItemDataRole.UserRole + 1


class LeakDialog(QDialog):
    """A table of affected notes; activating a row selects that note in the window."""

    def __init__(self, ws: Workspace) -> None:
        super().__init__(ws.widget)
        self.ws = ws
        self.setWindowTitle("Partial leaks")
        self.resize(520, 420)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setObjectName("leakTable")
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.itemActivated.connect(self.open_item)
        self.table.itemDoubleClicked.connect(self.open_item)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)

    def show_rows(self, rows: Sequence[LeakRow]) -> None:
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            cells = (row.external_id, row.patient_id, str(row.leaks), ", ".join(row.sources))
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(ID_ROLE, row.note_id)
                if c == 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        total = sum(row.leaks for row in rows)
        self.summary.setText(
            f"{counted(len(rows), 'note')} with {counted(total, 'surviving name form')} "
            "(a form of a name masked in the note, in "
            "another note of the patient, or on the name lists). Double-click a note to open it."
            if rows
            else "No partial leaks found."
        )

    def note_at(self, row: int) -> int | None:
        item = self.table.item(row, 0)
        return item.data(ID_ROLE) if item is not None else None

    def open_item(self, item: QTableWidgetItem) -> None:
        note_id = item.data(ID_ROLE)
        self.ws.noteRequested.emit(int(note_id))
