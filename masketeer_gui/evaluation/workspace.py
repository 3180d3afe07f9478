"""The evaluation of one project sample, step by step: what both the CLI and the GUI's evaluator mode call.

Thin glue between ``project_io`` (the store) and the pure modules: find the sample, read the
marks, follow them into a newer run, import and export gold, assemble the report's summary.
Problems a user can fix come out as ``EvaluationInputError`` with a plain message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from masketeer_gui.evaluation import project_io as io
from masketeer_gui.evaluation.compare import Comparison, compare
from masketeer_gui.evaluation.decisions import Decision, by_annotator, decisions_from_gold
from masketeer_gui.evaluation.gold import GoldSet, gold_from_decisions
from masketeer_gui.evaluation.project_io import EvaluationInputError, SampleView
from masketeer_gui.evaluation.summary import EvaluationSummary, summarize
from masketeer_gui.store import Project


def sample_id_or_latest(project: Project, wanted: int | None = None) -> int:
    if wanted is not None:
        return wanted
    samples = project.samples.list()
    if not samples:
        raise EvaluationInputError("the project has no sample yet: draw one with `masketeer evaluate sample`")
    return samples[-1].id


def marked(project: Project, view: SampleView, annotator: str | None = None) -> list[Decision]:
    """The sample's decisions (of ``annotator``, or everyone's); an error if there are none."""
    decisions = io.sample_decisions(project, view, annotator)
    if not decisions:
        who = f" by {annotator!r}" if annotator else ""
        raise EvaluationInputError(f"sample {view.sample.id} has no marks{who} yet")
    return decisions


def one_annotator(decisions: Sequence[Decision], sample_id: int) -> list[Decision]:
    """The decisions unchanged if one annotator made them all; an error naming the annotators otherwise."""
    groups = by_annotator(decisions)
    if len(groups) > 1:
        raise EvaluationInputError(f"sample {sample_id} was marked by {', '.join(groups)}: choose one with --annotator")
    return list(decisions)


def sample_gold(project: Project, view: SampleView) -> GoldSet:
    """The imported gold of the sample's notes, in the sample's order."""
    gold = io.load_gold(project) or {}
    return {n.external_id: gold[n.external_id] for n in view.notes if n.external_id in gold}


def annotator_gold(project: Project, view: SampleView, annotator: str | None = None) -> GoldSet:
    """What one annotator says must be masked in the notes they judged (for ``export_gold``)."""
    judged = gold_from_decisions(one_annotator(marked(project, view, annotator), view.sample.id))
    return {n.external_id: judged[n.external_id] for n in view.notes if n.external_id in judged}


def comparison(
    project: Project, view: SampleView, run_id: int | None = None, annotator: str | None = None
) -> tuple[Comparison, dict[str, Any]]:
    """The sample's marks followed into ``run_id`` (default: the latest run), and both runs' ids and settings."""
    decisions = one_annotator(marked(project, view, annotator), view.sample.id)
    run, spans = io.run_spans(project, view, run_id or None)
    runs = {"old_run": view.sample.run_id, "new_run": run.id, "new": io.run_info(project, run.id)}
    return compare(decisions, spans), runs


def record_gold(project: Project, view: SampleView, annotator: str, gold: GoldSet) -> tuple[int, int]:
    """Mark the sample's notes that have gold as ``annotator`` would by the paper's rules: (notes, marks)."""
    if io.sample_decisions(project, view, annotator):
        raise EvaluationInputError(f"{annotator!r} has marks in sample {view.sample.id} already")
    notes = [n.external_id for n in view.notes if n.external_id in gold]
    decisions = [d for note in notes for d in decisions_from_gold(note, gold[note], view.spans[note], annotator)]
    return len(notes), io.record_decisions(project, view, decisions)


def build_summary(
    project: Project,
    sample_id: int,
    *,
    title: str = "Masketeer evaluation report",
    include_text: bool = False,
    compare_run: int | None = None,
    annotator: str | None = None,
) -> EvaluationSummary:
    """Everything the report shows; ``compare_run`` 0 compares with the latest run, None with none."""
    from masketeer_gui.engine.lexicon_loader import load_lexicon

    view = io.sample_view(project, sample_id)
    compared, runs = comparison(project, view, compare_run, annotator) if compare_run is not None else (None, None)
    settings = {**io.run_info(project, view.sample.run_id), "current_dictionary_hash": load_lexicon().version}
    return summarize(
        title,
        sample_dict(view),
        settings,
        view.spans,
        io.sample_decisions(project, view),
        gold=sample_gold(project, view) or None,
        comparison=compared,
        compare_settings=runs,
        texts=io.note_texts(project, view) if include_text else None,
        project_counts=io.project_counts(project),
    )


def sample_dict(view: SampleView) -> dict[str, Any]:
    """The sample's description as plain data."""
    s = view.sample
    strata = [{"name": t.name, "size": t.size, "quota": t.quota} for t in s.strata]
    return {
        "id": s.id, "name": s.name, "seed": s.seed, "n": s.n, "by_length": s.by_length,
        "created_at": s.created_at.isoformat(), "who": s.who, "run_id": s.run_id, "strata": strata,
    }  # fmt: skip


def texts_of(project: Project, note_ids: Sequence[str], source: str) -> dict[str, str]:
    """The texts of notes named by external id; an error naming ``source`` for an unknown one."""
    texts = {}
    for note_id in note_ids:
        internal = project.notes.find(note_id)
        if internal is None:
            raise EvaluationInputError(f"{source}: note {note_id!r} is not in the project")
        texts[note_id] = project.notes.get(internal).text
    return texts
