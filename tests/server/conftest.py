"""The store's tests run on SQLite and on PostgreSQL: every test that takes ``engine`` (or
``db_url``) runs once on each. PostgreSQL is the server named by ``VANDATTA_TEST_PG_URL``
(``.ci/run`` starts one); without it those runs are skipped, unless
``VANDATTA_REQUIRE_POSTGRES=1`` (set by ``.ci/run``) makes them fail."""

from __future__ import annotations

import os

import pytest
from sqlalchemy import create_engine, make_url, text

from vandatta_widgets.server.db import open_database

PG_URL = os.environ.get("VANDATTA_TEST_PG_URL", "")


def _worker_database(url: str) -> str:
    """A database of its own for this test process (pytest-xdist runs files side by side):
    the URL's database name with the worker's name added, made when missing."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    base = make_url(url)
    mine = base.set(database=f"{base.database}_{worker}")
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        found = db.execute(
            text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": mine.database}
        ).first()
        if found is None:
            db.execute(text(f'CREATE DATABASE "{mine.database}"'))
    admin.dispose()
    return mine.render_as_string(hide_password=False)


def _clean_postgres(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as db:
        db.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        db.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """An empty database's URL: a fresh SQLite file, or the test PostgreSQL server emptied."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'vandatta.sqlite'}"
    if not PG_URL:
        if os.environ.get("VANDATTA_REQUIRE_POSTGRES") == "1":
            pytest.fail("VANDATTA_REQUIRE_POSTGRES=1 but VANDATTA_TEST_PG_URL is not set")
        pytest.skip("no PostgreSQL server (set VANDATTA_TEST_PG_URL)")
    url = _worker_database(PG_URL)
    _clean_postgres(url)
    return url


@pytest.fixture
def engine(db_url):
    engine = open_database(db_url)
    yield engine
    engine.dispose()
