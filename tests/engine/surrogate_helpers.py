"""Shared set-up for the surrogate tests: an issuer on the shipped lexicon and spans built from words."""

from __future__ import annotations

from functools import lru_cache

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lexicon_loader import load_lexicon
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.normalize import fold_phrase
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.engine.surrogates import SurrogateIssuer

KEY = bytes(range(32))
OTHER_KEY = bytes(range(1, 33))


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    return load_lexicon()


def issuer(key: bytes = KEY, names: NameLists | None = None, length_preserving: bool = False) -> SurrogateIssuer:
    return SurrogateIssuer.for_lexicon(key, lexicon(), names, length_preserving)


def mask(text: str, *parts: str | tuple[str, Entity], entity: Entity = Entity.PAT, ref: str = "") -> list[Span]:
    """Spans over ``parts`` (each found after the previous one), with the folded text (or ``ref``) as reference."""
    spans: list[Span] = []
    position = 0
    for part in parts:
        word, kind = part if isinstance(part, tuple) else (part, entity)
        start = text.index(word, position)
        spans.append(Span(start, start + len(word), kind, "Test", ref=ref or fold_phrase(word.removesuffix("'s"))))
        position = start + len(word)
    return spans


def replaced(
    text: str,
    *parts: str | tuple[str, Entity],
    issuer_: SurrogateIssuer | None = None,
    scope: str = "",
    ref: str = "",
) -> list[str]:
    """The surrogates of ``parts`` in ``text``."""
    return (issuer_ or issuer()).surrogates(text, mask(text, *parts, ref=ref), scope)
