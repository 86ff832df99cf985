"""The tables on the web: tornado handlers added to the dashboard's own Voilà server (and run
by the school's JupyterHub as a service, :mod:`vandatta_widgets.server.hub`).

========================================  =====================================================
``GET  {base}vandatta/table[/CODE]``      the page: make a table, or join one by its code
``GET  {base}vandatta/table-static/F``    its scripts and stylesheet (``client.js``, ``shared.js``, ``client.css``)
``POST {base}vandatta/api/tables``        make a table → code, the maker's seat token
``GET  {base}vandatta/api/tables/CODE``   the seats (who sits, which are free) — rate limited
``POST {base}vandatta/api/tables/CODE``   take a free seat → its token
``GET  {base}vandatta/api/tables/CODE/record?token=…``  the round's record, once it is over
``WS   {base}vandatta/api/tables/CODE/ws``  the seat's frames; moves and the maker's controls
========================================  =====================================================

The token travels in request bodies and the websocket's first message, never in a URL (so
never in a log). Requests that change anything must come from a page of this server (its
``Origin``), and carry JSON.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
import urllib.parse
from collections.abc import Awaitable
from pathlib import Path
from typing import Any, Protocol

import tornado.ioloop
import tornado.web
import tornado.websocket

from ..base.i18n import LANGS, t, visitor_lang
from ..base.problem import Problem
from ..tables.flow import TOO_FAST, TOO_SLOW, Inflow, Outflow
from ..tables.page import client_config, page_html
from ..tables.service import Page, TableService
from ..tables.table import TableProblem

__all__ = ["table_handlers", "page_html", "client_config", "JsonHandler", "RoomSocket", "TABLES"]

# the page's script and stylesheet are the tables' front end (the dashboard's tab mounts them
# too): they stay beside the tables' model; the server only sends them
TABLES = Path(__file__).resolve().parents[1] / "tables"
_log = logging.getLogger("vandatta.tables")
MAX_BODY = 4096  # bytes of a request body or message: a real one is a few hundred
# the page's files; shared.js is what client.js and the class's page (poll.js) both import
STATIC = {
    "client.js": "application/javascript; charset=utf-8",
    "shared.js": "application/javascript; charset=utf-8",
    "client.css": "text/css; charset=utf-8",
    "sound.js": "application/javascript; charset=utf-8",  # shared controls (widgets/controls)
    "speech.js": "application/javascript; charset=utf-8",
}
CONTROLS = TABLES.parent / "controls"


def static_file(name: str) -> Path:
    """Where a name of :data:`STATIC` is kept: the tables' folder, or the shared controls'."""
    return (CONTROLS if name in ("sound.js", "speech.js") else TABLES) / name


MAX_DEPTH = 32  # lists and objects inside each other: a real body has a handful


def _visitor_lang(handler: tornado.web.RequestHandler) -> str:
    return visitor_lang(handler.get_argument("lang", None), handler.request.headers.get("Accept-Language"))


def read_json(raw: str | bytes) -> object:
    """A body or message as JSON: ValueError when it is not JSON, or is nested deeper than
    :data:`MAX_DEPTH` (a RecursionError in the parser, or later in whoever walks it).

    >>> read_json('{"seats": ["person", "expert"]}')
    {'seats': ['person', 'expert']}
    >>> read_json("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    ValueError: nested too deep
    >>> read_json("[" * 100_000)  # the parser's own recursion, or its "Expecting value"
    Traceback (most recent call last):
    ...
    ValueError: ...
    """
    try:
        data = json.loads(raw)
    except RecursionError:
        raise ValueError("nested too deep") from None
    level, depth = [data], 0
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            raise ValueError("nested too deep")
        level = [
            inner
            for outer in level
            for inner in (
                outer.values() if isinstance(outer, dict) else outer if isinstance(outer, list) else ()
            )
            if isinstance(inner, (dict, list))
        ]
    return data


def same_origin(origin: str, host: str) -> bool:
    """Whether a request's ``Origin`` header names the server it came to (its ``Host``)."""
    return urllib.parse.urlsplit(origin).netloc.lower() == host.lower() != ""


class Refused(tornado.web.HTTPError):
    """A request refused before it is read, with a catalog key for the visitor's words."""

    def __init__(self, status: int, key: str, reason: str) -> None:
        super().__init__(status, reason)
        self.key = key


#: Refusals whose status is the same wherever they happen: the visitor must wait (429), or the
#: server cannot keep anything just now (503); every other refusal's status is its handler's.
REFUSAL_STATUS = {
    "tb_full": 429,
    "tb_too_many_yours": 429,
    "tb_slow_down": 429,
    "cl_too_many": 429,
    "cl_too_many_yours": 429,
    "cl_full": 429,
    "cl_slow_down": 429,
    "kl_slow_down": 429,
    "tb_not_saved": 503,
}


class JsonHandler(tornado.web.RequestHandler):
    """What every handler of the tables and the class shares: its service and base URL, the
    check on requests that change anything, the visitor's language, a signed-in name (on a hub)
    and JSON answers."""

    def initialize(self, service: object, base: str) -> None:
        self.service = service
        self.base = base

    def prepare(self) -> Awaitable[None] | None:
        # Run whatever the application's settings: the dashboard's Voilà server has no
        # xsrf_cookies, so tornado never calls check_xsrf_cookie there by itself.
        self.check_xsrf_cookie()
        return None

    def check_xsrf_cookie(self) -> None:
        # Instead of Jupyter's XSRF cookie (the page is not a Jupyter page): a request that
        # changes anything must come from this server's own pages and carry JSON, which a form
        # or a simple fetch on another site cannot send without the browser asking first.
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return
        headers = self.request.headers
        origin = headers.get("Origin")
        elsewhere = headers.get("Sec-Fetch-Site") in ("cross-site", "same-site")
        if elsewhere or (origin is not None and not same_origin(origin, self.request.host)):
            raise Refused(403, "tb_not_from_here", "cross-origin request")
        if headers.get("Content-Type", "").split(";")[0].strip().lower() != "application/json":
            raise Refused(415, "tb_not_from_here", "JSON only")

    def write_error(self, status_code: int, **kwargs: object) -> None:
        exc_info = kwargs.get("exc_info")
        error = exc_info[1] if isinstance(exc_info, tuple) else None
        if isinstance(error, Refused):  # said in the visitor's words, as every refusal here
            self.answer({"error": error.key, "text": t(error.key, self.lang())}, status_code)
            return
        super().write_error(status_code, **kwargs)

    def lang(self) -> str:
        return _visitor_lang(self)

    def visitor_name(self) -> str | None:
        """The signed-in name (a hub's pupil), or None where visitors are not signed in."""
        return None

    def address(self) -> str:
        """The visitor's address, for the limits per visitor (the services read a /64 of IPv6)."""
        return self.request.remote_ip or "?"

    def refuse_problem(self, problem: Problem, status: int = 400) -> None:
        """Answer a refusal in the visitor's language: ``status`` unless the refusal's kind has
        its own (:data:`REFUSAL_STATUS`); a 503 says when to try again."""
        status = REFUSAL_STATUS.get(problem.key, status)
        if status == 503:
            self.set_header("Retry-After", "5")
        self.answer({"error": problem.key, "text": problem.text(self.lang())}, status)

    def answer(self, data: dict, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data, ensure_ascii=False))


class _Base(JsonHandler):
    service: TableService

    def body(self) -> dict:
        if len(self.request.body) > MAX_BODY:
            raise TableProblem("tb_bad_request")
        try:
            data = read_json(self.request.body or b"{}")
        except ValueError:
            raise TableProblem("tb_bad_request") from None
        if not isinstance(data, dict):
            raise TableProblem("tb_bad_request")
        return data


class TablePage(_Base):
    async def get(self, code: str | None = None) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page_html(lang=self.lang(), base=self.base, code=code or None, name=self.visitor_name()))


class TableStatic(_Base):
    async def head(self, name: str) -> None:  # the dashboard's tab asks whether tables are here
        if name not in STATIC:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", STATIC[name])
        self.finish()

    async def get(self, name: str) -> None:
        if name not in STATIC:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", STATIC[name])
        self.set_header("Cache-Control", "no-cache")
        body = static_file(name).read_text(encoding="utf-8")
        if name == "client.css":  # the one palette first, as every view has it
            from ..base.style import palette_css

            body = palette_css() + body
        self.finish(body)


class TablesApi(_Base):
    async def post(self) -> None:
        try:
            data = self.body()
            name = self.visitor_name() or data.get("name")
            made = self.service.create(
                data, name=name, seat=data.get("seat", 0), lang=self.lang(), visitor=self.address()
            )
        except TableProblem as problem:
            self.refuse_problem(problem)
            return
        self.answer(made, 201)


class TableApi(_Base):
    async def get(self, code: str) -> None:
        try:
            table = await self.service.find(code, visitor=self.address())
        except TableProblem as problem:
            self.refuse_problem(problem, 404)
            return
        self.answer(self.service.summary(table.code, self.lang()))

    async def post(self, code: str) -> None:
        try:
            data = self.body()
            table = await self.service.find(code, visitor=self.address())
            name = self.visitor_name() or data.get("name")
            joined = self.service.join(table.code, data.get("seat"), name)
        except TableProblem as problem:
            status = {"tb_bad_request": 400, "tb_bad_code": 404, "tb_no_table": 404}
            self.refuse_problem(problem, status.get(problem.key, 409))
            return
        self.answer(joined, 201)


class RecordApi(_Base):
    async def get(self, code: str) -> None:
        try:
            table = await self.service.find(code, visitor=self.address())
            record = table.record(self.get_argument("token", None))
        except TableProblem as problem:
            self.refuse_problem(problem, 403)
            return
        self.set_header("Content-Disposition", f'attachment; filename="vandatta-{table.code}.json"')
        self.answer(record)


class _SocketPage(Page):
    def __init__(self, socket: tornado.websocket.WebSocketHandler) -> None:
        super().__init__()
        self.socket = socket

    def send(self, frame: dict) -> None:
        self.socket.write_message(json.dumps(frame, ensure_ascii=False))


class RoomPage(Protocol):
    """What a room's socket knows of the page it serves (each service's page has more)."""

    lang: str

    def send(self, frame: dict) -> None: ...


class Room(Protocol):
    @property
    def code(self) -> str: ...


class SocketService(Protocol):
    """What a room's socket asks of its service: the tables' and the class's both answer."""

    async def find(self, text: object, *, visitor: str) -> Room: ...

    def connect(self, code: str, token: str | None, page: Any, *, lang: str = ...) -> None: ...

    def disconnect(self, page: Any) -> None: ...

    def set_view(self, page: Any, *, lang: str) -> None: ...


class RoomSocket(tornado.websocket.WebSocketHandler):
    """One page's connection to a room (a table, a class): the first message says who it is
    (``{"type": "hello", "token": …, "lang": …}``), then frames come as the room changes and
    the page's requests go. A subclass names its words for a bad message and what it does with
    the requests (:meth:`act`)."""

    bad_request = "tb_bad_request"  # the catalog key for a message that is not one
    page_class: type = _SocketPage

    def initialize(self, service: SocketService, base: str) -> None:
        self.service = service
        self.page: RoomPage | None = None
        self.token: str | None = None
        self.inflow = Inflow()  # a rate for every kind of message the page sends
        self.outflow = Outflow()  # the frames waiting to go out to it, bounded
        self.dropped = False
        self._view_lang: str | None = None  # a frame asked for again, not sent yet

    def check_xsrf_cookie(self) -> None:
        return  # the origin is checked by check_origin

    def check_origin(self, origin: str) -> bool:
        # Only this server's pages (tornado 6.6 asks only when the request looks cross-site;
        # older tornado asks always): never another site's, never "null".
        return same_origin(origin, self.request.host)

    def get_compression_options(self) -> dict:
        return {}  # a frame is 10–20 KB, mostly card pictures that compress well: less to send to a phone

    def open(self, code: str) -> None:
        self.code = code.upper()
        self.set_nodelay(True)

    def refuse(self, key: str, lang: str, **values: object) -> None:
        self.write_message(json.dumps({"type": "error", "key": key, "text": t(key, lang, **values)}))

    def on_message(self, message: str | bytes) -> Awaitable[None] | None:
        if not self.let_in(None):
            return None
        lang = self.page.lang if self.page is not None else "sv"
        try:
            if len(message) > MAX_BODY:
                raise ValueError("too long")
            data = read_json(message)
            if not isinstance(data, dict):
                raise ValueError("not an object")
        except ValueError:
            self.refuse(self.bad_request, lang)
            return None
        kind = data.get("type")
        if not self.let_in(kind):
            return None
        if kind == "hello" and self.page is None:
            return self._hello(data)  # tornado waits for it before the next message
        elif self.page is None:
            self.refuse(self.bad_request, lang)
        elif kind == "view":
            self.view_soon(_lang_of(data, self.page.lang))
        else:
            self.act(data)
        return None

    def act(self, data: dict) -> None:  # pragma: no cover - every room has its own
        raise NotImplementedError

    def let_in(self, kind: object) -> bool:
        """Whether a message of ``kind`` (None: any, before it is read) is within its rate.
        Past it the page is told to slow down now and then; a flood drops the page."""
        if self.dropped:
            return False
        now = time.monotonic()
        if self.inflow.allow(kind, now=now):
            return True
        if self.inflow.flooding:
            self.drop(TOO_FAST, "tb_too_fast", f"{self.inflow.refused} messages too many in a row")
        elif self.inflow.tell(now=now):
            self.refuse("tb_too_fast", self.page.lang if self.page is not None else "sv")
        return False

    def view_soon(self, lang: str) -> None:
        """The page's frame again, in ``lang``: once for all the asks that come before it goes."""
        waiting = self._view_lang is not None
        self._view_lang = lang
        if not waiting:
            tornado.ioloop.IOLoop.current().add_callback(self._view_now)

    def _view_now(self) -> None:
        lang, self._view_lang = self._view_lang, None
        if self.page is not None and lang is not None and not self.dropped:
            self.service.set_view(self.page, lang=lang)

    def write_message(self, message: str | bytes | dict, binary: bool = False) -> asyncio.Future:
        """Every frame to the page goes out here: at most :data:`~vandatta_widgets.tables.flow.MAX_UNSENT`
        characters wait for a page (one too slow to read them is dropped), and nothing is
        raised or left unretrieved once the page has gone."""
        if isinstance(message, dict):
            message = json.dumps(message)
        gone = self.dropped or self.ws_connection is None or self.ws_connection.is_closing()
        size = len(message)
        if gone or not self.outflow.add(size):
            if not gone:
                self.drop(
                    TOO_SLOW, "tb_too_slow", f"it read too slowly ({self.outflow.unsent // 1024} KB waiting)"
                )
            done = asyncio.get_running_loop().create_future()
            done.set_result(None)
            return done
        sent = super().write_message(message, binary)
        sent.add_done_callback(functools.partial(self._written, size))
        return sent

    def _written(self, size: int, sent: asyncio.Future) -> None:
        self.outflow.done(size)
        if not sent.cancelled():
            sent.exception()  # looked at: a page that went mid-send is no error

    def drop(self, code: int, key: str, why: str) -> None:
        """Close the page's socket with ``code`` and the catalog key ``key`` as its reason, said
        once in the log; the room forgets the page at once (its frames stop)."""
        if self.dropped:
            return
        self.dropped = True
        _log.warning("a page of %s was dropped: %s", getattr(self, "code", "?"), why)
        if self.page is not None:
            self.service.disconnect(self.page)
            self.page = None
        self.close(code, key)

    async def _hello(self, data: dict) -> None:
        token = data.get("token")
        self.token = token if isinstance(token, str) and len(token) < 100 else None
        page = self.page_class(self)
        lang = _lang_of(data, "sv")
        try:
            # through find(): a socket is no way round the limit on trying codes
            room = await self.service.find(self.code, visitor=self.request.remote_ip or "?")
            if self.ws_connection is None:
                return  # the page went while its code waited its turn
            self.service.connect(room.code, self.token, page, lang=lang)
        except TableProblem as problem:  # the class's refusals are of this kind too
            self.write_message(json.dumps({"type": "error", "key": problem.key, "text": problem.text(lang)}))
            self.close(4004, problem.key)
            return
        self.page = page

    def on_close(self) -> None:
        if self.page is not None:
            self.service.disconnect(self.page)
            self.page = None


class TableSocket(RoomSocket):
    """A seat's (or an onlooker's) page at a table: moves and the maker's controls."""

    service: TableService
    page: Page | None

    def act(self, data: dict) -> None:
        if self.page is None:  # pragma: no cover - on_message acts only for a page that said hello
            return
        if data.get("type") == "join_token":  # the page took a seat after it connected
            token = data.get("token")
            self.token = token if isinstance(token, str) and len(token) < 100 else None
            self.service.sit(self.page, self.token)
            return
        self.service.page_act(self.page, self.token, data)


def _lang_of(data: dict, default: str) -> str:
    lang = data.get("lang")
    return lang if lang in LANGS else default


# A code in a path, as typed (dashes and spaces allowed; the service reads and checks it).
CODE_IN_PATH = r"([A-Za-z0-9\- ]{1,40})"


def table_handlers(service: TableService, base: str = "/") -> list[tuple]:
    """The handlers to add to a tornado application served under ``base`` (ending in /)."""
    init = {"service": service, "base": base}
    code = CODE_IN_PATH
    return [
        (base + r"vandatta/table/?", TablePage, init),
        (base + r"vandatta/table/" + code, TablePage, init),
        (base + r"vandatta/table-static/([a-z.]+)", TableStatic, init),
        (base + r"vandatta/api/tables", TablesApi, init),
        (base + r"vandatta/api/tables/" + code + "/record", RecordApi, init),
        (base + r"vandatta/api/tables/" + code + "/ws", TableSocket, init),
        (base + r"vandatta/api/tables/" + code, TableApi, init),
    ]
