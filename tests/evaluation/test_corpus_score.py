"""The shared corpus scorer's definitions (mention TP/FN, FP runs, TN notes, type accuracy, leaks, one
pseudonym per person), on invented notes."""

from __future__ import annotations

from masketeer_gui.evaluation.corpus_score import score_corpus

NOTES = [
    {"id": "1", "text": "Frau Gruenwald kommt, Dr. Pelzmann informiert."},
    {"id": "2", "text": "Frau Gruenwald ruft an. Koch gut."},
    {"id": "3", "text": "Gewicht stabil."},
    {"id": "4", "text": "Lt. Zimmerl alles gut."},
]
GOLD = {
    "1": [
        {"start": 5, "end": 14, "entity": "PAT"},
        {"start": 26, "end": 34, "entity": "HCP"},
    ],
    "2": [{"start": 5, "end": 14, "entity": "PAT"}],
    "3": [],
    "4": [{"start": 4, "end": 11, "entity": "PER", "optional": True}],
}


def span(start: int, end: int, entity: str, pseudonym: str) -> dict[str, object]:
    return {"start": start, "end": end, "entity": entity, "pseudonym": pseudonym}


def test_the_shared_definitions() -> None:
    output = {
        "1": {"text": "Frau [PAT-A] kommt, Dr. Pelzmann informiert.", "spans": [span(5, 14, "PAT", "[PAT-A]")]},
        "2": {
            "text": "Frau [PER-B] ruft an. [PER-C] gut.",
            "spans": [span(5, 14, "PER", "[PER-B]"), span(24, 28, "PER", "[PER-C]")],
        },
        "3": {"text": "Gewicht stabil.", "spans": []},
        "4": {"text": "Lt. [PER-D] alles gut.", "spans": [span(4, 11, "PER", "[PER-D]")]},
    }
    figures = score_corpus(NOTES, GOLD, output).summary()
    assert (figures["TP"], figures["FP"], figures["FN"], figures["TN"]) == (2, 1, 1, 2)
    assert figures["sensitivity"] == round(2 / 3, 4) and figures["precision"] == round(2 / 3, 4)
    assert figures["entity_type_accuracy"] == 0.5  # note 2 typed the patient PER
    assert figures["leaks_in_output_text"] == 1  # "Pelzmann" is still there
    assert figures["pseudonym_consistency"] == 0.0  # the one group (PAT, "Gruenwald") got two pseudonyms
    assert figures["recall_per_type"] == {"HCP": 0.0, "PAT": 1.0}
