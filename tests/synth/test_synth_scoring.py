"""Paper-style scoring (Table 5) and its stricter variants, on hand-computed cases."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.scoring import Confusion, Offsets, exact_confusion, match_note, token_confusion
from masketeer_gui.synth.breakdown import Evaluation, evaluate_corpus, stratified_sample
from masketeer_gui.synth.gold import GoldNote, GoldSpan, TrapSpan

G = GoldSpan
P = Offsets


@pytest.mark.parametrize(
    ("gold", "pred", "expected"),
    [
        ([G(0, 5, Entity.PAT)], [P(0, 5)], Confusion(tp=1)),
        ([], [], Confusion(tn=1)),
        ([G(0, 5, Entity.PAT), G(6, 11, Entity.PAT)], [P(0, 11)], Confusion(tp=1)),  # one mask covers both
        ([G(0, 11, Entity.ZIP)], [P(0, 4), P(5, 11)], Confusion(tp=2)),  # two masks in one span
        ([G(0, 5, Entity.PAT)], [P(7, 9)], Confusion(fp=1, fn=1)),
        ([], [P(1, 2)], Confusion(fp=1)),  # no TN once something was masked
        ([G(0, 5, Entity.PAT)], [], Confusion(fn=1)),
        ([G(0, 5, Entity.PAT)], [P(5, 8)], Confusion(fp=1, fn=1)),  # touching is not overlapping
        ([G(0, 5, Entity.PAT), G(10, 14, Entity.HCP)], [P(2, 3), P(20, 22)], Confusion(tp=1, fp=1, fn=1)),
    ],
)
def test_paper_rules(gold: list[GoldSpan], pred: list[Offsets], expected: Confusion) -> None:
    assert match_note(gold, pred).confusion == expected


def test_metrics_from_counts() -> None:
    c = Confusion(tp=214, fp=6, fn=13, tn=83)  # the paper's Table 8 counts
    assert c.accuracy == pytest.approx(297 / 316)
    assert c.sensitivity == pytest.approx(214 / 227)
    assert c.specificity == pytest.approx(83 / 89)
    assert c.precision == pytest.approx(214 / 220)
    assert c.f1 == pytest.approx(428 / 447)


def test_zero_counts_give_no_value() -> None:
    empty = Confusion()
    assert (empty.accuracy, empty.sensitivity, empty.specificity, empty.precision, empty.f1) == (None,) * 5
    only_tn = Confusion(tn=3)
    assert only_tn.accuracy == 1.0 and only_tn.specificity == 1.0
    assert only_tn.sensitivity is None and only_tn.precision is None
    assert Confusion(fp=2).precision == 0.0 and Confusion(fp=2).accuracy == 0.0


def test_confusions_add_up() -> None:
    assert Confusion(1, 2, 3, 4) + Confusion(10, 20, 30, 40) == Confusion(11, 22, 33, 44)


def test_pairs_link_each_prediction_to_its_largest_overlap() -> None:
    match = match_note([G(0, 5, Entity.PAT), G(6, 20, Entity.ZIP)], [P(3, 10)])
    assert match.pairs == ((0, 1),)
    assert match.found_gold == (0, 1)


def test_token_level_counts_partial_masks_strictly() -> None:
    text = "Fr. Maria Huber kommt"
    gold = [G(4, 9, Entity.PAT), G(10, 15, Entity.PAT)]
    assert token_confusion(text, gold, [P(4, 9)]) == Confusion(tp=1, fp=0, fn=1, tn=2)
    assert token_confusion(text, gold, [P(0, 2), P(4, 15)]) == Confusion(tp=2, fp=1, fn=0, tn=1)
    assert token_confusion("", [], []) == Confusion()


def test_hyphen_chain_is_one_token() -> None:
    assert token_confusion("Müller-Huber kommt", [G(0, 12, Entity.PAT)], [P(0, 6)]) == Confusion(tp=1, tn=1)


def test_exact_matching_needs_identical_offsets() -> None:
    gold = [G(4, 9, Entity.PAT), G(10, 15, Entity.PAT)]
    assert exact_confusion(gold, [P(4, 9), P(10, 14)]) == Confusion(tp=1, fp=1, fn=1)
    assert exact_confusion([], []) == Confusion()


def test_evaluation_breaks_down_by_entity_kind_tag_and_trap() -> None:
    text = "Fr. Hubr hat M. Parkinson, Tel. 0664/1234567."
    gold = GoldNote(
        "N1",
        (
            G(4, 8, Entity.PAT, ("salutation", "typo"), "Hubr"),
            G(32, 44, Entity.PHO, ("regex",), "0664/1234567"),
        ),
        (TrapSpan(13, 25, "eponym"),),
    )
    evaluation = Evaluation()
    note = evaluation.add(text, gold, [P(4, 8, "HCP"), P(16, 25, "PER")])
    assert note == Confusion(tp=1, fp=1, fn=1)
    report = evaluation.report()
    assert report["paper"]["tp"] == 1 and report["paper"]["fn"] == 1
    assert report["recall"]["tag:typo"] == {"gold": 1, "found": 1, "recall": 1.0}
    assert report["recall"]["kind:typo"]["found"] == 1
    assert report["recall"]["entity:PHO"] == {"gold": 1, "found": 0, "recall": 0.0}
    assert report["traps"]["eponym"] == {"spans": 1, "hit": 1, "fp": 1, "hit_rate": 1.0}
    assert report["entity_agreement"] == 0.0
    assert report["entity_confusion"] == {"PAT->HCP": 1}
    assert report["top_fp"] == [("Parkinson (PER)", 1)]
    assert report["top_fn"] == [("0664/1234567 (PHO, regex)", 1)]


def test_evaluate_corpus_runs_the_analyzer_on_every_note() -> None:
    notes = [("Hallo Anna", GoldNote("a", (G(6, 10, Entity.HCP),))), ("ok", GoldNote("b"))]
    evaluation = evaluate_corpus(notes, lambda text: [P(6, 10, "HCP")] if "Anna" in text else [])
    assert evaluation.paper == Confusion(tp=1, tn=1)
    assert evaluation.report()["entity_agreement"] == 1.0
    assert evaluation.sample([1]) == Confusion(tn=1)


def test_stratified_sample_is_proportional_and_reproducible() -> None:
    counts = [0] * 60 + [1] * 30 + [7] * 10
    sample = stratified_sample(counts, 10, seed=3)
    assert len(sample) == 10 == len(set(sample))
    strata = [min(counts[i], 6) for i in sample]
    assert (strata.count(0), strata.count(1), strata.count(6)) == (6, 3, 1)
    assert sample == stratified_sample(counts, 10, seed=3)
    assert sample != stratified_sample(counts, 10, seed=4)


def test_stratified_sample_uses_largest_remainders() -> None:
    counts = [0] * 5 + [1] * 3 + [2] * 2  # quotas 2.5, 1.5, 1.0 for n=5
    strata = sorted(min(counts[i], 6) for i in stratified_sample(counts, 5, seed=1))
    assert strata == [0, 0, 0, 1, 2]  # the tie of .5 remainders goes to the smaller stratum


def test_stratified_sample_of_everything() -> None:
    assert stratified_sample([0, 1, 2], 200, seed=1) == [0, 1, 2]
    assert stratified_sample([], 200, seed=1) == []
