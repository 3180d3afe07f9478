"""The note list model and its filter proxy: Qt's model rules, sorting, filtering, streamed updates,
and a 35k-row table repainted hundreds of times (the PySide6 6.12 ``none_dealloc`` guard)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QTableView

from masketeer_gui.engine.span import Entity
from masketeer_gui.ui.note_list_model import (
    COL_FIRST_ENTITY,
    COL_ID,
    COL_LENGTH,
    COL_SPANS,
    COL_STATUS,
    HEADERS,
    ROW_ROLE,
    NoteFilterProxy,
    NoteListModel,
)
from masketeer_gui.ui.project_api import ENTITY_ORDER, ReviewStatus
from tests.ui.rows import make_rows

pytestmark = pytest.mark.gui


def test_model_passes_qt_model_tester(qtmodeltester):
    model = NoteListModel(make_rows(60))
    qtmodeltester.check(model, force_py=True)
    model.sort(COL_LENGTH, Qt.SortOrder.DescendingOrder)
    model.update_rows([replace(model.row_at(3), spans=42)])
    model.reset_rows(make_rows(20, seed=3))


def test_proxy_passes_qt_model_tester_while_filtering_and_sorting(qtmodeltester):
    model = NoteListModel(make_rows(40))
    proxy = NoteFilterProxy()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy, force_py=True)
    proxy.set_mode("Flagged")
    proxy.sort(COL_LENGTH, Qt.SortOrder.DescendingOrder)
    proxy.set_search("P00")
    qtmodeltester.check(proxy, force_py=True)


def test_custom_role_hands_back_the_row_object():
    rows = make_rows(5)
    model = NoteListModel(rows)
    assert model.index(3, 0).data(ROW_ROLE) is rows[3]


def test_cells_show_counts_per_entity_and_status():
    row = replace(make_rows(1)[0], counts={Entity.PAT: 2}, spans=2, review=ReviewStatus.REVIEWED)
    model = NoteListModel([row])
    pat = COL_FIRST_ENTITY + ENTITY_ORDER.index(Entity.PAT)
    assert model.index(0, pat).data() == 2
    assert model.index(0, COL_FIRST_ENTITY + ENTITY_ORDER.index(Entity.HCP)).data() == ""
    assert model.index(0, COL_STATUS).data() == "reviewed"
    assert model.index(0, COL_SPANS).data() == 2
    assert model.headerData(pat, Qt.Orientation.Horizontal) == "PAT"
    assert "Patient" in model.headerData(pat, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)


@pytest.mark.parametrize("column", [COL_ID, COL_LENGTH, COL_SPANS, COL_STATUS, COL_FIRST_ENTITY + 1])
def test_sorting_orders_rows_and_keeps_persistent_indexes(column):
    model = NoteListModel(make_rows(400))
    index = model.index(17, 0)
    from PySide6.QtCore import QPersistentModelIndex

    keep = QPersistentModelIndex(index)
    note = index.data(ROW_ROLE)
    model.sort(column, Qt.SortOrder.DescendingOrder)
    values = [model.index(r, 0).data(ROW_ROLE) for r in range(model.rowCount())]
    keys = [_key(v, column) for v in values]
    assert keys == sorted(keys, reverse=True)
    assert keep.data(ROW_ROLE) is note  # the selection follows its note


def _key(row, column):
    if column == COL_ID:
        return (len(row.external_id), row.external_id)
    if column == COL_LENGTH:
        return row.length
    if column == COL_SPANS:
        return row.spans
    if column == COL_STATUS:
        return row.review.value
    return row.counts.get(ENTITY_ORDER[column - COL_FIRST_ENTITY], 0)


@pytest.mark.parametrize(
    ("mode", "accepts"),
    [
        ("All notes", lambda r: True),
        ("Flagged", lambda r: r.flagged > 0),
        ("Open", lambda r: r.review is ReviewStatus.OPEN),
        ("Open & flagged", lambda r: r.flagged > 0 and r.review is ReviewStatus.OPEN),
        ("Reviewed", lambda r: r.review is ReviewStatus.REVIEWED),
        ("With spans", lambda r: r.spans > 0),
        ("Without spans", lambda r: r.spans == 0),
    ],
)
def test_filter_modes(mode, accepts):
    rows = make_rows(500)
    model = NoteListModel(rows)
    proxy = NoteFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_mode(mode)
    shown = [proxy.index(r, 0).data(ROW_ROLE).id for r in range(proxy.rowCount())]
    assert shown == [r.id for r in rows if accepts(r)]


def test_search_matches_note_or_patient_id_case_insensitively():
    rows = make_rows(300)
    proxy = NoteFilterProxy()
    proxy.setSourceModel(NoteListModel(rows))
    proxy.set_search("n00012")
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == [f"N{i:06d}" for i in range(120, 130)]
    proxy.set_search(rows[5].patient_id.lower())
    assert proxy.rowCount() == sum(1 for r in rows if r.patient_id == rows[5].patient_id)
    proxy.set_search("")
    assert proxy.rowCount() == 300


def test_update_rows_signals_only_changed_blocks(qtbot):
    rows = make_rows(50)
    model = NoteListModel(rows)
    changed = [replace(rows[i], spans=99) for i in (3, 4, 5, 20)] + [rows[30]]  # 30 is unchanged
    seen: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda a, b, _roles=(): seen.append((a.row(), b.row())))
    model.update_rows(changed)
    assert seen == [(3, 5), (20, 20)]
    assert model.index(4, COL_SPANS).data() == 99


def test_proxy_sort_is_delegated_to_the_source():
    model = NoteListModel(make_rows(100))
    proxy = NoteFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(COL_LENGTH, Qt.SortOrder.AscendingOrder)
    lengths = [proxy.index(r, COL_LENGTH).data() for r in range(proxy.rowCount())]
    assert lengths == sorted(lengths)
    assert model.index(0, COL_LENGTH).data() == lengths[0]


def test_invalid_index_and_headers_are_safe():
    model = NoteListModel(make_rows(3))
    assert model.data(QModelIndex()) is None
    assert model.headerData(len(HEADERS), Qt.Orientation.Horizontal) is None
    assert model.headerData(0, Qt.Orientation.Vertical) is None
    assert model.rowCount(model.index(0, 0)) == 0


def test_35k_rows_repaint_many_times(qtbot):
    """Hundreds of full repaints of a 35k-row table: on PySide6 6.12 this dies with none_dealloc."""
    model = NoteListModel(make_rows(35_579))
    proxy = NoteFilterProxy()
    proxy.setSourceModel(model)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(proxy)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    bar = view.verticalScrollBar()
    for i in range(300):
        bar.setValue((i * 997) % max(bar.maximum(), 1))
        view.viewport().repaint()
    proxy.set_mode("Flagged")
    proxy.sort(COL_SPANS, Qt.SortOrder.DescendingOrder)
    for _ in range(50):
        view.viewport().repaint()
    assert proxy.rowCount() == sum(1 for r in model.rows() if r.flagged)
