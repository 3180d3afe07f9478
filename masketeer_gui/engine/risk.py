"""Residual re-identification risk of one de-identified note, from what the masking left.

Looks only at text outside the masked stretches: towns from the ZIP list (small towns weigh more than
towns with city status), rare conditions, ages over 89, professions, full dates (birth dates more),
capitalised words that are no German word (possible missed names; a surviving known name weighs
more), and the engine's own low-confidence flags on its spans. Reasons name the KIND of finding
("small town", "profession"), never the words, so they are safe to show anywhere. The quasi-identifier
signature (``NoteRisk.quasi``) feeds the corpus-level k-anonymity in ``risk_corpus``.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.render import output_ranges
from masketeer_gui.engine.risk_data import RiskData, load_risk_data
from masketeer_gui.engine.span import Span
from masketeer_gui.engine.text import Token, blank_markup, tokenize

LEVELS = ("low", "medium", "high")
MEDIUM, HIGH = 1.0, 2.5  # score thresholds
# reason -> (weight per finding, most it can add)
WEIGHTS: dict[str, tuple[float, float]] = {
    "small town": (1.5, 3.0),
    "birth date": (1.5, 1.5),
    "rare condition": (1.5, 3.0),
    "age over 89": (1.5, 1.5),
    "possible name left": (1.0, 3.0),
    "profession": (1.0, 2.0),
    "unknown capitalised word": (0.5, 2.0),
    "town": (0.3, 0.6),
    "low-confidence detection": (0.3, 1.0),
    "full date": (0.2, 0.6),
    "unique combination": (1.0, 1.0),
    "rare combination": (0.5, 0.5),
}
_CACHE_LIMIT = 100_000
LOW_CONFIDENCE = frozenset({"fuzzy", "context", "unknown-word", "ambiguous-word", "lowercase", "unlisted town"})
_AGE = re.compile(
    r"(?<![\d.,])(?P<age>9\d|1[01]\d)(?:[ \u00a0]?-[ \u00a0]?|[ \u00a0])?"
    r"(?:j(?:ä|ae)hrig\w*|J\.|J\b|Jahre\b|Jahren\b|a\b|LJ\b)|(?P<age2>9\d|1[01]\d)\.[ \u00a0]?Lebensjahr|"
    r"Alter:?[ \u00a0]?(?P<age3>9\d|1[01]\d)\b"
)
_MONTHS = (
    r"J(?:ä|a)n(?:uar)?|Feb(?:ruar)?|M(?:ä|a)rz|Apr(?:il)?|Mai|Juni?|Juli?|Aug(?:ust)?|Sep(?:tember)?"
    r"|Okt(?:ober)?|Nov(?:ember)?|Dez(?:ember)?"
)
_DAY = r"(?<![\d.])(?:0?[1-9]|[12]\d|3[01])\.[ \u00a0]?"
_DATE = re.compile(
    rf"{_DAY}(?:0?[1-9]|1[0-2])\.[ \u00a0]?(?:19|20)?\d\d(?!\d)"
    rf"|{_DAY}(?:{_MONTHS})\.?[ \u00a0](?:19|20)\d\d(?!\d)"
    r"|(?<!\d)(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?!\d)"
)
_BIRTH = re.compile(r"(?:geb\.|geboren|Geburtsdatum|Geb\.-?Dat\.?|DOB)[:\s]*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class RiskAssessment:
    """How identifiable a note still is: ``level`` low|medium|high, ``score``, and short kind-only reasons."""

    level: str
    score: float
    reasons: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "score": round(self.score, 2), "reasons": list(self.reasons)}


@dataclass(frozen=True, slots=True)
class NoteRisk:
    """A note's assessment and its quasi-identifier signature (folded values; keep it in memory only)."""

    assessment: RiskAssessment
    findings: tuple[tuple[str, int], ...]  # (reason, count) before corpus adjustments
    quasi: tuple[str, ...] = ()


def level_of(score: float) -> str:
    return "high" if score >= HIGH else "medium" if score >= MEDIUM else "low"


def assessment_of(findings: Mapping[str, int]) -> RiskAssessment:
    """Score and reasons from counted findings (weights and caps from ``WEIGHTS``)."""
    scored = {r: min(WEIGHTS[r][0] * n, WEIGHTS[r][1]) for r, n in findings.items() if n > 0}
    score = round(float(sum(scored.values())), 4)
    reasons = tuple(sorted(scored, key=lambda r: (-scored[r], r)))
    return RiskAssessment(level_of(score), score, reasons)


class RiskScorer:
    """Scores notes against one name index (the engine's lexicon and deployment lists)."""

    def __init__(self, index: NameIndex, data: RiskData | None = None) -> None:
        self.index = index
        self.data = data or load_risk_data()
        self._verdicts: dict[str, str] = {}  # folded capitalised word -> reason ('' for none)

    @classmethod
    def default(cls, names: NameLists | None = None) -> RiskScorer:
        """A scorer on the shipped dictionaries."""
        from masketeer_gui.engine.lexicon_loader import load_lexicon

        return cls(NameIndex(load_lexicon(), names or NameLists()))

    def assess_spans(self, text: str, spans: Sequence[Span]) -> NoteRisk:
        """Risk of an ORIGINAL note once ``spans`` are masked (what the GUI has)."""
        return self.assess(text, [(s.start, s.end) for s in spans], (f for s in spans for f in s.flags))

    def assess_record(self, record: Mapping[str, Any]) -> NoteRisk:
        """Risk of a deidentify output record (tags or surrogates: the replacements are skipped)."""
        flags = (f for span in record.get("spans", ()) for f in span.get("flags", ()))
        return self.assess(record["text"], output_ranges(record), flags)

    def assess(self, text: str, masked: Sequence[tuple[int, int]] = (), flags: Iterable[str] = ()) -> NoteRisk:
        """Risk of ``text`` ignoring the ``masked`` stretches (sorted), given the spans' ``flags``."""
        starts = [start for start, _ in masked]
        ends = [end for _, end in masked]

        def free(start: int, end: int) -> bool:
            k = bisect.bisect_right(starts, end - 1) - 1
            return k < 0 or ends[k] <= start

        findings: dict[str, int] = {"low-confidence detection": sum(1 for f in flags if f in LOW_CONFIDENCE)}
        quasi: set[str] = set()
        work = blank_markup(text)
        self._patterns(work, free, findings, quasi)
        tokens = [t for t in tokenize(work, self.index.lexicon.abbreviations) if t.is_word and free(t.start, t.end)]
        self._conditions(tokens, findings, quasi)
        for token in tokens:
            self._word(token, findings, quasi)
        assessment = assessment_of(findings)
        return NoteRisk(assessment, tuple(sorted((r, n) for r, n in findings.items() if n)), tuple(sorted(quasi)))

    def _patterns(self, text: str, free: Any, findings: dict[str, int], quasi: set[str]) -> None:
        for match in _AGE.finditer(text):
            age = int(match.group("age") or match.group("age2") or match.group("age3"))
            if 90 <= age <= 120 and free(match.start(), match.end()):
                findings["age over 89"] = findings.get("age over 89", 0) + 1
                quasi.add("age:90+")
        for match in _DATE.finditer(text):
            if free(match.start(), match.end()):
                kind = "birth date" if _BIRTH.search(text, max(0, match.start() - 20), match.start()) else "full date"
                findings[kind] = findings.get(kind, 0) + 1

    def _conditions(self, tokens: list[Token], findings: dict[str, int], quasi: set[str]) -> None:
        conditions = self.data.conditions
        folded = [t.folded for t in tokens]
        for i, word in enumerate(folded):
            for phrase in conditions.get(word, ()):
                if tuple(folded[i : i + len(phrase)]) == phrase:
                    findings["rare condition"] = findings.get("rare condition", 0) + 1
                    quasi.add("condition:" + " ".join(phrase))
                    break

    def _word(self, token: Token, findings: dict[str, int], quasi: set[str]) -> None:
        folded, index = token.folded, self.index
        if folded in self.data.professions:
            findings["profession"] = findings.get("profession", 0) + 1
            quasi.add("profession:" + folded)
            return
        if not token.is_capitalized or len(folded) < 3 or _technical(token.text):
            return
        if not folded.replace("-", "").replace("'", "").isalpha() or folded in index.title_words:
            return
        reason = self._verdicts.get(folded)
        if reason is None:
            reason = self._capitalised(folded)
            if len(self._verdicts) >= _CACHE_LIMIT:
                self._verdicts.clear()
            self._verdicts[folded] = reason
        if reason:
            findings[reason] = findings.get(reason, 0) + 1
            if reason.endswith("town"):
                quasi.add("town:" + folded)

    def _capitalised(self, folded: str) -> str:
        """The reason a capitalised word left in the note adds risk, or ''."""
        index = self.index
        lexicon = index.lexicon
        if folded in lexicon.abbreviations or folded in index.whitelist:
            return ""
        if folded in lexicon.towns and folded not in lexicon.nouns:
            if folded in self.data.cities:
                return "town"
            if folded not in lexicon.top_words:  # "Still", "Quick": small towns that are frequent words
                return "small town"
        if index.is_listed(folded) or (index.is_name(folded) and not index.is_word(folded)):
            return "possible name left"
        base = index.base_name(folded)
        if base is not None and not index.is_word(base):
            return "possible name left"
        return "" if index.looks_like_word(folded) else "unknown capitalised word"


def _technical(word: str) -> bool:
    """An acronym or a lab/device name ("EKG", "NT-proBNP", "SpO2"): no part reads like a name."""
    if word[1:].islower():
        return False
    return any(
        any(c.isupper() for c in part[1:]) and not (part.isupper() and len(part) > 5) for part in word.split("-")
    )
