"""The engine as the store sees it: anything with ``analyze(text, context)``, built from name lists.

Runs take an ``AnalyzerFactory`` (by default ``engine.factory.default_engine``, the shipped engine)
so tests can pass a small fake. Building an analyzer indexes the name lists, so the last few
are cached by the lists' content.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from masketeer_gui._version import __version__
from masketeer_gui.engine.factory import default_engine
from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists, NoteContext
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.span import Span


class Analyzer(Protocol):
    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]: ...


AnalyzerFactory = Callable[[NameLists], Analyzer]


@dataclass(frozen=True)
class EngineParts:
    """A project's key, name lists, and the engine's lexicon and name index for them: what surrogates,
    the residual-risk assessment and the leak check build on."""

    key: bytes
    names: NameLists
    lexicon: Lexicon
    index: NameIndex


def engine_parts(key: bytes, names: NameLists, analyzer: Analyzer) -> EngineParts | None:
    """The parts of ``analyzer`` (None for an analyzer without lexicon and name index, a test fake)."""
    lexicon, index = getattr(analyzer, "lexicon", None), getattr(analyzer, "index", None)
    if not isinstance(lexicon, Lexicon) or not isinstance(index, NameIndex):
        return None
    return EngineParts(key, names, lexicon, index)


default_factory: AnalyzerFactory = default_engine  # the one engine factory (``engine.factory``)


def engine_version(analyzer: Analyzer) -> str:
    """Package version plus the dictionaries' hash: a different value means every note must be re-run."""
    lexicon = getattr(analyzer, "lexicon", None)
    return f"{__version__}/{getattr(lexicon, 'version', '') or getattr(analyzer, 'version', '')}"


def lists_digest(names: NameLists) -> str:
    text = json.dumps(names.to_mapping(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class AnalyzerCache:
    """Analyzers for the last few distinct name lists."""

    def __init__(self, factory: AnalyzerFactory, size: int = 3) -> None:
        self._factory = factory
        self._size = size
        self._cache: OrderedDict[str, Analyzer] = OrderedDict()

    def get(self, names: NameLists) -> Analyzer:
        key = lists_digest(names)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        analyzer = self._cache[key] = self._factory(names)
        while len(self._cache) > self._size:
            self._cache.popitem(last=False)
        return analyzer
