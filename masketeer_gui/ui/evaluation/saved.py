"""What the evaluator mode keeps beside the marks, in project settings (plain JSON, no note text).

- ``evaluation.done``: per sample and evaluator, the notes they closed as done (the marks say what
  was judged; "done" says the evaluator also looked for missed names);
- ``evaluation.rulings``: per sample, the referee's rulings on disagreements (``Adjudication``).
Qt-free; each call is one short store transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.adjudication import Adjudication
from masketeer_gui.evaluation.decisions import Label
from masketeer_gui.store import Project

DONE_KEY = "evaluation.done"
RULINGS_KEY = "evaluation.rulings"


def load_done(project: Project, sample_id: int, annotator: str) -> set[int]:
    stored = project.setting(DONE_KEY) or {}
    return {int(n) for n in stored.get(str(sample_id), {}).get(annotator, [])}


def save_done(project: Project, sample_id: int, annotator: str, done: Iterable[int]) -> None:
    stored: dict[str, Any] = dict(project.setting(DONE_KEY) or {})
    per_sample = dict(stored.get(str(sample_id), {}))
    per_sample[annotator] = sorted(done)
    stored[str(sample_id)] = per_sample
    project.set_setting(DONE_KEY, stored)


def load_rulings(project: Project, sample_id: int) -> list[Adjudication]:
    stored = (project.setting(RULINGS_KEY) or {}).get(str(sample_id), [])
    return [_ruling(item) for item in stored]


def save_rulings(project: Project, sample_id: int, rulings: Iterable[Adjudication]) -> None:
    stored: dict[str, Any] = dict(project.setting(RULINGS_KEY) or {})
    stored[str(sample_id)] = [_plain(r) for r in rulings]
    project.set_setting(RULINGS_KEY, stored)


def _plain(r: Adjudication) -> dict[str, Any]:
    return {
        "note_id": r.note_id,
        "start": r.start,
        "end": r.end,
        "label": str(r.label) if r.label else None,
        "entity": str(r.entity) if r.entity else None,
        "adjudicator": r.adjudicator,
        "comment": r.comment,
    }


def _ruling(item: dict[str, Any]) -> Adjudication:
    return Adjudication(
        str(item["note_id"]),
        int(item["start"]),
        int(item["end"]),
        Label(item["label"]) if item.get("label") else None,
        Entity(item["entity"]) if item.get("entity") else None,
        str(item.get("adjudicator", "")),
        str(item.get("comment", "")),
    )
