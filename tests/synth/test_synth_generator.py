"""The generator: deterministic, paper-like length and PHI profile, every hard case and trap present."""

from __future__ import annotations

import statistics
from collections import Counter

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import NAME_ENTITIES
from masketeer_gui.synth.cast import cast_size
from masketeer_gui.synth.generator import SynthCorpus, generate
from masketeer_gui.synth.gold import TRAP_KINDS
from masketeer_gui.synth.profile import corpus_profile

HARD_CASE_TAGS = {
    "salutation",
    "signoff",
    "greeting",
    "no-salutation",
    "role-word",
    "full-name",
    "typo",
    "unlisted",
    "rare",
    "hyphenated",
    "initial",
    "umlaut-variant",
    "nickname",
    "regex",
    "site",
    "site-variant",
}
TRAPS = set(TRAP_KINDS)


def test_same_seed_same_corpus() -> None:
    first, second = generate(200, 42), generate(200, 42)
    assert first.notes == second.notes
    assert first.gold == second.gold
    assert first.names == second.names


def test_other_seed_other_corpus() -> None:
    assert generate(50, 1).notes != generate(50, 2).notes


def test_prefix_of_metadata_and_ids(small_corpus: SynthCorpus) -> None:
    ids = [n["id"] for n in small_corpus.notes]
    assert len(set(ids)) == len(ids)
    dates = [n["date"] for n in small_corpus.notes]
    assert dates == sorted(dates)
    assert dates[0] >= "2016-04-01" and dates[-1] <= "2022-11-30"
    assert all(set(n) == {"id", "text", "patient_id", "author", "date"} for n in small_corpus.notes)


def test_length_profile_is_like_the_paper(corpus_5000: SynthCorpus) -> None:
    lengths = [len(n["text"].split()) for n in corpus_5000.notes]
    assert 15 <= statistics.median(lengths) <= 30
    assert 28 <= statistics.fmean(lengths) <= 45
    assert 30 <= statistics.pstdev(lengths) <= 60
    assert min(lengths) == 1
    assert 250 <= max(lengths) <= 650


def test_phi_profile_is_like_the_paper(corpus_5000: SynthCorpus) -> None:
    profile = corpus_profile(corpus_5000.notes, corpus_5000.gold)
    assert 0.35 <= profile["no_phi_share"] <= 0.45
    assert 1.0 <= profile["spans_per_note"]["mean"] <= 1.7
    assert profile["spans_per_note"]["max"] >= 12
    assert profile["at_most_5_spans_share"] >= 0.93
    share = {e: v["share"] for e, v in profile["entities"].items()}
    assert 0.38 <= share["HCP"] <= 0.52
    assert 0.26 <= share["PAT"] <= 0.40
    assert 0.09 <= share["PER"] <= 0.20
    assert 0.04 <= share["SIT"] <= 0.10
    assert 0.004 <= share["PHO"] <= 0.03
    assert all(0 < share[e] < 0.01 for e in ("ADD", "ZIP", "WEB", "MAI"))


def test_every_hard_case_and_trap_appears(corpus_5000: SynthCorpus) -> None:
    tags = Counter(t for g in corpus_5000.gold for s in g.spans for t in s.tags)
    assert set(tags) >= HARD_CASE_TAGS, HARD_CASE_TAGS - set(tags)
    assert all(tags[t] >= 10 for t in HARD_CASE_TAGS), tags
    traps = Counter(t for g in corpus_5000.gold for t in g.traps)
    assert set(traps) == TRAPS
    assert all(traps[t] >= 20 for t in TRAPS), traps


def test_cast_is_the_papers_scaled_down_and_everyone_appears(corpus_5000: SynthCorpus) -> None:
    profile = corpus_profile(corpus_5000.notes, corpus_5000.gold)
    assert cast_size(35_579) == (1022, 203)
    assert profile["patients"] == cast_size(5000)[0] == round(1022 * 5000 / 35_579)
    assert 0.9 * cast_size(5000)[1] <= profile["authors"] <= cast_size(5000)[1]


def test_names_file_lists_most_but_not_all_names(corpus_5000: SynthCorpus) -> None:
    lists = NameLists.from_mapping(corpus_5000.names)
    assert lists.patients and lists.hcps and lists.persons and lists.medical_sites
    listed = {fold(w) for entry in (*lists.patients, *lists.hcps, *lists.persons) for w in entry.split()}
    words = [s.text for g in corpus_5000.gold for s in g.spans if s.entity in NAME_ENTITIES]
    missing = [w for w in words if fold(w) not in listed]
    assert 0.02 <= len(missing) / len(words) <= 0.4
    n_patients, n_authors = cast_size(5000)
    assert 0.7 <= len(lists.patients) / n_patients <= 0.9
    hcps = n_authors + max(8, n_patients // 4)  # authors and family doctors
    assert 0.75 <= len(lists.hcps) / hcps <= 0.97


def test_unlisted_tag_means_absent_from_the_names_file(corpus_5000: SynthCorpus) -> None:
    listed = {
        fold(p)
        for key in ("patients", "hcps", "persons")
        for e in corpus_5000.names[key]
        for w in e.split()
        for p in (w, *w.split("-"))
    }
    for gold in corpus_5000.gold:
        for span in gold.spans:
            if "unlisted" in span.tags and "typo" not in span.tags:
                assert fold(span.text) not in listed, span.text
