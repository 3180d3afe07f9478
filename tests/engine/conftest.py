"""Engine fixtures: a ``tiny`` engine on the hand-made lexicon, a ``shipped`` one on the real dictionaries.

Masker tables compare ``Hit`` tuples (masked text, entity, masker, flags) so a failure shows the
words, not offsets. ``make_engine`` builds an engine with chosen lists, maskers and options.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import NamedTuple

import pytest

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists, NoteContext
from masketeer_gui.engine.pipeline import Deidentifier, EngineConfig
from masketeer_gui.engine.span import Entity, Span
from tests.engine.tiny_lexicon import tiny_lexicon


class Hit(NamedTuple):
    """A span as a reader checks it: the masked words, their type, who masked them, and the flags."""

    text: str
    entity: Entity
    masker: str
    flags: tuple[str, ...] = ()


EngineFactory = Callable[..., Deidentifier]


def hits(engine: Deidentifier, text: str, context: NoteContext | None = None) -> list[Hit]:
    """The spans of ``text`` as ``Hit`` tuples, in text order."""
    return [Hit(text[s.start : s.end], s.entity, s.masker, s.flags) for s in engine.analyze(text, context)]


def masked_words(spans: Iterable[Span], text: str) -> list[str]:
    return [text[s.start : s.end] for s in spans]


def typed_words(engine: Deidentifier, text: str) -> list[tuple[str, Entity]]:
    """The masked words of ``text`` with their types, in text order."""
    return [(text[s.start : s.end], s.entity) for s in engine.analyze(text)]


def word_masked(engine: Deidentifier, text: str, word: str) -> bool:
    """Some span of ``text`` touches the first occurrence of ``word``."""
    start = text.index(word)
    return any(s.start < start + len(word) and start < s.end for s in engine.analyze(text))


def shipped_without(masker: str) -> Deidentifier:
    """The shipped engine with one masker left out (to show that no other masker does its work)."""
    from masketeer_gui.engine.maskers import DEFAULT_ORDER

    return Deidentifier.default(None, EngineConfig(maskers=tuple(m for m in DEFAULT_ORDER if m != masker)))


def covered(spans: Iterable[Span], start: int, end: int) -> bool:
    """Every character of ``[start, end)`` lies inside some span."""
    return all(any(s.start <= k < s.end for s in spans) for k in range(start, end))


def touched(spans: Iterable[Span], start: int, end: int) -> bool:
    """Some span shares a character with ``[start, end)``."""
    return any(s.overlaps(start, end) for s in spans)


@pytest.fixture(scope="session")
def lexicon() -> Lexicon:
    return tiny_lexicon()


@pytest.fixture(scope="session")
def make_engine(lexicon: Lexicon) -> EngineFactory:
    """``make_engine(names=None, maskers=None, rules=False, fuzzy=True)`` on the tiny lexicon."""

    def build(
        names: NameLists | None = None,
        maskers: tuple[str, ...] | None = None,
        rules: bool = False,
        fuzzy: bool = True,
    ) -> Deidentifier:
        config = EngineConfig(rules=rules, fuzzy=fuzzy) if maskers is None else EngineConfig(maskers, rules, fuzzy)
        return Deidentifier(lexicon, names, config)

    return build


@pytest.fixture(scope="session")
def tiny(make_engine: EngineFactory) -> Deidentifier:
    """All maskers on the tiny lexicon, regex rules off, no deployment lists."""
    return make_engine()


def shipped_available() -> bool:
    """True once ``engine.lexicon_loader`` exists (another helper is writing it)."""
    try:
        importlib.import_module("masketeer_gui.engine.lexicon_loader")
    except ModuleNotFoundError as exc:
        if exc.name != "masketeer_gui.engine.lexicon_loader":
            raise
        return False
    return True


@pytest.fixture(scope="session")
def shipped() -> Deidentifier:
    """The default engine on the shipped dictionaries; skipped until the loader exists."""
    if not shipped_available():
        pytest.skip("masketeer_gui.engine.lexicon_loader is not written yet")
    return Deidentifier.default()
