"""Score a ``deidentify`` output against gold mentions, by the definitions of the shared corpus scorer.

The hand-written corpora come with ``score.py``; this module computes the same figures (so every
corpus, synthetic or hand-written, is scored one way) and adds recall per entity type:

* TP: a required gold mention whose every word token is covered by predictions; FN otherwise.
* FP: a maximal run of predicted word tokens that touch no gold span (optional spans included).
* TN: a note with no required gold mention and no FP.
* type accuracy: TPs whose overlapping predictions all carry the gold type.
* leaks: a gold surface (3+ characters) still in the output text, unless the same word also stands
  outside every gold span of the note.
* pseudonym consistency: the share of (gold type, surface) groups, over exactly matched single
  predictions, that got one pseudonym everywhere.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from masketeer_gui.evaluation.scoring import Confusion

_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass
class CorpusScore:
    """The counts of one scored run; ratios as properties (None when undefined)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    typed_right: int = 0
    leaks: int = 0
    gold_per_type: Counter[str] = field(default_factory=Counter)
    found_per_type: Counter[str] = field(default_factory=Counter)
    pseudonyms: dict[tuple[str, str], set[str]] = field(default_factory=lambda: defaultdict(set))

    @property
    def confusion(self) -> Confusion:
        """The paper's TP/FP/FN/TN with its four metrics."""
        return Confusion(self.tp, self.fp, self.fn, self.tn)

    @property
    def type_accuracy(self) -> float | None:
        return _ratio(self.typed_right, self.tp)

    @property
    def pseudonym_consistency(self) -> float | None:
        groups = list(self.pseudonyms.values())
        return _ratio(sum(1 for g in groups if len(g) == 1), len(groups))

    def recall_per_type(self) -> dict[str, float | None]:
        return {t: _ratio(self.found_per_type[t], n) for t, n in sorted(self.gold_per_type.items())}

    def add_note(self, text: str, gold: Sequence[Mapping[str, Any]], predicted: Mapping[str, Any] | None) -> None:
        """Score one note: ``gold`` spans (``optional`` ones neither reward nor punish), the output record."""
        spans = list(predicted.get("spans", [])) if predicted is not None else []
        output = predicted.get("text", "") if predicted is not None else text
        covered = _mask(spans, len(text))
        anywhere = _mask(gold, len(text))
        required = [g for g in gold if not g.get("optional")]
        fp_runs = _fp_runs(text, covered, anywhere)
        for mention in required:
            self._mention(text, mention, spans, covered, anywhere, output if predicted is not None else None)
        self.fp += fp_runs
        if not required and fp_runs == 0:
            self.tn += 1

    def _mention(
        self,
        text: str,
        mention: Mapping[str, Any],
        spans: Sequence[Mapping[str, Any]],
        covered: bytearray,
        anywhere: bytearray,
        output: str | None,
    ) -> None:
        start, end, entity = mention["start"], mention["end"], mention["entity"]
        self.gold_per_type[entity] += 1
        words = [m.span() for m in _WORD.finditer(text, start, end)]
        if all(all(covered[a:b]) for a, b in words):
            self.tp += 1
            self.found_per_type[entity] += 1
            overlapping = [s for s in spans if s["start"] < end and start < s["end"]]
            if overlapping and all(s.get("entity") == entity for s in overlapping):
                self.typed_right += 1
            exact = [s for s in overlapping if s["start"] == start and s["end"] == end]
            if len(overlapping) == 1 and exact and exact[0].get("pseudonym"):
                self.pseudonyms[(entity, text[start:end])].add(exact[0]["pseudonym"])
        else:
            self.fn += 1
        surface = text[start:end]
        if output is not None and len(surface) >= 3:
            pattern = re.compile(r"(?<!\w)" + re.escape(surface) + r"(?!\w)")
            elsewhere = any(not any(anywhere[m.start() : m.end()]) for m in pattern.finditer(text))
            if not elsewhere and pattern.search(output):
                self.leaks += 1

    def summary(self) -> dict[str, Any]:
        """Every figure, as the shared scorer names them, plus recall per type."""
        return {
            "TP": self.tp,
            "FP": self.fp,
            "FN": self.fn,
            "TN": self.tn,
            "sensitivity": _rounded(self.confusion.sensitivity),
            "specificity": _rounded(self.confusion.specificity),
            "precision": _rounded(self.confusion.precision),
            "entity_type_accuracy": self.type_accuracy,
            "pseudonym_consistency": self.pseudonym_consistency,
            "leaks_in_output_text": self.leaks,
            "recall_per_type": self.recall_per_type(),
        }


def score_corpus(
    notes: Iterable[Mapping[str, Any]], gold: Mapping[str, Sequence[Mapping[str, Any]]], output: Mapping[str, Any]
) -> CorpusScore:
    """Score ``output`` (records by id) on ``notes`` against ``gold`` (spans by note id)."""
    score = CorpusScore()
    for note in notes:
        note_id = str(note["id"])
        score.add_note(note["text"], gold.get(note_id, ()), output.get(note_id))
    return score


def _mask(spans: Iterable[Mapping[str, Any]], length: int) -> bytearray:
    mask = bytearray(length)
    for span in spans:
        start, end = max(0, int(span["start"])), min(length, int(span["end"]))
        mask[start:end] = b"\x01" * max(0, end - start)
    return mask


def _fp_runs(text: str, covered: bytearray, anywhere: bytearray) -> int:
    runs, in_run = 0, False
    for match in _WORD.finditer(text):
        a, b = match.span()
        if any(covered[a:b]) and not any(anywhere[a:b]):
            runs += not in_run
            in_run = True
        else:
            in_run = False
    return runs


def _ratio(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _rounded(value: float | None) -> float | None:
    """Four decimals, as the shared scorer prints them."""
    return None if value is None else round(value, 4)
