"""Stratified evaluation samples (paper 2.3.1): allocation, reproducibility, freezing."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.store import Project, ProjectStateError
from masketeer_gui.store.rows import TermKind, TermSpec
from masketeer_gui.store.sampling import STRATA, allocate, draw, stratum_of
from tests.store.fakes import FakeEngine, write_jsonl


@pytest.mark.parametrize(
    ("spans", "stratum"),
    [(0, "0"), (1, "1"), (5, "5"), (6, "6-10"), (10, "6-10"), (11, ">10"), (27, ">10")],
)
def test_strata_of_the_paper(spans: int, stratum: str) -> None:
    assert stratum_of(spans) == stratum


@pytest.mark.parametrize(
    ("sizes", "n", "expected"),
    [
        ({"a": 50, "b": 30, "c": 20}, 10, {"a": 5, "b": 3, "c": 2}),
        ({"a": 1, "b": 1, "c": 1}, 2, {"a": 1, "b": 1, "c": 0}),  # tie: the earlier stratum
        ({"a": 14, "b": 5, "c": 1}, 10, {"a": 7, "b": 3, "c": 0}),  # 7.0, 2.5, 0.5: b wins the tie by order
        ({"a": 3, "b": 0}, 5, {"a": 3, "b": 0}),  # fewer notes than asked: all of them
    ],
)
def test_largest_remainder_allocation(sizes: dict[str, int], n: int, expected: dict[str, int]) -> None:
    assert allocate(sizes, n) == expected


@given(st.lists(st.integers(0, 500), min_size=1, max_size=8), st.integers(1, 1000))
def test_allocation_is_proportional_and_complete(sizes: list[int], n: int) -> None:
    named = {str(i): size for i, size in enumerate(sizes)}
    quotas = allocate(named, n)
    total = sum(sizes)
    assert sum(quotas.values()) == min(n, total)
    for name, size in named.items():
        assert 0 <= quotas[name] <= size
        if n < total:
            assert abs(quotas[name] - n * size / total) < 1


def test_draw_is_seeded_and_stratified() -> None:
    notes = {i: (i % 13, 100 + i) for i in range(1000)}  # span counts 0..12
    strata, picks = draw(notes, 200, seed=7)
    assert [s.name for s in strata] == list(STRATA)
    assert sum(s.quota for s in strata) == len(picks) == 200 == len({p[0] for p in picks})
    assert draw(notes, 200, seed=7) == (strata, picks)
    assert draw(notes, 200, seed=8)[1] != picks
    for note, stratum in picks:
        assert stratum_of(notes[note][0]) == stratum


def test_draw_by_length_tertiles() -> None:
    notes = {i: (i % 3, i) for i in range(300)}
    strata, picks = draw(notes, 30, seed=1, by_length=True)
    assert len(strata) == 24 and strata[0].name == "0/short"
    assert sum(s.size for s in strata if s.name.endswith("/long")) == 100
    assert len(picks) == 30


def _corpus(tmp_path: Path, n: int) -> Path:
    notes = [{"id": f"s{i}", "text": " ".join(["Dr. Hofer"] * (i % 14)) or "Keine Namen."} for i in range(n)]
    return write_jsonl(tmp_path / "sample.jsonl", notes)


def test_frozen_sample_keeps_what_it_judged(project: Project, tmp_path: Path, engine: FakeEngine) -> None:
    project.import_corpus(_corpus(tmp_path, 140))
    project.runs.run(incremental=False)
    sample = project.samples.draw(n=20, seed=3, name="eval-1")
    assert (sample.n, sample.seed, sample.name, sample.who) == (20, 3, "eval-1", "tester")
    assert sum(s.quota for s in sample.strata) == 20 and sum(s.size for s in sample.strata) == 140
    notes = project.samples.notes(sample.id)
    assert [n.position for n in notes] == list(range(20))
    judged = {n.note_id: project.samples.spans(sample.id, n.note_id) for n in notes}
    project.terms.add(TermSpec(TermKind.WHITELIST, "Hofer"))
    project.runs.run()  # every note with a span changes now
    assert {n: project.samples.spans(sample.id, n) for n in judged} == judged
    assert all(not project.notes.get(n).spans for n in judged)
    path = project.path
    project.close()
    with Project.open(path, analyzer_factory=engine) as reopened:
        assert reopened.samples.list() == [sample]
        assert [n.note_id for n in reopened.samples.notes(sample.id)] == [n.note_id for n in notes]
        assert reopened.samples.get(sample.id).strata == sample.strata


def test_plan_shows_quotas_without_saving(project: Project, tmp_path: Path) -> None:
    project.import_corpus(_corpus(tmp_path, 140))
    project.runs.run(incremental=False)
    plan = project.samples.plan(n=20, seed=3)
    assert {s.name: s.size for s in plan} == {
        "0": 10,
        "1": 10,
        "2": 10,
        "3": 10,
        "4": 10,
        "5": 10,
        "6-10": 50,
        ">10": 30,
    }
    assert project.samples.list() == []


def test_a_sample_needs_analysed_notes(project: Project, corpus: Path) -> None:
    project.import_corpus(corpus)
    with pytest.raises(ProjectStateError, match="run the project first"):
        project.samples.draw(n=2, seed=1)
