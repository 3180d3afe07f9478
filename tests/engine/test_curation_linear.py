"""The linear blacklist and whitelist give the answers of the plain search, span by span, for each term.

``apply_blacklist`` sweeps sorted spans once and ``apply_whitelist`` bisects the term hits (issue 10:
long notes). The references below are the plain definitions: for every occurrence look at every span.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.curation import BLACKLIST, MANUAL, apply_blacklist, apply_whitelist, find_terms
from masketeer_gui.engine.lists import BlacklistEntry
from masketeer_gui.engine.normalize import fold_phrase
from masketeer_gui.engine.span import Entity, Span

WORDS = ("Sepp", "Hias", "Maß", "Masse", "Strasse", "Straße", "Müller", "Mueller", "Anna", "Sepp-Huber", "und")
SEPARATORS = (" ", "-", ", ", "  ", "")
MASKERS = ("NameDictionary", "FullName", "RegexPhone", MANUAL, BLACKLIST)


def reference_blacklist(text: str, spans: list[Span], entries: list[BlacklistEntry]) -> list[Span]:
    by_fold = {fold_phrase(e.term): e for e in entries}
    for start, end in find_terms(text, (e.term for e in entries)):
        entry = by_fold.get(fold_phrase(text[start:end]))
        entity = entry.entity if entry else entries[0].entity
        overlapping = [s for s in spans if s.overlaps(start, end)]
        if any(s.start <= start and end <= s.end and ((s.start, s.end) != (start, end) or s.entity == entity)
               for s in overlapping):  # fmt: skip
            continue
        lo = min([start, *(s.start for s in overlapping)])
        hi = max([end, *(s.end for s in overlapping)])
        spans = [s for s in spans if not s.overlaps(start, end)]
        spans.append(Span(lo, hi, entity, BLACKLIST, "on the blacklist", (), fold_phrase(text[start:end])))
    return sorted(spans, key=lambda s: s.start)


def reference_whitelist(text: str, spans: list[Span], terms: list[str]) -> list[Span]:
    hits = find_terms(text, terms)
    kept = (BLACKLIST, MANUAL)
    return [s for s in spans if s.masker in kept or s.masker.startswith("Regex") or not any(
        s.overlaps(a, b) for a, b in hits)]  # fmt: skip


@st.composite
def notes(draw: st.DrawFn) -> tuple[str, list[Span]]:
    """A note of listed words and sorted spans that do not overlap (the pipeline's kind)."""
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=12))
    text = "".join(word + draw(st.sampled_from(SEPARATORS)) for word in words)
    cuts = sorted(draw(st.sets(st.integers(0, len(text)), max_size=14)))
    spans = [
        Span(a, b, draw(st.sampled_from(list(Entity))), draw(st.sampled_from(MASKERS)))
        for a, b in zip(cuts[::2], cuts[1::2], strict=False)
    ]
    return text, spans


@settings(max_examples=300, deadline=None)
@given(
    notes(),
    st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(list(Entity))), min_size=1, max_size=4),
    st.booleans(),
)
def test_blacklist_equals_the_plain_search(
    note: tuple[str, list[Span]], terms: list[tuple[str, Entity]], overlapping: bool
) -> None:
    text, spans = note
    if overlapping:  # not the pipeline's kind of list: the span-by-span path
        spans = [*spans, Span(0, len(text), Entity.PER, "FullName")]
    entries = [BlacklistEntry(term, entity) for term, entity in terms]
    assert apply_blacklist(text, spans, entries) == reference_blacklist(text, spans, entries)


@settings(max_examples=150, deadline=None)
@given(notes(), st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))
def test_whitelist_by_bisection_equals_the_plain_search(note: tuple[str, list[Span]], terms: list[str]) -> None:
    text, spans = note
    assert apply_whitelist(text, spans, terms) == reference_whitelist(text, spans, terms)


def test_a_term_next_to_the_previous_blacklist_span_merges_with_it() -> None:
    text = "Sepp-Huber Hias"
    spans = [Span(5, 15, Entity.PER, "FullName")]  # "Huber Hias": reaches over the next term
    out = apply_blacklist(text, spans, [BlacklistEntry("Sepp-Huber", Entity.PAT), BlacklistEntry("Hias")])
    assert out == reference_blacklist(text, spans, [BlacklistEntry("Sepp-Huber", Entity.PAT), BlacklistEntry("Hias")])
    assert [(text[s.start : s.end], s.masker) for s in out] == [("Sepp-Huber Hias", BLACKLIST)]
