"""Render the evaluator-mode screenshots from real windows on the demo project (offscreen is fine).

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/make_evaluation_screenshots.py

Draws the paper's 200-note sample, lets a simulated evaluator "anna" mark the first 120 notes by the
demo's gold (the paper's rules) and "ben" all of them with about 5% of his decisions changed, then
shows anna mid-sample in the evaluator view (``evaluator.png``) and, once she has finished, the
metrics page with the agreement and one ruling (``evaluation-metrics.png``). All data is synthetic.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

from make_screenshots import save, wait_for  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from masketeer_gui.evaluation import project_io as io  # noqa: E402
from masketeer_gui.evaluation.decisions import Decision, Label, decisions_from_gold  # noqa: E402
from masketeer_gui.evaluation.formats import GoldFormat, import_gold  # noqa: E402
from masketeer_gui.store import Project  # noqa: E402
from masketeer_gui.ui.demo import ensure_demo_project  # noqa: E402
from masketeer_gui.ui.evaluation import saved  # noqa: E402
from masketeer_gui.ui.launcher import configure  # noqa: E402
from masketeer_gui.ui.main_window import MainWindow  # noqa: E402

DEMO = ROOT / "resources" / "demo"
FIRST_ROUND = 120


def gold_decisions(store: Project, view: io.SampleView, who: str) -> list[Decision]:
    gold = import_gold(GoldFormat.JSONL, DEMO / "gold.jsonl")
    return [
        d
        for n in view.notes
        for d in decisions_from_gold(n.external_id, gold.get(n.external_id, ()), view.spans[n.external_id], who)
    ]


def noisy(decisions: list[Decision], who: str, rng: random.Random) -> list[Decision]:
    out = []
    for d in decisions:
        d = replace(d, annotator=who)
        if d.label is Label.TP and rng.random() < 0.05:
            d = replace(d, label=Label.FP, judged=None)
        out.append(d)
    return out


def simulate(store: Project, sample_id: int) -> list[Decision]:
    """Ben marks everything; anna the first round. Returns anna's decisions for the rest."""
    view = io.sample_view(store, sample_id)
    anna = gold_decisions(store, view, "anna")
    io.record_decisions(store, view, noisy(anna, "ben", random.Random(7)))
    saved.save_done(store, sample_id, "ben", view.internal.values())
    first = {n.external_id for n in view.notes[:FIRST_ROUND]}
    io.record_decisions(store, view, [d for d in anna if d.note_id in first])
    saved.save_done(store, sample_id, "anna", [view.internal[n] for n in first])
    return [d for d in anna if d.note_id not in first]


def mid_note(window: MainWindow) -> None:
    """An open note with several spans, two of them judged with the keys."""
    view = window.evaluation
    assert view.state is not None
    for note in view.state.notes[FIRST_ROUND:]:
        if 3 <= len(view.state.spans(note.note_id)) <= 6:
            view.select_note(note.note_id)
            break
    view.judge.handle("tp")
    view.judge.handle("tp")


def main() -> None:
    app = QApplication(sys.argv[:1])
    configure(app)
    work = Path(tempfile.mkdtemp(prefix="masketeer-eval-shots-"))
    path = ensure_demo_project(work)
    window = MainWindow(QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 800)
    window.show()
    window.projects.open_path(path)
    window.run_all()
    wait_for(window.runFinished)
    store = window.project.store  # type: ignore[union-attr]
    sample = store.samples.draw(200, 2024, name="demo, first round", who="anna")
    rest = simulate(store, sample.id)
    view = window.evaluation
    view.top.annotator.setText("anna")
    view.top.annotator.editingFinished.emit()
    window.tabs.setCurrentWidget(view)
    wait_for(view.sampleLoaded)
    mid_note(window)
    save(window, "evaluator.png")

    assert view.state is not None
    io.record_decisions(store, view.state.view, rest)  # anna finishes
    saved.save_done(store, sample.id, "anna", view.state.view.internal.values())
    view.runner.load(sample.id)
    wait_for(view.sampleLoaded)
    view.pages.setCurrentWidget(view.metrics)
    wait_for(view.metricsShown)
    panel = view.metrics.adjudication
    panel.table.selectRow(0)
    panel.buttons["TP"].click()
    wait_for(view.metricsShown)
    panel.table.selectRow(1)
    save(window, "evaluation-metrics.png")
    window.close()


if __name__ == "__main__":
    main()
