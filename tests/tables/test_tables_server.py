"""The tables in the dashboard's real server, over HTTP and websockets: killed with SIGKILL in
the middle of a round and started again on the same SQLite file, every table goes on at the
same move with the same seats; bad messages change nothing and the connection stays usable."""

from __future__ import annotations

import asyncio
import json
import urllib.request

import pytest
from tornado.websocket import websocket_connect

from tests.helpers.loops import in_a_fresh_loop
from tests.helpers.serving import DashboardServer

pytestmark = pytest.mark.slow


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


class Seat:
    """A light client: one websocket, the latest frame for its seat."""

    def __init__(self, base: str, code: str, token: str | None) -> None:
        self.url = base.replace("http://", "ws://") + f"vandatta/api/tables/{code}/ws"
        self.token = token
        self.frame: dict = {}
        self.errors: list[dict] = []

    async def open(self) -> Seat:
        self.ws = await websocket_connect(self.url)
        await self.ws.write_message(json.dumps({"type": "hello", "token": self.token, "lang": "en"}))
        await self.next_state()
        return self

    async def next_state(self, timeout: float = 60) -> dict:
        while True:
            message = await asyncio.wait_for(self.ws.read_message(), timeout)
            assert message is not None, "the server closed the connection"
            data = json.loads(message)
            if data["type"] == "error":
                self.errors.append(data)
                return data
            self.frame = data
            return data

    async def until(self, test, timeout: float = 60) -> dict:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not test(self.frame):
            await self.next_state(max(0.1, deadline - loop.time()))
        return self.frame

    async def send(self, message: dict | str) -> None:
        await self.ws.write_message(message if isinstance(message, str) else json.dumps(message))

    async def move(self) -> None:
        """A legal move for this seat: the first play the frame lists, else draw, else pass."""
        f = self.frame
        hand = f["hand"]
        if f["plays"]:
            cards = [hand[i]["card"] for i in f["plays"][0]]
            text = " ".join(cards) + ("=K♥" if hand[f["plays"][0][-1]]["eight"] else "")
        else:
            text = "draw" if f["can_draw"] else "pass"
        await self.send({"type": "move", "move": text})


async def play_some(base: str, code: str, seats: dict[int, Seat], moves: int) -> int:
    """People's moves until ``moves`` plies are made (the computer moves between them)."""
    watcher = seats[0]
    while watcher.frame.get("ply", 0) < moves and not watcher.frame.get("over"):
        mover = next((s for s in seats.values() if s.frame.get("your_turn")), None)
        if mover is None:
            await watcher.next_state()
            continue
        ply = mover.frame["ply"]
        await mover.move()
        await mover.until(lambda f, ply=ply: f.get("ply", 0) > ply or f.get("over"))
        for seat in seats.values():
            if seat is not mover:
                await seat.until(lambda f, ply=ply: f.get("ply", 0) > ply or f.get("over"))
    return watcher.frame["ply"]


def test_a_table_goes_on_at_the_same_move_with_the_same_seats_after_the_server_is_killed(tmp_path):
    db = tmp_path / "tables.sqlite"
    settings = {"DashboardServer": {"tables_db": str(db), "tables_pace": 0.05}}

    async def first_life(base: str) -> tuple[str, dict[int, str], dict]:
        made = post(base + "vandatta/api/tables", {"seats": ["person", "person", "expert"], "name": "Ada"})
        code = made["code"]
        bo = post(base + f"vandatta/api/tables/{code}", {"seat": 1, "name": "Bo"})["token"]
        tokens = {0: made["token"], 1: bo}
        seats = {s: await Seat(base, code, t).open() for s, t in tokens.items()}
        await seats[0].send({"type": "start"})
        await seats[1].until(lambda f: f["status"] == "playing")
        await seats[0].until(lambda f: f["status"] == "playing")
        await play_some(base, code, seats, 6)
        # stop where a person is to move: nothing is pending on the server then
        while not any(seat.frame.get("your_turn") or seat.frame.get("over") for seat in seats.values()):
            await seats[0].next_state()
        version = max(seat.frame["version"] for seat in seats.values())
        for seat in seats.values():
            await seat.until(lambda f, version=version: f["version"] >= version)
        # bad input over the socket: a clear error, nothing changes, the socket stays usable
        before = seats[1].frame["version"]
        for bad in [
            "{not json",
            json.dumps([1, 2]),
            json.dumps({"type": "move", "move": "K♠ K♠ K♠ K♠ K♠"}),
            "x" * 10_000,
        ]:
            await seats[1].send(bad)
            answer = await seats[1].next_state()
            assert answer["type"] == "error" and answer["text"], bad[:20]
        assert seats[1].frame["version"] == before
        frames = {s: dict(seat.frame) for s, seat in seats.items()}
        for seat in seats.values():
            seat.ws.close()
        return code, tokens, frames

    with DashboardServer(tmp_path / "first.log", settings=settings) as server:
        code, tokens, before = in_a_fresh_loop(lambda: first_life(server.url))
        server.proc.kill()  # SIGKILL: no goodbye, no last write
        server.proc.wait()

    async def second_life(base: str) -> dict:
        seats = {s: await Seat(base, code, t).open() for s, t in tokens.items()}
        frames = {s: dict(seat.frame) for s, seat in seats.items()}
        # and it plays on
        await play_some(base, code, seats, before[0]["ply"] + 2)
        for seat in seats.values():
            seat.ws.close()
        return frames

    with DashboardServer(tmp_path / "second.log", settings=settings) as server:
        after = in_a_fresh_loop(lambda: second_life(server.url))
    for seat in (0, 1):
        assert after[seat]["seat"] == seat and after[seat]["status"] == "playing"
        assert after[seat]["ply"] == before[seat]["ply"]
        assert after[seat]["hand"] == before[seat]["hand"]
        assert [(s["name"], s["kind"], s["cards"]) for s in after[seat]["seats"]] == [
            (s["name"], s["kind"], s["cards"]) for s in before[seat]["seats"]
        ]
    assert [s["name"] for s in after[0]["seats"]] == ["Ada", "Bo", "Player 3"]
