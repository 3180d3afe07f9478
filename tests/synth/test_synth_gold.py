"""Gold spans are exact, well formed and follow the annotation rules (per-token names, no titles)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from masketeer_gui.engine.span import NAME_ENTITIES, Entity
from masketeer_gui.synth.generator import SynthCorpus
from masketeer_gui.synth.gold import GoldNote, GoldSpan, TrapSpan, primary_kind, read_gold, write_jsonl

TITLES = {
    "dr",
    "fr",
    "hr",
    "frau",
    "herr",
    "prim",
    "oa",
    "dgkp",
    "dgks",
    "sr",
    "mag",
    "lg",
    "hallo",
    "liebe",
    "pat",
}


def test_every_gold_span_text_equals_the_note_text(corpus_5000: SynthCorpus) -> None:
    for note, gold in zip(corpus_5000.notes, corpus_5000.gold, strict=True):
        assert note["id"] == gold.id
        text = note["text"]
        for span in gold.spans:
            assert 0 <= span.start < span.end <= len(text)
            assert text[span.start : span.end] == span.text
        for trap in gold.trap_spans:
            assert 0 <= trap.start < trap.end <= len(text)


def test_spans_are_sorted_disjoint_and_trimmed(corpus_5000: SynthCorpus) -> None:
    for gold in corpus_5000.gold:
        ends = [0]
        for span in gold.spans:
            assert span.start >= ends[-1], gold.id
            assert span.text == span.text.strip() and span.text
            ends.append(span.end)
        for trap in gold.trap_spans:
            assert not any(s.start < trap.end and trap.start < s.end for s in gold.spans), gold.id


def test_name_spans_are_single_words_without_titles(corpus_5000: SynthCorpus) -> None:
    for gold in corpus_5000.gold:
        for span in gold.spans:
            if span.entity in NAME_ENTITIES:
                assert not re.search(r"[\s.,]", span.text), span.text
                assert span.text.lower() not in TITLES
                assert span.text[0].isupper()


def test_initials_are_one_letter_followed_by_a_dot(corpus_5000: SynthCorpus) -> None:
    seen = 0
    for note, gold in zip(corpus_5000.notes, corpus_5000.gold, strict=True):
        for span in gold.spans:
            if "initial" in span.tags:
                seen += 1
                assert len(span.text) == 1 and note["text"][span.end] == "."
    assert seen > 20


def test_hyphenated_names_are_one_span(corpus_5000: SynthCorpus) -> None:
    hyphenated = [s for g in corpus_5000.gold for s in g.spans if "hyphenated" in s.tags]
    assert len(hyphenated) > 20
    assert all("-" in s.text and " " not in s.text for s in hyphenated)


def test_zip_and_address_are_whole_expressions(corpus_5000: SynthCorpus) -> None:
    spans = [s for g in corpus_5000.gold for s in g.spans]
    assert all(re.fullmatch(r"(A-)?\d{4} \D+", s.text) for s in spans if s.entity == Entity.ZIP)
    assert all(re.search(r"\D \d+\w?(/\d+)?$", s.text) for s in spans if s.entity == Entity.ADD)
    assert all("@" in s.text for s in spans if s.entity == Entity.MAI)


@pytest.mark.parametrize(
    ("tags", "kind"),
    [
        (("salutation",), "salutation"),
        (("salutation", "typo", "unlisted"), "typo"),
        (("no-salutation", "umlaut-variant"), "umlaut-variant"),
        (("signoff", "no-salutation"), "no-salutation"),
        (("regex",), "regex"),
        ((), "other"),
    ],
)
def test_primary_kind_is_the_hardest_tag(tags: tuple[str, ...], kind: str) -> None:
    assert primary_kind(tags) == kind


def test_gold_round_trips_through_jsonl(tmp_path: Path) -> None:
    note = GoldNote(
        "N1",
        (GoldSpan(4, 9, Entity.PAT, ("salutation", "typo"), "Hubr"),),
        (TrapSpan(20, 36, "eponym"), TrapSpan(40, 46, "phone-like")),
    )
    path = tmp_path / "gold.jsonl"
    assert write_jsonl(path, [note.to_dict(), GoldNote("N2").to_dict()]) == 2
    back = read_gold(path)
    assert back == [note, GoldNote("N2")]
    assert back[0].traps == ("eponym", "phone-like")
    assert back[0].to_dict()["spans"][0]["kind"] == "typo"


def test_trap_spans_cover_what_their_kind_says(corpus_5000: SynthCorpus) -> None:
    seen: dict[str, set[str]] = {}
    for note, gold in zip(corpus_5000.notes, corpus_5000.gold, strict=True):
        for trap in gold.trap_spans:
            seen.setdefault(trap.trap, set()).add(note["text"][trap.start : trap.end])
    assert all(t.startswith("Fr.") for t in seen["freitag"])
    assert {"Morbus Parkinson", "Holter-EKG", "M. Crohn"} <= seen["eponym"]
    assert {"Tochter", "Gattin", "Pat."} <= seen["role-noun"]
    assert {"Dr.", "Fr.", "Herr", "LG", "Hallo", "DGKS"} <= seen["salutation-word"]
    assert all(not re.search(r"[()\s]$|^\s", t) for ts in seen.values() for t in ts)
    assert all(re.search(r"\d", t) for t in seen["phone-like"])
