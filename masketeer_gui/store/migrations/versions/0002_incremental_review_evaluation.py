"""Incremental re-runs (word index, per-note current result, run snapshots), review status, evaluation.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22

Notes analysed under revision 0001 get the latest finished run as their current result (and its
span counts); those runs have no snapshot, so the next incremental run re-analyses every note
once. The word index starts empty and is built on first use (settings ``word_index_version``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_JSON = sa.JSON(none_as_null=True)


def _check(column: str, values: tuple[str, ...]) -> sa.CheckConstraint:
    listed = ", ".join(f"'{v}'" for v in values)
    return sa.CheckConstraint(f'"{column}" IN ({listed})', name=f"ck_{column}")


def upgrade() -> None:
    with op.batch_alter_table("notes") as batch:
        batch.add_column(sa.Column("result_run_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("span_count", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("flagged_count", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("entity_counts", sa.String(), nullable=False, server_default=""))
        batch.create_foreign_key("fk_notes_result_run_id", "runs", ["result_run_id"], ["id"], ondelete="SET NULL")
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("kind", sa.String(), nullable=False, server_default="full"))
        batch.add_column(sa.Column("snapshot", _JSON, nullable=True))
    op.execute(
        "UPDATE notes SET result_run_id = (SELECT max(id) FROM runs WHERE status = 'done') "
        "WHERE EXISTS (SELECT 1 FROM runs WHERE status = 'done')"
    )
    op.execute(_COUNTS)
    _create_index_tables()
    _create_evaluation_tables()


_CURRENT = "FROM spans WHERE spans.note_id = notes.id AND spans.run_id = notes.result_run_id"
_COUNTS = (
    f"UPDATE notes SET span_count = (SELECT count(*) {_CURRENT}), "
    f"flagged_count = (SELECT count(*) {_CURRENT} AND spans.flags != ''), "
    "entity_counts = coalesce((SELECT group_concat(entity || ':' || n, ',') FROM "
    f"(SELECT entity, count(*) AS n {_CURRENT} GROUP BY entity ORDER BY entity)), '')"
)


def _create_index_tables() -> None:
    op.create_table(
        "word_index",
        sa.Column("word", sa.String(), primary_key=True),
        sa.Column("note_ids", sa.LargeBinary(), nullable=False),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "reviews",
        sa.Column("note_id", sa.Integer(), sa.ForeignKey("notes.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("who", sa.String(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        _check("status", ("open", "reviewed")),
    )


def _create_evaluation_tables() -> None:
    op.create_table(
        "samples",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("who", sa.String(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("by_length", sa.Boolean(), nullable=False),
        sa.Column("run_id", sa.Integer(), sa.ForeignKey("runs.id", ondelete="SET NULL"), nullable=True),
        sa.Column("strata", _JSON, nullable=True),
    )
    op.create_table(
        "sample_notes",
        sa.Column("sample_id", sa.Integer(), sa.ForeignKey("samples.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("note_id", sa.Integer(), sa.ForeignKey("notes.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("run_id", sa.Integer(), sa.ForeignKey("runs.id", ondelete="SET NULL"), nullable=True),
        sa.Column("stratum", sa.String(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
    )
    op.create_table(
        "marks",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("note_id", sa.Integer(), sa.ForeignKey("notes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("sample_id", sa.Integer(), sa.ForeignKey("samples.id", ondelete="CASCADE"), nullable=True),
        sa.Column("run_id", sa.Integer(), sa.ForeignKey("runs.id", ondelete="SET NULL"), nullable=True),
        sa.Column("start", sa.Integer(), nullable=True),
        sa.Column("end", sa.Integer(), nullable=True),
        sa.Column("label", sa.String(), nullable=False),
        sa.Column("entity", sa.String(), nullable=True),
        sa.Column("masker", sa.String(), nullable=True),
        sa.Column("annotator", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("comment", sa.String(), nullable=False),
        _check("label", ("TP", "FP", "FN", "TN")),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_marks_sample_note", "marks", ["sample_id", "note_id"])


def downgrade() -> None:
    for table in ("marks", "sample_notes", "samples", "reviews", "word_index"):
        op.drop_table(table)
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("snapshot")
        batch.drop_column("kind")
    with op.batch_alter_table("notes") as batch:
        batch.drop_constraint("fk_notes_result_run_id", type_="foreignkey")
        for column in ("entity_counts", "flagged_count", "span_count", "result_run_id"):
            batch.drop_column(column)
