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
        self.cache: dict[tuple[Entity, str], tuple[str, bytes]] = {}  # read by ``render_line`` before ``tag``

    def tag(self, entity: Entity, reference: str) -> tuple[str, bytes]:
        """``(tag, digest)`` for this reference (compared case- and umlaut-insensitively)."""
        hit = self.cache.get((entity, reference))
        if hit is None:
            digest = reference_digest(self._key, entity, reference)
            hit = (tag_from_digest(entity, digest, self._length), digest)
            if len(self.cache) >= _CACHE_LIMIT:
                self.cache.clear()
            self.cache[(entity, reference)] = hit
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
    line, tags = render_line(note_id, text, spans, tagger)
    return RenderedNote(line, tags)


def render_line(
    note_id: str, text: str, spans: Sequence[Span], tagger: Tagger
) -> tuple[bytes, tuple[tuple[str, bytes], ...]]:
    """``render_note``'s line and tags, without the object (a worker's per-note path).

    The line is put together from JSON pieces: the id and the output text as ``fastjson`` writes them, each span
    from a template (its numbers, entity and tag need no escaping; its masker and flags are written by ``fastjson``
    once and remembered): the same bytes as ``fastjson.dumps_line`` of the record (a dictionary per span written
    by the JSON library costs twice as much)."""
    if not spans:  # two notes in five
        return fastjson.dumps_line({"id": note_id, "text": text, "spans": []}), ()
    cache = tagger.cache
    tags: list[tuple[str, bytes]] = []
    out_spans: list[bytes] = []
    pieces: list[str] = []  # the output text, as ``pseudonymize`` builds it, in the same pass
    position = 0
    length = len(text)
    for span in spans:
        start, end, entity = span.start, span.end, span.entity
        if start < position or end > length:
            raise _bad_span(start, end)
        reference = span.ref or text[start:end]
        hit = cache.get((entity, reference))
        if hit is None:
            hit = tagger.tag(entity, reference)
        tags.append(hit)
        tag = hit[0]
        masker = _json_memo.get(span.masker) or _json_of(span.masker)
        flags = span.flags
        if flags:
            flags_json = _json_memo.get(flags) or _json_of(flags)
            out_spans.append(_FLAGGED_SPAN_JSON % (start, end, _ENTITY_JSON[entity], masker, tag.encode(), flags_json))
        else:
            out_spans.append(_SPAN_JSON % (start, end, _ENTITY_JSON[entity], masker, tag.encode()))
        pieces += (text[position:start], tag)
        position = end
    pieces.append(text[position:])
    line = _LINE_JSON % (_dumps(note_id), _dumps("".join(pieces)), b",".join(out_spans))
    return line, tuple(tags)


# The record's and a span's JSON with their keys in ``render_note``'s order; ``%b`` fields are JSON already but
# for entity and tag, which are written as they are: an entity's name, and a tag of ``[``, letters, digits, ``-``
# and ``]`` (``pseudonyms.tag_from_digest``).
_LINE_JSON: Final = b'{"id":%b,"text":%b,"spans":[%b]}\n'
_SPAN_JSON: Final = b'{"start":%d,"end":%d,"entity":"%b","masker":%b,"pseudonym":"%b"}'
_FLAGGED_SPAN_JSON: Final = b'{"start":%d,"end":%d,"entity":"%b","masker":%b,"pseudonym":"%b","flags":%b}'
_ENTITY_JSON: Final = {entity: str(entity).encode("ascii") for entity in Entity}
_dumps: Final = fastjson.dumper()
_JSON_LIMIT: Final = 4096  # maskers' names and flag tuples remembered (a few dozen in practice)
_json_memo: dict[str | tuple[str, ...], bytes] = {}


def _json_of(value: str | tuple[str, ...]) -> bytes:
    """``value`` as JSON (a tuple as an array), remembered: a span's masker name or flags."""
    found = _json_memo.get(value)
    if found is None:
        if len(_json_memo) >= _JSON_LIMIT:
            _json_memo.clear()
        found = _json_memo[value] = _dumps(list(value) if isinstance(value, tuple) else value)
    return found


def _bad_span(start: int, end: int) -> ValueError:
    return ValueError(f"engine returned overlapping or out-of-range spans ({start}..{end})")


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
            raise _bad_span(span.start, span.end)
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
