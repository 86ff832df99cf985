"""One page's socket cannot stall the others (issue 45, item 3): every kind of message has a
rate, asks for a frame are gathered, a flood drops the flooding page, and a page that never
reads is dropped before the server's memory grows — with one clear line in the log each, no
"Task exception was never retrieved", no WebSocketClosedError."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import socket
import time

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.web
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from tests.helpers.loops import in_a_fresh_loop
from vandatta_widgets.server.table_handlers import table_handlers
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables import flow
from vandatta_widgets.tables.flow import RATES, Inflow, Outflow
from vandatta_widgets.tables.service import TableService

SEATS = ["person", "expert", "expert", "expert", "beginner", "beginner"]


async def serve(service: TableService) -> tuple[tornado.httpserver.HTTPServer, str]:
    app = tornado.web.Application(table_handlers(service, "/"))
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    server = tornado.httpserver.HTTPServer(app)
    server.add_sockets(sockets)
    return server, f"127.0.0.1:{sockets[0].getsockname()[1]}"


async def page(host: str, code: str, token: str | None):
    request = HTTPRequest(f"ws://{host}/vandatta/api/tables/{code}/ws", headers={"Origin": f"http://{host}"})
    ws = await websocket_connect(request)
    await ws.write_message(json.dumps({"type": "hello", "token": token, "lang": "en"}))
    return ws


async def next_frame(ws, kind: str = "state", timeout: float = 60) -> dict:
    while True:
        message = await asyncio.wait_for(ws.read_message(), timeout)
        assert message is not None, "closed"
        data = json.loads(message)
        if data["type"] == kind:
            return data


def log_of(caplog) -> str:
    return "\n".join(record.getMessage() + (record.exc_text or "") for record in caplog.records)


@pytest.fixture
def log(caplog):
    caplog.set_level(logging.INFO)
    return caplog


def test_a_flood_of_asks_for_frames_renders_few_and_drops_the_flooder(log):
    async def run():
        service = TableService(TableStore(":memory:"), pace=0.0)
        server, host = await serve(service)
        try:
            made = service.create({"seats": ["person", "person", "expert"]}, name="Ada", lang="en")
            code = made["code"]
            bo = service.join(code, 1, "Bo")["token"]
            honest, flooder = await page(host, code, made["token"]), await page(host, code, bo)
            await next_frame(honest), await next_frame(flooder)
            renders = []
            set_view = service.set_view
            service.set_view = lambda p, lang=None: (renders.append(p), set_view(p, lang=lang))[1]
            began = time.monotonic()
            sent = [flooder.write_message(json.dumps({"type": "view", "lang": "sv"})) for _ in range(3000)]
            await asyncio.gather(*sent, return_exceptions=True)

            async def until_closed():
                while await flooder.read_message() is not None:
                    pass

            await asyncio.wait_for(until_closed(), 60)  # the server closes it
            elapsed = time.monotonic() - began
            await honest.write_message(json.dumps({"type": "view", "lang": "sv"}))
            frame = await next_frame(honest)
            while frame["lang"] != "sv":  # (the table told Bo's page had gone first)
                frame = await next_frame(honest)
            return frame, len(renders), elapsed, flooder.close_code, flooder.close_reason
        finally:
            server.stop()

    frame, renders, elapsed, code, reason = in_a_fresh_loop(run, timeout=300)
    assert frame["lang"] == "sv" and frame["seats"][1]["here"] is False  # answered; Bo's page gone
    # at most the burst and the rate over the time it took (plus the honest page's one)
    assert renders <= RATES["view"].burst + RATES["view"].per_second * (elapsed + 1) + 1, renders
    assert (code, reason) == (flow.TOO_FAST, "tb_too_fast")
    text = log_of(log)
    assert text.count("was dropped") == 1 and "messages too many" in text
    assert "never retrieved" not in text and "WebSocketClosedError" not in text


def test_a_page_asking_a_little_too_often_is_told_and_stays(log):
    async def run():
        service = TableService(TableStore(":memory:"), pace=0.0)
        server, host = await serve(service)
        try:
            made = service.create({"seats": ["person", "expert"]}, name="Ada", lang="en")
            ws = await page(host, made["code"], made["token"])
            await next_frame(ws)
            for _ in range(RATES["view"].burst + 5):
                await ws.write_message(json.dumps({"type": "view", "lang": "en"}))
            told = await next_frame(ws, "error")
            await ws.write_message(json.dumps({"type": "start"}))  # another kind: still let in
            started = await next_frame(ws)
            while started["status"] != "playing":
                started = await next_frame(ws)
            return told, started, ws.close_code
        finally:
            server.stop()

    told, started, closed = in_a_fresh_loop(run, timeout=300)
    assert told["key"] == "tb_too_fast" and told["text"].startswith("Whoa")
    assert started["status"] == "playing" and closed is None


async def raw_page(host: str, code: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A websocket page that says hello as an onlooker and then never reads (a small receive
    buffer, so that what the server sends piles up on the server's side)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    address, port = host.split(":")
    await asyncio.get_running_loop().sock_connect(sock, (address, int(port)))
    reader, writer = await asyncio.open_connection(sock=sock)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET /vandatta/api/tables/{code}/ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: http://{host}\r\n\r\n"
        ).encode()
    )
    await reader.readuntil(b"\r\n\r\n")
    payload = json.dumps({"type": "hello", "token": None, "lang": "en"}).encode()
    mask = os.urandom(4)
    writer.write(
        bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    )
    await writer.drain()
    return reader, writer


def test_a_page_that_never_reads_is_dropped_before_the_server_holds_more_than_its_bound(log):
    async def run():
        service = TableService(TableStore(":memory:"), pace=0.0)
        server, host = await serve(service)
        gone = []
        disconnect = service.disconnect
        service.disconnect = lambda p: (gone.append(p), disconnect(p))[1]
        try:
            made = service.create({"seats": SEATS}, seat=None)  # computers only, one keeps the person's seat
            code, owner = made["code"], made["token"]
            _, writer = await raw_page(host, code)
            await asyncio.sleep(0.2)  # its hello is in
            service.act(code, owner, {"type": "start"})
            rounds = 0
            while not gone and rounds < 40:  # each move a frame to every page
                await service.settle(timeout=300)
                service.act(code, owner, {"type": "next_round"})
                rounds += 1
            writer.transport.abort()
            return len(gone), rounds
        finally:
            server.stop()

    dropped, rounds = in_a_fresh_loop(run, timeout=300)
    assert dropped == 1, f"not dropped after {rounds} rounds"
    text = log_of(log)
    assert text.count("was dropped") == 1 and "read too slowly" in text
    assert "never retrieved" not in text and "WebSocketClosedError" not in text


def test_each_kind_has_its_own_rate_and_a_flood_is_told_apart_from_a_burst():
    inflow = Inflow()
    assert sum(inflow.allow("view", now=0.0) for _ in range(50)) == RATES["view"].burst
    assert inflow.allow("move", now=0.0)  # a move still goes after the asks for frames ran out
    assert not inflow.flooding
    for _ in range(flow.DROP_AFTER):
        inflow.allow("view", now=0.0)
    assert inflow.flooding
    assert inflow.allow("view", now=10.0) and not inflow.flooding  # after a while: let in again
    unknown = Inflow()
    assert sum(unknown.allow(f"kind{i}", now=0.0) for i in range(100)) == RATES["other"].burst
    assert unknown.tell(now=0.0) and not unknown.tell(now=1.0) and unknown.tell(now=2.5)
    out = Outflow(limit=10)
    assert out.add(10) and not out.add(1)
    out.done(10)
    assert out.unsent == 0 and out.add(1)
