"""The class's HTTP API over real HTTP, in an application set up as the dashboard's server is
(no ``xsrf_cookies``): a class made, pupils joining and syncing, the teacher's overview and
controls, secrets only in headers and bodies, requests from elsewhere refused in words."""

from __future__ import annotations

import json

import tornado.httpclient
import tornado.httpserver
import tornado.netutil
import tornado.web
from sqlalchemy import func, select

from tests.helpers.loops import in_a_fresh_loop
from vandatta_widgets.base.i18n import t
from vandatta_widgets.learner.events import Event, decode_events, encode_events
from vandatta_widgets.server.classes import ClassService
from vandatta_widgets.server.db import metadata
from vandatta_widgets.server.handlers import class_handlers

EVIL = "http://evil.example"


class Client:
    def __init__(self, port: int) -> None:
        self.origin = f"http://127.0.0.1:{port}"
        self.http = tornado.httpclient.AsyncHTTPClient(force_instance=True)

    async def fetch(
        self, path: str, body: object = None, *, method: str | None = None, headers: dict | None = None
    ):
        sent = {"Origin": self.origin, "Content-Type": "application/json", **(headers or {})}
        sent = {name: value for name, value in sent.items() if value is not None}
        method = method or ("POST" if body is not None else "GET")
        options: dict = {"method": method}
        if method in ("POST", "DELETE"):
            options["body"] = json.dumps(body if body is not None else {})
            options["allow_nonstandard_methods"] = True
        response = await self.http.fetch(
            f"{self.origin}/{path}", headers=sent, raise_error=False, request_timeout=60, **options
        )
        return response


def serve(engine, check) -> None:
    async def main() -> None:
        service = ClassService(engine)
        app = tornado.web.Application(class_handlers(service, "/"))
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets(sockets)
        client = Client(sockets[0].getsockname()[1])
        try:
            await check(client, service)
        finally:
            client.http.close()
            server.stop()

    in_a_fresh_loop(main, timeout=300)


def body(response) -> dict:
    assert response.headers["Content-Type"].startswith("application/json"), response.body[:200]
    return json.loads(response.body)


def test_a_class_from_making_to_ending_over_http(engine):
    async def check(client: Client, service: ClassService) -> None:
        made = body(await client.fetch("vandatta/api/classes", {"name": "4B"}))
        code, secret = made["code"], made["secret"]
        teacher = {"X-Vandatta-Teacher": secret}
        alva = body(
            await client.fetch(
                f"vandatta/api/classes/{code}/join", {"nickname": "Alva", "pictures": ["fox", "owl"]}
            )
        )
        assert alva["nickname"] == "Alva" and alva["acknowledged"] == {}
        wrong = await client.fetch(
            f"vandatta/api/classes/{code}/signin?lang=sv", {"nickname": "Alva", "pictures": ["owl", "fox"]}
        )
        assert wrong.code == 400 and body(wrong)["text"] == t("kl_wrong_pictures", "sv")
        again = body(
            await client.fetch(
                f"vandatta/api/classes/{code}/signin", {"nickname": "Alva", "pictures": ["fox", "owl"]}
            )
        )
        pupil = {"X-Vandatta-Pupil": again["token"]}
        now = int(service.clock())
        events = [
            Event("tab", s, now - 10 + s, "round", "not_allowed", ("R7",), 0, f"r:{s}", "5H|AH|f=H", "5H")
            for s in (1, 2)
        ]
        synced = body(
            await client.fetch("vandatta/api/pupil/sync", {"events": encode_events(events)}, headers=pupil)
        )
        assert synced["acknowledged"] == {"tab": 2}
        resent = body(
            await client.fetch("vandatta/api/pupil/sync", {"events": encode_events(events)}, headers=pupil)
        )
        assert resent["acknowledged"] == {"tab": 2}
        # another device of hers asks for what the tablet sent; a page elsewhere cannot
        fetched = body(await client.fetch("vandatta/api/pupil/events", {"have": {"lap": 4}}, headers=pupil))
        assert fetched["more"] is False and decode_events(fetched["events"]) == events
        asked = {"have": {}}
        elsewhere = await client.fetch("vandatta/api/pupil/events", asked, headers={**pupil, "Origin": EVIL})
        assert elsewhere.code == 403 and "events" not in body(elsewhere)
        strange = await client.fetch("vandatta/api/pupil/events?lang=sv", {"have": [1]}, headers=pupil)
        assert strange.code == 400 and body(strange)["error"] == "kl_bad_events"
        # the overview, for the teacher only
        assert (await client.fetch(f"vandatta/api/classes/{code}")).code == 403
        assert (
            await client.fetch(f"vandatta/api/classes/{code}", headers={"X-Vandatta-Teacher": "guess"})
        ).code == 403
        view = body(await client.fetch(f"vandatta/api/classes/{code}?lang=sv", headers=teacher))
        assert [p["nickname"] for p in view["pupils"]] == ["Alva"]
        assert view["mistakes"][0]["rule"] == "R7" and view["mistakes"][0]["count"] == 2
        pid = alva["pupil"]
        page = body(await client.fetch(f"vandatta/api/classes/{code}/pupils/{pid}", headers=teacher))
        assert len(page["mistakes"]) == 2
        # an assignment, seen by the pupil
        task = body(
            await client.fetch(
                f"vandatta/api/classes/{code}/assignments",
                {"kind": "lessons", "lessons": [1, 2], "due": int(service.clock()) + 86400},
                headers=teacher,
            )
        )
        mine = body(await client.fetch("vandatta/api/pupil/me", headers=pupil))
        assert [(a["id"], a["done"]) for a in mine["assignments"]] == [(task["id"], False)]
        # export in both forms
        exported = await client.fetch(f"vandatta/api/classes/{code}/pupils/{pid}/export.csv", headers=teacher)
        assert exported.code == 200 and exported.body.decode().startswith("id,time_utc")
        assert "attachment" in exported.headers["Content-Disposition"]
        record = json.loads(
            (
                await client.fetch(f"vandatta/api/classes/{code}/pupils/{pid}/export.json", headers=teacher)
            ).body
        )
        assert record["events"]["n"] == 2
        # reset the pictures: the device is signed out
        reset = await client.fetch(
            f"vandatta/api/classes/{code}/pupils/{pid}", {"action": "reset"}, headers=teacher
        )
        assert reset.code == 200
        gone = await client.fetch("vandatta/api/pupil/sync", {"events": encode_events(events)}, headers=pupil)
        assert gone.code == 401 and body(gone)["error"] == "kl_signed_out"
        # end the class: nothing is left
        ended = await client.fetch(f"vandatta/api/classes/{code}", method="DELETE", headers=teacher)
        assert ended.code == 200
        with engine.connect() as db:
            assert {
                name: db.execute(select(func.count()).select_from(table)).scalar()
                for name, table in metadata.tables.items()
            } == dict.fromkeys(metadata.tables, 0)
        assert (await client.fetch(f"vandatta/api/classes/{code}", headers=teacher)).code == 403

    serve(engine, check)


def test_requests_from_elsewhere_or_not_json_change_nothing(engine):
    async def check(client: Client, service: ClassService) -> None:
        for headers, status in (({"Origin": EVIL}, 403), ({"Content-Type": "text/plain"}, 415)):
            refused = await client.fetch("vandatta/api/classes?lang=sv", {"name": "4B"}, headers=headers)
            assert refused.code == status
            assert body(refused)["text"] == t("tb_not_from_here", "sv")
        nested = await client.http.fetch(
            f"{client.origin}/vandatta/api/classes",
            method="POST",
            body="[" * 5000,
            headers={"Origin": client.origin, "Content-Type": "application/json"},
            raise_error=False,
        )
        assert nested.code == 400 and body(nested)["error"] == "kl_bad_request"
        with engine.connect() as db:
            assert db.execute(select(func.count()).select_from(metadata.tables["classes"])).scalar() == 0

    serve(engine, check)
