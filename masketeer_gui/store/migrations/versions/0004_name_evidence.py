"""Name evidence per run and note, so every run settles each person's type across the project.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24

``name_evidence`` holds, per run and note, each name span's reference, current type and the
evidence that typed it (JSON; ``store.type_settling``). Projects upgraded from 0003 have none: the
next run (a new engine version re-analyses every note) fills it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "name_evidence",
        sa.Column("run_id", sa.Integer(), sa.ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("note_id", sa.Integer(), sa.ForeignKey("notes.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("names", sa.Text(), nullable=False),
    )
    op.create_index("ix_name_evidence_note_id", "name_evidence", ["note_id"])


def downgrade() -> None:
    op.drop_index("ix_name_evidence_note_id", table_name="name_evidence")
    op.drop_table("name_evidence")
