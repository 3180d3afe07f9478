"""The shared words of the project, at the bottom of the layers: store, evaluation and ui import them downward.

Entity types come from the engine (``engine.span.Entity``); everything the reviewer, curator and evaluator
say about them lives here: the evaluation labels, curated-list kinds and scopes, review and run statuses,
and the entity colours (Qt-free, so the HTML reports and the app paint a type alike).
"""

from __future__ import annotations

from enum import StrEnum

from masketeer_gui.engine.span import Entity


class Label(StrEnum):
    """The paper's four results (paper Table 5): TP/FP per span, FN per missed stretch, TN per untouched
    note. The store saves marks with this enum (``store.rows.MarkLabel``)."""

    TP = "TP"
    FP = "FP"
    FN = "FN"
    TN = "TN"


class TermKind(StrEnum):
    """Which list a curated term belongs to."""

    WHITELIST = "whitelist"
    BLACKLIST = "blacklist"
    PATIENT = "patient"
    HCP = "hcp"
    PERSON = "person"
    MEDICAL_SITE = "medical_site"


NAME_KINDS = frozenset({TermKind.PATIENT, TermKind.HCP, TermKind.PERSON})
KIND_ENTITY = {
    TermKind.PATIENT: Entity.PAT,
    TermKind.HCP: Entity.HCP,
    TermKind.PERSON: Entity.PER,
    TermKind.MEDICAL_SITE: Entity.SIT,
}


class Scope(StrEnum):
    """Where a term applies: every note, one patient's notes (by patient id), one note (by external id)."""

    CORPUS = "corpus"
    PATIENT = "patient"
    NOTE = "note"


class ReviewStatus(StrEnum):
    """Where a note stands in review."""

    OPEN = "open"
    REVIEWED = "reviewed"
    SECOND_OPINION = "second opinion"


class RunStatus(StrEnum):
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


# Paul Tol's colour-blind-safe "muted" scheme, one colour per type (https://personal.sron.nl/~pault/).
ENTITY_HEX: dict[Entity, str] = {
    Entity.HCP: "#332288",  # indigo
    Entity.PAT: "#CC6677",  # rose
    Entity.PER: "#DDCC77",  # sand
    Entity.SIT: "#117733",  # green
    Entity.WEB: "#88CCEE",  # cyan
    Entity.MAI: "#882255",  # wine
    Entity.ADD: "#44AA99",  # teal
    Entity.PHO: "#999933",  # olive
    Entity.ZIP: "#AA4499",  # purple
}


def counted(n: int, noun: str, plural: str = "") -> str:
    """'1 note', '2 notes', '1,234 spans': a count with its noun in the right number."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"
