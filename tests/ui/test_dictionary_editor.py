"""The curator's dictionary editor on the demo project: browse, search, provenance, near duplicates,
notes affected, add / edit / remove with preview and undo, export and import."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from masketeer_gui.engine.span import Entity
from masketeer_gui.ui.near_duplicates import near_duplicates, similar_terms
from masketeer_gui.ui.project_api import Scope, TermKind, TermRow
from masketeer_gui.ui.term_model import TERM_ROLE, TermFilterProxy, TermTableModel
from tests.ui.helpers import LONG, open_project, press

pytestmark = pytest.mark.gui


def _row(i: int, term: str, kind: TermKind = TermKind.PATIENT) -> TermRow:
    return TermRow(
        i, kind, term, None, Scope.CORPUS, "", "curator", datetime(2024, 1, i % 28 + 1, tzinfo=UTC), "", None
    )


def test_term_model_passes_qt_model_tester(qtmodeltester):
    model = TermTableModel([_row(i, f"Name{i}") for i in range(1, 30)])
    qtmodeltester.check(model, force_py=True)
    proxy = TermFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_filter("name1", None)
    qtmodeltester.check(proxy, force_py=True)
    assert proxy.rowCount() == 11  # Name1, Name10..Name19


def test_filter_by_list_and_umlaut_insensitive_text():
    rows = [_row(1, "Müller"), _row(2, "Mueller", TermKind.WHITELIST), _row(3, "Maier")]
    proxy = TermFilterProxy()
    proxy.setSourceModel(TermTableModel(rows))
    proxy.set_filter("MUELLER", None)
    assert proxy.rowCount() == 2
    proxy.set_filter("müller", TermKind.WHITELIST)
    assert [proxy.index(r, 0).data(TERM_ROLE).id for r in range(proxy.rowCount())] == [2]


@pytest.mark.parametrize(("term", "similar"), [("Hofmann", ["Hoffmann"]), ("Gstrein", ["Gstrain"]), ("Egger", [])])
def test_near_duplicate_hints(term, similar):
    rows = [_row(1, "Hoffmann"), _row(2, "Gstrain"), _row(3, "Schmid"), _row(4, term)]
    assert [r.term for r, _ in near_duplicates(rows[3], rows)] == similar
    assert similar_terms("", rows) == []


def _editor(qtbot, window):
    press(qtbot, window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    editor = window.projects.dictionary
    qtbot.waitUntil(editor.isVisible)
    return editor


def test_browse_search_provenance_and_notes(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    editor = _editor(qtbot, window)
    terms = window.project.terms()
    assert editor.proxy.rowCount() == len(terms) > 20
    editor.kind.setCurrentIndex(editor.kind.findData(TermKind.HCP.value))
    assert 0 < editor.proxy.rowCount() < len(terms)
    hcp = editor.proxy.index(0, 0).data(TERM_ROLE)
    surname = hcp.term.split()[-1]
    editor.search.setText(surname.upper())
    assert editor.select_term(hcp.term)
    assert "Added by" in editor.details.text() and "demo name lists" in editor.details.text()
    note_ids = [editor.notes.item(i).text() for i in range(editor.notes.count())]
    assert note_ids, "a listed HCP name appears in some demo note"
    with qtbot.waitSignal(window.noteShown):
        editor.notes.itemDoubleClicked.emit(editor.notes.item(0))
    assert window.current.external_id == note_ids[0]


def test_add_edit_remove_with_preview_and_undo(qtbot, window, demo_project, tmp_path):
    open_project(qtbot, window, demo_project)
    editor = _editor(qtbot, window)
    count = len(window.project.terms())
    with qtbot.waitSignal(window.review.previewShown, timeout=LONG):
        editor.buttons["Add"].click()
        dialog = window.review.term_dialog
        dialog.kind.setCurrentIndex(1)  # blacklist
        dialog.term.setText("Lasix")
        dialog.entity.setCurrentIndex(dialog.entity.findData(Entity.SIT.value))
    assert dialog.preview is not None and dialog.apply_button.isEnabled()
    with qtbot.waitSignal(window.jobFinished, timeout=LONG):
        dialog.apply_button.click()
    qtbot.waitUntil(lambda: editor.model.rowCount() == count + 1)
    editor.search.setText("lasix")
    assert editor.select_term("Lasix")
    added = editor.selected()
    assert added.kind is TermKind.BLACKLIST and added.entity is Entity.SIT

    with qtbot.waitSignal(window.review.previewShown, timeout=LONG):  # edit: blacklist -> whitelist
        editor.buttons["Edit"].click()
        dialog = window.review.term_dialog
        dialog.kind.setCurrentIndex(0)
    with qtbot.waitSignal(window.jobFinished, timeout=LONG):
        dialog.apply_button.click()
    assert editor.select_term("Lasix") and editor.selected().kind is TermKind.WHITELIST

    editor.buttons["Remove"].click()
    qtbot.waitUntil(lambda: editor.confirm_box is not None and editor.confirm_box.isVisible(), timeout=LONG)
    assert "Remove “Lasix”" in editor.confirm_box.text() and "No result changes" in editor.confirm_box.text()
    with qtbot.waitSignal(window.undo_stack.indexChanged, timeout=LONG):  # nothing to re-run: no job
        editor.confirm_box.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: editor.model.rowCount() == count)

    with qtbot.waitSignal(window.undo_stack.indexChanged, timeout=LONG):
        window.undo_stack.undo()  # the removal comes back
    assert any(t.term == "Lasix" for t in window.project.terms())


def test_export_then_import_into_another_project(qtbot, window, demo_project, fresh_project, tmp_path):
    open_project(qtbot, window, demo_project)
    editor = _editor(qtbot, window)
    target = tmp_path / "terms.json"
    exported = editor.export_path(target)
    assert exported == len(window.project.terms())
    assert json.loads(target.read_text(encoding="utf-8"))["terms"]
    editor.close()
    window.set_project(None)
    open_project(qtbot, window, fresh_project)
    editor = _editor(qtbot, window)
    before = editor.model.rowCount()
    assert editor.import_path(target) == 0 or editor.model.rowCount() >= before  # same demo lists: no duplicates
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    editor.import_path(bad)
    assert window.last_error and "bad.json" in window.last_error
