"""Bugs a first-time reviewer hit (issue 12, part B): each test failed before its fix."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from masketeer_gui.engine.span import Entity
from masketeer_gui.store import Project
from masketeer_gui.ui.evaluation.jobs import write_report
from masketeer_gui.ui.note_list_model import COL_RISK
from masketeer_gui.ui.project_api import Preview, TermKind
from masketeer_gui.ui.term_dialog import preview_text
from masketeer_gui.vocabulary import counted
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


def _boxes(window) -> list[QMessageBox]:
    return [b for b in window.findChildren(QMessageBox) if b.isVisible()]


def test_a_csv_without_the_columns_is_an_input_error_in_plain_words(qtbot, window, tmp_path):
    """B.3: no "A bug stopped this job" and no traceback for a file that lacks the id or text column."""
    open_project_path = tmp_path / "p.db"
    assert window.projects.open_path(open_project_path, create=True)
    source = tmp_path / "notes.csv"
    source.write_text("nr;befund\n1;Kontrolle bei Frau Zankl ohne Befund.\n", encoding="utf-8")
    with qtbot.waitSignal(window.jobFinished, timeout=LONG) as blocker:
        window.projects.import_path(source)
    assert blocker.args == ["Importing", False]
    assert "bug" not in window.last_error.lower() and "Traceback" not in window.last_error
    assert "cannot be read" in window.last_error and "missing column 'id'" in window.last_error
    (box,) = _boxes(window)
    assert "bug" not in box.text().lower()
    box.close()


def test_the_import_dialog_maps_columns_with_a_preview_and_runs_at_once(qtbot, window, tmp_path):
    """B.3 and B.4: map nr/befund/pat of a semicolon file, see the first rows, import into a new project,
    and the new notes are listed (on "All notes") and run."""
    assert window.projects.open_path(tmp_path / "old.db", create=True)
    window.filter.setCurrentText("Reviewed")  # the last project's filter must not hide the new notes
    assert window.projects.open_path(tmp_path / "new.db", create=True)
    assert window.filter.currentText() == "All notes"
    source = tmp_path / "befunde.csv"
    source.write_text(
        "nr;befund;pat\n"
        "a1;Visite bei Herrn Obermoser, Blutdruck stabil.;P7\n"
        "a2;Frau Luegmayr klagt über Kopfschmerzen.;P8\n",
        encoding="utf-8",
    )
    dialog = window.projects.ask_layout(source)
    assert dialog is not None
    assert dialog.preview.rowCount() == 2 and dialog.preview.columnCount() == 3
    assert dialog.preview.horizontalHeaderItem(1).text() == "befund"
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()  # no 'id', no 'text'
    dialog.id_col.setCurrentText("nr")
    dialog.text_col.setCurrentText("befund")
    dialog.patient_col.setCurrentText("pat")
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    with qtbot.waitSignal(window.runFinished, timeout=LONG) as blocker:
        dialog.accept()
    assert blocker.args == [2]
    rows = window.model.rows()
    assert [(r.external_id, r.patient_id) for r in rows] == [("a1", "P7"), ("a2", "P8")]
    assert window.proxy.rowCount() == 2 and all(r.analyzed for r in rows)


def test_undo_on_the_evaluation_tab_leaves_review_decisions_alone(qtbot, window, demo_project):
    """B.5: one undo history per tab; the review actions are off on the Evaluation tab."""
    open_project(qtbot, window, demo_project)
    row = next(r for r in window.model.rows() if r.spans >= 2)
    assert window.select_note(row.id)
    press(qtbot, window, K.Key_S)
    press(qtbot, window, K.Key_A)
    span = window.current.spans[0]
    assert (span.start, span.end) in window.current.accepted
    window.tabs.setCurrentWidget(window.evaluation)
    assert not window.act_accept.isEnabled() and not window.act_reject.isEnabled()
    assert not window.act_undo.isEnabled()  # nothing to undo among the marks
    window.act_undo.trigger()  # Ctrl+Z on the Evaluation tab
    assert (span.start, span.end) in window.project.note(row.id).accepted
    window.tabs.setCurrentIndex(0)
    assert window.act_accept.isEnabled() and window.act_undo.isEnabled()
    window.act_undo.trigger()
    assert (span.start, span.end) not in window.project.note(row.id).accepted


def test_the_preview_names_a_retype_a_retype():
    """B.6: two spans that only change type are "2 retyped", not "2 unmasked"."""
    preview = Preview(3, 2, 2, 2, (1, 2), masked=0, unmasked=0, retyped=2)
    text = preview_text(preview)
    assert "0 unmasked" in text and "2 retyped" in text and "0 spans masked" in text


def test_a_cancelled_run_says_so(qtbot, window, fresh_project):
    """B.7: not "Every note is up to date" after Ctrl+."""
    open_project(qtbot, window, fresh_project)
    with qtbot.waitSignal(window.runFinished, timeout=LONG):
        window.run_all()
        window.cancel_jobs()
    message = window.statusBar().currentMessage()
    assert message.startswith("Run cancelled") and "up to date" not in message


def test_the_empty_evaluation_tab_counts_no_notes(qtbot, window, demo_project):
    """B.7: no sample yet is not "0 of 1 notes done"."""
    open_project(qtbot, window, demo_project)
    window.tabs.setCurrentWidget(window.evaluation)
    text = window.evaluation.top.progress.text()
    assert "of 1" not in text and text == "No sample yet"


def test_a_report_of_an_unfinished_sample_is_marked_preliminary(demo_project, tmp_path):
    """B.7: the exported report says it is preliminary while the sample is not done."""
    with Project.open(demo_project) as project:
        sample = project.samples.draw(6, 5)
        target = write_report(project, sample.id, tmp_path / "report.html", None, "")
        html = target.read_text(encoding="utf-8")
        assert "Preliminary" in html
        data = write_report(project, sample.id, tmp_path / "report.json", None, "")
        assert json.loads(data.read_text(encoding="utf-8"))["preliminary"]


def test_counts_agree_with_their_nouns():
    """B.7: "1 note", "1 span", never "1 notes"."""
    assert (counted(1, "note"), counted(2, "note"), counted(1234, "span")) == ("1 note", "2 notes", "1,234 spans")
    assert preview_text(Preview(1, 1, 1, 0, (7,), masked=1)) == "Changes 1 note: 1 span masked, 0 unmasked, 0 retyped."


def _accept_a_name(qtbot, window):
    """Accept the first person-name span of a note in view; its word and offsets."""
    for row in window.model.rows():
        assert window.select_note(row.id)
        names = [s for s in window.current.spans if s.entity in (Entity.PAT, Entity.PER) and s.masker != "Regex"]
        if names:
            span = names[0]
            window.note_view.set_current(window.current.spans.index(span))
            press(qtbot, window, K.Key_A)
            assert (span.start, span.end) in window.current.accepted
            return row.id, span, window.current.text[span.start : span.end]
    raise AssertionError("no name in the demo corpus")


def test_a_whitelist_entry_asks_before_it_unmasks_an_accepted_span(qtbot, window, demo_project):
    """B.8: the preview names the accepted span, applying asks, and "keep" keeps it masked after the re-run."""
    open_project(qtbot, window, demo_project)
    note_id, span, word = _accept_a_name(qtbot, window)
    window.note_view.set_current(window.current.spans.index(span))  # accepting moved on: back to it
    with qtbot.waitSignal(window.review.previewShown, timeout=LONG):
        press(qtbot, window, K.Key_W)
    dialog = window.review.term_dialog
    assert dialog.term.text() == word
    assert (note_id, span.start, span.end) in dialog.preview.accepted
    assert "a reviewer accepted" in dialog.preview_label.text()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    box = window.review.accepted_question
    assert box is not None and box.isVisible()
    keep = next(b for b in box.buttons() if b.text() == "Keep them masked")
    qtbot.mouseClick(keep, Qt.MouseButton.LeftButton)  # the notes it changes (if any) re-run
    qtbot.waitUntil(lambda: not window.workers.busy, timeout=LONG)
    with qtbot.waitSignal(window.jobFinished, timeout=LONG):
        window.ws.rerun([note_id])  # the next run keeps the accept
    assert any(t.term == word and t.kind is TermKind.WHITELIST for t in window.project.terms())
    kept = window.project.note(note_id)
    assert any(s.start <= span.start and span.end <= s.end for s in kept.spans)  # still masked
    assert any((s.start, s.end) in kept.accepted for s in kept.spans)
