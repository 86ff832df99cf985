"""Where the tables are kept: one SQLite file beside the server, written at every move, so a
server stopped in the middle of a round — even killed — starts again with every table at the
same move and the same seats.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "tables.sqlite")
>>> store = TableStore(path)
>>> store.save("AHCK7", {"status": "playing", "moves": ["7♥"]}, expires=2e9)   # the text written
'{"status":"playing","moves":["7♥"]}'
>>> TableStore(path).load_all(now=0)          # another process, after a restart
{'AHCK7': {'status': 'playing', 'moves': ['7♥']}}
>>> store.delete("AHCK7"); store.load_all(now=0)
{}

Each save is one transaction in WAL mode: a crash loses at most the move being written, never
a table. The standard library's ``sqlite3`` only: nothing to install, nothing to run beside
the server. (A deployment over several machines would keep the same rows in a shared
database, see the README.)

What can go wrong with a file, and what happens then:

- **A damaged file** (cut short, overwritten, not a database at all): it is moved aside,
  renamed ``tables.sqlite.damaged-20261205-041500`` (its time), and a new, empty file is
  started; :attr:`TableStore.set_aside` names where it went, for the teacher to be told. The
  server and its lessons start regardless.
- **One row that cannot be read**: it is skipped and named in :attr:`TableStore.broken` (the
  service reports it); the other rows load.
- **A write that fails** (a full disk, a file made read-only, another program holding it):
  :meth:`TableStore.save` raises :class:`StoreError` and the file keeps what it had, so the
  service can refuse the change it was saving (see ``TableService``).
- **A file that cannot be opened at all** (a folder that cannot be written): :func:`open_store`
  keeps the tables in memory only, and says so.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterable

from ..tables.rooms import StoreError  # what the rooms' services catch: defined beside them

__all__ = ["TableStore", "StoreError", "open_store", "read_rooms"]

_log = logging.getLogger("vandatta.tables")

_KINDS = ("tables", "polls")  # the tables; the classes answering (vandatta_widgets.tables.poll)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS {kind} (
    code TEXT PRIMARY KEY,
    expires REAL NOT NULL,
    data TEXT NOT NULL
)
"""


class TableStore:
    """The tables of one server in one SQLite file (``":memory:"`` for a server that keeps
    nothing). ``kind="polls"`` keeps the classes' polls in their own table of the same file.

    ``busy_seconds``: how long a write waits for another program holding the file before it
    gives up (:class:`StoreError`); the server's one loop waits that long at most.
    """

    def __init__(self, path: str | os.PathLike, *, kind: str = "tables", busy_seconds: float = 1.0) -> None:
        if kind not in _KINDS:
            raise ValueError(f"kind must be one of {_KINDS}, not {kind!r}")
        self.kind = kind
        self.path = str(path)
        self.busy_seconds = busy_seconds
        self.set_aside: str | None = None  # where a damaged file was moved to
        self.broken: list[str] = []  # codes of rows that could not be read (last load_all)
        self._lock = threading.Lock()
        if self.path != ":memory:":
            try:
                os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
            except OSError as error:
                raise StoreError(f"cannot make the folder of {self.path}: {error}") from error
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as error:
            if not _damaged(error):
                raise StoreError(f"cannot open {self.path}: {error}") from error
            self.set_aside = self._move_aside()
            _log.warning("the store %s was damaged (%s): moved to %s", self.path, error, self.set_aside)
            self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=self.busy_seconds
        )
        try:
            db.execute("PRAGMA journal_mode=WAL")
            # NORMAL in WAL mode: a committed save survives the process being killed (only a
            # power cut may lose the last moves), at a fraction of FULL's cost per move.
            db.execute("PRAGMA synchronous=NORMAL")
            # a file cut short opens without a word and fails at its first read: look now (a
            # server's file is small, a few hundred rows; this reads it once)
            verdict = db.execute("PRAGMA quick_check").fetchone()
            if verdict is None or verdict[0] != "ok":
                raise sqlite3.DatabaseError(f"database disk image is malformed: {verdict}")
            db.execute(_SCHEMA.format(kind=self.kind))
        except BaseException:
            db.close()
            raise
        return db

    def _move_aside(self) -> str:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = f"{self.path}.damaged-{stamp}"
        n = 1
        while os.path.exists(target):
            n += 1
            target = f"{self.path}.damaged-{stamp}-{n}"
        os.replace(self.path, target)
        for suffix in ("-wal", "-shm"):  # its journal belongs to it, not to the new file
            if os.path.exists(self.path + suffix):
                os.replace(self.path + suffix, target + suffix)
        return target

    def save(self, code: str, data: dict, *, expires: float) -> str:
        """Write table ``code`` whole (one row, one transaction); returns the text written.
        :class:`StoreError` if it cannot be written (the row keeps what it had)."""
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        with self._lock:
            try:
                self._db.execute(
                    f"INSERT INTO {self.kind} (code, expires, data) VALUES (?, ?, ?) "
                    "ON CONFLICT(code) DO UPDATE SET expires = excluded.expires, data = excluded.data",
                    (code, expires, text),
                )
            except sqlite3.Error as error:
                raise StoreError(f"cannot save {self.kind} {code} in {self.path}: {error}") from error
        return text

    def delete(self, code: str) -> None:
        """Forget ``code``. Where the file cannot be written the row stays, to expire, and
        is not loaded once it has (a warning in the log)."""
        with self._lock:
            try:
                self._db.execute(f"DELETE FROM {self.kind} WHERE code = ?", (code,))
            except sqlite3.Error as error:
                _log.warning("could not delete %s %s from %s: %s", self.kind, code, self.path, error)

    def load_all(self, *, now: float) -> dict[str, dict]:
        """Every table not expired at ``now``; expired ones are deleted (where the file can be
        written). A row that cannot be read is skipped, kept for whoever wants to look at it,
        and named in :attr:`broken`."""
        with self._lock:
            try:
                self._db.execute(f"DELETE FROM {self.kind} WHERE expires <= ?", (now,))
            except sqlite3.OperationalError as error:  # read-only: they are left, and not loaded
                _log.warning("could not delete expired %s from %s: %s", self.kind, self.path, error)
            try:
                rows = self._db.execute(
                    f"SELECT code, data FROM {self.kind} WHERE expires > ? ORDER BY code", (now,)
                ).fetchall()
            except sqlite3.DatabaseError as error:
                if not _damaged(error) or self.path == ":memory:":
                    raise StoreError(f"cannot read {self.path}: {error}") from error
                self._db.close()  # damage the quick check missed: as at the start
                self.set_aside = self._move_aside()
                _log.warning("the store %s was damaged (%s): moved to %s", self.path, error, self.set_aside)
                self._db = self._open()
                rows = []
        out, self.broken = read_rooms(rows)
        return out

    def close(self) -> None:
        with self._lock:
            self._db.close()


# SQLITE_CORRUPT and SQLITE_NOTADB (sqlite3 names them only from Python 3.11 on)
_DAMAGED_CODES = (11, 26)


def _damaged(error: sqlite3.DatabaseError) -> bool:
    # "file is not a database" (garbage), "database disk image is malformed" (cut short or
    # overwritten); not "unable to open" or "readonly", which are about where it lies
    if getattr(error, "sqlite_errorcode", None) in _DAMAGED_CODES:
        return True
    if isinstance(error, sqlite3.OperationalError):
        return False
    text = str(error).lower()
    return "not a database" in text or "malformed" in text or "corrupt" in text


def read_rooms(rows: Iterable[tuple[str, object]]) -> tuple[dict[str, dict], list[str]]:
    """The rooms of stored ``(code, text)`` rows, and the codes of rows that cannot be read
    (not JSON, or not an object): every store reads its rows so.

    >>> read_rooms([("AHCK7", '{"status": "open"}'), ("BBBBB", "{cut sh"), ("CCCCC", "[1]")])
    ({'AHCK7': {'status': 'open'}}, ['BBBBB', 'CCCCC'])
    """
    out: dict[str, dict] = {}
    broken: list[str] = []
    for code, text in rows:
        try:
            data = json.loads(text)  # type: ignore[arg-type]  # a row's text may be anything
        except (TypeError, ValueError, RecursionError):
            data = None
        if isinstance(data, dict):
            out[code] = data
        else:
            broken.append(code)
    return out, broken


def open_store(path: str, *, kind: str = "tables") -> TableStore:
    """The store at ``path``, or — where it cannot be opened at all (a folder that cannot be
    written, say) — one in memory, so that the server starts regardless; ``path`` of the
    store returned says which (":memory:")."""
    try:
        return TableStore(path, kind=kind)
    except (OSError, sqlite3.Error) as error:
        _log.warning("the %s cannot be kept in %s (%s): they are kept in memory only", kind, path, error)
        return TableStore(":memory:", kind=kind)
