"""The tables' and class questions' rows in the server's store behave as TableStore's (the same
contract), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from vandatta_widgets.server.rooms import RoomStore
from vandatta_widgets.server.table_store import StoreError, TableStore


def _contract(store, other_kind) -> None:
    assert store.load_all(now=0) == {}
    store.save("AHCK7", {"moves": ["7♥"]}, expires=100)
    store.save("AHCK7", {"moves": ["7♥", "7♠"]}, expires=200)  # written whole, again
    store.save("CEFH3", {"moves": []}, expires=50)
    other_kind.save("AHCK7", {"question": 1}, expires=100)  # the other kind: its own rows
    assert store.load_all(now=10) == {"AHCK7": {"moves": ["7♥", "7♠"]}, "CEFH3": {"moves": []}}
    assert store.load_all(now=60) == {"AHCK7": {"moves": ["7♥", "7♠"]}}  # expired: gone
    assert store.load_all(now=0) == {"AHCK7": {"moves": ["7♥", "7♠"]}}  # and deleted
    assert other_kind.load_all(now=10) == {"AHCK7": {"question": 1}}
    store.delete("AHCK7")
    assert store.load_all(now=0) == {}


def test_the_same_contract_as_the_sqlite_table_store(engine, tmp_path):
    _contract(RoomStore(engine), RoomStore(engine, kind="polls"))
    path = tmp_path / "tables.sqlite"
    _contract(TableStore(path), TableStore(path, kind="polls"))


def test_a_row_that_cannot_be_read_is_skipped_and_named(engine):
    store = RoomStore(engine)
    store.save("AHCK7", {"moves": []}, expires=100)
    with engine.begin() as db:
        db.execute(
            text("INSERT INTO rooms (kind, code, expires, data) VALUES ('tables', 'CEFH3', 100, '{cut')")
        )
    assert store.load_all(now=0) == {"AHCK7": {"moves": []}}
    assert store.broken == ["CEFH3"]


def test_a_write_that_fails_raises_store_error(engine):
    store = RoomStore(engine)
    with engine.begin() as db:
        db.execute(text("DROP TABLE rooms"))
    with pytest.raises(StoreError):
        store.save("AHCK7", {"moves": []}, expires=100)
    with pytest.raises(StoreError):
        store.load_all(now=0)
    store.delete("AHCK7")  # said in the log, nothing raised
    with pytest.raises(ValueError):
        RoomStore(engine, kind="chairs")
