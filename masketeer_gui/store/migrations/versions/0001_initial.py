"""The first project schema: corpus, runs and spans, curated terms, corrections, audit log, settings.

Revision ID: 0001
Revises:
Create Date: 2026-11-22

Never edit a released revision: tests/store/data/project_v1.sql is a project made by this one.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_JSON = sa.JSON(none_as_null=True)


def _check(column: str, values: tuple[str, ...]) -> sa.CheckConstraint:
    listed = ", ".join(f"'{v}'" for v in values)
    return sa.CheckConstraint(f'"{column}" IN ({listed})', name=f"ck_{column}")


def upgrade() -> None:
    op.create_table(
        "settings",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("value", _JSON, nullable=True),
    )
    op.create_table(
        "batches",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("imported_at", sa.DateTime(), nullable=False),
        sa.Column("who", sa.String(), nullable=False),
        sa.Column("added", sa.Integer(), nullable=False),
        sa.Column("updated", sa.Integer(), nullable=False),
        sa.Column("unchanged", sa.Integer(), nullable=False),
    )
    op.create_table(
        "notes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("external_id", sa.String(), nullable=False, unique=True),
        sa.Column("text_hash", sa.String(), nullable=False),
        sa.Column("text_length", sa.Integer(), nullable=False),
        sa.Column("meta", _JSON, nullable=False),
        sa.Column("patient_id", sa.String(), nullable=True),
        sa.Column("author", sa.String(), nullable=True),
        sa.Column("batch_id", sa.Integer(), sa.ForeignKey("batches.id"), nullable=False),
        sa.Column("imported_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_notes_patient_id", "notes", ["patient_id"])
    op.create_table(
        "note_texts",
        sa.Column("note_id", sa.Integer(), sa.ForeignKey("notes.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("text", sa.Text(), nullable=False),
    )
    op.create_table(
        "runs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("engine_version", sa.String(), nullable=False),
        sa.Column("lists_hash", sa.String(), nullable=False),
        sa.Column("settings", _JSON, nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("notes_analyzed", sa.Integer(), nullable=False),
        sa.Column("spans_found", sa.Integer(), nullable=False),
        _check("status", ("running", "done", "failed", "cancelled")),
    )
    op.create_table(
        "spans",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("run_id", sa.Integer(), sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("note_id", sa.Integer(), sa.ForeignKey("notes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("start", sa.Integer(), nullable=False),
        sa.Column("end", sa.Integer(), nullable=False),
        sa.Column("entity", sa.String(), nullable=False),
        sa.Column("masker", sa.String(), nullable=False),
        sa.Column("reason", sa.String(), nullable=False),
        sa.Column("flags", sa.String(), nullable=False),
        sa.Column("ref", sa.String(), nullable=False),
        sa.Column("pseudonym", sa.String(), nullable=True),
        _check("entity", ("HCP", "PAT", "PER", "SIT", "WEB", "MAI", "ADD", "PHO", "ZIP")),
    )
    op.create_index("ix_spans_run_id", "spans", ["run_id"])
    op.create_index("ix_spans_note_run", "spans", ["note_id", "run_id"])
    op.create_table(
        "terms",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("term", sa.String(), nullable=False),
        sa.Column("folded", sa.String(), nullable=False),
        sa.Column("entity", sa.String(), nullable=True),
        sa.Column("scope", sa.String(), nullable=False),
        sa.Column("scope_value", sa.String(), nullable=False),
        sa.Column("who", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("why", sa.String(), nullable=False),
        sa.Column("source_note_id", sa.Integer(), sa.ForeignKey("notes.id", ondelete="SET NULL"), nullable=True),
        sa.UniqueConstraint("kind", "folded", "scope", "scope_value", name="uq_terms_key"),
        _check("kind", ("whitelist", "blacklist", "patient", "hcp", "person", "medical_site")),
        _check("scope", ("corpus", "patient", "note")),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "corrections",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("note_id", sa.Integer(), sa.ForeignKey("notes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("start", sa.Integer(), nullable=False),
        sa.Column("end", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(), nullable=False),
        sa.Column("entity", sa.String(), nullable=True),
        sa.Column("text_hash", sa.String(), nullable=False),
        sa.Column("who", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("why", sa.String(), nullable=False),
        _check("action", ("add", "remove", "retype")),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_corrections_note_id", "corrections", ["note_id"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("who", sa.String(), nullable=False),
        sa.Column("domain", sa.String(), nullable=False),
        sa.Column("action", sa.String(), nullable=False),
        sa.Column("row_id", sa.Integer(), nullable=False),
        sa.Column("before", _JSON, nullable=True),
        sa.Column("after", _JSON, nullable=True),
        sa.Column("reverts_id", sa.Integer(), sa.ForeignKey("audit_log.id"), nullable=True),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sqlite_autoincrement=True,
    )


def downgrade() -> None:
    for table in (
        "audit_log",
        "corrections",
        "terms",
        "spans",
        "runs",
        "note_texts",
        "notes",
        "batches",
        "settings",
    ):
        op.drop_table(table)
