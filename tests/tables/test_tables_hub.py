"""The tables as the hub's service (vandatta_widgets.server.hub), without a hub: the handlers behind
JupyterHub's sign-in, with a stand-in for the hub that knows pupils by a request header. What
a visitor who is not signed in gets (the hub's sign-in page, 403 from the API and the
websocket), seats under the hub's names whatever is typed, the limit on trying codes per
pupil, the handlers' own check on requests from elsewhere. The hub itself, its OAuth and two
pupils in Chromium: tests/browser/test_hub.py."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import pytest

pytest.importorskip("jupyterhub")

import tornado.httpclient
import tornado.httpserver
import tornado.websocket
from jupyterhub.services.auth import HubOAuth

from tests.helpers.loops import in_a_fresh_loop
from vandatta.record import write_record
from vandatta_widgets.base.i18n import t
from vandatta_widgets.server.hub import hub_name, make_app
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables.poll_service import PollService
from vandatta_widgets.tables.service import ServiceLimits, TableService

PREFIX = "/services/vandatta-tables/"
SCOPE = "access:services!service=vandatta-tables"


class StandInHub(HubOAuth):
    """The hub's answer about a request: the pupil named in ``X-Pupil`` (with the service's
    scope unless ``X-No-Access``), or nobody."""

    def get_user(self, handler, *, sync=True):
        name = handler.request.headers.get("X-Pupil")
        scopes = [] if handler.request.headers.get("X-No-Access") else [SCOPE]
        model = {"name": name, "kind": "user", "scopes": scopes} if name else None
        if sync:
            return model

        async def answer():
            return model

        return answer()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(check, *, limits: ServiceLimits | None = None, polls: PollService | None = None) -> None:
    """Run ``check(fetch, ws_url, service)`` against the service on a free port."""

    async def main() -> None:
        service = TableService(TableStore(":memory:"), limits=limits, pace=0.0)
        auth = StandInHub(api_token="test", access_scopes={SCOPE}, login_url="/hub/api/oauth2/authorize")
        app = make_app(service, prefix=PREFIX, cookie_secret=b"s" * 32, hub_auth=auth, polls=polls)
        port = _free_port()
        server = tornado.httpserver.HTTPServer(app)
        server.listen(port, address="127.0.0.1")
        client = tornado.httpclient.AsyncHTTPClient(force_instance=True)
        base = f"http://127.0.0.1:{port}{PREFIX}"

        async def fetch(path, *, pupil=None, body=None, headers=None, **options):
            sent = dict(headers or {})
            if pupil:
                sent["X-Pupil"] = pupil
            if body is not None:
                sent.setdefault("Content-Type", "application/json")
                options.update(method="POST", body=json.dumps(body))
            answer = await client.fetch(
                base + path, headers=sent, raise_error=False, follow_redirects=False, **options
            )
            return answer

        try:
            await check(fetch, f"ws://127.0.0.1:{port}{PREFIX}", service)
        finally:
            client.close()
            server.stop()

    in_a_fresh_loop(main)


def test_a_visitor_not_signed_in_is_sent_to_the_hub_and_refused_by_the_api_and_the_socket():
    async def check(fetch, ws, service):
        page = await fetch("vandatta/table")
        assert page.code == 302 and page.headers["Location"].startswith("/hub/api/oauth2/authorize?"), (
            page.code
        )
        assert "state=" in page.headers["Location"]  # JupyterHub's OAuth state, in a cookie too
        made = await fetch("vandatta/api/tables", body={"seats": ["person", "expert"]})
        page = PREFIX + "vandatta/table"
        text = t("hub_sign_in", "sv", page=page)
        assert made.code == 403 and json.loads(made.body) == {
            "error": "tb_sign_in",
            "text": text,
            "page": page,
        }
        seats = await fetch("vandatta/api/tables/ABCDE?lang=en")
        assert seats.code == 403 and json.loads(seats.body)["text"] == t("hub_sign_in", "en", page=page)
        with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
            await tornado.websocket.websocket_connect(ws + "vandatta/api/tables/ABCDE/ws")
        assert refused.value.code == 403
        assert service.tables == {}  # nothing was made
        # the page's script is served to anyone (the dashboard's tab asks for it)
        script = await fetch("vandatta/table-static/client.js")
        assert script.code == 200 and b"export function mount" in script.body
        # the hub's Services menu links to the prefix: it leads to the tables' page
        root = await fetch("")
        assert root.code == 302 and root.headers["Location"] == PREFIX + "vandatta/table"

    _serve(check)


def test_a_pupil_without_access_to_the_service_is_refused():
    async def check(fetch, ws, service):
        page = await fetch("vandatta/table", pupil="alva", headers={"X-No-Access": "1"})
        assert page.code == 403
        made = await fetch(
            "vandatta/api/tables",
            pupil="alva",
            headers={"X-No-Access": "1"},
            body={"seats": ["person", "expert"]},
        )
        assert made.code == 403 and service.tables == {}

    _serve(check)


def test_seats_carry_the_hub_names_whatever_is_typed():
    async def check(fetch, ws, service):
        page = await fetch("vandatta/table", pupil="alva")
        assert page.code == 200 and b"&quot;name&quot;: &quot;alva&quot;" in page.body  # the box is filled in
        made = await fetch(
            "vandatta/api/tables",
            pupil="alva",
            body={"seats": ["person", "person", "expert"], "name": "Bosse"},
        )
        assert made.code == 201, made.body
        code = json.loads(made.body)["code"]
        joined = await fetch(
            f"vandatta/api/tables/{code}", pupil="bo.berg@skolan.se", body={"seat": 1, "name": "Alva"}
        )
        assert joined.code == 201, joined.body
        seats = await fetch(f"vandatta/api/tables/{code}?lang=en", pupil="cyrus")
        names = [seat["name"] for seat in json.loads(seats.body)["seats"]]
        assert names[:2] == ["alva", "bo.berg"], names
        # the seat's page over the websocket: signed in, it gets its frames
        socket = await tornado.websocket.websocket_connect(
            tornado.httpclient.HTTPRequest(ws + f"vandatta/api/tables/{code}/ws", headers={"X-Pupil": "alva"})
        )
        socket.write_message(
            json.dumps({"type": "hello", "token": json.loads(made.body)["token"], "lang": "en"})
        )
        frame = json.loads(await asyncio.wait_for(socket.read_message(), 10))
        assert frame["seat"] == 0 and frame["code"] == code, frame
        socket.close()

    _serve(check)


def test_the_limit_on_trying_codes_counts_per_pupil_not_per_address():
    # every request reaches the service from the hub's proxy: one address for the school
    async def check(fetch, ws, service):
        for _ in range(2):
            wrong = await fetch("vandatta/api/tables/ZZZZZ", pupil="alva")
            assert wrong.code == 404
        now = time.monotonic()
        assert service.lookups.slowed("hub:alva", now=now)  # her next guesses wait their turn
        assert (await fetch("vandatta/api/tables/ZZZZZ", pupil="bo")).code == 404  # not slowed by alva
        assert not service.lookups.slowed("hub:bo", now=now)

    _serve(check, limits=ServiceLimits(lookups_per_minute=2))


def test_a_request_from_another_site_or_not_json_changes_nothing():
    async def check(fetch, ws, service):
        body = {"seats": ["person", "expert"]}
        foreign = await fetch(
            "vandatta/api/tables", pupil="alva", body=body, headers={"Origin": "http://elsewhere.example"}
        )
        assert foreign.code == 403
        form = await fetch(
            "vandatta/api/tables", pupil="alva", body=body, headers={"Content-Type": "text/plain"}
        )
        assert form.code == 415
        assert service.tables == {}

    _serve(check)


def test_hub_names_fit_a_seat():
    assert hub_name("alva") == "alva"
    assert hub_name("bo.berg@skolan.se") == "bo.berg"
    assert hub_name("@x") == "@x"
    assert len(hub_name("a" * 50)) == 20


def test_the_class_answering_is_behind_the_hubs_sign_in_too():
    from vandatta.ai import demo_game

    polls = PollService(TableStore(":memory:", kind="polls"))
    record = write_record(demo_game())

    async def check(fetch, ws, service):
        page = await fetch("vandatta/class")
        assert page.code == 302 and page.headers["Location"].startswith("/hub/api/oauth2/authorize?")
        refused = await fetch("vandatta/api/class", body={"record": record})
        assert refused.code == 403 and json.loads(refused.body)["error"] == "tb_sign_in"
        with pytest.raises(tornado.httpclient.HTTPClientError) as closed:
            await tornado.websocket.websocket_connect(ws + "vandatta/api/class/ABCDE/ws")
        assert closed.value.code == 403
        script = await fetch("vandatta/class-static/poll.js")  # the teacher's widget loads it
        assert script.code == 200
        made = await fetch("vandatta/api/class", pupil="lärare", body={"record": record})
        assert made.code == 201 and set(json.loads(made.body)) >= {"code", "token"}
        pupil_page = await fetch("vandatta/class/" + json.loads(made.body)["code"], pupil="alva")
        assert pupil_page.code == 200 and b"mountPupil" in pupil_page.body

    _serve(check, polls=polls)
