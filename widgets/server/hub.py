"""The tables as a JupyterHub managed service, for a school: pupils signed in to the hub make
tables and join each other's, under their hub names (nobody types a name).

    python -m vandatta_widgets.server.hub [--db FILE] [--ip ADDRESS] [--pace SECONDS] [--away-seconds SECONDS]

The hub starts it (``deploy/jupyterhub/jupyterhub_config.py``, ``c.JupyterHub.services``)
and gives it, in the environment, where to listen (``JUPYTERHUB_SERVICE_URL``), its prefix
on the hub (``JUPYTERHUB_SERVICE_PREFIX``, e.g. ``/services/vandatta-tables/``) and its
OAuth client. Behind the prefix are the same handlers as in the dashboard's own server
(:func:`vandatta_widgets.server.table_handlers.table_handlers`), each with JupyterHub's own sign-in
(:class:`jupyterhub.services.auth.HubOAuthenticated`, the ``oauth_callback`` of
:class:`~jupyterhub.services.auth.HubOAuthCallbackHandler`):

- the page sends a visitor who is not signed in to the hub's sign-in, and back;
- the API and the websocket answer 403 to a visitor who is not signed in (or has no
  ``access:services!service=vandatta-tables``), before anything is read or changed; the
  API's answer is JSON, ``{"error": "tb_sign_in", "text": …, "page": …}``, the page being
  where to sign in;
- ``visitor_name()`` is the pupil's hub name, so the seats carry it;
- the limit on trying codes counts per pupil (every request comes from the hub's proxy, so
  the address would put the whole school under one limit);
- the page's script and stylesheet are served to anyone: they are the repository's files and
  say nothing of any table (the dashboard's tab asks for them to know the tables are there).

The tables are kept in one SQLite file (``--db``, or ``$VANDATTA_TABLES_DB``, default
``vandatta-tables.sqlite`` in the working directory the hub gives the service), and the
secret that signs the sign-in cookie in a file beside it, so a restart keeps both the tables
and the pupils signed in.

**The classes** (:mod:`vandatta_widgets.server`: the teacher's class, the pupils' progress) are served
here too, behind the same sign-in, so on a hub the pupil's hub sign-in is enough: joining a
class asks only for the nickname the class sees (the hub's name is kept to know the pupil
again, never shown), and the pupil's devices send their progress to
``{prefix}vandatta/api/pupil/sync`` (their path finds it from ``VANDATTA_TABLES_URL``, which
``deploy/jupyterhub`` sets in the pupils' servers, or ``VANDATTA_CLASSES_URL``). The classes are kept where
``--db-url`` (or ``$VANDATTA_CLASSES_DB_URL``) says, as JupyterHub's own ``db_url``: by
default ``vandatta-classes.sqlite`` beside the tables; a school's or a municipality's
PostgreSQL otherwise. A store that cannot be opened leaves the classes out (the tables still
work) and says so in the service's log, in Swedish and English.

>>> from vandatta_widgets.server.table_handlers import table_handlers
>>> service = TableService(TableStore(":memory:"), pace=0.0)
>>> specs = hub_handlers(service, "/services/vandatta-tables/", HubOAuth(api_token="x"))
>>> [handler.__name__ for _, handler, _ in specs]  # doctest: +NORMALIZE_WHITESPACE
['HubOAuthCallback', 'RedirectHandler', 'HubTablePage', 'HubTablePage', 'HubTableStatic',
 'HubTablesApi', 'HubRecordApi', 'HubTableSocket', 'HubTableApi']
>>> all(issubclass(handler, HubOAuthenticated) for _, handler, _ in specs[2:])
True
>>> len(specs[2:]) == len(table_handlers(service, "/services/vandatta-tables/"))
True
>>> from vandatta_widgets.server.classes import ClassService
>>> from vandatta_widgets.server.db import open_database
>>> classes = ClassService(open_database("sqlite://"))
>>> specs = hub_handlers(service, "/p/", HubOAuth(api_token="x"), classes=classes)
>>> [h.__name__ for _, h, _ in specs if h.__name__.startswith("HubJoin") or h.__name__ == "HubSyncApi"]
['HubJoinApi', 'HubSyncApi', 'HubJoinPage', 'HubJoinPage', 'HubJoinStatic']
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import secrets
import signal
from pathlib import Path
from urllib.parse import urlparse

import tornado.httpserver
import tornado.web
import tornado.websocket
from jupyterhub.services.auth import HubAuthenticated, HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated

from ..base.i18n import t, visitor_lang
from ..play.session import NAME_LIMIT
from ..tables.poll_service import PollService
from ..tables.service import ServiceLimits, TableService
from ..tables.thinking import ThinkingPool
from .classes import RETENTION_DAYS, ClassService
from .handlers import ClassApi, JoinPage, JoinStatic, class_handlers, purge_every
from .poll_handlers import PollStatic, PupilPage, poll_handlers
from .table_handlers import TablePage, TableStatic, table_handlers
from .table_store import TableStore
from .teacher import TeacherPage, TeacherStatic, teacher_handlers

__all__ = ["hub_handlers", "hub_name", "make_app", "main"]

_log = logging.getLogger("vandatta.server.hub")

DEFAULT_DB = "vandatta-tables.sqlite"
DEFAULT_CLASSES = "vandatta-classes.sqlite"

# What the API answers a page that is not signed in (the dashboard's tab, before its pupil
# has opened the tables' own page once), with that page's address.


def hub_name(name: str) -> str:
    """The name a pupil's seat shows: their hub name, the part before an ``@`` of an e-mail
    address, at most :data:`~vandatta_widgets.play.session.NAME_LIMIT` characters.

    >>> hub_name("alva"), hub_name("bo.berg@skolan.se"), len(hub_name("x" * 40))
    ('alva', 'bo.berg', 20)
    """
    short = name.split("@", 1)[0] if "@" in name.strip("@") else name
    return short[:NAME_LIMIT]


class _HubSignIn(HubOAuthenticated):
    """JupyterHub's sign-in before a table handler (a mixin, first in the bases)."""

    hub_public = False  # True: served without sign-in (the page's script and stylesheet)
    hub_page = False  # True: a visitor not signed in is sent to the hub's sign-in page

    def initialize(self, hub_auth: HubOAuth, **kwargs: object) -> None:
        self.hub_auth = hub_auth
        super().initialize(**kwargs)

    async def prepare(self) -> None:
        if self.hub_public:
            return
        # JupyterHub's own check (cookie or token), asked without blocking the loop; then
        # current_user (HubAuthenticated.get_current_user) reads the answer, with the scopes
        # checked: access:services!service=<this service>.
        await self.hub_auth.get_user(self, sync=False)
        user = self.current_user
        if user is None:
            if self.hub_page and self.request.method in ("GET", "HEAD"):
                # HubAuthenticated raises 403 here for a signed-in user without access
                self.redirect(self.get_login_url())
                return
            self._not_signed_in()
            return
        # The limit on trying codes counts per visitor: here, per pupil (the address of every
        # request is the hub's proxy's).
        self.request.remote_ip = "hub:" + user["name"]

    def _not_signed_in(self) -> None:
        raise tornado.web.HTTPError(403, "not signed in at the hub")

    def visitor_name(self) -> str | None:
        user = self.current_user
        return hub_name(user["name"]) if user else None

    def check_xsrf_cookie(self) -> None:
        # The tables' own check, not JupyterHub's token: a request that changes anything comes
        # from a page of this address and carries JSON (handlers._Base); the websocket checks
        # its Origin. JupyterHub calls this before it accepts the cookie of a fetch().
        super(HubAuthenticated, self).check_xsrf_cookie()


class _HubApiSignIn(_HubSignIn):
    # where a visitor not signed in is sent, and the refusal's key and words
    SIGN_IN_PAGE = "vandatta/table"
    SIGN_IN_KEYS = ("tb_sign_in", "hub_sign_in")

    def _not_signed_in(self) -> None:
        lang = visitor_lang(self.get_argument("lang", None), None)
        self.set_status(403)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        page = self.base + self.SIGN_IN_PAGE
        error, words = self.SIGN_IN_KEYS
        answer = {"error": error, "text": t(words, lang, page=page), "page": page}
        self.finish(json.dumps(answer, ensure_ascii=False))


class _HubClassApiSignIn(_HubApiSignIn):
    """The class's API behind the hub's sign-in: a visitor not signed in is told, in words and
    with the class's page to open once (the path shows it as a link)."""

    SIGN_IN_PAGE = "vandatta/join"
    SIGN_IN_KEYS = ("kl_hub_sign_in", "hub_class_sign_in")

    def visitor_name(self) -> str | None:
        # the whole hub name: it only finds the pupil again (two schools' "bo@…" stay apart)
        user = self.current_user
        return user["name"] if user else None


class HubOAuthCallback(HubOAuthCallbackHandler):
    """``{prefix}oauth_callback``: JupyterHub's end of the sign-in, with this app's HubOAuth."""

    def initialize(self, hub_auth: HubOAuth) -> None:
        self.hub_auth = hub_auth


_SIGNED_IN: dict[type, type] = {}


def _signed_in(handler: type) -> type:
    """``handler`` (a table handler) behind the hub's sign-in: a subclass with the mixin first."""
    if handler not in _SIGNED_IN:
        pages = (TablePage, PupilPage, JoinPage, TeacherPage)
        plain = issubclass(handler, (tornado.websocket.WebSocketHandler, *pages))
        # the API's refusal in JSON, with words (the class's own for the class's API)
        api = _HubClassApiSignIn if issubclass(handler, ClassApi) else _HubApiSignIn
        mixin = _HubSignIn if plain else api
        attrs = {
            "__module__": __name__,
            "__doc__": f"{handler.__name__} behind JupyterHub's sign-in.",
            "hub_public": issubclass(handler, (TableStatic, PollStatic, JoinStatic, TeacherStatic)),
            "hub_page": issubclass(handler, pages),
        }
        _SIGNED_IN[handler] = type("Hub" + handler.__name__, (mixin, handler), attrs)
    return _SIGNED_IN[handler]


def hub_handlers(
    service: TableService,
    prefix: str,
    hub_auth: HubOAuth,
    polls: PollService | None = None,
    classes: ClassService | None = None,
) -> list[tuple]:
    """Every handler of :func:`~vandatta_widgets.server.table_handlers.table_handlers` (and, with ``polls``,
    of :func:`~vandatta_widgets.server.poll_handlers.poll_handlers`: the class answering; with
    ``classes``, of :func:`~vandatta_widgets.server.handlers.class_handlers` and
    :func:`~vandatta_widgets.server.teacher.teacher_handlers`: the classes) under
    ``prefix``, behind the hub's sign-in, with the ``oauth_callback`` and ``prefix`` itself (the
    link in the hub's Services menu) leading to the tables' page."""
    specs: list[tuple] = [
        (prefix + "oauth_callback", HubOAuthCallback, {"hub_auth": hub_auth}),
        (prefix + "?", tornado.web.RedirectHandler, {"url": prefix + "vandatta/table", "permanent": False}),
    ]
    handlers = table_handlers(service, prefix) + (poll_handlers(polls, prefix) if polls is not None else [])
    if classes is not None:  # the pupils' and the teacher's pages of the classes
        handlers += class_handlers(classes, prefix) + teacher_handlers(classes, prefix)
    for pattern, handler, init in handlers:
        specs.append((pattern, _signed_in(handler), {**init, "hub_auth": hub_auth}))
    return specs


def _cookie_secret(path: Path) -> bytes:
    """The secret signing the sign-in cookie: made once (readable by this user only) and kept,
    so pupils stay signed in when the service restarts."""
    try:
        return bytes.fromhex(path.read_text(encoding="ascii").strip())
    except FileNotFoundError:
        secret = secrets.token_bytes(32)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(secret.hex())
        return secret


def make_app(
    service: TableService,
    *,
    prefix: str,
    cookie_secret: bytes,
    hub_auth: HubOAuth | None = None,
    polls: PollService | None = None,
    classes: ClassService | None = None,
) -> tornado.web.Application:
    """The service's tornado application: the tables (and the classes) under ``prefix``
    (ending in /)."""
    if not prefix.endswith("/"):
        prefix += "/"
    auth = hub_auth or HubOAuth(cache_max_age=60)
    return tornado.web.Application(
        hub_handlers(service, prefix, auth, polls, classes),
        cookie_secret=cookie_secret,
        # every request that changes anything passes the handlers' check_xsrf_cookie (their
        # pages' Origin, JSON only), as in the dashboard's own server
        xsrf_cookies=True,
        websocket_ping_interval=20,  # a page whose network went is noticed, and its seat freed
    )


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m vandatta_widgets.server.hub", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--db",
        default=os.environ.get("VANDATTA_TABLES_DB") or DEFAULT_DB,
        help=f"the SQLite file of the tables (default: $VANDATTA_TABLES_DB or {DEFAULT_DB})",
    )
    parser.add_argument(
        "--cookie-secret-file",
        default=None,
        help="the file of the sign-in cookie's secret (default: beside the SQLite file)",
    )
    parser.add_argument(
        "--ip",
        default=None,
        help="the address to listen on (default: the host of $JUPYTERHUB_SERVICE_URL; 0.0.0.0 in a pod)",
    )
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a computer's moves")
    parser.add_argument(
        "--away-seconds",
        type=float,
        default=ServiceLimits().away_seconds,
        help="how long a seat may stay empty before a computer plays it",
    )
    parser.add_argument("--max-tables", type=int, default=ServiceLimits().max_tables)
    parser.add_argument(
        "--db-url",
        default=os.environ.get("VANDATTA_CLASSES_DB_URL") or "",
        help="where the classes are kept, as JupyterHub's db_url (default: $VANDATTA_CLASSES_DB_URL or "
        f"{DEFAULT_CLASSES} beside the tables' file)",
    )
    parser.add_argument(
        "--retention-days", type=int, default=RETENTION_DAYS, help="days anything about a pupil is kept"
    )
    return parser.parse_args(argv)


def open_classes(url: str, *, retention_days: int = RETENTION_DAYS) -> ClassService | None:
    """The classes' service on the store at ``url`` (its migrations run, what grew old deleted),
    or ``None`` when it cannot be opened: then the log says so in both languages and the
    tables are served without the classes."""
    from .db import open_database

    try:
        classes = ClassService(open_database(url), retention_days=retention_days)
        classes.purge()
    except Exception as error:  # any driver's error: the service starts without classes
        name = type(error).__name__
        _log.warning(
            "%s / %s",
            t("srv_classes_unavailable", "sv", error=name),
            t("srv_classes_unavailable", "en", error=name),
        )
        return None
    return classes


async def _serve(args: argparse.Namespace) -> None:
    url = os.environ.get("JUPYTERHUB_SERVICE_URL")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX")
    if not url or not prefix:
        raise SystemExit(
            "python -m vandatta_widgets.server.hub is started by JupyterHub (c.JupyterHub.services)"
        )
    where = urlparse(url)
    db = Path(args.db).resolve()
    db.parent.mkdir(parents=True, exist_ok=True)
    secret_file = Path(args.cookie_secret_file or db.with_name(db.stem + "_cookie_secret"))
    limits = ServiceLimits(max_tables=args.max_tables, away_seconds=args.away_seconds)
    # the computer players think in processes of their own (one per core): the loop only serves
    service = TableService(TableStore(str(db)), limits=limits, pace=args.pace, thinking=ThinkingPool())
    polls = PollService(TableStore(str(db), kind="polls"))  # the class answering: the same file
    classes = open_classes(
        args.db_url or "sqlite:///" + str(db.with_name(DEFAULT_CLASSES)), retention_days=args.retention_days
    )
    if classes is not None:
        purge_every(classes).start()  # what is older than the retention deletes itself
    app = make_app(
        service, prefix=prefix, cookie_secret=_cookie_secret(secret_file), polls=polls, classes=classes
    )
    server = tornado.httpserver.HTTPServer(app)
    server.listen(where.port or 80, address=args.ip or where.hostname or "127.0.0.1")
    _log.info("tables at %s (%s), kept in %s", prefix, url, db)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    server.stop()  # every move is already in the file: nothing more to write
    service.close()  # and the computer players' processes end
    _log.info("stopped")


def main(argv: list[str] | None = None) -> None:
    """Run the service (as JupyterHub starts it)."""
    logging.basicConfig(level=logging.INFO, format="[%(levelname).1s %(asctime)s %(name)s] %(message)s")
    asyncio.run(_serve(_arguments(argv)))


if __name__ == "__main__":
    main()
