"""The tables and the class questions (:mod:`vandatta_widgets.tables`) in the server's one store: the
same calls as :class:`vandatta_widgets.server.table_store.TableStore` (``save``, ``delete``, ``load_all``) on
the ``rooms`` table of :mod:`vandatta_widgets.server.db`, so that a hub keeping its classes in
PostgreSQL can keep its tables there too (several machines, one database).

>>> from vandatta_widgets.server.db import open_database
>>> store = RoomStore(open_database("sqlite://"))
>>> store.save("AHCK7", {"status": "playing", "moves": ["7♥"]}, expires=2e9)
'{"status":"playing","moves":["7♥"]}'
>>> store.load_all(now=0)
{'AHCK7': {'status': 'playing', 'moves': ['7♥']}}
>>> store.delete("AHCK7"); store.load_all(now=0)
{}

The SQLite file of :class:`~vandatta_widgets.server.table_store.TableStore` stays what the dashboard uses by
default (its damaged-file handling is SQLite's own); this store is for a database server, where a
damaged file is the database administrator's matter and a write that fails raises
:class:`~vandatta_widgets.server.table_store.StoreError` as there.
"""

from __future__ import annotations

import json
import logging

from sqlalchemy import Engine, and_, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from .db import rooms
from .table_store import StoreError, read_rooms

__all__ = ["RoomStore"]

_log = logging.getLogger("vandatta.tables")
KINDS = ("tables", "polls")


class RoomStore:
    """The rooms of one ``kind`` (``"tables"`` or ``"polls"``) in the server's store."""

    def __init__(self, engine: Engine, *, kind: str = "tables") -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        self.engine = engine
        self.kind = kind
        self.path = engine.url.render_as_string(hide_password=True)
        self.set_aside: str | None = None  # a database server's damage is not set aside here
        self.broken: list[str] = []

    def save(self, code: str, data: dict, *, expires: float) -> str:
        """Write room ``code`` whole (one row, one transaction); returns the text written.
        :class:`StoreError` if it cannot be written (the row keeps what it had)."""
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        upsert = dialect.insert(rooms).values(kind=self.kind, code=code, expires=int(expires), data=text)
        upsert = upsert.on_conflict_do_update(
            index_elements=["kind", "code"],
            set_={"expires": upsert.excluded.expires, "data": upsert.excluded.data},
        )
        try:
            with self.engine.begin() as db:
                db.execute(upsert)
        except SQLAlchemyError as error:
            raise StoreError(f"cannot save {self.kind} {code}: {type(error).__name__}") from error
        return text

    def delete(self, code: str) -> None:
        """Forget ``code`` (where it cannot be written, the row stays to expire)."""
        try:
            with self.engine.begin() as db:
                db.execute(delete(rooms).where(and_(rooms.c.kind == self.kind, rooms.c.code == code)))
        except SQLAlchemyError as error:
            _log.warning("could not delete %s %s: %s", self.kind, code, type(error).__name__)

    def load_all(self, *, now: float) -> dict[str, dict]:
        """Every room not expired at ``now`` (expired ones deleted); a row that cannot be read
        is skipped and named in :attr:`broken`."""
        mine = rooms.c.kind == self.kind
        try:
            with self.engine.begin() as db:
                db.execute(delete(rooms).where(and_(mine, rooms.c.expires <= now)))
                rows = db.execute(
                    select(rooms.c.code, rooms.c.data)
                    .where(and_(mine, rooms.c.expires > now))
                    .order_by(rooms.c.code)
                ).all()
        except SQLAlchemyError as error:
            raise StoreError(f"cannot read the {self.kind}: {type(error).__name__}") from error
        out, self.broken = read_rooms([(code, text) for code, text in rows])
        return out

    def close(self) -> None:
        """Nothing to close: the engine belongs to the server (it disposes of it)."""
