"""Adjudication: one final set of decisions from several annotators' marks and a referee's rulings.

Where every annotator who judged a unit agrees, their decision stands (an agreed missed stretch
spans all the annotators' offsets for it); where they disagree, an
``Adjudication`` (keyed by the disagreement's note and offsets) rules: a label and type, or
``label=None`` for "nothing to mask here" (a missed unit that is no PHI). Disagreements without
a ruling stay open in ``unresolved``. A judged note left with no decision and no open
disagreement is a TN. The result is scored like any annotator (``metrics_by.breakdown``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.agreement import Disagreement, disagreements
from masketeer_gui.evaluation.decisions import Decision, Label, sort_key
from masketeer_gui.evaluation.units import Unit, UnitTable, unit_table

ADJUDICATED = "adjudicated"


@dataclass(frozen=True, slots=True)
class Adjudication:
    """A referee's ruling on one disagreement (``note_id``/``start``/``end`` as in the ``Disagreement``)."""

    note_id: str
    start: int
    end: int
    label: Label | None
    entity: Entity | None = None
    adjudicator: str = ""
    comment: str = ""


@dataclass(frozen=True, slots=True)
class Adjudicated:
    decisions: tuple[Decision, ...]
    unresolved: tuple[Disagreement, ...]
    rulings: int


def adjudicate(
    decisions: Iterable[Decision], rulings: Iterable[Adjudication] = (), name: str = ADJUDICATED
) -> Adjudicated:
    """The agreed decisions plus the rulings, under annotator ``name``."""
    table = unit_table(decisions)
    by_key = {(r.note_id, r.start, r.end): r for r in rulings}
    open_keys = {(d.note_id, d.start, d.end) for d in disagreements(table)}
    final: list[Decision] = []
    used = 0
    for unit in table.units:
        key = (unit.note_id, unit.start, unit.end)
        if key in by_key:
            used += 1
            final += _ruled(table, unit, by_key[key], name)
        elif key not in open_keys:
            final += _agreed(table, unit, name)
    unresolved = tuple(d for d in disagreements(table) if (d.note_id, d.start, d.end) not in by_key)
    final += _true_negatives(table, final, unresolved, name)
    return Adjudicated(tuple(sorted(final, key=sort_key)), unresolved, used)


def _agreed(table: UnitTable, unit: Unit, name: str) -> list[Decision]:
    """The agreed decision; a missed stretch the annotators marked with other offsets covers all of them."""
    given = [d for d in table.cells[unit].values() if d is not None]
    if not given:
        return []
    return [replace(given[0], annotator=name, start=unit.start, end=unit.end)]


def _ruled(table: UnitTable, unit: Unit, ruling: Adjudication, name: str) -> list[Decision]:
    if ruling.label is None or ruling.label is Label.TN:
        return []
    given = [d for d in table.cells[unit].values() if d is not None]
    predicted = given[0].predicted if given and unit.kind == "span" else None
    masker = given[0].masker if given and unit.kind == "span" else None
    judged = ruling.entity if ruling.label is not Label.FP else None
    return [Decision(unit.note_id, ruling.label, unit.start, unit.end, predicted, judged, masker, name)]


def _true_negatives(
    table: UnitTable, final: list[Decision], unresolved: Iterable[Disagreement], name: str
) -> list[Decision]:
    judged = set(table.notes)
    busy = {d.note_id for d in final} | {d.note_id for d in unresolved}
    return [Decision(note, Label.TN, annotator=name) for note in sorted(judged - busy)]
