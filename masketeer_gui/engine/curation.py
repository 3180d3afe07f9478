"""The curated last word, in one place: manual corrections, blacklist, whitelist.

Order: the whitelist removes every masker span touching a whitelisted word; the blacklist then
adds spans (a blacklisted term is always masked, whole word, any spelling variant); manual
corrections come last (a curator's explicit decision on these offsets beats every list).
Terms are matched case-insensitively with umlaut/ß variants (ä=ae, ö=oe, ü=ue, ß=ss) and word
boundaries where a hyphen also separates words ("Sepp" is found in "Sepp-Huber").
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import pairwise

from masketeer_gui.engine.lists import BlacklistEntry, Correction, CorrectionAction, Protected
from masketeer_gui.engine.normalize import fold, fold_phrase
from masketeer_gui.engine.span import Entity, Span

BLACKLIST = "Blacklist"
MANUAL = "Manual"
ACCEPTED = "Accepted"
_DIAERESIS = "\u0308"


def fold_with_offsets(text: str) -> tuple[str, array[int]]:
    """``text`` folded character by character, with each folded character's original offset.

    Decomposed umlauts ("u" + U+0308) fold like composed ones; other combining marks are dropped.
    The offsets are a compact array (8 bytes a character, not a list of int objects): notes can be long.
    """
    out: list[str] = []
    starts = array("q")
    for i, char in enumerate(text):
        if char == _DIAERESIS and out and out[-1] in "aou":
            piece = "e"
        elif unicodedata.combining(char):
            continue
        else:
            piece = fold(char)
        for folded_char in piece:
            out.append(folded_char)
            starts.append(i)
    return "".join(out), starts


@lru_cache(maxsize=4096)
def term_regex(terms: tuple[str, ...]) -> re.Pattern[str] | None:
    """One compiled alternation of folded ``terms``, whole words only; None when there are none."""
    sources = sorted(
        {r"\s+".join(map(re.escape, fold_phrase(t).split())) for t in terms if t.strip()},
        key=len,
        reverse=True,
    )
    if not sources:
        return None
    return re.compile(r"(?<![^\W_])(?:" + "|".join(sources) + r")(?![^\W_])")


def find_terms(text: str, terms: Iterable[str]) -> list[tuple[int, int]]:
    """Original offsets of every whole-word occurrence of any of ``terms``, in any case or umlaut spelling."""
    pattern = term_regex(tuple(sorted(set(terms))))
    if pattern is None:
        return []
    if text.isascii():
        return [m.span() for m in pattern.finditer(text.lower())]
    folded, starts = fold_with_offsets(text)
    return [(starts[m.start()], starts[m.end() - 1] + 1) for m in pattern.finditer(folded) if m.end() > m.start()]


def apply_blacklist(text: str, spans: list[Span], entries: Sequence[BlacklistEntry]) -> list[Span]:
    """Mask every occurrence of a blacklisted term with the entry's type.

    A span exactly on the term takes the entry's type; a larger span that already covers it (an
    address around a street name) stays as it is. One pass over ``spans`` when they are sorted and
    apart (as the pipeline's are); any other list is searched anew for each occurrence.
    """
    by_fold = {fold_phrase(e.term): e for e in entries}
    hits = []
    for start, end in find_terms(text, (e.term for e in entries)):
        entry = by_fold.get(fold_phrase(text[start:end]))
        hits.append((start, end, entry.entity if entry else entries[0].entity))
    if not all(a.end <= b.start for a, b in pairwise(spans)):
        return _blacklist_each(text, spans, hits)
    out: list[Span] = []  # spans before the occurrence, then its merged span
    rest = 0  # spans[rest:] are still to come
    for start, end, entity in hits:  # in text order
        while rest < len(spans) and spans[rest].end <= start:
            out.append(spans[rest])
            rest += 1
        tail = 1 if out and out[-1].end > start else 0  # the previous occurrence's span may reach in
        stop = rest
        while stop < len(spans) and spans[stop].start < end:
            stop += 1
        merged = _blacklisted(text, start, end, entity, out[len(out) - tail :] + spans[rest:stop])
        if merged is not None:
            del out[len(out) - tail :]
            out.append(merged)
            rest = stop
    return out + spans[rest:]


def _blacklist_each(text: str, spans: list[Span], hits: list[tuple[int, int, Entity]]) -> list[Span]:
    """``apply_blacklist`` for spans in any order, overlapping or not."""
    for start, end, entity in hits:
        merged = _blacklisted(text, start, end, entity, [s for s in spans if s.overlaps(start, end)])
        if merged is not None:
            spans = [s for s in spans if not s.overlaps(start, end)]
            spans.append(merged)
    return sorted(spans, key=lambda s: s.start)


def _blacklisted(text: str, start: int, end: int, entity: Entity, overlapping: list[Span]) -> Span | None:
    """The blacklist span for the term at ``start:end`` merged with the spans it overlaps; None if one covers it."""
    if any(
        s.start <= start and end <= s.end and ((s.start, s.end) != (start, end) or s.entity == entity)
        for s in overlapping
    ):
        return None
    lo = min([start, *(s.start for s in overlapping)])
    hi = max([end, *(s.end for s in overlapping)])
    ref = fold_phrase(text[start:end])
    return Span(lo, hi, entity, BLACKLIST, "on the blacklist", (), ref)


def apply_whitelist(
    text: str, spans: list[Span], terms: Sequence[str], protected: Sequence[Protected] = ()
) -> list[Span]:
    """Drop every masker span that touches a whitelisted word; regex, blacklist and manual spans stay,
    and so does a span over a stretch a reviewer accepted (``protected``).

    A regex span (e-mail, URL, address, ZIP, phone) is formulaic PHI as a whole: "franz.rumpf@gmx.at"
    stays masked although "Rumpf" is whitelisted.
    """
    hits = find_terms(text, terms)
    if not hits:
        return spans
    ends = [end for _, end in hits]  # hits come in text order: starts and ends both ascend
    return [
        s
        for s in spans
        if _kept_by_whitelist(s) or not _touches(s, hits, ends) or any(s.overlaps(p.start, p.end) for p in protected)
    ]


def _touches(span: Span, hits: list[tuple[int, int]], ends: list[int]) -> bool:
    """``span`` overlaps one of ``hits``: the first hit ending after its start begins before its end."""
    first = bisect_right(ends, span.start)
    return first < len(hits) and hits[first][0] < span.end


def apply_protected(text: str, spans: list[Span], protected: Sequence[Protected]) -> list[Span]:
    """Mask every accepted stretch no span covers any more (the engine stopped finding it); offsets
    outside the text are ignored (the note changed and the store could not re-anchor it)."""
    for p in protected:
        if 0 <= p.start < p.end <= len(text) and not any(s.overlaps(p.start, p.end) for s in spans):
            spans = sorted(
                [*spans, Span(p.start, p.end, p.entity, ACCEPTED, "accepted by a reviewer", (), "")],
                key=lambda s: s.start,
            )
    return spans


def _kept_by_whitelist(span: Span) -> bool:
    return span.masker in (BLACKLIST, MANUAL, ACCEPTED) or span.masker.startswith("Regex")


def apply_corrections(text: str, spans: list[Span], corrections: Sequence[Correction]) -> list[Span]:
    """Apply manual corrections in order; offsets outside the text are ignored (a stale correction)."""
    for c in corrections:
        if not (0 <= c.start < c.end <= len(text)):
            continue
        hit = [s for s in spans if s.overlaps(c.start, c.end)]
        rest = [s for s in spans if not s.overlaps(c.start, c.end)]
        if c.action is CorrectionAction.REMOVE:
            spans = rest
        elif c.action is CorrectionAction.RETYPE and c.entity is not None:
            spans = rest + [_retyped(s, c) for s in hit]
        elif c.action is CorrectionAction.ADD and c.entity is not None:
            lo = min([c.start, *(s.start for s in hit)])  # merge, so no part of an overlapped span shows
            hi = max([c.end, *(s.end for s in hit)])
            ref = fold_phrase(text[lo:hi])
            spans = [*rest, Span(lo, hi, c.entity, MANUAL, "added by a reviewer", (), ref)]
        spans.sort(key=lambda s: s.start)
    return spans


def _retyped(span: Span, correction: Correction) -> Span:
    assert correction.entity is not None
    return Span(
        span.start,
        span.end,
        correction.entity,
        MANUAL,
        f"type changed by a reviewer (was {span.entity})",
        (),
        span.ref,
    )
