"""What the evaluator mode does on the worker thread: calls of the evaluation workspace that read or
write many rows (load a sample, draw one, everyone's marks with agreement, compare runs, reports).

Plain functions of the store's ``Project`` returning plain data (rows, dataclasses), never Qt
objects. A step the user can fix comes back as ``Refused`` (shown in the panel), a file that
cannot be written as the store's ``ProjectEnvironmentError`` (shown in plain words).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from masketeer_gui.evaluation import project_io as io
from masketeer_gui.evaluation import workspace as ws
from masketeer_gui.evaluation.adjudication import ADJUDICATED, Adjudicated, Adjudication, adjudicate
from masketeer_gui.evaluation.agreement import Agreement, agreement
from masketeer_gui.evaluation.compare import Comparison
from masketeer_gui.evaluation.decisions import Decision, by_annotator
from masketeer_gui.evaluation.gold import write_text
from masketeer_gui.evaluation.metrics_by import Breakdown, breakdown
from masketeer_gui.evaluation.project_io import EvaluationInputError
from masketeer_gui.evaluation.report import render_html
from masketeer_gui.evaluation.summary import EvaluationSummary, to_csv
from masketeer_gui.store import Project
from masketeer_gui.store.errors import InvalidChangeError, ProjectEnvironmentError, ProjectStateError
from masketeer_gui.store.rows import StratumRow
from masketeer_gui.ui.evaluation import saved
from masketeer_gui.ui.evaluation.state import SampleState
from masketeer_gui.vocabulary import counted

REPORT_KINDS = ("html", "csv", "json")


@dataclass(frozen=True, slots=True)
class Refused:
    """A step that cannot be done yet, in plain words (no note text)."""

    message: str


def load_state(project: Project, sample_id: int, annotator: str) -> SampleState:
    """The frozen sample with ``annotator``'s marks and done notes."""
    view = io.sample_view(project, sample_id)
    marks = project.marks.list(sample_id=sample_id, annotator=annotator) if annotator else []
    done = saved.load_done(project, sample_id, annotator) if annotator else set()
    return SampleState.of(view, annotator, marks, done)


def plan(project: Project, n: int, seed: int, by_length: bool) -> list[StratumRow] | Refused:
    """The strata and quotas a draw would give."""
    try:
        return project.samples.plan(n, seed, by_length)
    except (ProjectStateError, InvalidChangeError) as exc:
        return Refused(str(exc))


def draw(project: Project, n: int, seed: int, by_length: bool, name: str, annotator: str) -> SampleState | Refused:
    """Draw and freeze a sample (one write transaction), then load it."""
    try:
        sample = project.samples.draw(n, seed, by_length=by_length, name=name, who=annotator or None)
    except (ProjectStateError, InvalidChangeError) as exc:
        return Refused(str(exc))
    return load_state(project, sample.id, annotator)


@dataclass(frozen=True, slots=True)
class PanelData:
    """Everyone's marks on the sample and what follows from them: Table 8 per evaluator, agreement,
    the adjudicated set (two or more evaluators)."""

    sample_id: int
    decisions: tuple[Decision, ...]
    breakdowns: dict[str, Breakdown]
    agreement: Agreement | None = None
    adjudicated: Adjudicated | None = None
    rulings: tuple[Adjudication, ...] = field(default=())


def panel_data(project: Project, view: io.SampleView) -> PanelData:
    decisions = io.sample_decisions(project, view)
    rulings = saved.load_rulings(project, view.sample.id)
    return panel_from(view.sample.id, decisions, rulings)


def panel_from(sample_id: int, decisions: list[Decision], rulings: list[Adjudication]) -> PanelData:
    """The panel's numbers from decisions and rulings (also after a ruling, without the store)."""
    groups = by_annotator(decisions)
    breakdowns = {name: breakdown(group) for name, group in groups.items()}
    if len(groups) < 2:
        return PanelData(sample_id, tuple(decisions), breakdowns, rulings=tuple(rulings))
    adjudicated = adjudicate(decisions, rulings)
    if adjudicated.decisions:
        breakdowns[ADJUDICATED] = breakdown(list(adjudicated.decisions))
    return PanelData(sample_id, tuple(decisions), breakdowns, agreement(decisions), adjudicated, tuple(rulings))


def compare(
    project: Project, view: io.SampleView, run_id: int | None, annotator: str
) -> tuple[Comparison, dict[str, Any]] | Refused:
    """The evaluator's marks followed into ``run_id`` (None: the latest run)."""
    try:
        return ws.comparison(project, view, run_id, annotator)
    except EvaluationInputError as exc:
        return Refused(str(exc))


def unfinished(project: Project, sample_id: int, summary: EvaluationSummary) -> str:
    """Why the report is preliminary ("" when every evaluator closed every note of the sample as done)."""
    total = int(summary.sample.get("n", 0) or 0)
    annotators = [b.annotator for b in summary.breakdowns if b.annotator]
    if not annotators:
        return f"no evaluator has closed any of the sample's {counted(total, 'note')} as done"
    behind = []
    for name in annotators:
        done = len(saved.load_done(project, sample_id, name))
        if done < total:
            behind.append(f"{name} {done} of {total}")
    return ("notes done: " + ", ".join(behind) + "; the figures will change") if behind else ""


def write_report(project: Project, sample_id: int, target: Path, compare_run: int | None, annotator: str) -> Path:
    """The report of the sample as HTML, CSV or JSON (by ``target``'s suffix), without note text."""
    kind = target.suffix.lower().lstrip(".")
    if kind not in REPORT_KINDS:
        raise ProjectEnvironmentError(target, "choose a file ending in .html, .csv or .json")
    try:
        summary = ws.build_summary(
            project, sample_id, compare_run=compare_run, annotator=annotator if compare_run is not None else None
        )
    except EvaluationInputError as exc:
        raise ProjectEnvironmentError(project.path, str(exc)) from None
    summary = replace(summary, preliminary=unfinished(project, sample_id, summary))
    if kind == "html":
        text = render_html(summary)
    elif kind == "csv":
        text = to_csv(summary)
    else:
        text = json.dumps(summary.to_dict(), ensure_ascii=False, indent=1) + "\n"
    try:
        write_text(target, text)
    except OSError as exc:
        raise ProjectEnvironmentError(target, exc.strerror or "cannot write the file") from None
    return target
