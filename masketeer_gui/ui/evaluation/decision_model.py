"""The sample's notes as a thin table model: position, note, stratum, spans judged, missed added, status.

It adapts a ``SampleState`` (napari's thin-model idea): rows are the sample's notes in drawn order,
``NOTE_ROLE`` hands back the note id; ``note_changed`` repaints one row after a mark.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from masketeer_gui.ui.evaluation.state import NoteStatus, SampleState

NOTE_ROLE = Qt.ItemDataRole.UserRole + 1
HEADERS = ("#", "Note", "Stratum", "Judged", "Missed", "Status")
COL_POSITION, COL_NOTE, COL_STRATUM, COL_JUDGED, COL_MISSED, COL_STATUS = range(len(HEADERS))
DONE_HEX = "#117733"  # Tol green: done
Index = QModelIndex | QPersistentModelIndex


class DecisionModel(QAbstractTableModel):
    """One row per sample note, with the current evaluator's progress on it."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.state: SampleState | None = None
        self._ids: list[int] = []

    def set_state(self, state: SampleState | None) -> None:
        self.beginResetModel()
        self.state = state
        self._ids = [n.note_id for n in state.notes] if state else []
        self.endResetModel()

    def note_changed(self, note_id: int) -> None:
        row = self.row_of(note_id)
        if row >= 0:
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))

    def row_of(self, note_id: int) -> int:
        try:
            return self._ids.index(note_id)
        except ValueError:
            return -1

    def note_id(self, row: int) -> int | None:
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section] if 0 <= section < len(HEADERS) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self.state is None or not 0 <= index.row() < len(self._ids):
            return None
        note_id = self._ids[index.row()]
        if role == NOTE_ROLE:
            return note_id
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(note_id, index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (COL_POSITION, COL_JUDGED, COL_MISSED):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == COL_STATUS:
            return QBrush(QColor(DONE_HEX)) if self.state.status(note_id) is NoteStatus.DONE else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(note_id)
        return None

    def _display(self, note_id: int, column: int) -> str | None:
        assert self.state is not None
        note = self.state.note(note_id)
        if column == COL_POSITION:
            return str(note.position + 1)
        if column == COL_NOTE:
            return note.external_id
        if column == COL_STRATUM:
            return note.stratum
        if column == COL_JUDGED:
            judged, total = self.state.progress(note_id)
            return f"{judged}/{total}"
        if column == COL_MISSED:
            return str(len(self.state.missed(note_id)))
        if column == COL_STATUS:
            return _status_text(self.state, note_id)
        return None

    def _tooltip(self, note_id: int) -> str:
        assert self.state is not None
        judged, total = self.state.progress(note_id)
        return f"{judged} of {total} spans judged · {len(self.state.missed(note_id))} missed added"


def _status_text(state: SampleState, note_id: int) -> str:
    status = state.status(note_id)
    if status is NoteStatus.DONE:
        return "TN, done" if state.true_negative(note_id) else "done"
    return str(status)
