"""A thin read-only table model over a list of plain rows (metrics rows, agreement pairs, disagreements,
changes between runs): each column is a header and a function of the row; ``ROW_ROLE`` gives the row.
``table_view`` is the read-only table the evaluator's pages show them in."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

ROW_ROLE = Qt.ItemDataRole.UserRole + 1
T = TypeVar("T")
Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True, slots=True)
class Column(Generic[T]):
    """A column: its header, the cell text of a row, right-aligned (numbers) or not, and a tooltip."""

    header: str
    text: Callable[[T], str]
    numeric: bool = False
    tip: str = ""


class RowsModel(QAbstractTableModel, Generic[T]):
    """Rows of one kind shown through ``columns``; ``set_rows`` replaces them all."""

    def __init__(self, columns: Sequence[Column[T]], parent: Any = None) -> None:
        super().__init__(parent)
        self.columns = list(columns)
        self._rows: list[T] = []

    def set_rows(self, rows: Sequence[T]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def set_columns(self, columns: Sequence[Column[T]]) -> None:
        self.beginResetModel()
        self.columns = list(columns)
        self.endResetModel()

    def rows(self) -> list[T]:
        return list(self._rows)

    def row(self, index: int) -> T | None:
        return self._rows[index] if 0 <= index < len(self._rows) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].header
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.columns[section].tip or None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows) or not 0 <= index.column() < len(self.columns):
            return None
        row, column = self._rows[index.row()], self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(row)
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def cell(self, row: int, column: int) -> str:
        """The text shown in one cell (for tests and screenshots)."""
        return str(self.data(self.index(row, column)))


def table_view(model: RowsModel[Any], name: str, stretch: int = -1) -> QTableView:
    """A read-only table of whole rows; column ``stretch`` (-1: the last) takes the spare width."""
    view = QTableView()
    view.setObjectName(name)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 6)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    if stretch < 0:
        header.setStretchLastSection(True)
    else:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return view
