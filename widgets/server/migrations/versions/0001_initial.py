"""classes, pupils, events, assignments, rooms

Revision ID: 0001
Revises:
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("teacher_hash", sa.String(length=64), nullable=False),
        sa.Column("created", sa.BigInteger(), nullable=False),
        sa.Column("active", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_classes")),
        sa.UniqueConstraint("code", name=op.f("uq_classes_code")),
    )
    op.create_table(
        "rooms",
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("expires", sa.BigInteger(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "code", name=op.f("pk_rooms")),
    )
    op.create_table(
        "assignments",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("lessons", sa.String(length=40), nullable=False),
        sa.Column("level", sa.String(length=20), nullable=False),
        sa.Column("count", sa.SmallInteger(), nullable=False),
        sa.Column("due", sa.BigInteger(), nullable=False),
        sa.Column("created", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["class_id"], ["classes.id"], name=op.f("fk_assignments_class_id_classes"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_assignments")),
    )
    with op.batch_alter_table("assignments", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_assignments_class_id"), ["class_id"], unique=False)

    op.create_table(
        "pupils",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(length=20), nullable=False),
        sa.Column("name_key", sa.String(length=20), nullable=False),
        sa.Column("pictures_hash", sa.String(length=128), nullable=True),
        sa.Column("hub_name", sa.String(length=200), nullable=True),
        sa.Column("created", sa.BigInteger(), nullable=False),
        sa.Column("active", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["class_id"], ["classes.id"], name=op.f("fk_pupils_class_id_classes"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pupils")),
        sa.UniqueConstraint("class_id", "hub_name", name=op.f("uq_pupils_class_id_hub_name")),
        sa.UniqueConstraint("class_id", "name_key", name=op.f("uq_pupils_class_id_name_key")),
    )
    op.create_table(
        "events",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("pupil_id", sa.Integer(), nullable=False),
        sa.Column("device", sa.String(length=40), nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        sa.Column("at", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("outcome", sa.String(length=12), nullable=False),
        sa.Column("rules", sa.String(length=200), nullable=False),
        sa.Column("lesson", sa.SmallInteger(), nullable=False),
        sa.Column("item", sa.String(length=200), nullable=False),
        sa.Column("position", sa.String(length=200), nullable=False),
        sa.Column("move", sa.String(length=200), nullable=False),
        sa.Column("house", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["pupil_id"], ["pupils.id"], name=op.f("fk_events_pupil_id_pupils"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
        sa.UniqueConstraint("pupil_id", "device", "seq", name=op.f("uq_events_pupil_id_device_seq")),
    )
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_events_at"), ["at"], unique=False)
        batch_op.create_index(batch_op.f("ix_events_pupil_id_at"), ["pupil_id", "at"], unique=False)

    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("pupil_id", sa.Integer(), nullable=False),
        sa.Column("created", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["pupil_id"], ["pupils.id"], name=op.f("fk_sessions_pupil_id_pupils"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sessions")),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sessions_pupil_id"), ["pupil_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sessions_pupil_id"))

    op.drop_table("sessions")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_events_pupil_id_at"))
        batch_op.drop_index(batch_op.f("ix_events_at"))

    op.drop_table("events")
    op.drop_table("pupils")
    with op.batch_alter_table("assignments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_assignments_class_id"))

    op.drop_table("assignments")
    op.drop_table("rooms")
    op.drop_table("classes")
