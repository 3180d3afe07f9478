"""Bugs a first-time reviewer hit (issue 12, part B): each test failed before its fix."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from masketeer_gui.ui.note_list_model import COL_RISK
from tests.ui.helpers import LONG, open_project, press

pytestmark = pytest.mark.gui
K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def test_risk_is_assessed_after_a_run_in_the_window(qtbot, window, fresh_project):
    """B.1: the Risk column fills after Ctrl+R, not only after reopening the project."""
    with qtbot.waitSignal(window.riskAssessed, timeout=LONG):
        open_project(qtbot, window, fresh_project)
    assert not window.risk.final  # nothing analysed yet, nothing assessed
    with qtbot.waitSignal(window.runFinished, timeout=LONG):
        press(qtbot, window, K.Key_R, CTRL)
    with qtbot.waitSignal(window.riskAssessed, timeout=30_000) as blocker:
        pass
    assert blocker.args[0] == 600
    risks = [window.model.index(r, COL_RISK).data() for r in range(window.model.rowCount())]
    assert all(risks) and any(str(r).startswith(("high", "medium")) for r in risks)
