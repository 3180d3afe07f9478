"""The engine as a Presidio recognizer, run through a real ``AnalyzerEngine`` (no spaCy model needed)."""

from __future__ import annotations

import pytest

from masketeer_gui import Engine

pytest.importorskip("presidio_analyzer", reason="presidio-analyzer is optional (pip install 'masketeer-gui[presidio]')")
pytest.importorskip("spacy", reason="presidio-analyzer brings spaCy; without it there is no NlpEngine")

from masketeer_gui.formats.presidio import (
    FLAGGED_SCORE,
    PRESIDIO_ENTITIES,
    SCORE,
    MasketeerRecognizer,
    analyzer_engine,
)

TEXT = "Bitte Dr. Wendelin Oberlechner informieren, Tel. 0512 998877."


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(key=bytes(32))


def test_analyzer_engine_finds_what_the_engine_finds(engine: Engine) -> None:
    results = analyzer_engine(engine).analyze(text=TEXT, language="de")
    found = sorted((r.start, r.end, r.entity_type) for r in results)
    assert found == [(s.start, s.end, str(s.entity)) for s in engine.analyze(TEXT)]
    assert {r.score for r in results} <= {SCORE, FLAGGED_SCORE}


def test_presidio_entity_names_and_filtering(engine: Engine) -> None:
    analyzer = analyzer_engine(engine, PRESIDIO_ENTITIES)
    phones = analyzer.analyze(text=TEXT, language="de", entities=["PHONE_NUMBER"])
    assert [(TEXT[r.start : r.end], r.entity_type) for r in phones] == [("0512 998877", "PHONE_NUMBER")]
    people = analyzer.analyze(text=TEXT, language="de", entities=["PERSON"])
    assert {TEXT[r.start : r.end] for r in people} == {"Wendelin", "Oberlechner"}


def test_recognizer_plugs_into_a_registry_and_explains_without_note_text(engine: Engine) -> None:
    recognizer = MasketeerRecognizer(engine)
    assert recognizer.supported_language == "de" and "PAT" in recognizer.supported_entities
    results = recognizer.analyze(TEXT, entities=[])
    assert results and all("Oberlechner" not in r.analysis_explanation.textual_explanation for r in results)
    assert all(r.recognition_metadata["recognizer_name"] == "MasketeerRecognizer" for r in results)
