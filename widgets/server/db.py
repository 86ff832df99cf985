"""The server's one store: classes, pupils, their records' events, assignments, sign-in
sessions, and the tables and class questions of :mod:`vandatta_widgets.tables`. SQLAlchemy Core over
SQLite by default (one file, nothing to install) or PostgreSQL for a school's or a
municipality's hub, named by a ``db_url`` as JupyterHub names its own database:

- ``sqlite:///path/to/vandatta.sqlite`` (``sqlite://`` alone: in memory, for tests),
- ``postgresql+psycopg://user@host/dbname`` (psycopg 3).

The schema is made and changed by Alembic migrations (``widgets/server/migrations``);
:func:`open_database` runs them up to the newest (``upgrade head``) every time it opens a
store, as JupyterHub's ``upgrade_db`` does, so a server started on an older file brings it up
to date first.

>>> engine = open_database("sqlite://")
>>> sorted(inspect(engine).get_table_names())
['alembic_version', 'assignments', 'classes', 'events', 'pupils', 'rooms', 'sessions', 'summaries']
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    inspect,
)
from sqlalchemy.pool import StaticPool

__all__ = [
    "metadata",
    "classes",
    "pupils",
    "sessions",
    "events",
    "summaries",
    "assignments",
    "rooms",
    "open_database",
    "upgrade",
    "MIGRATIONS",
    "inspect",
]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

# Names of constraints fixed here, so that the migrations and the metadata agree on every
# database (Alembic compares them).
metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

# A class for the term: its code is what the pupils type; the teacher's secret is kept only
# as a hash. Times are seconds since 1970 (UTC).
classes = Table(
    "classes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(8), nullable=False, unique=True),
    Column("name", String(40), nullable=False),
    Column("teacher_hash", String(64), nullable=False),
    Column("created", BigInteger, nullable=False),
    Column("active", BigInteger, nullable=False),  # last time anything happened in it
)

# A pupil: a nickname (never a real name is asked for), the picture password's salted hash
# (None until set, or after the teacher reset it), or the hub name that signs them in.
pupils = Table(
    "pupils",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("nickname", String(20), nullable=False),
    Column("name_key", String(20), nullable=False),  # the nickname case-folded: one "Alva" per class
    Column("pictures_hash", String(128), nullable=True),
    Column("hub_name", String(200), nullable=True),
    Column("created", BigInteger, nullable=False),
    Column("active", BigInteger, nullable=False),
    UniqueConstraint("class_id", "name_key"),
    UniqueConstraint("class_id", "hub_name"),
)

# A device that stays signed in: the hash of its token.
sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("pupil_id", Integer, ForeignKey("pupils.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created", BigInteger, nullable=False),
)

# One answer of a pupil, as vandatta_widgets.learner.events.Event keeps it; (pupil, device, seq) is the
# event's id for that pupil, kept once however often it is sent.
events = Table(
    "events",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column("pupil_id", Integer, ForeignKey("pupils.id", ondelete="CASCADE"), nullable=False),
    Column("device", String(40), nullable=False),
    Column("seq", BigInteger, nullable=False),
    Column("at", BigInteger, nullable=False),
    Column("kind", String(10), nullable=False),
    Column("outcome", String(12), nullable=False),
    Column("rules", String(200), nullable=False),  # rule ids joined by a space
    Column("lesson", SmallInteger, nullable=False),
    Column("item", String(200), nullable=False),
    Column("position", String(200), nullable=False),
    Column("move", String(200), nullable=False),
    Column("house", String(200), nullable=False),
    UniqueConstraint("pupil_id", "device", "seq"),
    Index(None, "pupil_id", "at"),
    Index(None, "at"),  # the purge of old events
)

# What the overview shows of each pupil, computed from their events (vandatta_widgets.server.classes
# keeps it up to date at each sync): one row to read per pupil instead of a term of events.
summaries = Table(
    "summaries",
    metadata,
    Column("pupil_id", Integer, ForeignKey("pupils.id", ondelete="CASCADE"), primary_key=True),
    Column("data", Text, nullable=False),
)

# What the teacher assigns: lessons ("1,2"), puzzles (a level and how many) or a round
# against a computer (its level), by a due date.
assignments = Table(
    "assignments",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("kind", String(10), nullable=False),
    Column("lessons", String(40), nullable=False),
    Column("level", String(20), nullable=False),
    Column("count", SmallInteger, nullable=False),
    Column("due", BigInteger, nullable=False),
    Column("created", BigInteger, nullable=False),
)

# The tables and the class questions of vandatta_widgets.tables (one JSON text per room), as
# vandatta_widgets.server.table_store keeps them in its own SQLite file today.
rooms = Table(
    "rooms",
    metadata,
    Column("kind", String(10), primary_key=True),
    Column("code", String(8), primary_key=True),
    Column("expires", BigInteger, nullable=False),
    Column("data", Text, nullable=False),
)


def _sqlite_pragmas(connection: object, _record: object) -> None:
    cursor = connection.cursor()  # type: ignore[attr-defined]  # a DB-API connection
    # foreign keys: deleting a class deletes its pupils and their events in SQLite too;
    # WAL: readers (the overview) never wait for a pupil's sync
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(db_url: str) -> Engine:
    """An engine for ``db_url`` (no migration run: see :func:`open_database`)."""
    if db_url.startswith("sqlite"):
        memory = db_url in ("sqlite://", "sqlite:///:memory:")
        if not memory:
            file = db_url.split(":///", 1)[-1]
            if file:
                Path(file).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            db_url,
            connect_args={"check_same_thread": False, "timeout": 5.0},
            # one shared connection for a database in memory (else each has its own)
            poolclass=StaticPool if memory else None,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(db_url, pool_pre_ping=True)


def upgrade(engine: Engine) -> None:
    """Run the migrations up to the newest (``alembic upgrade head``) on ``engine``."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def open_database(db_url: str) -> Engine:
    """The store at ``db_url``, its schema brought up to date."""
    engine = make_engine(db_url)
    upgrade(engine)
    return engine
