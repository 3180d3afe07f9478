"""The note list: a thin table model over plain ``NoteRow``s, and the proxy that filters it.

Sorting happens in the source model on the Python list (one ``list.sort`` with a key), not in
``QSortFilterProxyModel.lessThan``: 35k rows would mean a million Python calls per click.
The proxy only filters, and forwards sort requests to the source.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

from masketeer_gui.engine.risk import RiskAssessment
from masketeer_gui.engine.span import ENTITY_NAMES
from masketeer_gui.ui.project_api import ENTITY_ORDER, NoteRow, ReviewStatus

ROW_ROLE = Qt.ItemDataRole.UserRole + 1
# what a reviewer decides by comes first (flags, status), the entity counts after
_FIXED = ("Note", "Flags", "Status", "Patient", "Length", "Spans")
HEADERS = (*_FIXED, *(str(e) for e in ENTITY_ORDER), "Risk")
COL_ID, COL_FLAGS, COL_STATUS, COL_PATIENT, COL_LENGTH, COL_SPANS = range(len(_FIXED))
COL_FIRST_ENTITY = len(_FIXED)
COL_LAST_ENTITY = COL_FIRST_ENTITY + len(ENTITY_ORDER) - 1
COL_RISK = len(HEADERS) - 1  # residual re-identification risk (engine.risk), filled in by risk_ctl
_NUMERIC = frozenset((COL_FLAGS, COL_LENGTH, COL_SPANS, *range(COL_FIRST_ENTITY, COL_RISK)))
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
Index = QModelIndex | QPersistentModelIndex


def _cell(row: NoteRow, column: int) -> Any:
    if column == COL_ID:
        return row.external_id
    if column == COL_PATIENT:
        return row.patient_id or ""
    if column == COL_LENGTH:
        return row.length
    if column == COL_SPANS:
        return row.spans if row.analyzed else ""
    if column == COL_FLAGS:
        return row.flagged or ""
    if column == COL_STATUS:
        return row.review.value
    return row.counts.get(ENTITY_ORDER[column - COL_FIRST_ENTITY], 0) or ""


def sort_key(column: int) -> Callable[[NoteRow], Any]:
    """The Python sort key of a column (numbers as numbers, ids naturally)."""
    if column == COL_ID:
        return lambda r: (len(r.external_id), r.external_id)
    if column == COL_PATIENT:
        return lambda r: r.patient_id or ""
    if column == COL_STATUS:
        return lambda r: r.review.value
    if column == COL_SPANS:
        return lambda r: r.spans
    if column == COL_FLAGS:
        return lambda r: r.flagged
    if column == COL_LENGTH:
        return lambda r: r.length
    entity = ENTITY_ORDER[column - COL_FIRST_ENTITY]
    return lambda r: r.counts.get(entity, 0)


class NoteListModel(QAbstractTableModel):
    """Rows of the project's notes; ``ROW_ROLE`` hands back the ``NoteRow`` itself."""

    def __init__(self, rows: Sequence[NoteRow] = (), parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[NoteRow] = list(rows)
        self._where: dict[int, int] = {}
        self._risk: dict[int, RiskAssessment] = {}
        self._reindex()

    def _reindex(self) -> None:
        self._where = {row.id: i for i, row in enumerate(self._rows)}

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        if index.column() == COL_RISK:
            return self._risk_data(row, role)
        if role == Qt.ItemDataRole.DisplayRole:
            return _cell(row, index.column())
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in _NUMERIC:
            return int(_RIGHT.value)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole and section == COL_RISK:
            return "Residual re-identification risk of the note (level and score; sort: highest first)"
        if role == Qt.ItemDataRole.ToolTipRole and COL_FIRST_ENTITY <= section <= COL_LAST_ENTITY:
            return f"{ENTITY_NAMES[ENTITY_ORDER[section - COL_FIRST_ENTITY]]}: spans per note"
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(HEADERS):
            return
        self.layoutAboutToBeChanged.emit()
        old_keys = [r.id for r in self._rows]
        key = self._risk_key if column == COL_RISK else sort_key(column)
        self._rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        self._reindex()
        old = self.persistentIndexList()
        new = [self.index(self._where[old_keys[i.row()]], i.column()) for i in old]
        self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()

    # --- residual risk ---------------------------------------------------------------------------
    def _risk_data(self, row: NoteRow, role: int) -> Any:
        risk = self._risk.get(row.id)
        if risk is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{risk.level} {risk.score:.1f}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return ", ".join(risk.reasons) or "nothing identifying left"
        return None

    def _risk_key(self, row: NoteRow) -> tuple[float, int]:
        """Risk score first (unknown: below every score), then flagged spans."""
        risk = self._risk.get(row.id)
        return (risk.score if risk is not None else -1.0, row.flagged)

    def risk_of(self, note_id: int) -> RiskAssessment | None:
        return self._risk.get(note_id)

    def set_risks(self, risks: dict[int, RiskAssessment]) -> None:
        """New risk assessments (all notes, or some merged in); repaints the risk column."""
        self._risk = risks
        if self._rows:
            self.dataChanged.emit(self.index(0, COL_RISK), self.index(len(self._rows) - 1, COL_RISK))

    # --- domain access -------------------------------------------------------------------------
    def rows(self) -> list[NoteRow]:
        return list(self._rows)

    def row_at(self, row: int) -> NoteRow:
        return self._rows[row]

    def row_of(self, note_id: int) -> int:
        """The model row of a note id, or -1."""
        return self._where.get(note_id, -1)

    def reset_rows(self, rows: Iterable[NoteRow]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self._reindex()
        self.endResetModel()

    def update_rows(self, rows: Iterable[NoteRow]) -> None:
        """Replace known rows by id (streamed run results); one signal per contiguous block."""
        changed: list[int] = []
        for new in rows:
            i = self._where.get(new.id)
            if i is not None and self._rows[i] != new:
                self._rows[i] = new
                changed.append(i)
        last = self.columnCount() - 1
        for first, end in _blocks(sorted(changed)):
            self.dataChanged.emit(self.index(first, 0), self.index(end, last))


def _blocks(sorted_rows: list[int]) -> list[tuple[int, int]]:
    blocks: list[tuple[int, int]] = []
    for r in sorted_rows:
        if blocks and blocks[-1][1] == r - 1:
            blocks[-1] = (blocks[-1][0], r)
        else:
            blocks.append((r, r))
    return blocks


ALL_NOTES = "All notes"
QUEUE = "Review queue (open, flagged or at risk)"
_MODES: dict[str, Callable[[NoteRow], bool]] = {
    ALL_NOTES: lambda r: True,
    "Flagged": lambda r: r.flagged > 0,
    "Open": lambda r: r.review is ReviewStatus.OPEN,
    "Open & flagged": lambda r: r.flagged > 0 and r.review is ReviewStatus.OPEN,
    QUEUE: lambda r: r.review is ReviewStatus.OPEN and r.flagged > 0,  # or at risk: see NoteFilterProxy
    "Reviewed": lambda r: r.review is ReviewStatus.REVIEWED,
    **{  # every further status of the vocabulary gets its filter
        status.value.capitalize(): (lambda r, s=status: r.review is s)  # type: ignore[misc]
        for status in ReviewStatus
        if status not in (ReviewStatus.OPEN, ReviewStatus.REVIEWED)
    },
    "With spans": lambda r: r.spans > 0,
    "Without spans": lambda r: r.analyzed and r.spans == 0,
}


class NoteFilterProxy(QSortFilterProxyModel):
    """Filters the note list by search text, review status and flags; sorting is the source's.

    ``filterAcceptsRow`` runs once per row (35k Python calls per filter change), so it does as
    little as it can: one list look-up and one precompiled predicate.
    """

    FILTERS = tuple(_MODES)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._needle = ""
        self._mode = "All notes"
        self._rows: Callable[[int], NoteRow] | None = None
        self._test: Callable[[NoteRow], bool] | None = None
        self.at_risk: Callable[[int], bool] = lambda _note_id: False  # set by the risk controller
        self.setDynamicSortFilter(True)

    def setSourceModel(self, model: Any) -> None:
        self._rows = model.row_at if isinstance(model, NoteListModel) else None
        super().setSourceModel(model)

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._needle = text.strip().casefold()
        self._compile()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_mode(self, mode: str) -> None:
        self.beginFilterChange()
        self._mode = mode if mode in _MODES else "All notes"
        self._compile()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def refresh_filter(self) -> None:
        """Filter again (the queue's risk levels changed)."""
        self.beginFilterChange()
        self._compile()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def in_queue(self, row: NoteRow) -> bool:
        """Open and either flagged or at medium/high residual risk."""
        return row.review is ReviewStatus.OPEN and (row.flagged > 0 or self.at_risk(row.id))

    def _compile(self) -> None:
        mode, needle = (self.in_queue if self._mode == QUEUE else _MODES[self._mode]), self._needle
        if not needle:
            self._test = None if self._mode == "All notes" else mode
            return
        self._test = lambda r: (
            (needle in r.external_id.casefold() or needle in (r.patient_id or "").casefold()) and mode(r)
        )

    def accepts(self, row: NoteRow) -> bool:
        """The filter on a plain row (also used by 'next flagged')."""
        return self._test is None or self._test(row)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if self._test is None or self._rows is None:
            return True
        return self._test(self._rows(source_row))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        model = self.sourceModel()
        if model is not None:
            model.sort(column, order)
