"""``native.mypyc_attr``: what it asks of the compiled build holds there, and interpreted it changes nothing.

Run by ``scripts/test_compiled.sh`` against the compiled modules as well as interpreted."""

from __future__ import annotations

import gc

from masketeer_gui.engine import span as span_module
from masketeer_gui.engine import text as text_module
from masketeer_gui.engine.native import mypyc_attr
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.engine.text import Token, tokenize


def test_compiled_spans_and_tokens_are_not_tracked_by_the_cyclic_gc() -> None:
    """``acyclic``: no collection walks the engine's most numerous objects (interpreted, they are tracked)."""
    span = Span(0, 4, Entity.PAT, "Salutation", "", ("fuzzy",), "huber")
    token = tokenize("Frau Quendolin kam.")[1]
    assert isinstance(token, Token)
    assert gc.is_tracked(span) is not span_module.COMPILED
    assert gc.is_tracked(token) is not text_module.__file__.endswith(".so")


def test_interpreted_it_returns_the_class_itself() -> None:
    class Plain:
        pass

    assert mypyc_attr(acyclic=True)(Plain) is Plain
