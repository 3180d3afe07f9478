"""The curated last word, in one place: manual corrections, blacklist, whitelist.

Order: the blacklist adds spans (a blacklisted term is always masked, whole word, any spelling
variant); the whitelist then removes every other span touching a whitelisted word; manual
corrections come last (a curator's explicit decision on these offsets beats every list).
Terms are matched case-insensitively with umlaut/ß variants (ä=ae, ö=oe, ü=ue, ß=ss) and word
boundaries where a hyphen also separates words ("Sepp" is found in "Sepp-Huber").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from masketeer_gui.engine.lists import BlacklistEntry, Correction, CorrectionAction
from masketeer_gui.engine.normalize import fold_phrase
from masketeer_gui.engine.span import Span

BLACKLIST = "Blacklist"
MANUAL = "Manual"
_VARIANTS = {"ae": "(?:ae|ä)", "oe": "(?:oe|ö)", "ue": "(?:ue|ü)", "ss": "(?:ss|ß|ẞ)"}
_PAIR = re.compile("ae|oe|ue|ss")


def _term_pattern(term: str) -> str:
    """A regex source matching ``term`` in any case and umlaut spelling, spaces as any white space."""
    parts: list[str] = []
    for word in fold_phrase(term).split(" "):
        pos, chunks = 0, []
        for match in _PAIR.finditer(word):
            chunks.append(re.escape(word[pos : match.start()]))
            chunks.append(_VARIANTS[match.group()])
            pos = match.end()
        chunks.append(re.escape(word[pos:]))
        parts.append("".join(chunks))
    return r"\s+".join(parts)


@lru_cache(maxsize=4096)
def term_regex(terms: tuple[str, ...]) -> re.Pattern[str] | None:
    """One compiled alternation of ``terms``, whole words only; None when there are none."""
    sources = sorted({_term_pattern(t) for t in terms if t.strip()}, key=len, reverse=True)
    if not sources:
        return None
    return re.compile(r"(?<![^\W_])(?:" + "|".join(sources) + r")(?![^\W_])", re.IGNORECASE)


def find_terms(text: str, terms: Iterable[str]) -> list[tuple[int, int]]:
    """Offsets of every whole-word occurrence of any of ``terms`` in ``text``."""
    pattern = term_regex(tuple(sorted(set(terms))))
    return [] if pattern is None else [m.span() for m in pattern.finditer(text)]


def apply_blacklist(text: str, spans: list[Span], entries: Sequence[BlacklistEntry]) -> list[Span]:
    """Mask every occurrence of a blacklisted term; a span already covering it stays."""
    by_fold = {fold_phrase(e.term): e for e in entries}
    for start, end in find_terms(text, (e.term for e in entries)):
        if any(s.start <= start and end <= s.end for s in spans):
            continue
        entry = by_fold.get(fold_phrase(text[start:end]))
        entity = entry.entity if entry else entries[0].entity
        overlapping = [s for s in spans if s.overlaps(start, end)]
        lo = min([start, *(s.start for s in overlapping)])
        hi = max([end, *(s.end for s in overlapping)])
        spans = [s for s in spans if not s.overlaps(start, end)]
        ref = fold_phrase(text[start:end])
        spans.append(Span(lo, hi, entity, BLACKLIST, "on the blacklist", (), ref))
    return sorted(spans, key=lambda s: s.start)


def apply_whitelist(text: str, spans: list[Span], terms: Sequence[str]) -> list[Span]:
    """Drop every span (except blacklist and manual ones) that touches a whitelisted word."""
    hits = find_terms(text, terms)
    if not hits:
        return spans
    keep = (BLACKLIST, MANUAL)
    return [s for s in spans if s.masker in keep or not any(s.overlaps(a, b) for a, b in hits)]


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
            ref = fold_phrase(text[c.start : c.end])
            spans = [*rest, Span(c.start, c.end, c.entity, MANUAL, "added by a reviewer", (), ref)]
        spans.sort(key=lambda s: s.start)
    return spans


def _retyped(span: Span, correction: Correction) -> Span:
    assert correction.entity is not None
    return Span(span.start, span.end, correction.entity, MANUAL, f"type changed by a reviewer (was {span.entity})",
                (), span.ref)
