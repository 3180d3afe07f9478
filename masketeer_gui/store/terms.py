"""Curated lists: whitelist, blacklist (with a type) and name-list additions, with scopes and an audit trail.

A term's identity is its list, its folded form (case and umlaut spelling do not matter) and its
scope, so "Müller" and "MUELLER" on the corpus whitelist are one term. Changes take effect at
the next run (see ``runs.py``; ``Runs.preview`` shows what one would do before it is made).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.normalize import fold_phrase
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import audit
from masketeer_gui.store.db import Database
from masketeer_gui.store.errors import InvalidChangeError, NotFoundError
from masketeer_gui.store.models import Note, Term, utcnow
from masketeer_gui.store.rows import Scope, TermKind, TermRow, TermSpec

DOMAIN = "term"
MAX_TERM_LENGTH = 200
_NAMES_KEYS = {
    "patients": TermKind.PATIENT,
    "hcps": TermKind.HCP,
    "persons": TermKind.PERSON,
    "medical_sites": TermKind.MEDICAL_SITE,
    "whitelist": TermKind.WHITELIST,
}


def term_row(term: Term) -> TermRow:
    return TermRow(
        term.id,
        TermKind(term.kind),
        term.term,
        Entity(term.entity) if term.entity else None,
        Scope(term.scope),
        term.scope_value,
        term.who,
        term.created_at,
        term.why,
        term.source_note_id,
    )


def normalized(spec: TermSpec) -> TermSpec:
    """``spec`` checked and tidied: stripped term, entity only on the blacklist, value only when scoped."""
    term = " ".join(spec.term.split())
    if not term or len(term) > MAX_TERM_LENGTH:
        raise InvalidChangeError(f"a term must have 1 to {MAX_TERM_LENGTH} characters")
    kind, scope = TermKind(spec.kind), Scope(spec.scope)
    entity = (Entity(spec.entity) if spec.entity else Entity.PER) if kind is TermKind.BLACKLIST else None
    value = spec.scope_value.strip() if scope is not Scope.CORPUS else ""
    if scope is not Scope.CORPUS and not value:
        raise InvalidChangeError(f"a term scoped to one {scope} needs the {scope}'s id")
    return TermSpec(kind, term, entity, scope, value)


def _find(session: Session, spec: TermSpec) -> Term | None:
    return session.scalars(
        select(Term).where(
            Term.kind == spec.kind,
            Term.folded == fold_phrase(spec.term),
            Term.scope == spec.scope,
            Term.scope_value == spec.scope_value,
        )
    ).first()


def _check_scope(session: Session, spec: TermSpec) -> None:
    if spec.scope is Scope.NOTE and session.scalar(select(Note.id).where(Note.external_id == spec.scope_value)) is None:
        raise InvalidChangeError("no note with that id in this project")


class Terms:
    """Add, edit, remove and list curated terms; every change is logged and can be undone."""

    def __init__(self, db: Database, user: str) -> None:
        self._db = db
        self._user = user

    def add(
        self, spec: TermSpec, *, why: str = "", source_note_id: int | None = None, who: str | None = None
    ) -> TermRow:
        """Add a term; ``InvalidChangeError`` if the same term is already on that list in that scope."""
        spec = normalized(spec)
        with self._db.write() as session:
            return term_row(self._add(session, spec, why, source_note_id, who or self._user))

    def _add(self, session: Session, spec: TermSpec, why: str, source: int | None, who: str) -> Term:
        if _find(session, spec) is not None:
            raise InvalidChangeError(f"that term is already on the {spec.kind} list for this scope")
        _check_scope(session, spec)
        term = Term(
            kind=spec.kind,
            term=spec.term,
            folded=fold_phrase(spec.term),
            entity=spec.entity,
            scope=spec.scope,
            scope_value=spec.scope_value,
            who=who,
            created_at=utcnow(),
            why=why,
            source_note_id=source,
        )
        session.add(term)
        session.flush()
        audit.record(session, DOMAIN, "add", term.id, None, audit.state_of(term), who)
        return term

    def remove(self, term_id: int, *, who: str | None = None) -> TermRow:
        """Remove a term (undo brings it back with the same id)."""
        with self._db.write() as session:
            term = _get(session, term_id)
            before = audit.state_of(term)
            session.delete(term)
            session.flush()
            audit.record(session, DOMAIN, "remove", term_id, before, None, who or self._user)
            return term_row(term)

    def edit(self, term_id: int, spec: TermSpec, *, why: str | None = None, who: str | None = None) -> TermRow:
        """Change a term's text, type or scope in place."""
        spec = normalized(spec)
        with self._db.write() as session:
            term = _get(session, term_id)
            other = _find(session, spec)
            if other is not None and other.id != term_id:
                raise InvalidChangeError(f"that term is already on the {spec.kind} list for this scope")
            _check_scope(session, spec)
            before = audit.state_of(term)
            term.kind, term.term, term.folded, term.entity = (
                spec.kind,
                spec.term,
                fold_phrase(spec.term),
                spec.entity,
            )
            term.scope, term.scope_value = spec.scope, spec.scope_value
            term.why = term.why if why is None else why
            session.flush()
            audit.record(session, DOMAIN, "edit", term_id, before, audit.state_of(term), who or self._user)
            return term_row(term)

    def list(self, kind: TermKind | None = None, scope: Scope | None = None) -> list[TermRow]:
        """Terms in the order they were added, optionally of one list or scope."""
        query = select(Term).order_by(Term.id)
        if kind is not None:
            query = query.where(Term.kind == kind)
        if scope is not None:
            query = query.where(Term.scope == scope)
        with self._db.read() as session:
            return [term_row(t) for t in session.scalars(query)]

    def get(self, term_id: int) -> TermRow:
        with self._db.read() as session:
            return term_row(_get(session, term_id))

    def add_many(self, entries: Iterable[tuple[TermSpec, str]], *, who: str | None = None) -> int:
        """Add (term, why) pairs in one transaction, skipping known terms; returns how many were new."""
        added = 0
        with self._db.write() as session:
            for spec, why in entries:
                spec = normalized(spec)
                if _find(session, spec) is None:
                    self._add(session, spec, why, None, who or self._user)
                    added += 1
        return added

    def import_names(self, names: NameLists, *, why: str = "from a names file", who: str | None = None) -> int:
        """Make a ``--names`` file's entries corpus-wide terms of this project."""
        specs = [TermSpec(kind, term) for key, kind in _NAMES_KEYS.items() for term in getattr(names, key)]
        specs += [TermSpec(TermKind.BLACKLIST, b.term, b.entity) for b in names.blacklist]
        return self.add_many(((spec, why) for spec in specs), who=who)


def _get(session: Session, term_id: int) -> Term:
    term = session.get(Term, term_id)
    if term is None:
        raise NotFoundError(f"no term with id {term_id}")
    return term
