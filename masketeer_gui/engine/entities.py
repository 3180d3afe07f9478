"""Entity recognition across a full name: the parts of one name get one type.

"Anna Gstrein" with Gstrein on the patient list: the maskers give "Anna" the general type PER (shipped
first name) and "Gstrein" PAT. One person, one type: a run of adjacent name spans takes the type an
HCP title gave it, else the type of a listed part; PER parts follow.
"""

from __future__ import annotations

import dataclasses

from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.span import NAME_ENTITIES, Entity, Span

_JOINERS = frozenset(" .-\t")


def harmonize_name_runs(text: str, spans: list[Span], index: NameIndex) -> list[Span]:
    """``spans`` (sorted) with each run of adjacent name spans given one type where a part decides it."""
    out = list(spans)
    run: list[int] = []
    for k, span in enumerate(spans):
        if run and _adjacent(text, spans[run[-1]], span) and span.entity in NAME_ENTITIES:
            run.append(k)
            continue
        _settle(out, run, index)
        run = [k] if span.entity in NAME_ENTITIES else []
    _settle(out, run, index)
    return out


def _adjacent(text: str, left: Span, right: Span) -> bool:
    gap = text[left.end : right.start]
    return len(gap) <= 3 and all(c in _JOINERS for c in gap)


def _settle(out: list[Span], run: list[int], index: NameIndex) -> None:
    if len(run) < 2:
        return
    decided = _deciding_type(out, run, index)
    if decided is None:
        return
    for k in run:
        if out[k].entity is Entity.PER and decided is not Entity.PER:
            out[k] = dataclasses.replace(out[k], entity=decided)


def _deciding_type(out: list[Span], run: list[int], index: NameIndex) -> Entity | None:
    for k in run:
        if out[k].entity is Entity.HCP and out[k].masker == "Salutation":
            return Entity.HCP
    for k in run:
        if index.is_listed(out[k].ref) or (out[k].ref.split("-")[0] and index.is_listed(out[k].ref.split("-")[0])):
            return out[k].entity
    return None
