"""The handlers of ``masketeer evaluate`` (imported only when one runs; see ``evaluate.py``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from masketeer_gui.commands._evaluate_text import agreement_text, breakdown_text, comparison_text, gold_text
from masketeer_gui.commands.project import opened, say
from masketeer_gui.evaluation import project_io as io
from masketeer_gui.evaluation import workspace as ws
from masketeer_gui.evaluation.agreement import agreement as compute_agreement
from masketeer_gui.evaluation.decisions import by_annotator
from masketeer_gui.evaluation.formats import GoldFormat
from masketeer_gui.evaluation.formats import export_gold as write_gold
from masketeer_gui.evaluation.formats import import_gold as read_gold
from masketeer_gui.evaluation.gold import check_offsets, write_text
from masketeer_gui.evaluation.metrics_by import breakdown, entity_level
from masketeer_gui.evaluation.report import render_html
from masketeer_gui.evaluation.summary import to_csv
from masketeer_gui.store import Project


def _view(project: Project, args: argparse.Namespace) -> io.SampleView:
    return io.sample_view(project, ws.sample_id_or_latest(project, args.sample))


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=1))


def score(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=True) as project:
        view = _view(project, args)
        decisions = ws.marked(project, view, args.annotator)
        gold = ws.sample_gold(project, view)
    results = [breakdown(group) for group in by_annotator(decisions).values()]
    rows = entity_level(gold, view.spans) if gold else []
    if args.json:
        metrics = [b.to_dict() for b in results]
        _print_json({"sample": view.sample.id, "metrics": metrics, "gold": [r.to_dict() for r in rows]})
        return 0
    print("\n\n".join([*(breakdown_text(b) for b in results), *([gold_text(rows, len(gold))] if rows else [])]))
    return 0


def agreement(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=True) as project:
        view = _view(project, args)
        decisions = ws.marked(project, view)
    if len(by_annotator(decisions)) < 2:
        raise io.EvaluationInputError(f"sample {view.sample.id} was marked by one annotator only")
    result = compute_agreement(decisions)
    if args.json:
        _print_json({"sample": view.sample.id, **result.to_dict()})
    else:
        print(agreement_text(result, max(args.limit, 0)))
    return 0


def compare(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=True) as project:
        view = _view(project, args)
        result, runs = ws.comparison(project, view, args.run, args.annotator)
    if args.json:
        ids = {"sample": view.sample.id, "old_run": runs["old_run"], "new_run": runs["new_run"]}
        _print_json({**ids, **result.to_dict()})
    else:
        print(comparison_text(result, runs["old_run"], runs["new_run"]))
    return 0


def report(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=True) as project:
        summary = ws.build_summary(
            project,
            ws.sample_id_or_latest(project, args.sample),
            title=args.title,
            include_text=args.include_text,
            compare_run=args.compare,
            annotator=args.annotator,
        )
    write_text(args.output, render_html(summary))
    if args.csv:
        write_text(args.csv, to_csv(summary))
    if args.json_file:
        write_text(args.json_file, json.dumps(summary.to_dict(), ensure_ascii=False, indent=1) + "\n")
    text = "with note text" if summary.texts is not None else "no note text"
    say(f"masketeer evaluate report: {args.output} ({text})")
    return 0


def export_gold(args: argparse.Namespace) -> int:
    fmt = GoldFormat(args.format)
    with opened(args.project, readonly=True) as project:
        view = _view(project, args)
        gold = ws.sample_gold(project, view) if args.imported else ws.annotator_gold(project, view, args.annotator)
        texts = io.note_texts(project, view) if fmt is not GoldFormat.JSONL or args.include_text else None
    abbreviations: frozenset[str] = frozenset()
    if fmt is GoldFormat.CONLL:
        from masketeer_gui.engine.lexicon_loader import load_lexicon

        abbreviations = frozenset(load_lexicon().abbreviations)
    count = write_gold(fmt, args.output, gold, texts, abbreviations)
    spans = sum(len(s) for s in gold.values())
    say(f"masketeer evaluate export-gold: {count} notes, {spans} spans -> {args.output} ({fmt})")
    return 0


def import_gold(args: argparse.Namespace) -> int:
    fmt = GoldFormat(args.format) if args.format else _guess_format(args.input)
    with opened(args.project) as project:
        gold = read_gold(fmt, args.input)
        check_offsets(gold, ws.texts_of(project, list(gold), str(args.input)), str(args.input))
        view = _view(project, args) if args.annotator else None
        if view is not None and io.sample_decisions(project, view, args.annotator):
            raise io.EvaluationInputError(f"{args.annotator!r} has marks in sample {view.sample.id} already")
        io.save_gold(project, gold, args.input.name)
        marked = ws.record_gold(project, view, args.annotator, gold) if view is not None else None
    spans = sum(len(s) for s in gold.values())
    say(f"masketeer evaluate import-gold: {len(gold)} notes, {spans} spans kept in the project")
    if marked is not None:
        notes, marks = marked
        say(f"masketeer evaluate import-gold: {marks} marks recorded as {args.annotator!r} on {notes} sample notes")
    return 0


def _guess_format(source: Path) -> GoldFormat:
    if source.suffix == ".tsv" or (source.is_dir() and not any(source.rglob("*.ann")) and any(source.rglob("*.tsv"))):
        return GoldFormat.INCEPTION_TSV
    return GoldFormat.BRAT if source.is_dir() or source.suffix == ".ann" else GoldFormat.JSONL
