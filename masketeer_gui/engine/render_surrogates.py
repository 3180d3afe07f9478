"""Apply spans to a note with surrogates in place of the PHI (the sibling of ``render``'s tag renderer).

The output record is the docs/CONTRACT.md one: each span's ``pseudonym`` is its surrogate text, and
``text`` is the original with every span replaced by it. Surrogates need no run-wide ledger (they
are a function of key, scope and reference), so the parent writes the lines as they come.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from masketeer_gui.engine import fastjson
from masketeer_gui.engine.render import RenderedNote, check_spans, pseudonymize, span_record
from masketeer_gui.engine.span import Span
from masketeer_gui.engine.surrogates import SurrogateIssuer


def render_surrogates(text: str, spans: Sequence[Span], issuer: SurrogateIssuer, scope: str = "") -> str:
    """``text`` with each span (sorted, non-overlapping) replaced by its surrogate."""
    return surrogate_record("", text, spans, issuer, scope)["text"]


def surrogate_record(
    note_id: str, text: str, spans: Sequence[Span], issuer: SurrogateIssuer, scope: str = ""
) -> dict[str, Any]:
    """The docs/CONTRACT.md output record ``{"id", "text", "spans"}`` in surrogates mode."""
    check_spans(spans, len(text))
    surrogates = issuer.surrogates(text, spans, scope)
    out_spans = [span_record(span, surrogate) for span, surrogate in zip(spans, surrogates, strict=True)]
    return {"id": note_id, "text": pseudonymize(text, out_spans), "spans": out_spans}


def render_surrogate_note(
    note_id: str, text: str, spans: Sequence[Span], issuer: SurrogateIssuer, scope: str = ""
) -> RenderedNote:
    """The output line for one note (JSON + newline); ``tags`` carry the surrogates with empty digests."""
    record = surrogate_record(note_id, text, spans, issuer, scope)
    tags = tuple((span["pseudonym"], b"") for span in record["spans"])
    return RenderedNote(fastjson.dumps(record) + b"\n", tags)
