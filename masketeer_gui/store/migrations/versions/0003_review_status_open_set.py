"""Review statuses come from the shared vocabulary (``vocabulary.ReviewStatus``), not a CHECK in the file.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23

The ``reviews`` table is rebuilt without its ``status IN ('open', 'reviewed')`` check, so a new review
status (such as "needs a second opinion") needs no migration; the store validates statuses on write.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _reviews(name: str, *checks: sa.CheckConstraint) -> None:
    op.create_table(
        name,
        sa.Column("note_id", sa.Integer(), sa.ForeignKey("notes.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("who", sa.String(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        *checks,
    )


def _rebuild(*checks: sa.CheckConstraint, where: str = "") -> None:
    _reviews("reviews_new", *checks)
    op.execute(
        f"INSERT INTO reviews_new (note_id, status, who, at) SELECT note_id, status, who, at FROM reviews{where}"
    )
    op.drop_table("reviews")
    op.rename_table("reviews_new", "reviews")


def upgrade() -> None:
    _rebuild()


def downgrade() -> None:
    check = sa.CheckConstraint("\"status\" IN ('open', 'reviewed')", name="ck_status")
    _rebuild(check, where=" WHERE status IN ('open', 'reviewed')")
