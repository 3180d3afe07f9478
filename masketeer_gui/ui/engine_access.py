"""Thin adapter: what surrogates, risk and the leak check need of an open project, beyond ``ProjectApi``.

The project's pseudonym key (so surrogates agree with ``masketeer deidentify --mode surrogates`` run
with that key, and with the tags of the export) and its current name lists and engine (lexicon and
name index) come from the store's ``Project`` behind ``StoreProject``. A project without a store
(a test double) has none: the GUI then keeps the tags and skips the risk and leak check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.names import NameIndex


@dataclass(frozen=True)
class EngineParts:
    """The project's key, name lists, and the engine's lexicon and name index for them."""

    key: bytes
    names: NameLists
    lexicon: Lexicon
    index: NameIndex


def engine_parts(project: Any) -> EngineParts | None:
    """The parts for ``project`` (a ``StoreProject``), or None when it has no store behind it."""
    store = getattr(project, "store", None)
    if store is None or not hasattr(store, "pseudonym_key"):
        return None
    feedback, analyzer, _version = store.runs.prepare()
    lexicon, index = getattr(analyzer, "lexicon", None), getattr(analyzer, "index", None)
    if not isinstance(lexicon, Lexicon) or not isinstance(index, NameIndex):
        return None
    return EngineParts(store.pseudonym_key(), feedback.names, lexicon, index)
