"""The dashboard's own server serves the class's API on the store its ``db_url`` names (both
databases), its migrations run at start, and a store it cannot open leaves the rest running."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from sqlalchemy import create_engine, text

from tests.helpers.serving import DashboardServer


def _call(url: str, body: dict | None = None, headers: dict | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(
        url,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
        method="GET" if body is None else "POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.slow
def test_the_dashboard_serves_the_classes_on_its_db_url(tmp_path, db_url):
    settings = {"DashboardServer": {"db_url": db_url, "tables_db": ":memory:"}}
    with DashboardServer(tmp_path / "server.log", settings=settings) as server:
        status, made = _call(server.url + "vandatta/api/classes", {"name": "4B"})
        assert status == 201
        status, joined = _call(
            server.url + f"vandatta/api/classes/{made['code']}/join",
            {"nickname": "Alva", "pictures": ["fox", "owl"]},
        )
        assert status == 200 and joined["nickname"] == "Alva"
        status, view = _call(
            server.url + f"vandatta/api/classes/{made['code']}",
            headers={"X-Vandatta-Teacher": made["secret"]},
        )
        assert status == 200 and [p["nickname"] for p in view["pupils"]] == ["Alva"]
    engine = create_engine(db_url)  # the server's migrations made the schema there
    with engine.connect() as db:
        assert db.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0002"
        assert db.execute(text("SELECT nickname FROM pupils")).scalars().all() == ["Alva"]
    engine.dispose()


@pytest.mark.slow
def test_a_store_that_cannot_be_opened_leaves_the_server_running(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the store's folder would be")
    settings = {"DashboardServer": {"db_url": f"sqlite:///{blocker}/classes.sqlite", "tables_db": ":memory:"}}
    with DashboardServer(tmp_path / "server.log", settings=settings) as server:
        assert server.wait_for("classes_unavailable", timeout=5)
        status, _ = _call(server.url + "vandatta/api/tables", {"seats": ["person", "expert"]})
        assert status == 201  # the tables still work


@pytest.mark.slow
def test_given_a_db_url_the_tables_and_questions_live_in_that_database_too(tmp_path, db_url):
    """One store (issue 42): with a ``db_url`` and no ``tables_db`` the server keeps its tables
    and the class's questions in the rooms of the same database as the classes, and a table
    made before a restart is there after it."""
    settings = {"DashboardServer": {"db_url": db_url}}
    with DashboardServer(tmp_path / "server.log", settings=settings) as server:
        status, made = _call(
            server.url + "vandatta/api/tables", {"seats": ["person", "expert"], "name": "Ada"}
        )
        assert status == 201
    engine = create_engine(db_url)
    with engine.connect() as db:
        kinds = db.execute(text("SELECT kind, code FROM rooms")).all()
    engine.dispose()
    assert ("tables", made["code"]) in kinds
    assert not (tmp_path / "tables.sqlite").exists()
    with DashboardServer(tmp_path / "server2.log", settings=settings) as server:
        status, summary = _call(server.url + f"vandatta/api/tables/{made['code']}")
        assert status == 200, summary
