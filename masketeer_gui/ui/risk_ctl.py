"""Residual risk in the window: assessed on its own worker thread, shown in the note list (Risk
column), the note view (reasons) and the status bar (corpus summary), and used by the review queue.

The whole corpus is assessed when a project opens and after each run; notes that a correction or
list change re-ran are re-assessed alone (the corpus step, k-anonymity, is redone over the cache).
The leak check runs on the same thread. Jobs for a project that is no longer open are dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QStatusBar

from masketeer_gui.engine.risk import LEVELS, NoteRisk, RiskAssessment
from masketeer_gui.ui.leak_dialog import LeakDialog
from masketeer_gui.ui.note_list import NoteListPane
from masketeer_gui.ui.note_list_model import COL_RISK, COL_SPANS
from masketeer_gui.ui.project_api import ReviewStatus
from masketeer_gui.ui.risk_jobs import RiskResult, assess_notes, check_leaks
from masketeer_gui.ui.workers import Job, Progress
from masketeer_gui.ui.workspace import Workspace


class RiskController(QObject):
    """Keeps ``final`` (note id -> assessment) current and tells the window when it changed."""

    def __init__(self, ws: Workspace, notes: NoteListPane, status_bar: QStatusBar) -> None:
        super().__init__(ws)
        self.ws = ws
        self.list = notes
        self.host = ws.worker_host("masketeer-risk")
        self.notes: dict[int, tuple[str, NoteRisk]] = {}
        self.final: dict[int, RiskAssessment] = {}
        self.summary_label = QLabel()
        self.summary_label.setObjectName("riskSummary")
        self.leak_dialog: LeakDialog | None = None
        self._running = False
        self._pending: set[int] = set()
        notes.proxy.at_risk = self.at_risk
        header = notes.table.horizontalHeader()  # shown right after "Spans" (a saved layout may move it)
        header.moveSection(header.visualIndex(COL_RISK), COL_SPANS + 1)
        header.resizeSection(COL_RISK, header.fontMetrics().horizontalAdvance("medium 0.0") + 14)
        status_bar.addPermanentWidget(self.summary_label)
        ws.projectOpened.connect(lambda _path: self.assess())
        ws.runFinished.connect(lambda done: self.assess(after_run=True) if done or not self.final else None)
        ws.workers.succeeded.connect(self._on_window_job)
        ws.noteShown.connect(self.show_note_risk)
        ws.undo_stack.indexChanged.connect(lambda _i: self.update_summary())
        self.host.progressed.connect(self._on_progress)
        self.host.succeeded.connect(self._on_done)
        self.host.failed.connect(self._on_failed)

    # --- assessing ------------------------------------------------------------------------------
    def at_risk(self, note_id: int) -> bool:
        risk = self.final.get(note_id)
        return risk is not None and risk.level != "low"

    def assess(self, note_ids: Sequence[int] | None = None, after_run: bool = False) -> None:
        """Assess the whole corpus (None) or re-assess ``note_ids`` on the risk thread. ``after_run``: called
        from ``runFinished``, which comes while the finished run is still the current job."""
        project = self.ws.project
        if project is None:
            return
        running = self.ws.workers.current
        if note_ids is None and not after_run and running is not None and running.meta.get("corpus"):
            return  # not beside a run (both hold the GIL): its runFinished comes back here
        if note_ids is None:
            self.host.cancel_all()
            self.notes, self.final, self._pending = {}, {}, set()
            ids: list[int] = [row.id for row in self.list.model.rows()]
        elif self._running:
            self._pending.update(note_ids)
            return
        else:
            ids = sorted(set(note_ids))
        parts = project.engine_parts()
        if parts is None:
            return
        known = dict(self.notes)
        self._running = True
        self.host.submit(
            Job(
                "Assessing risk",
                lambda p, c: assess_notes(project, parts, ids, known, p, c),
                interval=0.25,
                risk=project,
            )
        )

    def _on_window_job(self, job: Job, _result: Any) -> None:
        if "ids" in job.meta and not job.meta.get("corpus"):
            self.assess(job.meta["ids"])

    def _on_progress(self, job: Job, progress: Progress) -> None:
        if "risk" in job.meta and progress.total:
            self.summary_label.setText(f"Risk: assessing… {100 * progress.done // progress.total}%")

    def _on_done(self, job: Job, result: Any) -> None:
        if "leaks" in job.meta:
            return self._on_leaks(job, result)
        if "risk" not in job.meta:
            return None
        self._running = False
        if job.meta["risk"] is not self.ws.project:
            return None
        if isinstance(result, RiskResult):
            self.notes, self.final = result.notes, result.final
            self.list.model.set_risks(self.final)
            self.list.proxy.refresh_filter()
            self.update_summary()
            self.show_note_risk()
            self.ws.riskAssessed.emit(len(result.final))
        if self._pending:
            pending, self._pending = sorted(self._pending), set()
            self.assess(pending)
        return None

    def _on_failed(self, job: Job, message: str, _environment: bool) -> None:
        if "risk" in job.meta:
            self._running = False
            self.summary_label.setText("Risk: not assessed")
            self.summary_label.setToolTip(message)
        elif "leaks" in job.meta:
            self.ws.last_error = message
            self.ws.leaksChecked.emit(-1)

    # --- showing ---------------------------------------------------------------------------------
    def show_note_risk(self, *_args: object) -> None:
        note = self.ws.current
        risk = self.final.get(note.id) if note is not None else None
        self.ws.note_view.set_risk(risk_html(risk) if risk is not None else "")

    def update_summary(self) -> None:
        """The status bar line: notes per level, high-risk notes reviewed, risk left in open notes."""
        if not self.final:
            self.summary_label.setText("")
            return
        counts = {level: 0 for level in LEVELS}
        high_reviewed = 0
        open_score = total_score = 0.0
        for row in self.list.model.rows():
            risk = self.final.get(row.id)
            if risk is None:
                continue
            counts[risk.level] += 1
            total_score += risk.score
            if row.review is ReviewStatus.REVIEWED:
                high_reviewed += risk.level == "high"
            else:
                open_score += risk.score
        removed = 100 * (1 - open_score / total_score) if total_score else 100.0
        self.summary_label.setText(
            f"Risk: {counts['high']} high ({high_reviewed} reviewed) · {counts['medium']} medium · "
            f"{counts['low']} low · review covered {removed:.0f}% of the risk"
        )
        self.summary_label.setToolTip(
            "Residual re-identification risk of the current results; reviewed notes count as covered"
        )

    # --- the leak check ----------------------------------------------------------------------------
    def check_leaks(self) -> None:
        """Look for partial leaks in every analysed note (results in the leak dialog)."""
        project = self.ws.project
        parts = project.engine_parts() if project is not None else None
        if project is None or parts is None:
            self.ws.status("Open a project that has been run first.")
            return
        ids = [row.id for row in self.list.model.rows()]
        self.summary_label.setText("Checking for partial leaks…")
        self.host.submit(
            Job("Leak check", lambda p, c: check_leaks(project, parts, ids, p, c), interval=0.25, leaks=project)
        )

    def _on_leaks(self, job: Job, result: Any) -> None:
        self.update_summary()
        if job.meta["leaks"] is not self.ws.project or result is None:
            return
        if self.leak_dialog is None:
            self.leak_dialog = LeakDialog(self.ws)
        self.leak_dialog.show_rows(result)
        self.leak_dialog.show()
        self.leak_dialog.raise_()
        self.ws.leaksChecked.emit(len(result))


def risk_html(risk: RiskAssessment) -> str:
    """One line for the note view: level, score and the kinds of finding (never the words)."""
    colour = {"high": "#b2182b", "medium": "#b35806"}.get(risk.level, "")
    level = f'<b style="color:{colour}">{risk.level}</b>' if colour else f"<b>{risk.level}</b>"
    reasons = escape(", ".join(risk.reasons)) if risk.reasons else "nothing identifying left"
    return f"Residual re-identification risk: {level} (score {risk.score:.1f}) — {reasons}"
