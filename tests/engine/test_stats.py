"""Corpus statistics (paper section 3.1, Tables 6-7): counts, proportions, distributions."""

from __future__ import annotations

import statistics
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.engine.stats import CorpusStats, count_tokens, summarize


def spans(*pairs: tuple[Entity, str]) -> list[Span]:
    return [Span(i, i + 1, entity, masker) for i, (entity, masker) in enumerate(pairs)]


def filled() -> CorpusStats:
    stats = CorpusStats()
    stats.add("Frau Huber kommt.", spans((Entity.PAT, "Salutation"), (Entity.HCP, "Salutation")))
    stats.add("Keine Namen", [])
    stats.add("Dr. Hofer, LKH Hall", spans((Entity.HCP, "Salutation"), (Entity.SIT, "MedicalSite")))
    return stats


def test_counts_and_tables() -> None:
    out = filled().to_dict()
    assert (out["notes"], out["notes_with_phi"], out["spans"]) == (3, 2, 4)
    assert out["notes_with_phi_proportion"] == pytest.approx(2 / 3)
    assert out["per_entity"] == {
        "HCP": {"count": 2, "proportion": 0.5},
        "PAT": {"count": 1, "proportion": 0.25},
        "SIT": {"count": 1, "proportion": 0.25},
    }
    assert list(out["per_masker"]) == ["Salutation", "MedicalSite"]  # most active first
    assert out["spans_per_note"] == {
        "mean": 4 / 3,
        "median": 2.0,
        "sd": pytest.approx(statistics.stdev([2, 0, 2])),
        "max": 2,
    }
    assert out["tokens_per_note"]["max"] == 4


def test_merge_equals_adding_everything_to_one() -> None:
    left, right = CorpusStats(), filled()
    left.add("Herr Maier", spans((Entity.PAT, "Salutation")))
    left.merge(right)
    assert left.to_dict()["notes"] == 4
    assert left.per_entity == Counter({Entity.HCP: 2, Entity.PAT: 2, Entity.SIT: 1})


def test_empty_corpus() -> None:
    out = CorpusStats().to_dict()
    assert out["spans_per_note"] == {"mean": None, "median": None, "sd": None, "max": None}
    assert out["notes_with_phi_proportion"] is None


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("", 0), ("Frau Müller-Huber kommt.", 3), ("Dr. U.\tHofer\n", 3), ("Tel: 0512/504-0", 2), (" \n ", 0)],
)
def test_count_tokens(text: str, tokens: int) -> None:
    assert count_tokens(text) == tokens


@given(st.lists(st.integers(0, 30), min_size=1, max_size=200))
def test_summarize_matches_statistics(values: list[int]) -> None:
    summary = summarize(Counter(values))
    assert summary["mean"] == pytest.approx(statistics.fmean(values))
    assert summary["median"] == statistics.median(values)
    assert summary["max"] == max(values)
    assert summary["sd"] == pytest.approx(statistics.stdev(values) if len(values) > 1 else 0.0)
