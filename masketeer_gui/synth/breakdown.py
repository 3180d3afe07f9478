"""Accumulate scores over a corpus and break them down: per entity, per hard-case tag, per trap.

``Evaluation.add`` takes one note at a time (so huge corpora stream); ``report`` returns plain
data. ``stratified_sample`` draws the paper's evaluation sample (stratified by spans per note).
Surface forms of errors are collected because the corpus is synthetic (never use this on real notes).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from masketeer_gui.evaluation.scoring import Confusion, SpanLike, exact_confusion, match_note, token_confusion
from masketeer_gui.synth.gold import GoldNote

STRATUM_CAP = 6  # notes with 6 or more gold spans form one stratum


@dataclass
class Evaluation:
    """Running totals for one engine run over one gold corpus."""

    paper: Confusion = field(default_factory=Confusion)
    tokens: Confusion = field(default_factory=Confusion)
    exact: Confusion = field(default_factory=Confusion)
    per_note: list[Confusion] = field(default_factory=list)
    gold_counts: list[int] = field(default_factory=list)
    entity_pairs: Counter[tuple[str, str]] = field(default_factory=Counter)
    recall: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    traps: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    fp_forms: Counter[str] = field(default_factory=Counter)
    fn_forms: Counter[str] = field(default_factory=Counter)

    def add(self, text: str, gold: GoldNote, pred: Sequence[SpanLike]) -> Confusion:
        """Score one note; returns its paper-style confusion."""
        match = match_note(gold.spans, pred)
        note = match.confusion
        self.paper += note
        self.per_note.append(note)
        self.gold_counts.append(len(gold.spans))
        self.tokens += token_confusion(text, gold.spans, pred)
        self.exact += exact_confusion(gold.spans, pred)
        for i, j in match.pairs:
            self.entity_pairs[(str(gold.spans[j].entity), str(pred[i].entity))] += 1
        found = set(match.found_gold)
        for j, span in enumerate(gold.spans):
            keys = [f"entity:{span.entity}", f"kind:{span.kind}", *(f"tag:{t}" for t in span.tags)]
            for key in keys:
                self.recall[key]["gold"] += 1
                self.recall[key]["found"] += j in found
            if j not in found:
                self.fn_forms[f"{text[span.start : span.end]} ({span.entity}, {span.kind})"] += 1
        self._traps(text, gold, [pred[i] for i in match.false_pred])
        return note

    def _traps(self, text: str, gold: GoldNote, false_pred: Sequence[SpanLike]) -> None:
        for trap in gold.trap_spans:
            hits = sum(1 for p in false_pred if p.start < trap.end and trap.start < p.end)
            self.traps[trap.trap]["spans"] += 1
            self.traps[trap.trap]["hit"] += hits > 0
            self.traps[trap.trap]["fp"] += hits
        for p in false_pred:
            self.fp_forms[f"{text[p.start : p.end]} ({p.entity})"] += 1

    def report(self, top: int = 20) -> dict[str, Any]:
        """All figures as plain data (JSON-ready)."""
        agree = sum(c for (g, p), c in self.entity_pairs.items() if g == p)
        pairs = sum(self.entity_pairs.values())
        return {
            "notes": len(self.per_note),
            "paper": self.paper.to_dict(),
            "tokens": self.tokens.to_dict(),
            "exact": self.exact.to_dict(),
            "entity_agreement": agree / pairs if pairs else None,
            "entity_confusion": {f"{g}->{p}": c for (g, p), c in sorted(self.entity_pairs.items())},
            "recall": {
                k: {"gold": c["gold"], "found": c["found"], "recall": c["found"] / c["gold"]}
                for k, c in sorted(self.recall.items())
            },
            "traps": {
                k: {
                    "spans": c["spans"],
                    "hit": c["hit"],
                    "fp": c["fp"],
                    "hit_rate": c["hit"] / c["spans"] if c["spans"] else None,
                }
                for k, c in sorted(self.traps.items())
            },
            "top_fp": self.fp_forms.most_common(top),
            "top_fn": self.fn_forms.most_common(top),
        }

    def sample(self, indices: Sequence[int]) -> Confusion:
        """The paper-style confusion of the notes at ``indices``."""
        total = Confusion()
        for i in indices:
            total += self.per_note[i]
        return total


def evaluate_corpus(notes: Iterable[tuple[str, GoldNote]], analyze: Callable[[str], Sequence[SpanLike]]) -> Evaluation:
    """Run ``analyze`` on every note text and score it against the note's gold."""
    evaluation = Evaluation()
    for text, gold in notes:
        evaluation.add(text, gold, analyze(text))
    return evaluation


def stratified_sample(gold_counts: Sequence[int], n: int, seed: int) -> list[int]:
    """Indices of ``n`` notes, stratified by gold spans per note (0, 1, …, 6+), proportional allocation.

    Quotas use largest remainders; ``n`` larger than the corpus returns every index.
    """
    strata: dict[int, list[int]] = defaultdict(list)
    for i, count in enumerate(gold_counts):
        strata[min(count, STRATUM_CAP)].append(i)
    total = len(gold_counts)
    if n >= total:
        return list(range(total))
    exact = {k: n * len(v) / total for k, v in strata.items()}
    quota = {k: int(q) for k, q in exact.items()}
    by_remainder = sorted(strata, key=lambda k: (-(exact[k] - quota[k]), k))
    for k in by_remainder[: n - sum(quota.values())]:
        quota[k] += 1
    rng = Random(seed)
    return sorted(i for k in sorted(strata) for i in rng.sample(strata[k], quota[k]))
