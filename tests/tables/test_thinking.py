"""The computer players of a server's tables think in a pool of processes (issue 45, item 2):
the search never runs on the server's loop, sees only its seat's view, is capped in time, is
thrown away when the table moved on meanwhile, and leaves no process behind."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tornado.websocket import websocket_connect

from tests.helpers.loops import in_a_fresh_loop
from tests.helpers.processes import children, running
from vandatta import Game
from vandatta.ai import Player, SeatView, StrongPlayer, make_player
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables.service import RecordingPage, TableService
from vandatta_widgets.tables.table import Table, TableSettings
from vandatta_widgets.tables.thinking import QUICK_PLAYER, ThinkingPool, decide


def workers_of(pid: int) -> set[int]:
    """The pool's worker processes among ``pid``'s children (not multiprocessing's tracker)."""
    found = set()
    for child in children(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in command and running(child):
            found.add(child)
    return found


def strong_table(service: TableService, seats: int = 3) -> tuple[str, str]:
    """A table of one person (seat 0, Ada, the maker) and strong computers, started: seat 1 (a
    computer) moves first."""
    made = service.create({"seats": ["person"] + ["strong"] * (seats - 1)}, name="Ada", lang="en")
    service.act(made["code"], made["token"], {"type": "start"})
    return made["code"], made["token"]


@pytest.fixture
def no_search_here(monkeypatch):
    """A strong computer that searches in this process (the server's) fails the test."""

    def searched_here(self, view):
        raise AssertionError("a strong computer searched on the server's loop")

    monkeypatch.setattr(StrongPlayer, "choose_with_notes", searched_here)


def test_a_strong_computers_search_runs_in_the_pool_never_on_the_loop(no_search_here, caplog):
    async def run():
        pool = ThinkingPool(workers=1)
        service = TableService(TableStore(":memory:"), pace=0.0, thinking=pool)
        try:
            code, ada = strong_table(service)
            page = RecordingPage()
            service.connect(code, ada, page, lang="en")
            await service.settle(timeout=120)
            return page.frames[-1], service.tables[code], pool.asked
        finally:
            service.close()

    frame, table, asked = in_a_fresh_loop(run)
    assert frame["your_turn"] and frame["ply"] >= 2, frame["title"]  # both computers moved
    assert asked >= 2
    assert "could not be worked out" not in caplog.text  # no stand-in's move: the strong player's
    notes = table.session.game.annotations
    assert all(note.get("player") == "strong" for note in notes.values()), notes


def test_the_pool_makes_the_move_the_table_would_make_itself():
    # the same player (seeded by the table) and the same view: the same move as step_computers
    table = Table.create(TableSettings.parse({"seats": ["person", "strong", "strong"]}), code="AHCK7", now=0)
    ada = table.join(0, "Ada", now=0, token=table.owner_token)
    table.start(ada, now=0)
    twin = Table.from_json(table.to_json(), now=0)
    turn = table.computer_turn()
    assert turn is not None and turn.view.seat == 1 and turn.view.hand == tuple(table.session.game.hand(1))

    async def think():
        pool = ThinkingPool(workers=1)
        try:
            return await pool.think(turn.player, turn.view)
        finally:
            pool.close()

    move, notes = in_a_fresh_loop(think)
    assert table.computer_moved(turn, move, notes, now=1)
    assert twin.computer_step(now=1)
    assert table.session.game.moves == twin.session.game.moves


def test_a_move_that_comes_back_after_the_table_changed_is_thrown_away():
    async def run():
        pool = ThinkingPool(workers=1)
        service = TableService(TableStore(":memory:"), pace=0.0, thinking=pool)
        try:
            code, ada = strong_table(service)
            table = service.tables[code]
            while pool.asked == 0:  # the first computer's move handed out
                await asyncio.sleep(0.001)
            version = table.version
            service.act(code, ada, {"type": "pause"})  # while it thinks
            await service.settle(timeout=120)
            paused = (table.session.game.ply, table.version)
            service.act(code, ada, {"type": "resume"})
            await service.settle(timeout=120)
            return version, paused, table.session.game.ply, pool.asked
        finally:
            service.close()

    version, (ply_paused, version_paused), ply_after, asked = in_a_fresh_loop(run)
    assert ply_paused == 0 and version_paused == version + 1  # the pause alone changed the table
    assert ply_after >= 2 and asked >= 3  # asked again after the resume


class Stubborn(Player):
    """A player that never makes up its mind (for the time cap)."""

    name = "stubborn"

    def choose(self, view):
        while True:
            pass


def test_a_search_over_its_time_gives_way_to_the_quick_players_move():
    game = Game.deal(players=3, seed=11)
    view = SeatView.of(game)

    async def think():
        pool = ThinkingPool(workers=1, seconds=0.2)
        try:
            return await pool.think(Stubborn(), view)
        finally:
            pool.close()

    move, notes = in_a_fresh_loop(think)
    assert notes == {"player": QUICK_PLAYER, "time_cap": 0.2}
    assert move == decide(make_player(QUICK_PLAYER, seed=view.ply), view)[0]
    assert move in {str(m) for m in game.legal_moves()}


def test_no_more_workers_than_the_limit_and_none_left_after_close():
    me = os.getpid()
    before = workers_of(me)

    async def run():
        pool = ThinkingPool(workers=2)
        service = TableService(TableStore(":memory:"), pace=0.0, thinking=pool)
        seen: set[int] = set()
        try:
            for _ in range(4):
                strong_table(service)
            while pool.asked < 8:
                seen |= workers_of(me) - before
                await asyncio.sleep(0.01)
            await service.settle(timeout=300)
            seen |= workers_of(me) - before
        finally:
            service.close()
        return seen, workers_of(me) - before

    seen, after = in_a_fresh_loop(run)
    assert 1 <= len(seen) <= 2
    assert after == set() and not any(running(pid) for pid in seen)


def test_pool_settings_are_checked():
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError):
            ThinkingPool(workers=bad)
    for bad in (0, -2, "1"):
        with pytest.raises(ValueError):
            ThinkingPool(seconds=bad)
    pool = ThinkingPool(workers=3, seconds=1.5)
    assert repr(pool) == "<ThinkingPool 3 workers, 1.5 s a move, not started>"
    pool.close()
    assert "closed" in repr(pool)


@pytest.mark.slow
def test_the_dashboards_server_thinks_in_its_pool_and_stops_it_with_itself(tmp_path):
    from tests.helpers.serving import DashboardServer
    from tests.tables.test_tables_server import post

    settings = {"DashboardServer": {"tables_db": ":memory:", "tables_pace": 0.0, "tables_thinkers": 2}}
    with DashboardServer(tmp_path / "server.log", settings=settings) as server:
        base = server.url
        for _ in range(3):  # computers only: the person's seat nobody took is kept by one
            made = post(base + "vandatta/api/tables", {"seats": ["person"] + ["strong"] * 4, "seat": None})
            in_a_fresh_loop(lambda made=made: start(base, made))
        seen: set[int] = set()
        for _ in range(600):
            seen |= workers_of(server.proc.pid)
            if seen:
                break
            time.sleep(0.1)
        assert 1 <= len(seen) <= 2
    assert server.proc.returncode is not None
    assert not any(running(pid) for pid in seen)
    assert "Traceback" not in (tmp_path / "server.log").read_text()


async def start(base: str, made: dict) -> None:
    """The maker starts the table (over its socket, as the page does)."""
    ws = await websocket_connect(base.replace("http://", "ws://") + f"vandatta/api/tables/{made['code']}/ws")
    await ws.write_message(json.dumps({"type": "hello", "token": made["token"], "lang": "en"}))
    await ws.write_message(json.dumps({"type": "start"}))
    while True:
        frame = json.loads(await ws.read_message())
        if frame.get("status") == "playing":
            break
    ws.close()


def test_a_worker_killed_mid_thought_costs_one_quick_move_and_the_pool_starts_again(caplog):
    me = os.getpid()
    before = workers_of(me)

    async def run():
        pool = ThinkingPool(workers=1)
        service = TableService(TableStore(":memory:"), pace=0.0, thinking=pool)
        try:
            code, _ = strong_table(service)
            table = service.tables[code]
            while not (workers_of(me) - before):  # the worker started for the first move
                await asyncio.sleep(0.005)
            killed = workers_of(me) - before
            for pid in killed:
                os.kill(pid, signal.SIGKILL)
            await service.settle(timeout=120)
            return table.session.game.ply, table.session.game.annotations, killed
        finally:
            service.close()

    ply, notes, killed = in_a_fresh_loop(run)
    later = workers_of(me) - before
    assert ply >= 2  # the first move by the quick player, the next worked out again in a new pool
    assert "could not be worked out" in caplog.text
    assert 1 not in notes and all(note["player"] == "strong" for note in notes.values())
    assert later == set() and not any(running(pid) for pid in killed)


SERVER_WITH_A_POOL = """
import asyncio
from vandatta import Game
from vandatta.ai import SeatView, make_player
from vandatta_widgets.tables.thinking import ThinkingPool

async def main():
    pool = ThinkingPool(workers=2)
    view = SeatView.of(Game.deal(players=3, seed=5))
    await asyncio.gather(*(pool.think(make_player("strong", seed=n), view) for n in range(4)))
    print("thought", flush=True)
    await asyncio.sleep(600)

if __name__ == "__main__":
    asyncio.run(main())
"""


def test_workers_end_when_their_server_is_killed_outright(tmp_path):
    script = tmp_path / "server.py"
    script.write_text(SERVER_WITH_A_POOL)
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))  # this tree's widgets, wherever the script is
    server = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=root, env=env
    )
    try:
        assert server.stdout is not None and server.stdout.readline().strip() == "thought"
        pool = workers_of(server.pid)
        assert 1 <= len(pool) <= 2
    finally:
        server.kill()  # SIGKILL: the pool gets no word
        server.wait()
    for _ in range(300):  # each worker looks every second
        if not any(running(pid) for pid in pool):
            break
        time.sleep(0.1)
    assert not any(running(pid) for pid in pool)
