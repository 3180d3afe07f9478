"""The project schema as typed SQLAlchemy 2 models (the head revision; migrations build the same tables).

These objects never leave the store: public functions hand out the frozen rows of ``rows.py``.
Offsets are ``str`` indices into the note's original text. Times are UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    LargeBinary,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes in, aware UTC datetimes out (SQLite keeps no zone)."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


def utcnow() -> datetime:
    return datetime.now(UTC)


def _one_of(column: str, values: tuple[str, ...]) -> CheckConstraint:
    listed = ", ".join(f"'{v}'" for v in values)
    return CheckConstraint(f'"{column}" IN ({listed})', name=f"ck_{column}")


TERM_KINDS = ("whitelist", "blacklist", "patient", "hcp", "person", "medical_site")
SCOPES = ("corpus", "patient", "note")
ENTITIES = ("HCP", "PAT", "PER", "SIT", "WEB", "MAI", "ADD", "PHO", "ZIP")
ACTIONS = ("add", "remove", "retype")
LABELS = ("TP", "FP", "FN", "TN")


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: UTCDateTime,
        dict[str, Any]: JSON(none_as_null=True),
    }


class Setting(Base):
    """Project-wide settings (name, pseudonym key, word-index version…), one JSON value per key."""

    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[Any] = mapped_column(JSON(none_as_null=True), nullable=True)


class Batch(Base):
    """One import: which file (its name only), when, by whom, and what it changed."""

    __tablename__ = "batches"
    id: Mapped[int] = mapped_column(primary_key=True)
    source: Mapped[str]
    imported_at: Mapped[datetime]
    who: Mapped[str]
    added: Mapped[int]
    updated: Mapped[int]
    unchanged: Mapped[int]


class Note(Base):
    """An imported note's identity and metadata (its text is in ``note_texts``, keeping this table small).

    ``result_run_id`` is the run whose spans are its current result; ``span_count``,
    ``flagged_count`` and ``entity_counts`` ("HCP:1,PER:2") summarise that result for the note list.
    """

    __tablename__ = "notes"
    id: Mapped[int] = mapped_column(primary_key=True)
    external_id: Mapped[str] = mapped_column(unique=True)
    text_hash: Mapped[str]
    text_length: Mapped[int]
    meta: Mapped[dict[str, Any]]
    patient_id: Mapped[str | None] = mapped_column(index=True)
    author: Mapped[str | None]
    batch_id: Mapped[int] = mapped_column(ForeignKey("batches.id"))
    imported_at: Mapped[datetime]
    result_run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="SET NULL"))
    span_count: Mapped[int] = mapped_column(default=0, server_default="0")
    flagged_count: Mapped[int] = mapped_column(default=0, server_default="0")
    entity_counts: Mapped[str] = mapped_column(default="", server_default="")


class NoteText(Base):
    """The original text of a note (offsets everywhere are ``str`` indices into it)."""

    __tablename__ = "note_texts"
    note_id: Mapped[int] = mapped_column(ForeignKey("notes.id", ondelete="CASCADE"), primary_key=True)
    text: Mapped[str] = mapped_column(Text)


class Run(Base):
    """One pass of the engine; ``snapshot`` holds the list/correction keys it used (for incremental runs)."""

    __tablename__ = "runs"
    __table_args__ = (_one_of("status", ("running", "done", "failed", "cancelled")),)
    id: Mapped[int] = mapped_column(primary_key=True)
    started_at: Mapped[datetime]
    finished_at: Mapped[datetime | None]
    engine_version: Mapped[str]
    lists_hash: Mapped[str]
    settings: Mapped[dict[str, Any]]
    status: Mapped[str]
    notes_analyzed: Mapped[int] = mapped_column(default=0)
    spans_found: Mapped[int] = mapped_column(default=0)
    kind: Mapped[str] = mapped_column(default="full")
    snapshot: Mapped[dict[str, Any] | None]


class SpanRecord(Base):
    """One masked stretch of one note found by one run."""

    __tablename__ = "spans"
    __table_args__ = (Index("ix_spans_note_run", "note_id", "run_id"), _one_of("entity", ENTITIES))
    id: Mapped[int] = mapped_column(primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), index=True)
    note_id: Mapped[int] = mapped_column(ForeignKey("notes.id", ondelete="CASCADE"))
    start: Mapped[int]
    end: Mapped[int]
    entity: Mapped[str]
    masker: Mapped[str]
    reason: Mapped[str] = mapped_column(default="")
    flags: Mapped[str] = mapped_column(default="")
    ref: Mapped[str] = mapped_column(default="")
    pseudonym: Mapped[str | None]


class NameEvidenceRecord(Base):
    """Why a run typed a note's names as it did (``store.type_settling``): per name span its reference,
    current type and evidence, as JSON, so later runs settle each person's type across the project."""

    __tablename__ = "name_evidence"
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True)
    note_id: Mapped[int] = mapped_column(ForeignKey("notes.id", ondelete="CASCADE"), primary_key=True, index=True)
    names: Mapped[str] = mapped_column(Text)


class Term(Base):
    """A curated list entry with its scope: the whole corpus, one patient, or one note (by external id)."""

    __tablename__ = "terms"
    __table_args__ = (
        UniqueConstraint("kind", "folded", "scope", "scope_value", name="uq_terms_key"),
        _one_of("kind", TERM_KINDS),
        _one_of("scope", SCOPES),
        {"sqlite_autoincrement": True},
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str]
    term: Mapped[str]
    folded: Mapped[str]
    entity: Mapped[str | None]
    scope: Mapped[str]
    scope_value: Mapped[str] = mapped_column(default="")
    who: Mapped[str]
    created_at: Mapped[datetime]
    why: Mapped[str] = mapped_column(default="")
    source_note_id: Mapped[int | None] = mapped_column(ForeignKey("notes.id", ondelete="SET NULL"))


class CorrectionRecord(Base):
    """A manual correction at offsets of one note, made when the note had ``text_hash``."""

    __tablename__ = "corrections"
    __table_args__ = (_one_of("action", ACTIONS), {"sqlite_autoincrement": True})
    id: Mapped[int] = mapped_column(primary_key=True)
    note_id: Mapped[int] = mapped_column(ForeignKey("notes.id", ondelete="CASCADE"), index=True)
    start: Mapped[int]
    end: Mapped[int]
    action: Mapped[str]
    entity: Mapped[str | None]
    text_hash: Mapped[str]
    who: Mapped[str]
    created_at: Mapped[datetime]
    why: Mapped[str] = mapped_column(default="")


class AuditEntry(Base):
    """Every change to terms, corrections and marks, with the row before and after (for undo)."""

    __tablename__ = "audit_log"
    __table_args__ = ({"sqlite_autoincrement": True},)
    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime]
    who: Mapped[str]
    domain: Mapped[str]
    action: Mapped[str]
    row_id: Mapped[int]
    before: Mapped[dict[str, Any] | None]
    after: Mapped[dict[str, Any] | None]
    reverts_id: Mapped[int | None] = mapped_column(ForeignKey("audit_log.id"))
    undone: Mapped[bool] = mapped_column(Boolean, default=False)


class WordPostings(Base):
    """Word index: a folded word and the sorted ids of the notes containing it (uint32, little-endian)."""

    __tablename__ = "word_index"
    __table_args__ = ({"sqlite_with_rowid": False},)
    word: Mapped[str] = mapped_column(primary_key=True)
    note_ids: Mapped[bytes] = mapped_column(LargeBinary)


class Review(Base):
    """A note's review status (no row: open); the statuses are ``vocabulary.ReviewStatus``, checked on write."""

    __tablename__ = "reviews"
    note_id: Mapped[int] = mapped_column(ForeignKey("notes.id", ondelete="CASCADE"), primary_key=True)
    status: Mapped[str]
    who: Mapped[str]
    at: Mapped[datetime]


class Sample(Base):
    """A frozen evaluation sample (paper 2.3.1): how it was drawn and its strata."""

    __tablename__ = "samples"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(default="")
    created_at: Mapped[datetime]
    who: Mapped[str]
    seed: Mapped[int]
    n: Mapped[int]
    by_length: Mapped[bool] = mapped_column(Boolean, default=False)
    run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="SET NULL"))
    strata: Mapped[Any] = mapped_column(JSON(none_as_null=True), nullable=True)


class SampleNote(Base):
    """A note in a sample and the run whose spans it judges (those spans are kept while the sample exists)."""

    __tablename__ = "sample_notes"
    sample_id: Mapped[int] = mapped_column(ForeignKey("samples.id", ondelete="CASCADE"), primary_key=True)
    note_id: Mapped[int] = mapped_column(ForeignKey("notes.id", ondelete="CASCADE"), primary_key=True)
    run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="SET NULL"))
    stratum: Mapped[str]
    position: Mapped[int]


class Mark(Base):
    """An evaluation mark: TP/FP/FN per span (offsets) or TN per note, by one annotator."""

    __tablename__ = "marks"
    __table_args__ = (
        _one_of("label", LABELS),
        Index("ix_marks_sample_note", "sample_id", "note_id"),
        {"sqlite_autoincrement": True},
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    note_id: Mapped[int] = mapped_column(ForeignKey("notes.id", ondelete="CASCADE"))
    sample_id: Mapped[int | None] = mapped_column(ForeignKey("samples.id", ondelete="CASCADE"))
    run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="SET NULL"))
    start: Mapped[int | None]
    end: Mapped[int | None]
    label: Mapped[str]
    entity: Mapped[str | None]
    masker: Mapped[str | None]
    annotator: Mapped[str]
    created_at: Mapped[datetime]
    comment: Mapped[str] = mapped_column(default="")
