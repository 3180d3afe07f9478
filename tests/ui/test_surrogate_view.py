"""The surrogate view (F7): realistic surrogates instead of tags in the pseudonymized pane, keyed by
the project's pseudonym key (as ``deidentify --mode surrogates``), remembered in QSettings."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from masketeer_gui.engine.render_surrogates import render_surrogates
from masketeer_gui.engine.span import NAME_ENTITIES, Entity
from masketeer_gui.engine.surrogates import SurrogateIssuer
from masketeer_gui.ui.surrogate_view import SETTING
from tests.ui.helpers import open_project, press

pytestmark = pytest.mark.gui
K = Qt.Key


def _note_with_names(window) -> int:
    """A note with at least two name spans whose names the tag view hides completely."""
    for row in window.model.rows():
        note = window.project.note(row.id)
        names = [note.text[s.start : s.end] for s in note.spans if s.entity in NAME_ENTITIES]
        pseudo = window.note_view.pseudo
        if len(names) >= 2 and window.select_note(row.id) and not any(n in pseudo.toPlainText() for n in names):
            return row.id
    raise AssertionError("no note with two hidden names in the demo corpus")


def test_f7_shows_surrogates_without_tags_or_original_names(qtbot, window, demo_project, settings):
    open_project(qtbot, window, demo_project)
    note_id = _note_with_names(window)
    note = window.current
    assert "[PAT-" in window.note_view.pseudo.toPlainText() or "[HCP-" in window.note_view.pseudo.toPlainText()
    press(qtbot, window, K.Key_F7)
    assert window.act_surrogates.isChecked() and settings.value(SETTING) in (True, "true")
    shown = window.note_view.pseudo.toPlainText()
    assert not any(f"[{e}-" in shown for e in Entity)
    assert not any(note.text[s.start : s.end] in shown for s in note.spans if s.entity in NAME_ENTITIES)
    parts = window.project.engine_parts()
    issuer = SurrogateIssuer.for_lexicon(parts.key, parts.lexicon, parts.names)  # what deidentify would write
    assert shown == render_surrogates(note.text, note.spans, issuer, note.patient_id)
    window.note_view.step(+1)
    assert "Surrogate “" in window.note_view.explain.text()
    window.select_proxy_row(0)
    assert window.select_note(note_id)
    assert window.note_view.pseudo.toPlainText() == shown  # stable
    press(qtbot, window, K.Key_F7)
    assert not window.act_surrogates.isChecked() and "[" in window.note_view.pseudo.toPlainText()


def test_surrogate_choice_survives_a_new_window(qtbot, window, demo_project, settings):
    from masketeer_gui.ui.main_window import MainWindow

    open_project(qtbot, window, demo_project)
    window.act_surrogates.setChecked(True)
    again = MainWindow(settings)
    qtbot.addWidget(again)
    try:
        assert again.act_surrogates.isChecked() and again.note_view.replacements is not None
    finally:
        again.shutdown()
