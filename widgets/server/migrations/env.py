"""Alembic's environment for the server's store: it runs on the connection that
:func:`vandatta_widgets.server.db.upgrade` hands it (``config.attributes["connection"]``), or on the
``sqlalchemy.url`` of an ``alembic`` command line."""

from __future__ import annotations

import importlib

from alembic import context
from sqlalchemy import Connection, create_engine

# Alembic loads this file by its path, outside the package, so it names the installed package
# (whose folder mypy knows as widgets/: hence by name, not by an import statement).
metadata = importlib.import_module("vandatta_widgets.server.db").metadata

config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is None:  # `alembic -x` from a command line: its own engine
        engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")
        with engine.begin() as connection:
            _migrate(connection)
        return
    _migrate(connection)


def _migrate(connection: Connection) -> None:
    # render_as_batch: SQLite changes a table by copying it (ALTER is limited there)
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run()
