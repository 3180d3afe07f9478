"""Corpus-level risk: k-anonymity of the notes' quasi-identifier sets across patients, and unicity.

A note's quasi-identifier signature (towns, rare conditions, age over 89, professions left in it) is
compared with every other patient's: ``k`` is the number of distinct patients (a note without a
patient id is its own patient) whose notes carry exactly that signature. A signature only one
patient has (k = 1) makes the note more identifiable ("unique combination"); k below ``K_RARE``
adds a little ("rare combination"). Unicity is the share of patients with a signature that is unique.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from masketeer_gui.engine.risk import LEVELS, NoteRisk, RiskAssessment, assessment_of

K_RARE = 5


@dataclass(frozen=True)
class RiskSummary:
    """Counts per level, the most frequent reasons, and corpus uniqueness."""

    notes: int
    levels: dict[str, int]
    top_reasons: tuple[tuple[str, int], ...]
    patients_with_quasi: int
    unique_patients: int
    total_score: float

    @property
    def unicity(self) -> float:
        """Share of patients (with any quasi-identifier left) that no other patient resembles."""
        return self.unique_patients / self.patients_with_quasi if self.patients_with_quasi else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "notes": self.notes,
            "levels": dict(self.levels),
            "top_reasons": [{"reason": r, "notes": n} for r, n in self.top_reasons],
            "patients_with_quasi_identifiers": self.patients_with_quasi,
            "unique_patients": self.unique_patients,
            "unicity": round(self.unicity, 4),
            "total_score": round(self.total_score, 2),
        }


@dataclass
class CorpusRisk:
    """Collects notes' risks; ``finish`` adds the corpus adjustments and sums up."""

    _notes: list[tuple[str, str, NoteRisk]] = field(default_factory=list)

    def add(self, note_id: str, patient: str | None, risk: NoteRisk) -> None:
        self._notes.append((note_id, patient if patient else f"\x00{note_id}", risk))

    def finish(self, top: int = 8) -> tuple[list[tuple[str, RiskAssessment]], RiskSummary]:
        """Per note (in order) its final assessment, and the corpus summary."""
        holders: dict[tuple[str, ...], set[str]] = {}
        for _, patient, risk in self._notes:
            if risk.quasi:
                holders.setdefault(risk.quasi, set()).add(patient)
        results = [(note_id, self._adjusted(risk, holders)) for note_id, _, risk in self._notes]
        return results, self._summary(results, holders)

    @staticmethod
    def _adjusted(risk: NoteRisk, holders: dict[tuple[str, ...], set[str]]) -> RiskAssessment:
        if not risk.quasi:
            return risk.assessment
        k = len(holders[risk.quasi])
        findings = dict(risk.findings)
        if k == 1:
            findings["unique combination"] = 1
        elif k < K_RARE:
            findings["rare combination"] = 1
        return assessment_of(findings)

    def _summary(
        self, results: list[tuple[str, RiskAssessment]], holders: dict[tuple[str, ...], set[str]]
    ) -> RiskSummary:
        levels = Counter(a.level for _, a in results)
        reasons = Counter(r for _, a in results for r in a.reasons)
        patients = {p for _, p, risk in self._notes if risk.quasi}
        unique = {next(iter(group)) for group in holders.values() if len(group) == 1}
        return RiskSummary(
            notes=len(results),
            levels={level: levels.get(level, 0) for level in LEVELS},
            top_reasons=tuple(reasons.most_common(8)),
            patients_with_quasi=len(patients),
            unique_patients=len(unique),
            total_score=sum(a.score for _, a in results),
        )
