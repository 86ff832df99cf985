"""The request layer of the tables and the class (issue 45, items 1, 4, 5 and 6), over real
HTTP and websockets: requests and sockets from another site refused in the dashboard's own
server (which has no ``xsrf_cookies``), per-visitor limits on making tables and classes that a
class of 30 behind one address never meets, deep JSON answered with a clear 400 (an error frame
on the socket), and code guessing slowed without ever refusing a right code (IPv6 per /64)."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request

import pytest
import tornado.httpclient
import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket

from tests.helpers.loops import in_a_fresh_loop
from vandatta.ai import demo_game
from vandatta.record import write_record
from vandatta_widgets.base.i18n import t
from vandatta_widgets.server.poll_handlers import poll_handlers
from vandatta_widgets.server.table_handlers import table_handlers
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables.poll import PollProblem
from vandatta_widgets.tables.poll_service import PollService
from vandatta_widgets.tables.service import RecordingPage, ServiceLimits, TableService
from vandatta_widgets.tables.table import TableProblem

RECORD = write_record(demo_game())
TABLE = {"seats": ["person", "person", "expert"]}
EVIL = "http://evil.example"


class Client:
    """Requests as a page of the server at ``port`` makes them (its Origin, JSON), unless told."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.origin = f"http://127.0.0.1:{port}"
        self.http = tornado.httpclient.AsyncHTTPClient(force_instance=True)

    async def fetch(
        self, path: str, body: object = None, *, headers: dict | None = None, raw: str | None = None
    ):
        sent = {"Origin": self.origin, "Content-Type": "application/json"}
        sent.update(headers or {})
        sent = {name: value for name, value in sent.items() if value is not None}
        options: dict = {}
        if body is not None or raw is not None:
            options = {"method": "POST", "body": raw if raw is not None else json.dumps(body)}
        return await self.http.fetch(
            f"{self.origin}/{path}", headers=sent, raise_error=False, request_timeout=60, **options
        )

    async def socket(self, path: str, *, origin: str | None = "own"):
        headers = {} if origin is None else {"Origin": self.origin if origin == "own" else origin}
        request = tornado.httpclient.HTTPRequest(
            f"ws://127.0.0.1:{self.port}/{path}", headers=headers, request_timeout=60
        )
        return await tornado.websocket.websocket_connect(request)


def serve(check, *, limits: ServiceLimits | None = None, clock=time.time) -> None:
    """Run ``check(client, tables, polls)`` against the handlers in an application set up as the
    dashboard's Voilà server is (no ``xsrf_cookies``), on a free loopback port."""
    lookups = (limits or ServiceLimits()).lookups_per_minute

    async def main() -> None:
        tables = TableService(TableStore(":memory:"), limits=limits, pace=0.0, clock=clock)
        polls = PollService(TableStore(":memory:", kind="polls"), lookups_per_minute=lookups, clock=clock)
        app = tornado.web.Application(table_handlers(tables, "/") + poll_handlers(polls, "/"))
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets(sockets)
        client = Client(sockets[0].getsockname()[1])
        try:
            await check(client, tables, polls)
        finally:
            client.http.close()
            server.stop()

    in_a_fresh_loop(main, timeout=300)


def answer(response) -> dict:
    assert response.headers["Content-Type"].startswith("application/json"), response.body[:200]
    return json.loads(response.body)


# -- 1. requests and sockets from another site -------------------------------------------------

FOREIGN = [
    ({"Origin": EVIL}, 403),
    ({"Origin": "null"}, 403),
    ({"Origin": EVIL, "Content-Type": "text/plain"}, 403),
    ({"Origin": None, "Content-Type": "text/plain"}, 415),  # a form or a simple fetch, Origin hidden
    ({"Content-Type": "text/plain;charset=UTF-8"}, 415),
    ({"Content-Type": "application/x-www-form-urlencoded"}, 415),
    ({"Sec-Fetch-Site": "cross-site", "Origin": None}, 403),
]


def test_requests_from_another_site_change_nothing_and_the_page_is_told_why():
    async def check(client: Client, tables: TableService, polls: PollService) -> None:
        made = answer(await client.fetch("vandatta/api/tables", TABLE))
        code = made["code"]
        for path, body in [
            ("vandatta/api/tables?lang=en", TABLE),
            (f"vandatta/api/tables/{code}?lang=en", {"seat": 1, "name": "Bo"}),
            ("vandatta/api/class?lang=en", {"record": RECORD}),
        ]:
            for headers, status in FOREIGN:
                refused = await client.fetch(path, body, headers=headers)
                assert refused.code == status, (path, headers, refused.code)
                said = answer(refused)
                assert said == {"error": "tb_not_from_here", "text": t("tb_not_from_here", "en")}
        assert list(tables.tables) == [code] and polls.polls == {}
        assert answer(await client.fetch(f"vandatta/api/tables/{code}"))["free"] == [1]
        # the server's own pages (same Origin, JSON) as before; so are clients without an Origin
        assert (await client.fetch(f"vandatta/api/tables/{code}", {"seat": 1})).code == 201
        assert (
            await client.fetch("vandatta/api/class", {"record": RECORD}, headers={"Origin": None})
        ).code == 201
        assert (
            await client.fetch("vandatta/api/tables", TABLE, headers={"Sec-Fetch-Site": "same-origin"})
        ).code == 201

    serve(check)


def test_sockets_from_another_site_are_refused_and_the_own_pages_are_served():
    async def check(client: Client, tables: TableService, polls: PollService) -> None:
        made = answer(await client.fetch("vandatta/api/tables", TABLE))
        opened = answer(await client.fetch("vandatta/api/class", {"record": RECORD}))
        for path in (f"vandatta/api/tables/{made['code']}/ws", f"vandatta/api/class/{opened['code']}/ws"):
            for origin in (EVIL, "null", "http://127.0.0.1.evil.example"):
                with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
                    await client.socket(path, origin=origin)
                assert refused.value.code == 403
            for origin in ("own", None):
                socket = await client.socket(path, origin=origin)
                await socket.write_message(json.dumps({"type": "hello", "token": None, "lang": "en"}))
                assert json.loads(await asyncio.wait_for(socket.read_message(), 30))["type"] != "error"
                socket.close()

    serve(check)


@pytest.mark.slow
def test_the_dashboards_own_server_refuses_requests_from_another_site(tmp_path):
    from tests.helpers.serving import DashboardServer

    def post(url: str, body: dict, headers: dict) -> tuple[int, dict]:
        request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    settings = {"DashboardServer": {"tables_db": ":memory:"}}
    with DashboardServer(tmp_path / "server.log", settings=settings) as server:
        api = server.url + "vandatta/api/"
        own = {"Origin": server.url.rstrip("/"), "Content-Type": "application/json"}
        for headers, status in FOREIGN:
            sent = {name: value for name, value in {**own, **headers}.items() if value is not None}
            assert post(api + "tables", TABLE, sent)[0] == status, headers
            assert post(api + "class", {"record": RECORD}, sent)[0] == status, headers
        status, made = post(api + "tables", TABLE, own)
        assert status == 201
        evil = {**own, "Origin": EVIL}
        assert post(api + f"tables/{made['code']}", {"seat": 1}, evil) == (
            403,
            {"error": "tb_not_from_here", "text": t("tb_not_from_here", "sv")},
        )
        assert post(api + f"tables/{made['code']}", {"seat": 1}, own)[0] == 201


# -- 4. limits per visitor ---------------------------------------------------------------------


def test_one_visitor_cannot_fill_the_server_with_tables_or_classes():
    async def check(client: Client, tables: TableService, polls: PollService) -> None:
        statuses = [(await client.fetch("vandatta/api/tables?lang=en", TABLE)).code for _ in range(200)]
        limits = tables.limits
        assert statuses.count(201) == 60  # of 200 asked for at once (all made, before)
        assert limits.tables_at_once == 60 < limits.max_tables
        refused = await client.fetch("vandatta/api/tables?lang=en", TABLE)
        assert refused.code == 429
        assert answer(refused) == {"error": "tb_too_many_yours", "text": t("tb_too_many_yours", "en")}
        # someone else is not stopped by it
        assert tables.create(TABLE, visitor="198.51.100.7")["code"] in tables.tables
        opened = [(await client.fetch("vandatta/api/class", {"record": RECORD})).code for _ in range(100)]
        assert opened.count(201) == 20 and len(polls.polls) == 20
        refused = await client.fetch("vandatta/api/class", {"record": RECORD})
        assert refused.code == 429 and answer(refused)["error"] == "cl_too_many_yours"
        assert polls.create(RECORD, visitor="198.51.100.7")["code"] in polls.polls

    serve(check, clock=lambda: 1000.0)  # no time passes: the limits do not refill meanwhile


def test_a_school_day_of_classes_behind_one_address_never_meets_the_limits():
    now = [0.0]
    tables = TableService(TableStore(":memory:"), pace=0.0, clock=lambda: now[0])
    polls = PollService(TableStore(":memory:", kind="polls"), clock=lambda: now[0])
    school = "192.0.2.10"  # the school's one address, the pupils' and the teachers'
    alone = {"seats": ["person", "expert"]}
    made = 0
    for lesson in range(8):  # 45-minute lessons, 5 minutes between them
        start = lesson * 3000.0
        pages: list[RecordingPage] = []
        for pupil in range(30):  # every pupil at a table of their own: the most a class needs
            now[0] = start + pupil
            table = tables.create(alone, visitor=school)
            pages.append(RecordingPage())
            tables.connect(table["code"], table["token"], pages[-1])
            tables.act(table["code"], table["token"], {"type": "start"})
        for _teacher in range(2):  # two teachers show rounds to their classes
            polls.create(RECORD, visitor=school)
        now[0] = start + 1800
        for pupil in range(30):  # half way, each leaves that table for a new one
            now[0] += 3
            tables.disconnect(pages[pupil])
            table = tables.create(alone, visitor=school)
            pages[pupil] = RecordingPage()
            tables.connect(table["code"], table["token"], pages[pupil])
        for _teacher in range(3):
            polls.create(RECORD, visitor=school)
        now[0] = start + 2700  # the lesson is over: the pages close
        for page in pages:
            tables.disconnect(page)
        made += 60
    assert made == 480 and len(tables.tables) == tables.limits.max_tables  # full of old tables, yet room


def test_a_full_server_makes_room_with_the_table_left_alone_longest_not_one_in_use():
    now = [0.0]
    limits = ServiceLimits(max_tables=3)
    tables = TableService(TableStore(":memory:"), limits=limits, pace=0.0, clock=lambda: now[0])
    made = []
    for n in range(3):
        now[0] = n * 10.0
        made.append(tables.create({"seats": ["person", "expert"]}, visitor=f"10.0.0.{n}"))
    now[0] = 600.0  # ten minutes: all three still in use
    with pytest.raises(TableProblem) as full:
        tables.create(TABLE, visitor="10.0.0.9")
    assert full.value.key == "tb_full"
    now[0] = 1000.0
    tables.act(made[0]["code"], made[0]["token"], {"type": "start"})  # the first one is played on
    now[0] = 1200.0  # the other two left alone for 20 minutes: the older goes
    fresh = tables.create(TABLE, visitor="10.0.0.9")
    assert set(tables.tables) == {made[0]["code"], made[2]["code"], fresh["code"]}


# -- 5. deep JSON ------------------------------------------------------------------------------


def test_deep_json_gets_a_clear_400_in_the_visitors_language_and_an_error_frame_on_the_socket():
    deep = "[" * 2000 + "]" * 2000
    deep_in_object = '{"seats": ' + "[" * 200 + "]" * 200 + "}"

    async def check(client: Client, tables: TableService, polls: PollService) -> None:
        made = answer(await client.fetch("vandatta/api/tables", TABLE))
        for lang in ("sv", "en"):
            for raw in (deep, "[" * 2000, deep_in_object):
                for path, key in [
                    ("vandatta/api/tables", "tb_bad_request"),
                    (f"vandatta/api/tables/{made['code']}", "tb_bad_request"),
                    ("vandatta/api/class", "cl_bad_request"),
                ]:
                    refused = await client.fetch(f"{path}?lang={lang}", raw=raw)
                    assert refused.code == 400, (path, refused.code, refused.body[:100])
                    assert answer(refused) == {"error": key, "text": t(key, lang)}
        assert list(tables.tables) == [made["code"]] and polls.polls == {}
        socket = await client.socket(f"vandatta/api/tables/{made['code']}/ws")
        for raw in (deep, deep_in_object):
            await socket.write_message(raw)
            frame = json.loads(await asyncio.wait_for(socket.read_message(), 30))
            assert frame == {"type": "error", "key": "tb_bad_request", "text": t("tb_bad_request", "sv")}
        # and the socket is still usable
        await socket.write_message(json.dumps({"type": "hello", "token": made["token"], "lang": "en"}))
        assert json.loads(await asyncio.wait_for(socket.read_message(), 30))["seat"] == 0
        socket.close()

    serve(check)


# -- 6. guessing codes -------------------------------------------------------------------------


def test_guessing_from_a_schools_address_never_refuses_a_right_code():
    async def check(client: Client, tables: TableService, polls: PollService) -> None:
        elsewhere = tables.create(TABLE)  # made elsewhere (at home): the code is new to the school
        opened = polls.create(RECORD)
        for _ in range(10):  # one pupil guesses
            assert (await client.fetch("vandatta/api/tables/AAAAA")).code == 404
        # the right code is answered, not refused, over HTTP and on the socket
        assert (await client.fetch(f"vandatta/api/tables/{elsewhere['code']}")).code == 200
        assert (await client.fetch(f"vandatta/api/tables/{elsewhere['code']}", {"seat": 1})).code == 201
        socket = await client.socket(f"vandatta/api/tables/{elsewhere['code']}/ws")
        await socket.write_message(json.dumps({"type": "hello", "token": None, "lang": "en"}))
        assert json.loads(await asyncio.wait_for(socket.read_message(), 30))["type"] != "error"
        socket.close()
        assert tables.lookups.slowed("127.0.0.1", now=time.monotonic())  # the guesser is slowed
        for _ in range(10):  # and class codes
            guess = await client.socket("vandatta/api/class/AAAAA/ws")
            await guess.write_message(json.dumps({"type": "hello", "lang": "en"}))
            assert json.loads(await asyncio.wait_for(guess.read_message(), 30))["key"] == "cl_no_class"
            guess.close()
        pupil = await client.socket(f"vandatta/api/class/{opened['code']}/ws")
        await pupil.write_message(json.dumps({"type": "hello", "lang": "en"}))
        assert json.loads(await asyncio.wait_for(pupil.read_message(), 30))["type"] == "welcome"
        pupil.close()
        assert polls.lookups.slowed("127.0.0.1", now=time.monotonic())

    serve(check, limits=ServiceLimits(lookups_per_minute=10))


def test_a_guessing_visitor_waits_its_turn_for_codes_it_does_not_know():
    from vandatta_widgets.tables.codes import GuessLimit

    limit = GuessLimit(misses=10, per_seconds=60)
    for second in range(10):
        limit.missed("10.0.0.7", now=second)
    assert limit.wait("10.0.0.8", now=10) == 0.0  # another visitor is not slowed
    # one a gap (6 s), in the order they came, however many come at once: guessing is slowed
    waits = [limit.wait("10.0.0.7", now=10) for _ in range(21)]
    assert waits == [6.0 * n for n in range(21)]
    assert limit.wait("10.0.0.7", now=10) is None  # a line of two minutes: a flood, refused
    limit.learn("10.0.0.7", "AHCK7")
    assert limit.knows("10.0.0.7", "AHCK7") and not limit.knows("10.0.0.8", "AHCK7")
    assert limit.wait("10.0.0.7", now=200) == 0.0  # its misses left the window


def test_the_service_slows_a_guesser_but_answers_its_right_codes():
    async def check() -> None:
        tables = TableService(TableStore(":memory:"), limits=ServiceLimits(lookups_per_minute=600), pace=0.0)
        polls = PollService(TableStore(":memory:", kind="polls"), lookups_per_minute=600)
        table = tables.create(TABLE, visitor="203.0.113.5")
        opened = polls.create(RECORD, visitor="203.0.113.5")
        for service, problem in ((tables, TableProblem), (polls, PollProblem)):
            for _ in range(600):
                with pytest.raises(problem):
                    await service.find("AAAAA", visitor="192.0.2.10")
            assert service.lookups.slowed("192.0.2.10", now=time.monotonic())
        # slowed (a turn of 0.1 s), never refused: the right code comes back
        assert (await tables.find(table["code"], visitor="192.0.2.10")).code == table["code"]
        assert (await polls.find(opened["code"], visitor="192.0.2.10")).code == opened["code"]
        # the codes made at the school never wait
        mine = tables.create(TABLE, visitor="192.0.2.10")
        assert tables.lookups.knows("192.0.2.10", mine["code"])

    in_a_fresh_loop(check, timeout=120)


def test_ipv6_visitors_are_counted_per_64_prefix():
    from vandatta_widgets.tables.codes import visitor_key

    async def check() -> None:
        tables = TableService(TableStore(":memory:"), limits=ServiceLimits(lookups_per_minute=5), pace=0.0)
        for n in range(5):  # five addresses of one /64: one visitor
            with pytest.raises(TableProblem):
                await tables.find("AAAAA", visitor=f"2001:db8:0:7::{n + 1:x}")
        assert tables.lookups.slowed(visitor_key("2001:db8:0:7:ffff::1"), now=time.monotonic())
        assert not tables.lookups.slowed(visitor_key("2001:db8:0:8::1"), now=time.monotonic())  # the next /64

    in_a_fresh_loop(check, timeout=60)
    assert visitor_key("2001:db8:0:7::1") == visitor_key("2001:DB8:0:7:abcd:1:2:3") == "2001:db8:0:7::/64"
    assert visitor_key("::ffff:192.0.2.10") == "192.0.2.10" == visitor_key("192.0.2.10")
    assert visitor_key("hub:alva") == "hub:alva"
    assert visitor_key("fe80::1%eth0") == visitor_key("fe80::2")
