"""The store's schema comes from its migrations, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, select, text

from vandatta_widgets.server.db import metadata, open_database


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


def test_a_store_made_by_the_first_version_is_upgraded_with_its_data(db_url):
    """A server of the first version left classes and answers; the next one brings the schema
    up to head at its start and the overview shows what was there."""
    from alembic import command
    from alembic.config import Config

    from vandatta_widgets.learner.events import Event, encode_events
    from vandatta_widgets.server.classes import ClassService
    from vandatta_widgets.server.db import MIGRATIONS, make_engine

    old = make_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with old.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    with old.begin() as db:
        db.execute(
            text(
                "INSERT INTO classes (code, name, teacher_hash, created, active) VALUES ('AHCK7', '4B', 'x', 1, 1)"
            )
        )
        db.execute(
            text(
                "INSERT INTO pupils (class_id, nickname, name_key, created, active) VALUES (1, 'Alva', 'alva', 1, 1)"
            )
        )
    assert "summaries" not in inspect(old).get_table_names()
    old.dispose()
    engine = open_database(db_url)
    service = ClassService(engine, clock=lambda: 1_760_000_000)
    assert [p["nickname"] for p in service.overview(1)["pupils"]] == ["Alva"]
    token = service.hub_sign_in("AHCK7", "x", "Bo").token  # the upgraded store takes new pupils
    service.sync(token, encode_events([Event("d", 1, 1_759_999_000, "round", "right", ("R7",))]))
    assert service.overview(1)["pupils"][1]["rules"]["R7"]["seen"] == 1
    engine.dispose()
