"""Curated last word: blacklist masks every spelling, whitelist removes spans, manual corrections win."""

from __future__ import annotations

import itertools

import pytest

from masketeer_gui.engine.curation import (
    BLACKLIST,
    MANUAL,
    apply_blacklist,
    apply_corrections,
    apply_protected,
    apply_whitelist,
    find_terms,
)
from masketeer_gui.engine.lists import BlacklistEntry, Correction, CorrectionAction, NameLists, NoteContext, Protected
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity, Span
from tests.engine.conftest import EngineFactory, Hit, covered, hits

ADD, REMOVE, RETYPE = CorrectionAction.ADD, CorrectionAction.REMOVE, CorrectionAction.RETYPE
PAT, PER = Entity.PAT, Entity.PER


def found(text: str, *terms: str) -> list[str]:
    return [text[a:b] for a, b in find_terms(text, terms)]


# --- term matching ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Müller kommt", ["Müller"]),
        ("Mueller kommt", ["Mueller"]),
        ("MÜLLER kommt", ["MÜLLER"]),
        ("MUELLER kommt", ["MUELLER"]),
        ("müller", ["müller"]),
        ("Sepp-Müller", ["Müller"]),  # inside a hyphen chain
        ("Huber-Müller-Egger", ["Müller"]),
        ("(Müller)", ["Müller"]),
        ("Müller_Huber", ["Müller"]),  # underscore separates words too
        ("Müller, Mueller; MÜLLER.", ["Müller", "Mueller", "MÜLLER"]),
    ],
)
def test_term_matches_every_spelling(text: str, expected: list[str]) -> None:
    assert found(text, "Müller") == expected


@pytest.mark.parametrize("text", ["Müllerin", "Gmüller", "Müller2", "Muller", "Mü ller"])
def test_term_matches_whole_words_only(text: str) -> None:
    assert found(text, "Müller") == []


@pytest.mark.parametrize(
    ("term", "text", "expected"),
    [
        ("Weiß", "Weiss und WEISS und weiß", ["Weiss", "WEISS", "weiß"]),
        ("Strasser", "Straßer", ["Straßer"]),
        ("Dr. Hias", "bei Dr.  Hias", ["Dr.  Hias"]),  # any white space between the words
        ("Maria Huber", "maria\nhuber", ["maria\nhuber"]),
        ("C++", "mit C++ gut", ["C++"]),  # regex characters are escaped
    ],
)
def test_term_variants(term: str, text: str, expected: list[str]) -> None:
    assert found(text, term) == expected


def test_longest_term_wins() -> None:
    assert found("Maria Huber kommt", "Maria", "Maria Huber") == ["Maria Huber"]


def test_no_terms() -> None:
    assert find_terms("Müller", []) == []
    assert find_terms("Müller", ["  "]) == []


def test_term_matches_decomposed_umlaut() -> None:
    assert found("Mu\u0308ller kommt", "Müller") == ["Mu\u0308ller"]


def test_term_matches_its_own_spelling_with_s_before_sharp_s() -> None:
    assert found("Frau Asß", "Asß") == ["Asß"]


# --- the three steps on their own ---------------------------------------------------------------


def span(start: int, end: int, entity: Entity = PER, masker: str = "NameDictionary") -> Span:
    return Span(start, end, entity, masker, "", (), "")


def test_blacklist_adds_spans_with_the_entry_type() -> None:
    text = "Sepp und Hias"
    out = apply_blacklist(text, [], [BlacklistEntry("Hias"), BlacklistEntry("Sepp", PAT)])
    assert [(text[s.start : s.end], s.entity, s.masker, s.ref) for s in out] == [
        ("Sepp", PAT, BLACKLIST, "sepp"),
        ("Hias", PER, BLACKLIST, "hias"),
    ]


def test_blacklist_keeps_a_span_that_already_covers_the_term() -> None:
    existing = span(0, 10, Entity.HCP, "Salutation")
    assert apply_blacklist("Sepp Huber", [existing], [BlacklistEntry("Sepp", PAT)]) == [existing]


def test_blacklist_merges_partly_overlapping_spans() -> None:
    text = "Anna Sepp-Huber"
    out = apply_blacklist(text, [span(0, 4), span(7, 15)], [BlacklistEntry("Sepp-Huber", PAT)])
    assert [(text[s.start : s.end], s.masker) for s in out] == [
        ("Anna", "NameDictionary"),
        ("Sepp-Huber", BLACKLIST),
    ]
    out = apply_blacklist(text, [span(7, 15)], [BlacklistEntry("Anna Sepp", PAT)])
    assert [(text[s.start : s.end], s.masker) for s in out] == [("Anna Sepp-Huber", BLACKLIST)]


def test_whitelist_drops_touching_spans_but_not_curated_ones() -> None:
    text = "Rumpf Huber Rumpf-Egger Rumpf"
    spans = [span(0, 5), span(6, 11), span(12, 23), span(24, 29, masker=MANUAL)]
    out = apply_whitelist(text, spans, ["rumpf"])
    assert [text[s.start : s.end] for s in out] == ["Huber", "Rumpf"]
    assert apply_whitelist(text, spans, []) == spans


@pytest.mark.parametrize(
    ("corrections", "expected"),
    [
        ([Correction(5, 10, REMOVE)], [("Anna", PER, "NameDictionary")]),
        ([Correction(6, 8, REMOVE)], [("Anna", PER, "NameDictionary")]),  # any overlap removes
        ([Correction(5, 10, RETYPE, PAT)], [("Huber", PAT, MANUAL), ("Anna", PER, "NameDictionary")]),
        ([Correction(5, 10, RETYPE, None)], [("Huber", PER, "Salutation"), ("Anna", PER, "NameDictionary")]),
        (
            [Correction(17, 22, ADD, PER)],
            [("Huber", PER, "Salutation"), ("heute", PER, MANUAL), ("Anna", PER, "NameDictionary")],
        ),
        ([Correction(0, 10, ADD, PAT)], [("Frau Huber", PAT, MANUAL), ("Anna", PER, "NameDictionary")]),
        ([Correction(5, 10, ADD, None)], [("Huber", PER, "Salutation"), ("Anna", PER, "NameDictionary")]),
        # stale corrections (outside the text, empty, negative) are ignored
        (
            [Correction(30, 100, ADD, PAT), Correction(-1, 3, REMOVE), Correction(5, 5, REMOVE)],
            [("Huber", PER, "Salutation"), ("Anna", PER, "NameDictionary")],
        ),
        # in order: the later correction sees the earlier one's result
        (
            [Correction(5, 10, REMOVE), Correction(5, 10, ADD, Entity.HCP)],
            [("Huber", Entity.HCP, MANUAL), ("Anna", PER, "NameDictionary")],
        ),
    ],
)
def test_corrections(corrections: list[Correction], expected: list[tuple[str, Entity, str]]) -> None:
    text = "Frau Huber kommt heute mit Anna."
    spans = [span(5, 10, masker="Salutation"), span(27, 31)]
    out = apply_corrections(text, spans, corrections)
    assert [(text[s.start : s.end], s.entity, s.masker) for s in out] == expected


def test_retype_keeps_the_reference() -> None:
    text = "Frau Huber"
    (out,) = apply_corrections(
        text, [Span(5, 10, PER, "Salutation", "", (), "huber")], [Correction(5, 10, RETYPE, PAT)]
    )
    assert out.ref == "huber" and out.reason == "type changed by a reviewer (was PER)"


# --- in the pipeline --------------------------------------------------------------------------

LISTS = NameLists(
    whitelist=("Rumpf", "Egger"),
    blacklist=(BlacklistEntry("Müller"), BlacklistEntry("Sepp", PAT), BlacklistEntry("Hias")),
)


@pytest.fixture(scope="module")
def engine(make_engine: EngineFactory) -> Deidentifier:
    return make_engine(LISTS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("müller kommt", [Hit("müller", PER, BLACKLIST)]),  # lower case: only the blacklist sees it
        ("Hias, bitte melden.", [Hit("Hias", PER, BLACKLIST)]),
        ("heute sepp", [Hit("sepp", PAT, BLACKLIST)]),
        ("Müller kommt", [Hit("Müller", PER, "NameDictionary")]),  # already masked: the span stays
        ("Frau Egger kommt", []),  # whitelisted even after a title
        ("Egger-Rumpf", []),
        ("Rumpf", []),
    ],
)
def test_lists_in_the_pipeline(engine: Deidentifier, text: str, expected: list[Hit]) -> None:
    assert hits(engine, text) == expected


@pytest.mark.parametrize("text", ["Sepp-Egger kam", "KH Rumpf Müller", "Müller-Egger"])
def test_blacklisted_term_survives_a_whitelisted_neighbour(engine: Deidentifier, text: str) -> None:
    term = next(t for t in ("Sepp", "Müller") if t in text)
    start = text.index(term)
    assert any(s.start <= start and start + len(term) <= s.end for s in engine.analyze(text))


def test_note_context_adds_to_the_run_lists(engine: Deidentifier) -> None:
    text = "Frau Huber kommt heute mit Anna, Hias auch."
    context = NoteContext.of(whitelist=["Anna"], blacklist=[BlacklistEntry("heute", Entity.ADD)])
    assert hits(engine, text, context) == [
        Hit("Huber", PAT, "Salutation"),
        Hit("heute", Entity.ADD, BLACKLIST),
        Hit("Hias", PER, BLACKLIST),
    ]
    assert [h.text for h in hits(engine, text)] == ["Huber", "Anna", "Hias"]


def test_manual_corrections_beat_both_lists(engine: Deidentifier) -> None:
    text = "Hias und Rumpf"
    context = NoteContext.of(corrections=[Correction(0, 4, REMOVE), Correction(9, 14, ADD, PAT)])
    assert hits(engine, text, context) == [Hit("Rumpf", PAT, MANUAL)]


def test_stale_corrections_are_ignored(engine: Deidentifier) -> None:
    text = "Frau Huber"
    context = NoteContext.of(corrections=[Correction(50, 60, REMOVE), Correction(8, 99, ADD, PAT)])
    assert hits(engine, text, context) == [Hit("Huber", PAT, "Salutation")]


def test_curated_spans_stay_sorted_and_disjoint(engine: Deidentifier) -> None:
    text = "Sepp Müller, Hias und Anna Huber; müller und Rumpf"
    context = NoteContext.of(corrections=[Correction(22, 32, ADD, PAT), Correction(0, 2, RETYPE, Entity.HCP)])
    spans = engine.analyze(text, context)
    assert all(a.end <= b.start for a, b in itertools.pairwise(spans))
    assert [text[s.start : s.end] for s in spans] == ["Sepp", "Müller", "Hias", "Anna Huber", "müller"]


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("Mail an franz.rumpf@gmx.at", "franz.rumpf@gmx.at"),
        ("Wohnt in 6020 Innsbruck", "6020"),
        ("Infos: www.parkinson-tirol.at", "www.parkinson-tirol.at"),
    ],
)
def test_whitelist_does_not_unmask_regex_spans(make_engine: EngineFactory, text: str, masked: str) -> None:
    engine = make_engine(NameLists(whitelist=("Rumpf", "Innsbruck", "Parkinson")), rules=True)
    start = text.index(masked)
    assert covered(engine.analyze(text), start, start + len(masked))


def test_add_correction_never_unmasks(engine: Deidentifier) -> None:
    text = "Frau Huber kommt"
    context = NoteContext.of(corrections=[Correction(7, 16, ADD, PER)])
    assert covered(engine.analyze(text, context), 5, 16)


# --- accepted spans (issue 12 B.8): a reviewer's accept is a decision the next run keeps --------------------
_ACCEPT_TEXT = "Visite: Herr Lindgraber, Befund stabil."
_LINDGRABER = (_ACCEPT_TEXT.index("Lindgraber"), _ACCEPT_TEXT.index("Lindgraber") + len("Lindgraber"))


@pytest.mark.parametrize(
    ("spans", "whitelist", "protected", "masked"),
    [
        # must: an accepted span survives a whitelist entry of its word
        ([_LINDGRABER], ["Lindgraber"], [_LINDGRABER], [_LINDGRABER]),
        # must: an accepted stretch the engine no longer finds is masked again
        ([], [], [_LINDGRABER], [_LINDGRABER]),
        # must not: without an accept the whitelist unmasks
        ([_LINDGRABER], ["Lindgraber"], [], []),
        # must not: an accept outside the text (a changed note) masks nothing
        ([], [], [(80, 90)], []),
    ],
)
def test_protected_stretches(spans, whitelist, protected, masked) -> None:
    found = [Span(a, b, Entity.PER, "Salutation", "after 'Herr'") for a, b in spans]
    keep = [Protected(a, b, Entity.PER) for a, b in protected]
    result = apply_protected(_ACCEPT_TEXT, apply_whitelist(_ACCEPT_TEXT, found, whitelist, keep), keep)
    assert [(s.start, s.end) for s in result] == masked
