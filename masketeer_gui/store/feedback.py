"""What a run feeds the engine: terms and corrections as ``NameLists`` and per-note ``NoteContext``.

Corpus-wide terms (plus a run's ``--names`` file) become the run's ``NameLists``. Terms scoped to
a patient or a note, and the note's current (not stale) corrections, become its ``NoteContext``.
``NoteContext`` has no name lists, so a scoped patient/HCP/person/site term is passed as a
blacklist entry of that type (masked wherever it occurs in those notes).

Every input is also a short string key; a run stores the set of keys it used (its snapshot),
and the difference between two snapshots says which terms and corrections changed.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session

from masketeer_gui.engine.lists import BlacklistEntry, Correction, CorrectionAction, NameLists, NoteContext, Protected
from masketeer_gui.engine.normalize import fold_phrase
from masketeer_gui.engine.span import Entity
from masketeer_gui.store.acceptances import protected_stretches
from masketeer_gui.store.models import CorrectionRecord, Note, Term
from masketeer_gui.store.rows import PendingChange, TermSpec
from masketeer_gui.store.terms import normalized
from masketeer_gui.vocabulary import KIND_ENTITY, Scope, TermKind

SEP = "\x1f"
_LIST_OF_KIND = {
    TermKind.PATIENT: "patients",
    TermKind.HCP: "hcps",
    TermKind.PERSON: "persons",
    TermKind.MEDICAL_SITE: "medical_sites",
    TermKind.WHITELIST: "whitelist",
}


def term_key(spec: TermSpec) -> str:
    """kind, entity, scope, scope value and folded term, joined: one term's identity in a snapshot."""
    return SEP.join((spec.kind, spec.entity or "", spec.scope, spec.scope_value, fold_phrase(spec.term)))


def parse_term_key(key: str) -> TermSpec:
    kind, entity, scope, value, folded = key.split(SEP)
    return TermSpec(TermKind(kind), folded, Entity(entity) if entity else None, Scope(scope), value)


def correction_key(c: CorrectionRecord) -> str:
    return SEP.join(str(v) for v in (c.note_id, c.id, c.start, c.end, c.action, c.entity or "", c.text_hash))


def correction_note(key: str) -> int:
    return int(key.split(SEP, 1)[0])


def names_specs(names: NameLists) -> list[TermSpec]:
    """A ``--names`` file's entries as corpus-wide term specs."""
    specs = [TermSpec(kind, term) for kind, key in _LIST_OF_KIND.items() for term in getattr(names, key)]
    return specs + [TermSpec(TermKind.BLACKLIST, b.term, b.entity) for b in names.blacklist]


@dataclass
class Feedback:
    """Everything a run passes to the engine, and the snapshot keys describing it."""

    names: NameLists = field(default_factory=NameLists)
    scoped: dict[tuple[Scope, str], list[TermSpec]] = field(default_factory=dict)
    corrections: dict[int, list[Correction]] = field(default_factory=dict)
    term_keys: set[str] = field(default_factory=set)
    correction_keys: set[str] = field(default_factory=set)
    protected: dict[int, list[Protected]] = field(default_factory=dict)  # accepted stretches per note

    def context(self, note_id: int, external_id: str, patient_id: str | None) -> NoteContext | None:
        """The note's patient id, scoped terms and corrections, or None when it has none of them."""
        specs = self.scoped.get((Scope.NOTE, external_id), [])
        if patient_id is not None:
            specs = self.scoped.get((Scope.PATIENT, patient_id), []) + specs
        corrections = self.corrections.get(note_id, [])
        protected = self.protected.get(note_id, [])
        if not specs and not corrections and not protected:
            return NoteContext(patient_id=patient_id) if patient_id else None  # the note's own patient is PAT
        whitelist = [s.term for s in specs if s.kind is TermKind.WHITELIST]
        blacklist = [
            BlacklistEntry(s.term, s.entity or KIND_ENTITY.get(s.kind, Entity.PER))
            for s in specs
            if s.kind is not TermKind.WHITELIST
        ]
        return NoteContext.of(whitelist, blacklist, corrections, protected, patient_id or "")

    def snapshot(self, engine_version: str) -> dict[str, object]:
        return {
            "engine": engine_version,
            "terms": sorted(self.term_keys),
            "corrections": sorted(self.correction_keys),
        }


def _term_specs(session: Session, change: PendingChange | None) -> list[TermSpec]:
    terms = session.scalars(select(Term).order_by(Term.id)).all()
    removed = set(change.remove) if change else set()
    specs = [
        TermSpec(TermKind(t.kind), t.term, Entity(t.entity) if t.entity else None, Scope(t.scope), t.scope_value)
        for t in terms
        if t.id not in removed
    ]
    return specs + [normalized(s) for s in (change.add if change else ())]


def _corpus_lists(specs: list[TermSpec], patient_ids: tuple[tuple[str, str], ...] = ()) -> NameLists:
    plain: dict[str, list[str]] = defaultdict(list)
    blacklist: list[BlacklistEntry] = []
    for spec in specs:
        if spec.kind is TermKind.BLACKLIST:
            blacklist.append(BlacklistEntry(spec.term, spec.entity or Entity.PER))
        else:
            plain[_LIST_OF_KIND[spec.kind]].append(spec.term)
    return NameLists(
        patients=tuple(plain["patients"]),
        hcps=tuple(plain["hcps"]),
        persons=tuple(plain["persons"]),
        medical_sites=tuple(plain["medical_sites"]),
        whitelist=tuple(plain["whitelist"]),
        blacklist=tuple(blacklist),
        patient_ids=patient_ids,  # which patient id each listed patient is: the note's own patient is PAT
    )


def _corrections(session: Session) -> tuple[dict[int, list[Correction]], set[str]]:
    rows = session.scalars(
        select(CorrectionRecord)
        .join(Note)
        .where(CorrectionRecord.text_hash == Note.text_hash)
        .order_by(CorrectionRecord.id)
    )
    by_note: dict[int, list[Correction]] = defaultdict(list)
    keys: set[str] = set()
    for c in rows:
        entity = Entity(c.entity) if c.entity else None
        by_note[c.note_id].append(Correction(c.start, c.end, CorrectionAction(c.action), entity))
        keys.add(correction_key(c))
    return dict(by_note), keys


def load_feedback(session: Session, names: NameLists | None = None, change: PendingChange | None = None) -> Feedback:
    """The project's terms (with ``change`` applied) and current corrections, plus ``names``."""
    specs = _term_specs(session, change) + (names_specs(names) if names else [])
    unique = list({term_key(s): s for s in specs}.items())
    corpus = [s for _, s in unique if s.scope is Scope.CORPUS]
    scoped: dict[tuple[Scope, str], list[TermSpec]] = defaultdict(list)
    for _, spec in unique:
        if spec.scope is not Scope.CORPUS:
            scoped[(spec.scope, spec.scope_value)].append(spec)
    corrections, correction_keys = _corrections(session)
    return Feedback(
        _corpus_lists(corpus, names.patient_ids if names else ()),
        dict(scoped),
        corrections,
        {k for k, _ in unique},
        correction_keys,
        protected_stretches(session),
    )
