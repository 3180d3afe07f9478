"""A review action added through the action table: "needs a second opinion" (O) on the note in view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from masketeer_gui.ui.note_list_model import ROW_ROLE
from masketeer_gui.ui.project_api import ReviewStatus
from tests.ui.helpers import open_project, press, select_note

pytestmark = pytest.mark.gui


def test_second_opinion_is_a_key_a_filter_a_context_entry_and_undoable(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    note_id = select_note(window, window.model.rows()[3].external_id)
    press(qtbot, window, Qt.Key.Key_O)
    assert window.current.review is ReviewStatus.SECOND_OPINION
    assert window.project.note(note_id).review is ReviewStatus.SECOND_OPINION  # saved at once
    window.filter.setCurrentText("Second opinion")
    assert window.proxy.rowCount() == 1 and window.proxy.index(0, 0).data(ROW_ROLE).id == note_id
    assert window.act_second_opinion in window.context_menu.actions()
    assert "Needs a second opinion" in window.actions_.shortcuts_html()
    window.undo_stack.undo()
    assert window.project.note(note_id).review is ReviewStatus.OPEN
