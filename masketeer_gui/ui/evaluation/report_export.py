"""Export the evaluation report from the GUI: HTML (self-contained, no note text), CSV or JSON numbers.

The file type follows the name's suffix or the chosen filter; the report is built and written by
``jobs.write_report`` on the worker thread (``evaluation.workspace.build_summary``, then
``evaluation.report`` / ``evaluation.summary``), the same as ``masketeer evaluate report``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QWidget

from masketeer_gui.store import Project
from masketeer_gui.ui.evaluation import jobs
from masketeer_gui.ui.workers import Job

FILTERS = {
    "HTML report (*.html)": ".html",
    "CSV, one row per number (*.csv)": ".csv",
    "JSON, every number (*.json)": ".json",
}
FOLDER_KEY = "evaluation/reportFolder"


def choose_target(parent: QWidget, settings: QSettings, sample_id: int) -> Path | None:
    """Ask where to write the report; None if the user cancels."""
    folder = Path(str(settings.value(FOLDER_KEY, str(Path.home()))))
    suggested = folder / f"evaluation-sample-{sample_id}.html"
    name, chosen = QFileDialog.getSaveFileName(parent, "Export evaluation report", str(suggested), ";;".join(FILTERS))
    if not name:
        return None
    target = Path(name)
    if target.suffix.lower() not in FILTERS.values():
        target = target.with_suffix(FILTERS.get(chosen, ".html"))
    settings.setValue(FOLDER_KEY, str(target.parent))
    return target


def report_job(project: Project, sample_id: int, target: Path, compare_run: int | None, annotator: str) -> Job:
    """The job that writes the report (``compare_run``: include the comparison with that run)."""
    return Job(
        "Writing the evaluation report",
        lambda _progress, _cancelled: jobs.write_report(project, sample_id, target, compare_run, annotator),
        evaluation="report",
        target=str(target),
    )
