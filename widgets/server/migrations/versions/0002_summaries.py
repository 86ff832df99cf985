"""summaries: what the overview shows of each pupil, kept beside their events

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "summaries",
        sa.Column("pupil_id", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["pupil_id"], ["pupils.id"], name=op.f("fk_summaries_pupil_id_pupils"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("pupil_id", name=op.f("pk_summaries")),
    )


def downgrade() -> None:
    op.drop_table("summaries")
