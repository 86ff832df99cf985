"""The store's schema comes from its migrations, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, select, text

from widgets.server.db import metadata, open_database


def test_the_migrations_from_empty_make_what_the_metadata_says(engine):
    with engine.connect() as db:
        differences = compare_metadata(MigrationContext.configure(db), metadata)
    assert differences == []
    assert set(inspect(engine).get_table_names()) == {*metadata.tables, "alembic_version"}


def test_the_migrations_are_at_head_and_run_again_changing_nothing(db_url):
    first = open_database(db_url)
    with first.begin() as db:
        db.execute(
            text(
                "INSERT INTO classes (code, name, teacher_hash, created, active) VALUES ('AHCK7', '4B', 'x', 1, 1)"
            )
        )
        version = db.execute(text("SELECT version_num FROM alembic_version")).scalar()
    first.dispose()
    again = open_database(db_url)  # a server started again: upgrade head is a no-op
    with again.connect() as db:
        assert db.execute(text("SELECT version_num FROM alembic_version")).scalar() == version == "0002"
        assert db.execute(select(metadata.tables["classes"].c.name)).scalars().all() == ["4B"]
    again.dispose()


def test_the_engine_is_the_database_asked_for(engine, db_url):
    assert engine.dialect.name == db_url.split(":")[0].split("+")[0]
