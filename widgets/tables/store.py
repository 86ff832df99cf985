"""Where the tables are kept: one SQLite file beside the server, written at every move, so a
server stopped in the middle of a round — even killed — starts again with every table at the
same move and the same seats.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "tables.sqlite")
>>> store = TableStore(path)
>>> store.save("AHCK7", {"status": "playing", "moves": ["7♥"]}, expires=2e9)
>>> TableStore(path).load_all(now=0)          # another process, after a restart
{'AHCK7': {'status': 'playing', 'moves': ['7♥']}}
>>> store.delete("AHCK7"); store.load_all(now=0)
{}

Each save is one transaction in WAL mode: a crash loses at most the move being written, never
a table. The standard library's ``sqlite3`` only: nothing to install, nothing to run beside
the server. (A deployment over several machines would keep the same rows in a shared
database, see the README.)
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading

__all__ = ["TableStore"]

_KINDS = ("tables", "polls")  # the tables; the classes answering (widgets.tables.poll)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS {kind} (
    code TEXT PRIMARY KEY,
    expires REAL NOT NULL,
    data TEXT NOT NULL
)
"""


class TableStore:
    """The tables of one server in one SQLite file (``":memory:"`` for a server that keeps
    nothing). ``kind="polls"`` keeps the classes' polls in their own table of the same file."""

    def __init__(self, path: str | os.PathLike, *, kind: str = "tables") -> None:
        if kind not in _KINDS:
            raise ValueError(f"kind must be one of {_KINDS}, not {kind!r}")
        self.kind = kind
        self.path = str(path)
        if self.path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a committed save survives the process being killed (only a
        # power cut may lose the last moves), at a fraction of FULL's cost per move.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA.format(kind=kind))

    def save(self, code: str, data: dict, *, expires: float) -> None:
        """Write table ``code`` whole (one row, one transaction)."""
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        with self._lock:
            self._db.execute(
                f"INSERT INTO {self.kind} (code, expires, data) VALUES (?, ?, ?) "
                "ON CONFLICT(code) DO UPDATE SET expires = excluded.expires, data = excluded.data",
                (code, expires, text),
            )

    def delete(self, code: str) -> None:
        with self._lock:
            self._db.execute(f"DELETE FROM {self.kind} WHERE code = ?", (code,))

    def load_all(self, *, now: float) -> dict[str, dict]:
        """Every table not expired at ``now``; expired ones are deleted. A row that cannot be
        read is skipped (and kept, for whoever wants to look at it)."""
        with self._lock:
            self._db.execute(f"DELETE FROM {self.kind} WHERE expires <= ?", (now,))
            rows = self._db.execute(f"SELECT code, data FROM {self.kind} ORDER BY code").fetchall()
        out = {}
        for code, text in rows:
            try:
                out[code] = json.loads(text)
            except ValueError:
                continue
        return out

    def close(self) -> None:
        with self._lock:
            self._db.close()
