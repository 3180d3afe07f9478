"""The adapter to the store: marks become decisions and back, gold kept in the project, newer runs' spans."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation import project_io as io
from masketeer_gui.evaluation.decisions import Label, decisions_from_gold, sort_key
from masketeer_gui.evaluation.formats import GoldFormat, import_gold
from masketeer_gui.store import Project
from masketeer_gui.store.rows import MarkLabel, TermKind, TermSpec


def _simulate(project: Project, gold_file: Path, annotator: str) -> io.SampleView:
    view = io.sample_view(project, 1)
    gold = import_gold(GoldFormat.JSONL, gold_file)
    decisions = [
        d
        for n in view.notes
        for d in decisions_from_gold(n.external_id, gold[n.external_id], view.spans[n.external_id], annotator)
    ]
    assert io.record_decisions(project, view, decisions) == len(decisions)
    return view


def test_decisions_survive_the_store(project: Project, corpus_files: tuple[Path, Path]) -> None:
    view = io.sample_view(project, 1)
    gold = import_gold(GoldFormat.JSONL, corpus_files[1])
    made = [
        d
        for n in view.notes
        for d in decisions_from_gold(n.external_id, gold[n.external_id], view.spans[n.external_id], "eva")
    ]
    io.record_decisions(project, view, made)
    back = io.sample_decisions(project, view)
    assert sorted(back, key=sort_key) == sorted(made, key=sort_key)
    assert {Label.TP, Label.FP, Label.FN, Label.TN} <= {d.label for d in back}
    assert any(d.type_correct is False for d in back)  # "Frau X": masked as PER, truly PAT


def test_the_latest_mark_wins(project: Project, corpus_files: tuple[Path, Path]) -> None:
    view = _simulate(project, corpus_files[1], "eva")
    first = next(d for d in io.sample_decisions(project, view) if d.label is Label.TP)
    note = view.internal[first.note_id]
    project.marks.add(note, MarkLabel.FP, start=first.start, end=first.end, sample_id=1, annotator="eva")
    again = [d for d in io.sample_decisions(project, view) if (d.note_id, d.start) == (first.note_id, first.start)]
    assert [d.label for d in again] == [Label.FP]
    assert again[0].predicted == first.predicted and again[0].masker == first.masker


def test_gold_is_kept_in_the_project(project: Project, corpus_files: tuple[Path, Path]) -> None:
    gold = import_gold(GoldFormat.JSONL, corpus_files[1])
    assert io.load_gold(project) is None
    io.save_gold(project, dict(list(gold.items())[:10]), "part1.jsonl")
    io.save_gold(project, dict(list(gold.items())[10:]), "part2.jsonl")
    assert io.load_gold(project) == gold
    assert [s["file"] for s in project.setting(io.GOLD_KEY)["sources"]] == ["part1.jsonl", "part2.jsonl"]


def test_newer_run_spans_and_their_limits(project: Project) -> None:
    view = io.sample_view(project, 1)
    first = project.runs.latest()
    assert first is not None
    project.terms.add(TermSpec(TermKind.WHITELIST, "Doktor"))
    second = project.runs.run(incremental=True)
    run, spans = io.run_spans(project, view)
    assert run.id == second.id
    judged = [s for note in view.spans.values() for s in note]
    assert sum(len(s) for s in spans.values()) < len(judged)  # the "Doktor" FPs are gone
    assert any(project.notes.get(n.note_id).run_id == second.id for n in view.notes)
    with pytest.raises(io.EvaluationInputError, match=f"spans of run {first.id} are no longer kept"):
        io.run_spans(project, view, first.id)
    with pytest.raises(io.EvaluationInputError, match="no such finished run"):
        io.run_spans(project, view, 99)


def test_run_info_holds_the_reproducibility_settings(project: Project) -> None:
    view = io.sample_view(project, 1)
    info = io.run_info(project, view.sample.run_id)
    assert info["engine_version"].startswith(info["package_version"] + "/")
    assert info["dictionary_hash"] == "fake-1"
    assert {"lists_hash", "settings", "started_at", "notes_analyzed"} <= set(info)


def test_judged_type_is_saved_only_for_tp_and_fn(project: Project) -> None:
    view = io.sample_view(project, 1)
    note = next(n for n in view.notes if view.spans[n.external_id])
    s = view.spans[note.external_id][0]
    decision = replace(decisions_from_gold(note.external_id, [], [s], "x")[0], judged=Entity.SIT)
    io.record_decisions(project, view, [decision])
    (mark,) = project.marks.list(sample_id=1, annotator="x")
    assert (mark.label, mark.entity, mark.masker) == (MarkLabel.FP, None, s.masker)
