"""The evaluator mode on the real window and the demo project (issue 5): draw a sample in the dialog,
judge spans with the keyboard (TP/FP, type), add a missed span, TN a clean note, refuse "done" while a
span is undecided, undo/redo, the metrics panel against ``metrics_by.breakdown``, two evaluators and
their agreement with an adjudication, runs compared, the HTML report, and the marks after reopening."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation import project_io as io
from masketeer_gui.evaluation.adjudication import ADJUDICATED, adjudicate
from masketeer_gui.evaluation.metrics_by import breakdown
from masketeer_gui.store.rows import MarkLabel, TermKind, TermSpec
from masketeer_gui.ui.evaluation import saved
from masketeer_gui.ui.evaluation.decision_model import COL_JUDGED, COL_STATUS
from masketeer_gui.ui.evaluation.metrics_panel import with_ci
from masketeer_gui.ui.evaluation.state import NoteStatus
from tests.ui.helpers import LONG, open_project

pytestmark = pytest.mark.gui
K = Qt.Key
CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def press(qtbot, view, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:  # type: ignore[no-untyped-def]
    """A key where the evaluator's focus is (the note text when a closed popup left none)."""
    if QApplication.activeWindow() is None:  # offscreen: a closed popup menu does not hand it back
        view.ws.widget.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is view.ws.widget)
    if QApplication.focusWidget() is None:
        view.pane.view.setFocus()
    qtbot.keyClick(QApplication.focusWidget() or view.pane.view, key, modifier)


def start(qtbot, window, path: Path, name: str = "anna"):  # type: ignore[no-untyped-def]
    """Open ``path``, go to the Evaluation tab (Ctrl+3) and enter the evaluator's name."""
    open_project(qtbot, window, path)
    press(qtbot, window.evaluation, K.Key_3, CTRL)
    view = window.evaluation
    assert window.tabs.currentWidget() is view
    view.top.annotator.clear()
    qtbot.keyClicks(view.top.annotator, name)
    qtbot.keyClick(view.top.annotator, K.Key_Return)
    assert window.settings.value("evaluation/annotator") == name
    return view


def draw(qtbot, view, seed: int = 11) -> int:  # type: ignore[no-untyped-def]
    """Draw the paper's 200-note sample in the dialog."""
    with qtbot.waitSignal(view.planShown, timeout=LONG):
        qtbot.mouseClick(view.top.sample_button, Qt.MouseButton.LeftButton)
    dialog = view.runner.dialog
    assert dialog is not None and dialog.n.value() == 200 and dialog.draw_new.isChecked()
    assert "200 notes in all" in dialog.plan.text()
    with qtbot.waitSignal(view.planShown, timeout=LONG):
        dialog.seed.setValue(seed)
    with qtbot.waitSignal(view.sampleLoaded, timeout=LONG) as loaded:
        qtbot.keyClick(dialog, K.Key_Return)
    view.pane.view.setFocus()
    return int(loaded.args[0])


def note_with(view, spans: int, exact: bool = False) -> int:  # type: ignore[no-untyped-def]
    """Show the first open sample note with at least (or exactly) ``spans`` spans."""
    for note in view.state.notes:
        count = len(view.state.spans(note.note_id))
        if (count == spans if exact else count >= spans) and not view.state.marks.get(note.note_id):
            view.select_note(note.note_id)
            view.pane.view.setFocus()
            return note.note_id
    raise AssertionError("no such note in the sample")


def marks_of(view, annotator: str = "anna"):  # type: ignore[no-untyped-def]
    return view.store().marks.list(sample_id=view.state.view.sample.id, annotator=annotator)


def choose_type(qtbot, view, key) -> None:  # type: ignore[no-untyped-def]
    menu = view.judge.entity_menu
    assert menu is not None, view.last_hint
    qtbot.waitUntil(menu.isVisible)
    with qtbot.waitSignal(view.marksChanged):
        qtbot.keyClick(menu, key)


def judge_note(qtbot, view, labels: str) -> int:  # type: ignore[no-untyped-def]
    """Judge a note with ``len(labels)`` spans ("1"/"2" per span), then D; returns its id."""
    note_id = note_with(view, len(labels), exact=True)
    for label in labels:
        press(qtbot, view, K.Key_1 if label == "1" else K.Key_2)
    press(qtbot, view, K.Key_D)
    assert note_id in view.state.done
    return note_id


def test_draw_a_sample_and_judge_spans_with_the_keyboard(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    sample_id = draw(qtbot, view, seed=11)
    store = view.store()
    sample = store.samples.get(sample_id)
    assert (sample.n, sample.seed, sample.by_length) == (200, 11, False)
    assert view.model.rowCount() == 200 and view.top.progress.text() == "0 of 200 notes done"
    assert view.top.samples.currentData() == sample_id

    note_id = note_with(view, 2)
    spans = view.state.spans(note_id)
    assert view.pane.current_span() == spans[0]  # the first undecided span is current
    press(qtbot, view, K.Key_1)  # TP, and on to the next span
    assert view.pane.current_span() == spans[1]
    press(qtbot, view, K.Key_X)  # FP
    marks = {(m.start, m.end): m for m in marks_of(view)}
    assert marks[(spans[0].start, spans[0].end)].label is MarkLabel.TP
    assert marks[(spans[1].start, spans[1].end)].label is MarkLabel.FP
    mark = marks[(spans[0].start, spans[0].end)]
    assert (mark.sample_id, mark.annotator, mark.masker) == (sample_id, "anna", spans[0].masker)
    assert mark.run_id == view.state.note(note_id).run_id
    row = view.model.row_of(note_id)
    total = len(spans)
    assert view.model.index(row, COL_JUDGED).data() == f"2/{total}"

    reviewed = window.current  # J: the next sample note here, not the review's next note
    press(qtbot, view, K.Key_J)
    assert window.current == reviewed and view.current_note_id() == view.model.note_id(row + 1)
    press(qtbot, view, K.Key_K)
    assert view.current_note_id() == note_id

    view.pane.set_current(0)  # the type: E, then 1-9 (HCP or PAT)
    wrong = Entity.HCP if spans[0].entity is not Entity.HCP else Entity.PAT
    press(qtbot, view, K.Key_E)
    choose_type(qtbot, view, K.Key_1 if wrong is Entity.HCP else K.Key_2)
    typed = next(m for m in marks_of(view) if m.start == spans[0].start and m.label is MarkLabel.TP)
    assert typed.entity is wrong
    judged = next(d for d in view.state.decisions([note_id]) if d.start == spans[0].start)
    assert judged.type_correct is False and judged.judged is wrong


def test_add_a_missed_span_tn_a_clean_note_and_refuse_done(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    draw(qtbot, view)
    note_id = note_with(view, 2)
    spans = view.state.spans(note_id)
    press(qtbot, view, K.Key_1)
    press(qtbot, view, K.Key_D)  # a span is still undecided: refused, and it becomes current
    assert "undecided" in view.last_hint and note_id not in view.state.done
    assert view.pane.current_span() == spans[1]
    assert view.model.index(view.model.row_of(note_id), COL_STATUS).data() == "started"

    text = view.pane.text  # a missed word: select it, M, then 3 (PER)
    begin = next(
        i
        for i in range(len(text))
        if text[i].isalpha() and (i == 0 or not text[i - 1].isalnum()) and not any(s.start <= i < s.end for s in spans)
    )
    end = begin
    while end < len(text) and text[end].isalnum() and not any(s.start <= end < s.end for s in spans):
        end += 1
    view.pane.view.select_range(begin, end)
    press(qtbot, view, K.Key_M)
    choose_type(qtbot, view, K.Key_3)
    fn = [m for m in marks_of(view) if m.label is MarkLabel.FN]
    assert [(m.start, m.end, m.entity) for m in fn] == [(begin, end, Entity.PER)]
    assert view.pane.current_span() == spans[1]  # back to what is undecided
    assert view.pane.missed and view.pane.missed[0].entity is Entity.PER

    for _ in spans[1:]:
        press(qtbot, view, K.Key_2)
    press(qtbot, view, K.Key_D)
    assert view.state.status(note_id) is NoteStatus.DONE and view.current_note_id() != note_id

    clean = note_with(view, 0, exact=True)  # a note without spans: T = TN, done, next note
    press(qtbot, view, K.Key_T)
    assert view.state.true_negative(clean) is not None and clean in view.state.done
    assert view.current_note_id() != clean
    assert [m.label for m in marks_of(view) if m.note_id == clean] == [MarkLabel.TN]
    note_with(view, 1)
    press(qtbot, view, K.Key_0)
    assert "has spans" in view.last_hint
    assert view.top.progress.text() == "2 of 200 notes done" and view.top.left.text() == "198 left"
    assert saved.load_done(view.store(), view.state.view.sample.id, "anna") == {note_id, clean}


def test_undo_and_redo_a_mark(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    draw(qtbot, view)
    note_id = note_with(view, 1)
    span = view.state.spans(note_id)[0]
    press(qtbot, view, K.Key_Y)
    assert [m.label for m in marks_of(view)] == [MarkLabel.TP]
    with qtbot.waitSignal(view.marksChanged):
        press(qtbot, view, K.Key_Z, CTRL)
    assert marks_of(view) == [] and view.state.span_mark(note_id, span) is None
    assert view.pane.current_span() == span
    with qtbot.waitSignal(view.marksChanged):
        press(qtbot, view, K.Key_Z, CTRL | SHIFT)
    assert [m.label for m in marks_of(view)] == [MarkLabel.TP]
    assert view.state.span_mark(note_id, span) is not None


def test_metrics_panel_equals_breakdown_and_marks_survive_reopening(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    sample_id = draw(qtbot, view)
    judge_note(qtbot, view, "12")
    judge_note(qtbot, view, "1")
    clean = note_with(view, 0, exact=True)
    press(qtbot, view, K.Key_T)
    with qtbot.waitSignal(view.metricsShown, timeout=LONG):
        view.pages.setCurrentWidget(view.metrics)
    sample_view = io.sample_view(view.store(), sample_id)
    expected = breakdown(io.sample_decisions(view.store(), sample_view, "anna"))
    assert view.metrics.chosen() == "anna"
    assert view.metrics.metrics.rows() == expected.rows()
    overall = expected.overall
    assert view.metrics.metrics.cell(0, 2) == str(overall.counts.tp)
    assert view.metrics.metrics.cell(0, 6) == with_ci(overall.metrics.accuracy, True)
    assert overall.counts.tn == 1 and overall.counts.tp == 2 and overall.counts.fp == 1

    view.pages.setCurrentWidget(view.judge_page)  # live: one more mark, the page is recomputed when shown
    note_with(view, 1)
    press(qtbot, view, K.Key_2)
    with qtbot.waitSignal(view.metricsShown, timeout=LONG):
        view.pages.setCurrentWidget(view.metrics)
    assert view.metrics.metrics.rows()[0].counts.fp == 2

    marks, done = marks_of(view), set(view.state.done)
    path = window.project.path
    press(qtbot, view, K.Key_1, CTRL)  # the review tab: the sample is loaded when the tab is shown again
    window.set_project(None)
    open_project(qtbot, window, path)
    assert view.state is None
    with qtbot.waitSignal(view.sampleLoaded, timeout=LONG):
        press(qtbot, view, K.Key_3, CTRL)
    assert view.state.view.sample.id == sample_id and view.state.annotator == "anna"
    assert sorted(m.id for m in marks_of(view)) == sorted(m.id for m in marks)
    assert view.state.done == done and view.state.true_negative(clean) is not None
    assert view.top.progress.text() == f"{len(done)} of 200 notes done"


def test_two_evaluators_agreement_adjudication_and_report(qtbot, window, demo_project, tmp_path):
    view = start(qtbot, window, demo_project)
    draw(qtbot, view)
    first = judge_note(qtbot, view, "11")
    second = judge_note(qtbot, view, "1")
    view.top.annotator.clear()  # a second evaluator on the same sample, under his own name
    qtbot.keyClicks(view.top.annotator, "ben")
    qtbot.keyClick(view.top.annotator, K.Key_Return)
    assert view.state.annotator == "ben" and not view.state.marks
    for note_id, keys in ((first, (K.Key_1, K.Key_2)), (second, (K.Key_1,))):
        view.select_note(note_id)
        view.pane.view.setFocus()
        for key in keys:
            press(qtbot, view, key)
        press(qtbot, view, K.Key_D)
    with qtbot.waitSignal(view.metricsShown, timeout=LONG):
        view.pages.setCurrentWidget(view.metrics)
    agreement = view.metrics.data.agreement
    assert agreement is not None and agreement.annotators == ("anna", "ben")
    assert view.metrics.pairs.rowCount() == 1 and view.metrics.pairs.cell(0, 0) == "anna · ben"
    assert "Krippendorff" in view.metrics.agreement.text()
    panel = view.metrics.adjudication
    assert panel.model.rowCount() == 1 and panel.model.cell(0, 4).startswith("TP ") and panel.model.cell(0, 5) == "FP"

    panel.table.selectRow(0)
    assert "<b><u>" in panel.context.text()
    with qtbot.waitSignal(view.metricsShown, timeout=LONG):
        qtbot.mouseClick(panel.buttons["FP"], Qt.MouseButton.LeftButton)
    assert panel.model.cell(0, 6) == "FP"
    rulings = saved.load_rulings(view.store(), view.state.view.sample.id)
    assert [(r.label, r.adjudicator) for r in rulings] == [("FP", "ben")]
    decisions = io.sample_decisions(view.store(), view.state.view)
    expected = breakdown(list(adjudicate(decisions, rulings).decisions))
    view.metrics.who.setCurrentIndex(view.metrics.who.findData(ADJUDICATED))
    assert view.metrics.metrics.rows() == expected.rows()

    report = tmp_path / "report.html"
    with qtbot.waitSignal(view.reportWritten, timeout=LONG):
        view.runner.export(report)
    html = report.read_text(encoding="utf-8")
    assert "Inter-annotator agreement" in html and "No note text in this report" in html
    for note in view.state.notes:
        text = view.store().notes.get(note.note_id).text
        assert len(text) < 25 or text[:25] not in html
        for span in view.state.spans(note.note_id):
            surface = text[span.start : span.end]
            assert len(surface) < 6 or surface not in html
    with qtbot.waitSignal(view.reportWritten, timeout=LONG):
        view.runner.export(tmp_path / "report.json")
    numbers = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert [m["annotator"] for m in numbers["metrics"]] == ["anna", "ben"]


def test_compare_runs_after_a_list_change(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    draw(qtbot, view)
    note_id = judge_note(qtbot, view, "1")
    span = view.state.spans(note_id)[0]
    store = view.store()
    word = store.notes.get(note_id).text[span.start : span.end]
    store.terms.add(TermSpec(TermKind.WHITELIST, word), why="test: a careless entry")
    store.runs.run(incremental=True)
    view.pages.setCurrentWidget(view.compare)
    assert view.compare.runs.count() == 2 and view.compare.chosen_run() == 2
    with qtbot.waitSignal(view.comparisonShown, timeout=LONG):
        qtbot.mouseClick(view.compare.compare_button, Qt.MouseButton.LeftButton)
    comparison = view.compare.comparison
    assert comparison is not None and comparison.counts()["regressed"] >= 1
    lost = [c for c in view.compare.changes.rows() if c.note_id == view.state.note(note_id).external_id]
    assert lost and lost[0].detail == "TP lost"
    assert view.compare.side.rowCount() == 5


def test_models_pass_qtmodeltester(qtbot, qtmodeltester, window, demo_project):
    view = start(qtbot, window, demo_project)
    draw(qtbot, view)
    judge_note(qtbot, view, "12")
    qtmodeltester.check(view.model, force_py=True)
    with qtbot.waitSignal(view.metricsShown, timeout=LONG):
        view.pages.setCurrentWidget(view.metrics)
    for model in (view.metrics.metrics, view.metrics.pairs, view.metrics.adjudication.model, view.compare.side):
        qtmodeltester.check(model, force_py=True)


def test_sample_dialog_stratifies_by_length_and_opens_a_frozen_sample(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    first = draw(qtbot, view, seed=3)
    with qtbot.waitSignal(view.planShown, timeout=LONG):
        qtbot.mouseClick(view.top.sample_button, Qt.MouseButton.LeftButton)
    dialog = view.runner.dialog
    dialog.n.setValue(30)
    with qtbot.waitSignal(view.planShown, timeout=LONG):
        dialog.by_length.setChecked(True)
    assert "0/short" in dialog.plan.text() and "30 notes in all" in dialog.plan.text()
    with qtbot.waitSignal(view.sampleLoaded, timeout=LONG) as loaded:
        dialog.accept()
    second = view.store().samples.get(loaded.args[0])
    assert second.by_length and second.n == 30 and all("/" in s.name for s in second.strata)
    assert view.model.rowCount() == 30 and view.top.samples.count() == 2

    with qtbot.waitSignal(view.planShown, timeout=LONG):
        qtbot.mouseClick(view.top.sample_button, Qt.MouseButton.LeftButton)
    dialog = view.runner.dialog
    dialog.open_old.setChecked(True)
    dialog.samples.setCurrentRow(dialog.samples.count() - 1)  # the oldest sample
    with qtbot.waitSignal(view.sampleLoaded, timeout=LONG) as loaded:
        dialog.accept()
    assert loaded.args == [first] and view.model.rowCount() == 200


def test_clear_a_decision_reopen_a_note_and_take_back_a_tn(qtbot, window, demo_project):
    view = start(qtbot, window, demo_project)
    draw(qtbot, view)
    note_id = judge_note(qtbot, view, "1")  # done; the view moved on
    view.select_note(note_id)
    view.pane.view.setFocus()
    view.pane.set_current(0)
    press(qtbot, view, K.Key_Delete)  # clearing a decision of a done note opens it again
    assert view.state.undecided(note_id) == [0] and note_id not in view.state.done
    assert [m for m in marks_of(view) if m.note_id == note_id] == []
    press(qtbot, view, K.Key_D)
    assert "undecided" in view.last_hint
    press(qtbot, view, K.Key_2)
    press(qtbot, view, K.Key_D)
    assert note_id in view.state.done
    view.select_note(note_id)
    press(qtbot, view, K.Key_D)  # again: reopen
    assert note_id not in view.state.done

    clean = note_with(view, 0, exact=True)
    press(qtbot, view, K.Key_0)
    view.select_note(clean)
    press(qtbot, view, K.Key_T)  # again: take the TN back
    assert view.state.true_negative(clean) is None and clean not in view.state.done
    assert [m for m in marks_of(view) if m.note_id == clean] == []
