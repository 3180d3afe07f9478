"""Apply spans to a note: the output record of docs/CONTRACT.md with keyed tags in place of the PHI.

Workers render with a ``Tagger`` (keyed tags, cached per reference) and hand back, per span,
the tag and the HMAC digest it came from. A settled run (``masketeer_gui.settling``: the CLI,
``Engine.pipe``, project runs and export, Spark) lengthens a tag two references share by the
order-free rule of ``engine.collisions`` once every note is read; only the streaming
``Engine.pipe(settle=False)`` still lets the parent's first-come ``TagLedger`` lengthen it for the
newcomer. Such notes (about one in a million) are re-rendered by ``retag_line``; the reference
itself never leaves the worker. ``Span.reason`` is left out of the output: it may quote the note's own words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from masketeer_gui.engine import fastjson
from masketeer_gui.engine.pseudonyms import DEFAULT_LENGTH, reference_digest, tag_from_digest
from masketeer_gui.engine.span import Entity, Span

_CACHE_LIMIT: Final = 200_000
_ENTITY_TEXT: Final = {entity: str(entity) for entity in Entity}  # a look-up, not a ``str()`` call per span


class Tagger:
    """Worker side: the tag and digest of each (entity, reference) under one key, cached."""

    def __init__(self, key: bytes, length: int = DEFAULT_LENGTH) -> None:
        self._key = key
        self._length = length
        self._cache: dict[tuple[Entity, str], tuple[str, bytes]] = {}

    def tag(self, entity: Entity, reference: str) -> tuple[str, bytes]:
        """``(tag, digest)`` for this reference (compared case- and umlaut-insensitively)."""
        hit = self._cache.get((entity, reference))
        if hit is None:
            digest = reference_digest(self._key, entity, reference)
            hit = (tag_from_digest(entity, digest, self._length), digest)
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[(entity, reference)] = hit
        return hit


@dataclass(slots=True, init=False)  # not frozen: one per note, and a frozen dataclass takes twice as long to build
class RenderedNote:
    """One output line and, per span in order, ``(tag, digest)`` for the parent's ledger.

    ``__init__`` written out (as the generated one), so that the compiled build compiles it too."""

    line: bytes
    tags: tuple[tuple[str, bytes], ...]

    def __init__(self, line: bytes, tags: tuple[tuple[str, bytes], ...]) -> None:
        self.line = line
        self.tags = tags


def render_note(note_id: str, text: str, spans: Sequence[Span], tagger: Tagger) -> RenderedNote:
    """The docs/CONTRACT.md output line for one note (JSON + newline)."""
    if not spans:  # two notes in five
        return RenderedNote(fastjson.dumps_line({"id": note_id, "text": text, "spans": []}), ())
    check_spans(spans, len(text))
    tag_of = tagger.tag
    tags: list[tuple[str, bytes]] = []
    out_spans: list[dict[str, Any]] = []
    pieces: list[str] = []  # the output text, as ``pseudonymize`` builds it, in the same pass
    position = 0
    for span in spans:
        start = span.start
        hit = tag_of(span.entity, span.ref or text[start : span.end])
        tags.append(hit)
        out_spans.append(_span_dict(span, hit[0]))
        pieces += (text[position:start], hit[0])
        position = span.end
    pieces.append(text[position:])
    record = {"id": note_id, "text": "".join(pieces), "spans": out_spans}
    return RenderedNote(fastjson.dumps_line(record), tuple(tags))


def retag_line(line: bytes, text: str, pseudonyms: Sequence[str]) -> bytes:
    """``line`` re-rendered from the original ``text`` with new pseudonyms (one per span)."""
    record = fastjson.loads(line)
    for span, pseudonym in zip(record["spans"], pseudonyms, strict=True):
        span["pseudonym"] = pseudonym
    record["text"] = pseudonymize(text, record["spans"])
    return fastjson.dumps_line(record)


def pseudonymize(text: str, spans: Sequence[Mapping[str, Any]]) -> str:
    """``text`` with each span (sorted, non-overlapping) replaced by its ``pseudonym``."""
    parts: list[str] = []
    position = 0
    for span in spans:
        parts.append(text[position : span["start"]])
        parts.append(span["pseudonym"])
        position = span["end"]
    parts.append(text[position:])
    return "".join(parts)


def check_spans(spans: Sequence[Span], length: int) -> None:
    """Raise ``ValueError`` unless spans are sorted, non-overlapping and inside the text."""
    position = 0
    for span in spans:
        if span.start < position or span.end > length:
            raise ValueError(f"engine returned overlapping or out-of-range spans ({span.start}..{span.end})")
        position = span.end


def _span_dict(span: Span, pseudonym: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "start": span.start,
        "end": span.end,
        "entity": _ENTITY_TEXT[span.entity],
        "masker": span.masker,
        "pseudonym": pseudonym,
    }
    if span.flags:
        out["flags"] = list(span.flags)
    return out


def span_record(span: Span, pseudonym: str) -> dict[str, Any]:
    """The docs/CONTRACT.md output form of one span with its replacement (tag or surrogate)."""
    return _span_dict(span, pseudonym)


def output_ranges(record: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Where an output record's replacements (tags or surrogates) sit in its output ``text``."""
    ranges: list[tuple[int, int]] = []
    shift = 0
    for span in record.get("spans", ()):
        start = span["start"] + shift
        ranges.append((start, start + len(span["pseudonym"])))
        shift += len(span["pseudonym"]) - (span["end"] - span["start"])
    return ranges
