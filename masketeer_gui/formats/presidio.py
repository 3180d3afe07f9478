"""The engine as a Presidio recognizer (optional ``presidio-analyzer``; importing this module needs it).

``MasketeerRecognizer`` is a Presidio ``EntityRecognizer``: add it to any ``AnalyzerEngine``'s
registry. Its entities are ours (``HCP``, ``PAT``…) or, with ``entity_names=PRESIDIO_ENTITIES``,
Presidio's (``PERSON``, ``LOCATION``, ``PHONE_NUMBER``…). A span the engine flags for review scores
lower. ``analyzer_engine()`` builds an ``AnalyzerEngine`` with only this recognizer on a blank
spaCy tokenizer (``BlankNlpEngine``), so no spaCy model has to be downloaded. Explanations name
the masker only (never the note's words).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from masketeer_gui._optional import require
from masketeer_gui.api import Engine
from masketeer_gui.engine.span import Entity

_analyzer = require("presidio_analyzer", "presidio", "the Presidio adapter")
_nlp = require("presidio_analyzer.nlp_engine", "presidio", "the Presidio adapter")
_EntityRecognizer: Any = _analyzer.EntityRecognizer
_NlpEngine: Any = _nlp.NlpEngine

PRESIDIO_ENTITIES: dict[str, str] = {
    "HCP": "PERSON",
    "PAT": "PERSON",
    "PER": "PERSON",
    "SIT": "LOCATION",
    "ADD": "LOCATION",
    "ZIP": "LOCATION",
    "WEB": "URL",
    "MAI": "EMAIL_ADDRESS",
    "PHO": "PHONE_NUMBER",
}
SCORE, FLAGGED_SCORE = 0.85, 0.6


class MasketeerRecognizer(_EntityRecognizer):
    """Masketeer's German clinical de-identification as one Presidio recognizer."""

    def __init__(
        self,
        engine: Engine | None = None,
        entity_names: Mapping[str, str] | None = None,
        supported_language: str = "de",
    ) -> None:
        self._engine = engine
        self._names = dict(entity_names) if entity_names is not None else {str(e): str(e) for e in Entity}
        super().__init__(
            supported_entities=sorted(set(self._names.values())),
            name="MasketeerRecognizer",
            supported_language=supported_language,
        )

    def load(self) -> None:
        """Build the default engine when none was given (Presidio calls this once)."""
        if self._engine is None:
            self._engine = Engine()

    def analyze(self, text: str, entities: list[str] | None, nlp_artifacts: Any = None) -> list[Any]:
        """Presidio ``RecognizerResult``s for the wanted ``entities`` (all when empty)."""
        assert self._engine is not None
        results = []
        for span in self._engine.analyze(text):
            label = self._names.get(str(span.entity))
            if label is None or (entities and label not in entities):
                continue
            score = FLAGGED_SCORE if span.flags else SCORE
            explanation = _analyzer.AnalysisExplanation(
                recognizer=self.name, original_score=score, textual_explanation=f"Masketeer masker {span.masker}"
            )
            metadata = {
                _analyzer.RecognizerResult.RECOGNIZER_NAME_KEY: self.name,
                _analyzer.RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id,
            }
            results.append(_analyzer.RecognizerResult(label, span.start, span.end, score, explanation, metadata))
        return results


class BlankNlpEngine(_NlpEngine):
    """Tokens from a blank spaCy pipeline (no model, no download): what Presidio's context needs."""

    def __init__(self, language: str = "de") -> None:
        self.language = language
        self._pipeline: Any = None

    def load(self) -> None:
        spacy = require("spacy", "presidio", "the Presidio adapter")
        self._pipeline = spacy.blank(self.language)

    def is_loaded(self) -> bool:
        return self._pipeline is not None

    def process_text(self, text: str, language: str) -> Any:
        if self._pipeline is None:
            self.load()
        doc = self._pipeline(text)
        return _nlp.NlpArtifacts(
            entities=[],
            tokens=doc,
            tokens_indices=[token.idx for token in doc],
            lemmas=[token.text.lower() for token in doc],
            nlp_engine=self,
            language=language,
        )

    def process_batch(
        self, texts: Iterable[str], language: str, batch_size: int = 1, n_process: int = 1, **kwargs: Any
    ) -> Iterator[tuple[str, Any]]:
        for text in texts:
            yield text, self.process_text(text, language)

    def is_stopword(self, word: str, language: str) -> bool:
        return False

    def is_punct(self, word: str, language: str) -> bool:
        return bool(word) and not any(c.isalnum() for c in word)

    def get_supported_entities(self) -> list[str]:
        return []

    def get_supported_languages(self) -> list[str]:
        return [self.language]


def analyzer_engine(
    engine: Engine | None = None, entity_names: Mapping[str, str] | None = None, language: str = "de"
) -> Any:
    """A Presidio ``AnalyzerEngine`` whose only recognizer is Masketeer, on ``BlankNlpEngine``."""
    recognizer = MasketeerRecognizer(engine, entity_names, supported_language=language)
    registry = _analyzer.RecognizerRegistry([recognizer], supported_languages=[language])
    return _analyzer.AnalyzerEngine(
        registry=registry, nlp_engine=BlankNlpEngine(language), supported_languages=[language]
    )
