"""The dictionary editor's table: a thin model over ``TermRow``s and a proxy filtering by list and text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

from masketeer_gui.engine.normalize import fold_phrase
from masketeer_gui.ui.project_api import TermKind, TermRow

TERM_ROLE = Qt.ItemDataRole.UserRole + 1
TERM_HEADERS = ("Term", "List", "Type", "Scope", "Added by", "Added", "Why")
Index = QModelIndex | QPersistentModelIndex


def _cell(row: TermRow, column: int) -> str:
    scope = row.scope.value if not row.scope_value else f"{row.scope.value} {row.scope_value}"
    values = (
        row.term,
        row.kind.value,
        row.entity.value if row.entity else "",
        scope,
        row.who,
        row.created_at.strftime("%Y-%m-%d %H:%M"),
        row.why,
    )
    return values[column]


class TermTableModel(QAbstractTableModel):
    """Curated terms; ``TERM_ROLE`` hands back the ``TermRow``."""

    def __init__(self, rows: Sequence[TermRow] = (), parent: Any = None) -> None:
        super().__init__(parent)
        self._rows = list(rows)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(TERM_HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return _cell(row, index.column())
        if role == TERM_ROLE:
            return row
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return TERM_HEADERS[section] if 0 <= section < len(TERM_HEADERS) else None
        return None

    def set_rows(self, rows: Sequence[TermRow]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rows(self) -> list[TermRow]:
        return list(self._rows)


class TermFilterProxy(QSortFilterProxyModel):
    """Shows the terms of one list (or all) whose text contains the search (case/umlaut-insensitive)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._needle = ""
        self._kind: TermKind | None = None
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def set_filter(self, needle: str, kind: TermKind | None) -> None:
        self.beginFilterChange()
        self._needle, self._kind = fold_phrase(needle.strip()) if needle.strip() else "", kind
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        row = model.index(source_row, 0, source_parent).data(TERM_ROLE)
        if not isinstance(row, TermRow):
            return True
        if self._kind is not None and row.kind is not self._kind:
            return False
        return not self._needle or self._needle in fold_phrase(row.term)
