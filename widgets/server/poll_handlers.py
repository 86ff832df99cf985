"""The class answering on the web: tornado handlers beside the tables' (same server, same kind
of code, :mod:`vandatta_widgets.tables.poll`).

========================================  =====================================================
``GET  {base}vandatta/class[/CODE]``      the pupils' page: type the code, then answer
``GET  {base}vandatta/class-static/F``    its script and stylesheet (``poll.js``, ``poll.css``)
``POST {base}vandatta/api/class``         the teacher opens a class for a round's record →
                                          the code and the teacher's token
``WS   {base}vandatta/api/class/CODE/ws``  a page's frames: the projector's (the teacher's
                                          token) or a pupil's; answers and the teacher's asks
========================================  =====================================================

Tokens travel in bodies and the websocket's first message, never in a URL. Requests that
change anything come from this server's pages and carry JSON (as for tables).
"""

from __future__ import annotations

import json
from pathlib import Path

import tornado.web
import tornado.websocket

from ..base.i18n import t
from ..tables.page import poll_words, shell_html
from ..tables.poll import PollProblem
from ..tables.poll_service import PollService
from .table_handlers import CODE_IN_PATH, JsonHandler, RoomSocket, read_json

__all__ = ["poll_handlers", "pupil_page_html", "poll_words"]

TABLES = Path(__file__).resolve().parents[1] / "tables"  # poll.js and poll.css: the tables' front end
MAX_RECORD = 256 * 1024  # the teacher's round: a long round's record is some tens of kB
STATIC = {"poll.js": "application/javascript; charset=utf-8", "poll.css": "text/css; charset=utf-8"}


def pupil_page_html(*, lang: str, base: str, code: str | None) -> str:
    """The pupils' page: a shell the script fills in."""
    static = base + "vandatta/"
    return shell_html(
        lang=lang,
        title=t("clc_page_title", lang),
        stylesheets=[static + "table-static/client.css", static + "class-static/poll.css"],
        root=("vd-class", "vd-tables vd-class"),
        module=static + "class-static/poll.js",
        mount="mountPupil",
        config={"base": base, "lang": lang, "code": code, "words": poll_words()},
    )


class _Base(JsonHandler):
    service: PollService


class PupilPage(_Base):
    async def get(self, code: str | None = None) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(pupil_page_html(lang=self.lang(), base=self.base, code=code or None))


class PollStatic(_Base):
    async def get(self, name: str) -> None:
        if name not in STATIC:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", STATIC[name])
        self.set_header("Cache-Control", "no-cache")
        body = (TABLES / name).read_text(encoding="utf-8")
        if name == "poll.css":
            from ..base.style import palette_css

            body = palette_css() + body
        self.finish(body)


class PollsApi(_Base):
    async def post(self) -> None:
        try:
            if len(self.request.body) > MAX_RECORD:
                raise PollProblem("cl_bad_record")
            try:
                data = read_json(self.request.body or b"{}")
            except ValueError:
                raise PollProblem("cl_bad_request") from None
            if not isinstance(data, dict):
                raise PollProblem("cl_bad_request")
            made = self.service.create(data.get("record"), visitor=self.address())
        except PollProblem as problem:
            self.refuse_problem(problem)
            return
        self.answer(made, 201)


class _SocketPage:
    def __init__(self, socket: tornado.websocket.WebSocketHandler) -> None:
        self.socket = socket
        self.code: str | None = None
        self.lang = "sv"
        self.role = "pupil"
        self.token: str | None = None

    def send(self, frame: dict) -> None:
        self.socket.write_message(json.dumps(frame, ensure_ascii=False))


class PollSocket(RoomSocket):
    """A pupil's or the projector's page of a class: answers (or the teacher's asks) go."""

    bad_request = "cl_bad_request"
    page_class = _SocketPage
    service: PollService

    def act(self, data: dict) -> None:
        self.service.page_act(self.page, data)


def poll_handlers(service: PollService, base: str = "/") -> list[tuple]:
    """The handlers of the class answering, to add beside :func:`table_handlers`."""
    init = {"service": service, "base": base}
    code = CODE_IN_PATH
    return [
        (base + r"vandatta/class/?", PupilPage, init),
        (base + r"vandatta/class/" + code, PupilPage, init),
        (base + r"vandatta/class-static/([a-z_.]+)", PollStatic, init),
        (base + r"vandatta/api/class", PollsApi, init),
        (base + r"vandatta/api/class/" + code + "/ws", PollSocket, init),
    ]
