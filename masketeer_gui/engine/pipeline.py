"""The Masketeer pipeline: markup blanking, regex rules, tokens, the masker ensemble, curated lists.

``Deidentifier.analyze(text)`` returns the note's spans (sorted, non-overlapping, offsets into
the original text). Nothing here knows about files, databases or Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import attrgetter
from typing import Final

from masketeer_gui.engine import lexicon_indices
from masketeer_gui.engine.curation import apply_blacklist, apply_corrections, apply_protected, apply_whitelist
from masketeer_gui.engine.entities import NameTyper, type_note
from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists, NoteContext
from masketeer_gui.engine.maskers import (
    DEFAULT_ORDER,
    ChatNameMasker,
    DoubleNameMasker,
    FullNameMasker,
    HandSignMasker,
    Masker,
    MedicalSiteMasker,
    NameDictionaryMasker,
    NoteState,
    PersonContextMasker,
    RepeatedNameMasker,
    SalutationMasker,
    SurnameFirstMasker,
    Vote,
    WordMarks,
)
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.rules import Rule, default_rules, find_rule_spans
from masketeer_gui.engine.span import Entity, Span, trusted_span
from masketeer_gui.engine.text import Token, blank_markup, tokenize_marked
from masketeer_gui.engine.token_search import first_ending_after
from masketeer_gui.engine.type_resolution import NameEvidence

_RULE_VOTE: Final = Vote("Regex", Entity.ADD, "inside a regex match")
_span_start: Final = attrgetter("start")


@dataclass(frozen=True, slots=True)
class EngineConfig:
    """Which parts run: the masker order is data (names from ``DEFAULT_ORDER``)."""

    maskers: tuple[str, ...] = DEFAULT_ORDER
    rules: bool = True
    fuzzy: bool = True


class Deidentifier:
    """Finds PHI spans in German clinical notes."""

    def __init__(self, lexicon: Lexicon, names: NameLists | None = None, config: EngineConfig | None = None) -> None:
        self.lexicon = lexicon
        self.names = names or NameLists()
        self.config = config or EngineConfig()
        built = lexicon_indices.for_lexicon(lexicon)  # the shipped lists' indices, cached; else built below
        self._built = built
        self.index = NameIndex(lexicon, self.names, built.names if built else None)
        zips = built.zips if built else lexicon.zip_towns
        self.rules: tuple[Rule, ...] = default_rules(zips) if self.config.rules else ()
        self.sites = MedicalSiteMasker(
            (*lexicon.medical_sites, *self.names.medical_sites),
            lexicon.site_words,
            lexicon.towns,
            built.sites if built else None,
        )
        self.maskers: list[Masker] = [self._masker(name) for name in self.config.maskers]
        salutation = next((m for m in self.maskers if isinstance(m, SalutationMasker)), None)
        starts = salutation.first_words if salutation is not None else frozenset()
        filters = tuple(
            m for m in self.maskers if isinstance(m, (MedicalSiteMasker, NameDictionaryMasker, PersonContextMasker))
        )
        self._marks = WordMarks(self.index, starts, filters)
        self._claims_sites = "MedicalSite" in self.config.maskers
        self.typer = NameTyper(lexicon, self.names, self.index)
        self.whitelist = self.names.whitelist
        self.blacklist = self.names.blacklist

    @classmethod
    def default(cls, names: NameLists | None = None, config: EngineConfig | None = None) -> Deidentifier:
        """An engine on the shipped dictionaries (loaded once, cached)."""
        from masketeer_gui.engine.lexicon_loader import load_lexicon

        return cls(load_lexicon(), names, config)

    def _masker(self, name: str) -> Masker:
        factories: dict[str, Callable[[], Masker]] = {
            "Salutation": lambda: SalutationMasker(self.lexicon.salutations),
            "NameDictionary": lambda: NameDictionaryMasker(fuzzy=self.config.fuzzy),
            "FullName": FullNameMasker,
            "DoubleName": DoubleNameMasker,
            "MedicalSite": lambda: self.sites,
            "PersonContext": PersonContextMasker,
            "RepeatedName": RepeatedNameMasker,
            "SurnameFirst": SurnameFirstMasker,
            "HandSign": HandSignMasker,
            "ChatName": lambda: ChatNameMasker.from_salutations(self.lexicon.salutations),
        }
        if name not in factories:
            raise ValueError(f"unknown masker {name!r}; known: {', '.join(factories)}")
        return factories[name]()

    def prepare(self) -> Deidentifier:
        """Build (or read) every index the first notes would build lazily: a batch runner calls it before its
        workers fork, so they inherit them instead of each building its own."""
        if self._built is not None:
            self._built.load()
        self.index.prepare()
        return self

    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]:
        """All PHI spans of ``text``, after the curated lists and corrections."""
        return self.analyze_typed(text, context).spans

    def analyze_typed(self, text: str, context: NoteContext | None = None) -> TypedNote:
        """The note's spans with each name's type evidence, for a run that settles types across notes."""
        return self.analyze_many([(text, context)])[0]

    def analyze_many(self, notes: Sequence[tuple[str, NoteContext | None]]) -> list[TypedNote]:
        """``analyze_typed`` of each ``(text, context)``, stage by stage over all of them: markup and rules, then
        tokens, then the maskers, then types and curation. The same answers (no stage reads another note), at
        ~7/8 of the cost: a stage's code and data stay warm in the processor's caches from one note to the next
        (a batch runner hands its chunks here)."""
        works = [blank_markup(text) for text, _ in notes]
        rules = self.rules
        rule_spans = [find_rule_spans(work, rules) if rules else [] for work in works]
        abbreviations, marks = self.lexicon.abbreviations, self._marks
        tokenized = [tokenize_marked(work, abbreviations, marks) for work in works]
        found = [
            spans + self._ensemble(tokens, marked, spans, work)
            for work, spans, (tokens, marked) in zip(works, rule_spans, tokenized, strict=True)
        ]
        return [
            self._typed(text, context, spans, tokens)
            for (text, context), spans, (tokens, _) in zip(notes, found, tokenized, strict=True)
        ]

    def _typed(self, text: str, context: NoteContext | None, spans: list[Span], tokens: list[Token]) -> TypedNote:
        """The note's spans (rules' and maskers', unsorted) sorted, typed and curated, with their evidence."""
        spans.sort(key=_span_start)
        patient_id = context.patient_id if context else ""
        spans, evidence = type_note(self.typer, text, spans, patient_id, tokens)
        curated = self._curate(text, spans, context)
        if curated is spans:  # nothing curated (most notes): the evidence lines up as it is
            return TypedNote(spans, tuple(evidence), patient_id)
        typed = {(s.start, s.end, s.entity): item for s, item in zip(spans, evidence, strict=True) if item}
        return TypedNote(curated, tuple(typed.get((s.start, s.end, s.entity)) for s in curated), patient_id)

    def _ensemble(
        self, tokens: list[Token], marked: list[list[int]], rule_spans: Sequence[Span], text: str
    ) -> list[Span]:
        state = NoteState(tokens, self.index, text, self._marks, marked)
        for span in rule_spans:  # the tokens a span overlaps: from the first ending after its start
            i = first_ending_after(tokens, span.start)
            while i < len(tokens) and tokens[i].start < span.end:
                state.votes[i] = _RULE_VOTE
                i += 1
        sites = self.sites.claim(state) if self._claims_sites else []
        for masker in self.maskers:
            if masker is self.sites:
                self.sites.apply(state, sites)
            else:
                masker.apply(state)
        return _spans_from_votes(state)

    def _curate(self, text: str, spans: list[Span], context: NoteContext | None) -> list[Span]:
        blacklist = self.blacklist + (context.blacklist if context else ())
        whitelist = self.whitelist + (context.whitelist if context else ())
        protected = context.protected if context else ()
        if whitelist:
            spans = apply_whitelist(text, spans, whitelist, protected)
        if protected:
            spans = apply_protected(text, spans, protected)
        if blacklist:
            spans = apply_blacklist(text, spans, blacklist)
        if context and context.corrections:
            spans = apply_corrections(text, spans, context.corrections)
        return spans


@dataclass(slots=True, init=False)  # not frozen: one per note, and a frozen dataclass takes twice as long to build
class TypedNote:
    """A note's spans, per span the evidence for its name type (None for other spans), and its patient id.

    ``__init__`` written out (as the generated one), so that the compiled build compiles it too."""

    spans: list[Span]
    evidence: tuple[NameEvidence | None, ...]
    patient_id: str

    def __init__(self, spans: list[Span], evidence: tuple[NameEvidence | None, ...], patient_id: str = "") -> None:
        self.spans = spans
        self.evidence = evidence
        self.patient_id = patient_id


def _spans_from_votes(state: NoteState) -> list[Span]:
    """One span per voted token, or per run of tokens a multi-token vote (a site) covers."""
    spans: list[Span] = []
    tokens, votes = state.tokens, state.votes
    done = 0
    for i in compress(range(len(votes)), votes):  # the voted tokens (a vote is always true)
        vote = votes[i]
        if i < done or vote is _RULE_VOTE:
            continue
        assert vote is not None
        last = vote.last if vote.last >= i else i
        token = tokens[i]
        spans.append(  # a token's offsets, a vote's Entity: no checks needed
            trusted_span(
                token.start,
                tokens[last].end,
                vote.entity,
                vote.masker,
                vote.reason,
                vote.flags,
                vote.ref or token.folded,
            )
        )
        done = last + 1
    return spans
