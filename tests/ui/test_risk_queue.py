"""Residual risk in the window (Risk column, reasons, summary), the risk-ranked review queue (Q),
and the partial-leak check (Ctrl+Shift+L) with a leak planted by rejecting a name span."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from masketeer_gui.engine.leak import name_forms
from masketeer_gui.engine.span import NAME_ENTITIES
from masketeer_gui.ui.note_list_model import COL_RISK, ROW_ROLE
from masketeer_gui.ui.project_api import ReviewStatus
from tests.ui.helpers import LONG, open_project, press, press_and_wait_job

pytestmark = pytest.mark.gui
K = Qt.Key
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _open_and_assess(qtbot, window, path) -> None:
    with qtbot.waitSignal(window.riskAssessed, timeout=LONG):
        open_project(qtbot, window, path)


def _shown(window) -> list:
    return [window.proxy.index(r, 0).data(ROW_ROLE) for r in range(window.proxy.rowCount())]


def test_risk_column_sorts_by_score(qtbot, window, demo_project):
    _open_and_assess(qtbot, window, demo_project)
    assert len(window.risk.final) == window.model.rowCount() == 600
    for order in (Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder):
        window.table.sortByColumn(COL_RISK, order)
        scores = [window.risk.final[r.id].score for r in _shown(window)]
        assert scores == sorted(scores, reverse=order == Qt.SortOrder.DescendingOrder)
    top = window.proxy.index(window.proxy.rowCount() - 1, COL_RISK).data()
    assert top.startswith("high ")
    assert "high" in window.risk.summary_label.text() and "low" in window.risk.summary_label.text()


def test_queue_starts_with_the_riskiest_note_and_reviewed_notes_leave(qtbot, window, demo_project):
    _open_and_assess(qtbot, window, demo_project)
    press(qtbot, window, K.Key_Q)
    shown = _shown(window)
    risk = window.risk.final
    assert shown and all(r.review is ReviewStatus.OPEN and (r.flagged or risk[r.id].level != "low") for r in shown)
    keys = [(risk[r.id].score, r.flagged) for r in shown]
    assert keys == sorted(keys, reverse=True)
    assert risk[shown[0].id].score == max(a.score for a in risk.values())
    assert window.current.id == shown[0].id
    assert "Residual re-identification risk: " in window.note_view.risk.text()
    assert risk[shown[0].id].reasons[0] in window.note_view.risk.text()
    press(qtbot, window, K.Key_D)  # reviewed: it leaves the queue and the next one comes up
    assert window.project.note_rows([shown[0].id])[0].review is ReviewStatus.REVIEWED
    assert window.proxy.rowCount() == len(shown) - 1
    qtbot.waitUntil(lambda: window.current is not None and window.current.id == shown[1].id)
    assert "(1 reviewed)" in window.risk.summary_label.text()
    press(qtbot, window, K.Key_N)  # next in the queue
    assert window.current.id == shown[2].id


def _plant_target(window) -> tuple[int, int]:
    """A note and the index of a name span whose every form another name span of the note covers."""
    for row in window.model.rows():
        note = window.project.note(row.id)
        names = [(k, s) for k, s in enumerate(note.spans) if s.entity in NAME_ENTITIES]
        for k, span in names:
            forms = name_forms(note.text, [{"start": span.start, "end": span.end, "entity": span.entity}])
            rest = [{"start": s.start, "end": s.end, "entity": s.entity} for j, s in names if j != k]
            if forms and forms <= name_forms(note.text, rest):
                return row.id, k
    raise AssertionError("no note for a planted leak")


def _leak_ids(qtbot, window) -> set[str]:
    with qtbot.waitSignal(window.leaksChecked, timeout=LONG) as blocker:
        press(qtbot, window, K.Key_L, CTRL_SHIFT)
    assert blocker.args[0] >= 0, window.last_error
    table = window.risk.leak_dialog.table
    return {table.item(r, 0).text() for r in range(table.rowCount())}


def test_rejecting_a_name_plants_a_leak_the_check_finds_and_risk_rises(qtbot, window, demo_project):
    _open_and_assess(qtbot, window, demo_project)
    note_id, k = _plant_target(window)
    before = window.risk.final[note_id]
    external = window.project.external_id(note_id)
    assert external not in _leak_ids(qtbot, window)
    window.risk.leak_dialog.close()
    assert window.select_note(note_id)
    window.note_view.set_current(k)
    with qtbot.waitSignal(window.riskAssessed, timeout=LONG):  # the re-run, then its risk
        press_and_wait_job(qtbot, window, K.Key_R)
    after = window.risk.final[note_id]
    assert after.score > before.score and "possible name left" in after.reasons
    found = _leak_ids(qtbot, window)
    assert external in found
    dialog = window.risk.leak_dialog
    row = next(r for r in range(dialog.table.rowCount()) if dialog.table.item(r, 0).text() == external)
    window.select_proxy_row(0)
    with qtbot.waitSignal(window.noteShown):
        dialog.open_item(dialog.table.item(row, 0))
    assert window.current.id == note_id
    dialog.close()


def test_no_thread_left_running(qtbot, window, demo_project):
    _open_and_assess(qtbot, window, demo_project)
    window.risk.assess()  # a corpus job in flight at shutdown
    window.shutdown()
    for host in (window.workers, window.previews, window.risk.host):
        assert not host._thread.isRunning()
