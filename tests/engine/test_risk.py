"""Residual risk: crafted notes score as expected; masked stretches and corpus combinations count right."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.risk import RiskScorer, assessment_of, level_of
from masketeer_gui.engine.risk_corpus import CorpusRisk
from masketeer_gui.engine.span import Entity, Span
from tests.engine.surrogate_helpers import lexicon

VITALS = "RR 130/80 mmHg, HF 72/min, SpO2 97 %, Gewicht 78,4 kg. Beinödeme rückläufig, Therapie unverändert."
RARE = "Pat. ist pensionierter Rauchfangkehrer aus Gschnitz, lebt allein."


@pytest.fixture(scope="module")
def scorer() -> RiskScorer:
    return RiskScorer(NameIndex(lexicon(), NameLists(patients=("Gstrein",))))


def reasons(scorer: RiskScorer, text: str) -> tuple[str, ...]:
    return scorer.assess(text).assessment.reasons


def test_rare_town_and_profession_score_higher_than_routine_vitals(scorer: RiskScorer) -> None:
    routine, rare = scorer.assess(VITALS).assessment, scorer.assess(RARE).assessment
    assert routine.level == "low" and routine.score == 0.0 and routine.reasons == ()
    assert rare.level == "high" and rare.score > routine.score
    assert set(rare.reasons) == {"small town", "profession"}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Die 93-jährige Patientin ist stabil.", "age over 89"),
        ("Patient, 95 J., stabil.", "age over 89"),
        ("im 91. Lebensjahr, stabil", "age over 89"),
        ("Bekannte Transthyretin-Amyloidose, stabil.", "rare condition"),
        ("Verdacht auf Morbus Fabry.", "rare condition"),
        ("geb. 12.03.1931, stabil", "birth date"),
        ("Kontrolle am 14.05.2024 geplant.", "full date"),
        ("Kontrolle am 3. März 2024 geplant.", "full date"),
        ("Sie wohnt in Innsbruck.", "town"),
        ("Sie wohnt in Gschnitz.", "small town"),
        ("Besuch von Gstrein gestern.", "possible name left"),
        ("Anruf von Xqzwerbl.", "unknown capitalised word"),
        ("Sie arbeitete als Tischlerin.", "profession"),
    ],
)
def test_each_kind_of_finding(scorer: RiskScorer, text: str, reason: str) -> None:
    assert reason in reasons(scorer, text)


@pytest.mark.parametrize(
    "text",
    ["Die 53-jährige Patientin ist stabil.", "Dosis 95 mg täglich.", "RR 130/80, Puls 92.", "Vor 2 Jahren Stent.",
     "Der Hausarzt rief an.", "Sie geht mit dem Rollator.", "EKG und NT-proBNP unauffällig."],
)  # fmt: skip
def test_routine_text_adds_nothing(scorer: RiskScorer, text: str) -> None:
    assert reasons(scorer, text) == ()


def test_masked_stretches_are_ignored(scorer: RiskScorer) -> None:
    start = RARE.index("Gschnitz")
    spans = [Span(start, start + len("Gschnitz"), Entity.ZIP, "Manual")]
    assert "small town" not in scorer.assess_spans(RARE, spans).assessment.reasons


def test_deidentify_record_skips_replacements_and_counts_low_confidence_flags(scorer: RiskScorer) -> None:
    record = {
        "text": "Frau Gschnitz und Frau [PAT-ABCDEFGH] kamen.",
        "spans": [
            {"start": 5, "end": 13, "entity": "PAT", "masker": "X", "pseudonym": "Gschnitz", "flags": ["fuzzy"]},
            {"start": 23, "end": 28, "entity": "PAT", "masker": "X", "pseudonym": "[PAT-ABCDEFGH]"},
        ],
    }
    risk = scorer.assess_record(record).assessment
    assert risk.reasons == ("low-confidence detection",)


def test_levels_and_caps() -> None:
    assert [level_of(s) for s in (0, 0.99, 1.0, 2.49, 2.5)] == ["low", "low", "medium", "medium", "high"]
    assert assessment_of({"full date": 10}).score == pytest.approx(0.6)
    assert assessment_of({"profession": 1, "full date": 1}).reasons == ("profession", "full date")


def test_corpus_unique_combination_raises_the_risk(scorer: RiskScorer) -> None:
    corpus = CorpusRisk()
    shared = "Pat. ist Tischler."
    for patient in ("P1", "P2", "P3", "P4", "P5"):
        corpus.add(f"{patient}-a", patient, scorer.assess(shared))
    corpus.add("P6-a", "P6", scorer.assess(RARE))
    corpus.add("P6-b", "P6", scorer.assess(RARE))  # the same patient twice: still unique
    corpus.add("P7-a", "P7", scorer.assess(VITALS))
    notes, summary = corpus.finish()
    by_id = dict(notes)
    assert "unique combination" in by_id["P6-a"].reasons and "unique combination" in by_id["P6-b"].reasons
    assert not {"unique combination", "rare combination"} & set(by_id["P1-a"].reasons)
    assert by_id["P7-a"].reasons == ()
    assert summary.notes == 8 and summary.patients_with_quasi == 6 and summary.unique_patients == 1
    assert summary.unicity == pytest.approx(1 / 6)
    assert summary.levels == {"low": 1, "medium": 5, "high": 2}
    assert summary.to_dict()["top_reasons"][0] == {"reason": "profession", "notes": 7}


def test_notes_without_patient_are_their_own_patients(scorer: RiskScorer) -> None:
    corpus = CorpusRisk()
    corpus.add("a", None, scorer.assess("Pat. ist Tischler."))
    corpus.add("b", None, scorer.assess("Pat. ist Tischler."))
    notes, _ = corpus.finish()
    assert all("rare combination" in a.reasons for _, a in notes)
