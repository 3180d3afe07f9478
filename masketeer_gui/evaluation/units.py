"""The units several annotators judged, lined up so their decisions can be compared.

Two kinds of unit per note:
- ``span``: a stretch the engine masked (TP/FP decisions share its exact offsets across annotators);
- ``missed``: a stretch someone added as FN; overlapping FN decisions of different annotators form
  one unit, and an annotator who judged the note without adding it there says "none".
An annotator who did not judge a note (no decision in it) has no value there (missing). Note-level
TN decisions are not units: a TN-versus-FN disagreement shows up as a ``missed`` unit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from masketeer_gui.evaluation.decisions import Decision, Label

NONE = "none"  # an annotator judged the note and added no FN at this missed unit


@dataclass(frozen=True, slots=True, order=True)
class Unit:
    note_id: str
    start: int
    end: int
    kind: str  # "span" or "missed"


@dataclass(frozen=True, slots=True)
class UnitTable:
    """Units in reading order and, per unit, each annotator's decision (None: judged, none given)."""

    annotators: tuple[str, ...]
    units: tuple[Unit, ...]
    cells: Mapping[Unit, Mapping[str, Decision | None]]  # an annotator missing from a cell: not judged
    notes: Mapping[str, frozenset[str]]  # every judged note (TN-only ones too) and who judged it

    def value(self, unit: Unit, annotator: str, typed: bool = False) -> str | None:
        """The annotator's value at ``unit``: "TP", "FP", "FN", "none", or None (missing).

        ``typed`` adds the judged type to TP and FN ("TP:PAT"), so type disagreements count too.
        """
        cell = self.cells[unit]
        if annotator not in cell:
            return None
        decision = cell[annotator]
        if decision is None:
            return NONE
        if typed and decision.label in (Label.TP, Label.FN) and decision.entity is not None:
            return f"{decision.label}:{decision.entity}"
        return str(decision.label)

    def column(self, annotator: str, typed: bool = False) -> list[str | None]:
        return [self.value(u, annotator, typed) for u in self.units]

    def rows(self, typed: bool = False) -> list[list[str | None]]:
        """Per unit, the values of every annotator (Krippendorff's reliability data, transposed)."""
        return [[self.value(u, a, typed) for a in self.annotators] for u in self.units]


def unit_table(decisions: Iterable[Decision]) -> UnitTable:
    """Line up the decisions of every annotator."""
    chosen = list(decisions)
    annotators = tuple(sorted({d.annotator for d in chosen}))
    judged: dict[str, set[str]] = defaultdict(set)
    for d in chosen:
        judged[d.note_id].add(d.annotator)
    cells: dict[Unit, dict[str, Decision | None]] = {}
    for d in chosen:
        if d.label in (Label.TP, Label.FP) and d.start is not None and d.end is not None:
            cells.setdefault(Unit(d.note_id, d.start, d.end, "span"), {})[d.annotator] = d
    for unit, members in _missed_units(chosen).items():
        cell: dict[str, Decision | None] = dict.fromkeys(sorted(judged[unit.note_id]))
        for d in members:
            cell[d.annotator] = cell[d.annotator] or d
        cells[unit] = cell
    units = tuple(sorted(cells))
    return UnitTable(annotators, units, cells, {note: frozenset(who) for note, who in judged.items()})


def _missed_units(decisions: Sequence[Decision]) -> dict[Unit, list[Decision]]:
    """FN decisions clustered per note by overlap (a chain of overlaps is one cluster)."""
    per_note: dict[str, list[Decision]] = defaultdict(list)
    for d in decisions:
        if d.label is Label.FN:
            per_note[d.note_id].append(d)
    units: dict[Unit, list[Decision]] = {}
    for note_id, missed in per_note.items():
        missed.sort(key=lambda d: (d.start, d.end))
        cluster: list[Decision] = []
        for d in missed:
            if cluster and d.start is not None and d.start >= max(c.end or 0 for c in cluster):
                units[_cluster_unit(note_id, cluster)] = cluster
                cluster = []
            cluster.append(d)
        units[_cluster_unit(note_id, cluster)] = cluster
    return units


def _cluster_unit(note_id: str, cluster: Sequence[Decision]) -> Unit:
    return Unit(note_id, min(d.start or 0 for d in cluster), max(d.end or 0 for d in cluster), "missed")
