"""The handlers of ``masketeer evaluate`` (imported only when one runs; see ``evaluate.py``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from masketeer_gui.commands._evaluate_text import agreement_text, breakdown_text, comparison_text, gold_text
from masketeer_gui.commands.project import opened, say
from masketeer_gui.evaluation import project_io as io
from masketeer_gui.evaluation.agreement import agreement as compute_agreement
from masketeer_gui.evaluation.compare import Comparison
from masketeer_gui.evaluation.compare import compare as compare_runs
from masketeer_gui.evaluation.decisions import Decision, by_annotator, decisions_from_gold
from masketeer_gui.evaluation.formats import GoldFormat
from masketeer_gui.evaluation.formats import export_gold as write_gold
from masketeer_gui.evaluation.formats import import_gold as read_gold
from masketeer_gui.evaluation.gold import GoldSet, check_offsets, gold_from_decisions, write_text
from masketeer_gui.evaluation.metrics_by import breakdown, entity_level
from masketeer_gui.evaluation.report import render_html
from masketeer_gui.evaluation.summary import EvaluationSummary, summarize, to_csv
from masketeer_gui.store import Project


def _sample_id(project: Project, wanted: int | None) -> int:
    if wanted is not None:
        return wanted
    samples = project.samples.list()
    if not samples:
        raise io.EvaluationInputError("the project has no sample yet: draw one with `masketeer evaluate sample`")
    return samples[-1].id


def _view(project: Project, args: argparse.Namespace) -> io.SampleView:
    return io.sample_view(project, _sample_id(project, args.sample))


def _marked(project: Project, view: io.SampleView, annotator: str | None) -> list[Decision]:
    decisions = io.sample_decisions(project, view, annotator)
    if not decisions:
        who = f" by {annotator!r}" if annotator else ""
        raise io.EvaluationInputError(f"sample {view.sample.id} has no marks{who} yet")
    return decisions


def _one_annotator(decisions: list[Decision], sample_id: int) -> list[Decision]:
    groups = by_annotator(decisions)
    if len(groups) > 1:
        names = ", ".join(groups)
        raise io.EvaluationInputError(f"sample {sample_id} was marked by {names}: choose one with --annotator")
    return decisions


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=1))


def _sample_gold(project: Project, view: io.SampleView) -> GoldSet:
    gold = io.load_gold(project) or {}
    return {n.external_id: gold[n.external_id] for n in view.notes if n.external_id in gold}


def score(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=True) as project:
        view = _view(project, args)
        decisions = _marked(project, view, args.annotator)
        gold = _sample_gold(project, view)
    results = [breakdown(group) for group in by_annotator(decisions).values()]
    rows = entity_level(gold, view.spans) if gold else []
    if args.json:
        _print_json(
            {"sample": view.sample.id, "metrics": [b.to_dict() for b in results], "gold": [r.to_dict() for r in rows]}
        )
        return 0
    print("\n\n".join([*(breakdown_text(b) for b in results), *([gold_text(rows, len(gold))] if rows else [])]))
    return 0


def agreement(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=True) as project:
        view = _view(project, args)
        decisions = _marked(project, view, None)
    if len(by_annotator(decisions)) < 2:
        raise io.EvaluationInputError(f"sample {view.sample.id} was marked by one annotator only")
    result = compute_agreement(decisions)
    if args.json:
        _print_json({"sample": view.sample.id, **result.to_dict()})
    else:
        print(agreement_text(result, max(args.limit, 0)))
    return 0


def _comparison(
    project: Project, view: io.SampleView, run_id: int | None, annotator: str | None
) -> tuple[Comparison, dict[str, Any]]:
    decisions = _one_annotator(_marked(project, view, annotator), view.sample.id)
    run, spans = io.run_spans(project, view, run_id or None)
    return compare_runs(decisions, spans), {
        "old_run": view.sample.run_id,
        "new_run": run.id,
        "new": io.run_info(project, run.id),
    }


def compare(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=True) as project:
        view = _view(project, args)
        result, runs = _comparison(project, view, args.run, args.annotator)
    if args.json:
        _print_json(
            {"sample": view.sample.id, "old_run": runs["old_run"], "new_run": runs["new_run"], **result.to_dict()}
        )
    else:
        print(comparison_text(result, runs["old_run"], runs["new_run"]))
    return 0


def report(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=True) as project:
        summary = build_summary(project, _sample_id(project, args.sample), args)
    write_text(args.output, render_html(summary))
    if args.csv:
        write_text(args.csv, to_csv(summary))
    if args.json_file:
        write_text(args.json_file, json.dumps(summary.to_dict(), ensure_ascii=False, indent=1) + "\n")
    text = "with note text" if summary.texts is not None else "no note text"
    say(f"masketeer evaluate report: {args.output} ({text})")
    return 0


def build_summary(project: Project, sample_id: int, args: argparse.Namespace) -> EvaluationSummary:
    """Everything the report shows, read from the project."""
    from masketeer_gui.engine.lexicon_loader import load_lexicon

    view = io.sample_view(project, sample_id)
    decisions = io.sample_decisions(project, view)
    comparison, compared = None, None
    if args.compare is not None:
        comparison, compared = _comparison(project, view, args.compare, args.annotator)
    settings = {**io.run_info(project, view.sample.run_id), "current_dictionary_hash": load_lexicon().version}
    return summarize(
        args.title,
        _sample_dict(view),
        settings,
        view.spans,
        decisions,
        gold=_sample_gold(project, view) or None,
        comparison=comparison,
        compare_settings=compared,
        texts=io.note_texts(project, view) if args.include_text else None,
    )


def _sample_dict(view: io.SampleView) -> dict[str, Any]:
    s = view.sample
    strata = [{"name": t.name, "size": t.size, "quota": t.quota} for t in s.strata]
    return {
        "id": s.id, "name": s.name, "seed": s.seed, "n": s.n, "by_length": s.by_length,
        "created_at": s.created_at.isoformat(), "who": s.who, "run_id": s.run_id, "strata": strata,
    }  # fmt: skip


def export_gold(args: argparse.Namespace) -> int:
    fmt = GoldFormat(args.format)
    with opened(args.project, readonly=True) as project:
        view = _view(project, args)
        if args.imported:
            gold = _sample_gold(project, view)
        else:
            judged = gold_from_decisions(_one_annotator(_marked(project, view, args.annotator), view.sample.id))
            gold = {n.external_id: judged[n.external_id] for n in view.notes if n.external_id in judged}
        texts = io.note_texts(project, view) if fmt is not GoldFormat.JSONL or args.include_text else None
    abbreviations: frozenset[str] = frozenset()
    if fmt is GoldFormat.CONLL:
        from masketeer_gui.engine.lexicon_loader import load_lexicon

        abbreviations = load_lexicon().abbreviations
    count = write_gold(fmt, args.output, gold, texts, abbreviations)
    spans = sum(len(s) for s in gold.values())
    say(f"masketeer evaluate export-gold: {count} notes, {spans} spans -> {args.output} ({fmt})")
    return 0


def import_gold(args: argparse.Namespace) -> int:
    fmt = GoldFormat(args.format) if args.format else _guess_format(args.input)
    with opened(args.project) as project:
        gold = read_gold(fmt, args.input)
        check_offsets(gold, _texts_of(project, gold, str(args.input)), str(args.input))
        view = _view(project, args) if args.annotator else None
        if view is not None and io.sample_decisions(project, view, args.annotator):
            raise io.EvaluationInputError(f"{args.annotator!r} has marks in sample {view.sample.id} already")
        io.save_gold(project, gold, args.input.name)
        marked = _record_gold(project, view, args.annotator, gold) if view is not None else None
    spans = sum(len(s) for s in gold.values())
    say(f"masketeer evaluate import-gold: {len(gold)} notes, {spans} spans kept in the project")
    if marked is not None:
        notes, marks = marked
        say(f"masketeer evaluate import-gold: {marks} marks recorded as {args.annotator!r} on {notes} sample notes")
    return 0


def _guess_format(source: Path) -> GoldFormat:
    return GoldFormat.BRAT if source.is_dir() or source.suffix == ".ann" else GoldFormat.JSONL


def _texts_of(project: Project, gold: GoldSet, source: str) -> dict[str, str]:
    texts = {}
    for note_id in gold:
        internal = project.notes.find(note_id)
        if internal is None:
            raise io.EvaluationInputError(f"{source}: note {note_id!r} is not in the project")
        texts[note_id] = project.notes.get(internal).text
    return texts


def _record_gold(project: Project, view: io.SampleView, annotator: str, gold: GoldSet) -> tuple[int, int]:
    """Mark the sample's notes that have gold as ``annotator`` would by the paper's rules."""
    notes = [n.external_id for n in view.notes if n.external_id in gold]
    decisions = [d for note in notes for d in decisions_from_gold(note, gold[note], view.spans[note], annotator)]
    return len(notes), io.record_decisions(project, view, decisions)
