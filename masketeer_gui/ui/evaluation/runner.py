"""The evaluator view's longer steps on the window's worker thread, and where their results go.

Each step is a ``Job`` tagged ``evaluation=<kind>`` and with the project it was started for; the
window's own handlers ignore the tag (they show progress and failures), this one routes the
result to the view, and drops it if the window has opened another project meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from masketeer_gui.evaluation.adjudication import Adjudication
from masketeer_gui.store import Project
from masketeer_gui.ui.evaluation import jobs, saved
from masketeer_gui.ui.evaluation.host import EvaluationHost
from masketeer_gui.ui.evaluation.jobs import Refused
from masketeer_gui.ui.evaluation.report_export import choose_target, report_job
from masketeer_gui.ui.evaluation.sample_dialog import DrawRequest, SampleDialog, sample_title
from masketeer_gui.ui.evaluation.state import SampleState
from masketeer_gui.ui.workers import Job


class EvaluationRunner(QObject):
    """Starts the view's jobs and hands their results back to it."""

    def __init__(self, view: EvaluationHost) -> None:
        super().__init__(view.ws)
        self.view = view
        self.metrics_stale = True
        self.dialog: SampleDialog | None = None
        view.ws.workers.succeeded.connect(self._on_succeeded)
        view.ws.workers.failed.connect(self._on_failed)

    def _submit(self, label: str, kind: str, fn: Callable[[Project], Any], **meta: Any) -> None:
        if not self.view.has_store():
            self.view.hint("Open a project first.")
            return
        store = self.view.store()
        job = Job(label, lambda _p, _c: fn(store), evaluation=kind, project=self.view.project_ref, **meta)
        self.view.ws.workers.submit(job)

    # --- samples --------------------------------------------------------------------------------
    def load(self, sample_id: int) -> None:
        annotator = self.view.top.annotator.text().strip()
        self._submit("Loading the sample", "load", lambda s: jobs.load_state(s, sample_id, annotator))

    def switch_annotator(self, name: str) -> None:
        """The same sample with ``name``'s marks (one short read)."""
        state = self.view.state
        if state is None:
            return
        store, sample_id = self.view.store(), state.view.sample.id
        marks = store.marks.list(sample_id=sample_id, annotator=name) if name else []
        done = saved.load_done(store, sample_id, name) if name else set()
        self.view.set_state(SampleState.of(state.view, name, marks, done))

    def open_sample_dialog(self) -> None:
        if not self.view.has_store():
            self.view.hint("Open a project first.")
            return
        notes = sum(1 for row in self.view.note_model.rows() if row.analyzed)
        dialog = SampleDialog(self.view.ws.widget, self.view.store().samples.list(), notes)
        dialog.planRequested.connect(self._plan)
        dialog.accepted.connect(lambda: self._dialog_accepted(dialog))
        dialog.finished.connect(self._dialog_closed)
        self.dialog = dialog
        dialog.open()

    def _plan(self, request: DrawRequest) -> None:
        self._submit(
            "Planning the sample",
            "plan",
            lambda s: jobs.plan(s, request.n, request.seed, request.by_length),
            request=request,
        )

    def _dialog_accepted(self, dialog: SampleDialog) -> None:
        request = dialog.request()
        if isinstance(request, int):
            self.load(request)
            return
        annotator = self.view.top.annotator.text().strip()
        r = request
        self._submit("Drawing the sample", "draw", lambda s: jobs.draw(s, r.n, r.seed, r.by_length, r.name, annotator))

    def _dialog_closed(self) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
            self.dialog = None

    def fill_lists(self) -> None:
        """The project's samples in the top bar and its runs in the compare page."""
        self.view.top.samples.clear()
        if self.view.has_store():
            for sample in self.view.store().samples.list():
                self.view.top.samples.addItem(sample_title(sample), sample.id)
        self.view.top.show_sample(self.view.state)
        self.fill_runs()

    def fill_runs(self) -> None:
        state = self.view.state
        runs = self.view.store().runs.list() if self.view.has_store() else []
        self.view.compare.set_runs(runs, state.view.sample.run_id if state else None)

    # --- numbers ----------------------------------------------------------------------------------
    def refresh_metrics(self) -> None:
        state = self.view.state
        if state is None or not self.view.has_store():
            self.view.metrics.show_data(None)
            return
        self.metrics_stale = False
        sample = state.view
        self._submit("Computing the metrics", "panel", lambda s: jobs.panel_data(s, sample))

    def rule(self, ruling: Adjudication) -> None:
        self._save_rulings(lambda held: held.__setitem__((ruling.note_id, ruling.start, ruling.end), ruling))

    def clear_ruling(self, key: tuple[str, int, int]) -> None:
        self._save_rulings(lambda held: held.pop(key, None))

    def _save_rulings(self, change: Callable[[dict[tuple[str, int, int], Adjudication]], object]) -> None:
        data = self.view.metrics.data
        if data is None or not self.view.has_store():
            return
        held = {(r.note_id, r.start, r.end): r for r in data.rulings}
        change(held)
        try:
            saved.save_rulings(self.view.store(), data.sample_id, held.values())
        except Exception as exc:
            self.view.report_failure(exc)
            return
        self.refresh_metrics()

    def compare(self, run_id: int) -> None:
        state = self.view.state
        if state is None or not self.view.require_annotator():
            self.view.compare.show_refusal("choose a sample and enter your name first")
            return
        sample, annotator = state.view, state.annotator
        self._submit("Comparing runs", "compare", lambda s: jobs.compare(s, sample, run_id, annotator))

    def export_dialog(self) -> None:
        state = self.view.state
        if state is not None:
            target = choose_target(self.view.ws.widget, self.view.ws.settings, state.view.sample.id)
            if target is not None:
                self.export(target)

    def export(self, target: Path) -> None:
        """Write the report of the sample in view (with the comparison on the compare page, if any)."""
        state = self.view.state
        if state is None or not self.view.has_store():
            return
        compare_run = self.view.compare.chosen_run() if self.view.compare.comparison is not None else None
        job = report_job(self.view.store(), state.view.sample.id, target, compare_run, state.annotator)
        job.meta["project"] = self.view.project_ref
        self.view.ws.workers.submit(job)

    # --- results ------------------------------------------------------------------------------------
    def _on_succeeded(self, job: Job, result: Any) -> None:
        kind = job.meta.get("evaluation")
        if kind is None or job.meta.get("project") is not self.view.project_ref:
            return
        if kind in ("load", "draw"):
            self._loaded(result)
        elif kind == "plan" and self.dialog is not None:
            refused = isinstance(result, Refused)
            self.dialog.show_plan(job.meta["request"], None if refused else result, result.message if refused else "")
            self.view.planShown.emit()
        elif kind == "panel":
            self._panel(result)
        elif kind == "compare":
            self._compared(result)
        elif kind == "report":
            self.view.hint(f"Evaluation report written to {result}.")
            self.view.reportWritten.emit(str(result))

    def _loaded(self, result: SampleState | Refused) -> None:
        if isinstance(result, Refused):
            self.view.hint(f"No sample drawn: {result.message}.")
            return
        self.view.set_state(result)
        self.fill_lists()
        self.view.sampleLoaded.emit(result.view.sample.id)

    def _panel(self, data: jobs.PanelData) -> None:
        state = self.view.state
        if state is None or data.sample_id != state.view.sample.id:
            return
        self.view.metrics.adjudication.referee = state.annotator
        self.view.metrics.show_data(data, state.annotator)
        self.view.metricsShown.emit()

    def _compared(self, result: Any) -> None:
        if isinstance(result, Refused):
            self.view.compare.show_refusal(result.message)
        else:
            self.view.compare.show_comparison(*result)
        self.view.comparisonShown.emit()

    def _on_failed(self, job: Job, message: str, _environment: bool) -> None:
        kind = job.meta.get("evaluation")
        if kind == "plan" and self.dialog is not None:
            self.dialog.show_plan(job.meta["request"], None, message)
        elif kind == "panel":
            self.metrics_stale = True
        elif kind == "compare":
            self.view.compare.show_refusal("the comparison failed")
