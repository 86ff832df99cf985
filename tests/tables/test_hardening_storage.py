"""Issue #45, items 9 and 10: the store of the tables and the classes when its file is damaged
or cannot be written.

- A damaged file (garbage, or a real store cut short) is set aside under a name with its time
  and a new one started: the server, its lessons and its replay start regardless, and the
  teacher is told in their language. One broken row is reported; the other tables load.
- A write that fails refuses what was asked, with a sentence in the visitor's language, and
  nothing changes in memory: the table stays what the file holds, no other page hears of it,
  and once the file can be written again the same move goes through.

A write is made to fail the way it does on a real server: another program holds the file's
lock (the store waits :attr:`TableStore.busy_seconds`, then gives up).
"""

from __future__ import annotations

import json
import logging
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.loops import in_a_fresh_loop
from tests.helpers.serving import get, kernel_of
from vandatta.ai import demo_game
from vandatta.record import write_record
from vandatta_widgets.server.table_store import StoreError, TableStore
from vandatta_widgets.tables.poll import PollProblem
from vandatta_widgets.tables.poll_service import PollService
from vandatta_widgets.tables.service import RecordingPage, TableService
from vandatta_widgets.tables.table import TableProblem

SV_SAVE = "kunde inte spara"
EN_SAVE = "could not save"


def damaged_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


def filled_store(path: Path, tables: int = 3) -> tuple[TableService, list[str]]:
    service = TableService(TableStore(path), pace=0.0)
    codes = []
    for i in range(tables):
        made = service.create({"seats": ["person", "expert"]}, name=f"P{i}", lang="en")
        service.act(made["code"], made["token"], {"type": "start"})
        service.step_computers(made["code"])
        codes.append(made["code"])
    service.store.close()
    return service, codes


# -- a damaged file --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["tables", "polls"])
def test_a_garbage_file_is_set_aside_with_its_time_and_a_new_store_begins(tmp_path, kind) -> None:
    path = tmp_path / "tables.sqlite"
    garbage = b"not a database at all \x00\xff" * 400
    path.write_bytes(garbage)
    store = TableStore(path, kind=kind)
    [aside] = damaged_files(path)
    assert aside.read_bytes() == garbage  # kept for whoever wants to look at it
    assert store.set_aside == str(aside)
    assert aside.name[len("tables.sqlite.damaged-") :][:2] == "20"  # a date: 2026…
    store.save("AHCK7", {"moves": []}, expires=2e9)
    assert TableStore(path, kind=kind).load_all(now=0) == {"AHCK7": {"moves": []}}
    assert TableStore(path, kind=kind).set_aside is None  # the new file is sound


def test_a_store_cut_short_is_set_aside_and_both_kinds_start_empty(tmp_path) -> None:
    path = tmp_path / "tables.sqlite"
    filled_store(path, tables=12)
    size = path.stat().st_size
    assert size > 8192
    with path.open("r+b") as file:  # cut off in the middle, as a full disk or a bad copy leaves it
        file.truncate(size // 2)
    tables = TableService(TableStore(path), pace=0.0)
    polls = PollService(TableStore(path, kind="polls"))
    assert tables.tables == {} and polls.polls == {}
    assert len(damaged_files(path)) == 1
    made = tables.create({"seats": ["person", "expert"]}, name="Ada", lang="en")
    assert made["code"] in TableService(TableStore(path), pace=0.0).tables


def test_a_store_that_cannot_be_opened_at_all_keeps_the_tables_in_memory(tmp_path) -> None:
    from vandatta_widgets.server.table_store import open_store

    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("")
    with pytest.raises(StoreError):
        TableStore(blocked / "tables.sqlite")
    store = open_store(str(blocked / "tables.sqlite"))
    assert store.path == ":memory:"
    service = TableService(store, pace=0.0)
    made = service.create({"seats": ["person", "expert"]}, name="Ada", lang="en")
    assert made["code"] in service.tables  # tables still work, until the server stops


def test_one_broken_row_is_reported_and_the_other_tables_load(tmp_path, caplog) -> None:
    path = tmp_path / "tables.sqlite"
    _, codes = filled_store(path, tables=4)
    broken_json, wrong_shape = codes[1], codes[2]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE tables SET data = ? WHERE code = ?", ('{"version": 1, "code": ', broken_json))
        data = json.loads(db.execute("SELECT data FROM tables WHERE code = ?", (wrong_shape,)).fetchone()[0])
        data["claims"] = ["not", "a", "mapping"]
        db.execute("UPDATE tables SET data = ? WHERE code = ?", (json.dumps(data), wrong_shape))
    with caplog.at_level(logging.WARNING):
        service = TableService(TableStore(path), pace=0.0)
    assert sorted(service.tables) == sorted([codes[0], codes[3]])
    assert sorted(service.broken) == sorted([broken_json, wrong_shape])
    said = " ".join(record.getMessage() for record in caplog.records)
    assert broken_json in said and wrong_shape in said
    assert damaged_files(path) == []  # one bad row does not set the whole file aside


def test_a_broken_poll_row_is_reported_and_the_others_load(tmp_path, caplog) -> None:
    path = tmp_path / "tables.sqlite"
    service = PollService(TableStore(path, kind="polls"))
    good = service.create(write_record(demo_game()))["code"]
    bad = service.create(write_record(demo_game()))["code"]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE polls SET data = ? WHERE code = ?", ('{"kind": "poll", "record": 7}', bad))
    with caplog.at_level(logging.WARNING):
        again = PollService(TableStore(path, kind="polls"))
    assert list(again.polls) == [good]
    assert again.broken == [bad]
    assert bad in " ".join(record.getMessage() for record in caplog.records)


@pytest.mark.slow
def test_the_server_reports_a_broken_row_and_serves_the_other_tables(tmp_path) -> None:
    from tests.helpers.serving import DashboardServer

    path = tmp_path / "tables.sqlite"
    _, codes = filled_store(path, tables=3)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE tables SET data = ? WHERE code = ?", ("[1, 2", codes[1]))
    settings = {"DashboardServer": {"tables_db": str(path)}}
    with DashboardServer(tmp_path / "server.log", settings=settings) as server:
        event = server.wait_for("store_broken", timeout=10)
        assert event["codes"] == [codes[1]]
        for code in (codes[0], codes[2]):
            assert get(f"{server.url}vandatta/api/tables/{code}")[0] == 200
        assert get(f"{server.url}vandatta/api/tables/{codes[1]}")[0] == 404


def test_the_dashboard_starts_on_a_damaged_store_and_tells_the_teacher_in_swedish(tmp_path) -> None:
    """What the teacher saw: 'database disk image is malformed', then 'Servern stannade (kod -6)'
    and no lessons. Now: one sentence about the file set aside, then the address as usual."""
    data = tmp_path / "jupyter-data"
    store = data / "vandatta" / "tables.sqlite"
    store.parent.mkdir(parents=True)
    store.write_bytes(b"SQLite format 3\x00" + bytes(random.Random(4).randrange(256) for _ in range(20_000)))
    env = dict(
        os.environ, LANG="sv_SE.UTF-8", JUPYTER_DATA_DIR=str(data), PYTHONPATH=os.pathsep.join(sys.path)
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "vandatta.cli", "dashboard", "--port", "0"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        lines = [proc.stdout.readline() for _ in range(2)]
        told = next(line for line in lines if "skadad" in line)
        [aside] = damaged_files(store)
        assert str(aside) in told and "ny, tom" in told, told
        address = next(line for line in lines if line.startswith("Vändåtta: http://localhost:"))
        url = address.split()[1].replace("localhost", "127.0.0.1")
        status, page, _ = get(url)
        assert status == 200 and kernel_of(page), page[:500]  # the dashboard, with its replay
        status, _, _ = get(url + "vandatta/api/tables/ABCDE")
        assert status == 404  # the tables answer too: from a new, empty file
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=60)
    assert "malformed" not in err and "Traceback" not in err


# -- a write that fails ------------------------------------------------------------------------------


class Lock:
    """Another program holding the store's file: every write waits, then fails."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)

    def __enter__(self) -> Lock:
        self.db.execute("BEGIN EXCLUSIVE")
        return self

    def __exit__(self, *exc: object) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


def test_a_store_that_cannot_write_says_so_and_keeps_what_it_had(tmp_path) -> None:
    path = tmp_path / "tables.sqlite"
    store = TableStore(path, busy_seconds=0.05)
    store.save("AHCK7", {"moves": 1}, expires=2e9)
    with Lock(path), pytest.raises(StoreError):
        store.save("AHCK7", {"moves": 2}, expires=2e9)
    assert TableStore(path).load_all(now=0) == {"AHCK7": {"moves": 1}}


def two_seats(path: Path) -> tuple[TableService, str, dict, dict[int, RecordingPage]]:
    service = TableService(TableStore(path, busy_seconds=0.05), pace=0.0)
    made = service.create({"seats": ["person", "person"]}, name="Ada", lang="sv")
    bo = service.join(made["code"], 1, "Bo")
    service.act(made["code"], made["token"], {"type": "start"})
    pages = {0: RecordingPage(), 1: RecordingPage()}
    service.connect(made["code"], made["token"], pages[0], lang="sv")
    service.connect(made["code"], bo["token"], pages[1], lang="en")
    return service, made["code"], {0: made["token"], 1: bo["token"]}, pages


def test_a_move_that_cannot_be_saved_is_refused_in_the_movers_language_and_nothing_changes(tmp_path) -> None:
    path = tmp_path / "tables.sqlite"
    service, code, tokens, pages = two_seats(path)
    table = service.tables[code]
    mover = table.session.game.to_move
    move = str(table.session.game.legal_moves()[0])
    before = json.loads(json.dumps(table.to_json()))  # a copy: to_json may share its lists
    sent = {seat: len(page.frames) for seat, page in pages.items()}
    with Lock(path):
        service.page_act(pages[mover], tokens[mover], {"type": "move", "move": move})
    error = pages[mover].frames[-1]
    assert error["type"] == "error" and error["key"] == "tb_not_saved"
    assert (SV_SAVE if mover == 0 else EN_SAVE) in error["text"].lower()
    assert len(pages[1 - mover].frames) == sent[1 - mover]  # the other seat heard nothing
    assert len(pages[mover].frames) == sent[mover] + 1
    assert json.loads(json.dumps(service.tables[code].to_json())) == before  # memory is what the file holds
    assert TableService(TableStore(path), pace=0.0).tables[code].to_json()["moves"] == before["moves"]
    # the file can be written again: the same move goes through, for both seats
    service.page_act(pages[mover], tokens[mover], {"type": "move", "move": move})
    assert pages[1 - mover].frames[-1]["ply"] == 1
    again = TableService(TableStore(path), pace=0.0).tables[code]
    assert write_record(again.session.game) == write_record(service.tables[code].session.game)


def test_a_computers_move_that_cannot_be_saved_is_made_again_later(tmp_path, monkeypatch) -> None:
    import asyncio

    from vandatta_widgets.tables import service as service_module

    monkeypatch.setattr(service_module, "RETRY_UNSAVED_SECONDS", 0.3)  # (5 s on a server)
    path = tmp_path / "tables.sqlite"

    escaped: list[dict] = []  # what a callback let escape: asyncio would log its traceback

    async def run() -> tuple[int, int, int]:
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: escaped.append(context))
        service = TableService(TableStore(path, busy_seconds=0.05), pace=0.0)
        made = service.create({"seats": ["person", "expert"]}, name="Ada", lang="en")
        code, token = made["code"], made["token"]
        service.act(code, token, {"type": "start"})
        table = service.tables[code]
        while not table.computer_due():  # Ada moves until it is the computer's turn
            service.act(code, token, {"type": "move", "move": str(table.session.game.legal_moves()[0])})
        ply = table.session.game.ply  # the computer's move is due at the pace (0): not made yet
        with Lock(path):
            await asyncio.sleep(0.2)
            held = service.tables[code].session.game.ply  # tried, refused, back to the file's
        await service.settle(timeout=30)
        return ply, held, service.tables[code].session.game.ply

    ply, held, after = in_a_fresh_loop(run)
    assert held == ply and after > ply
    assert escaped == [], "the refused save is the retry's business, not an error in a callback"
    assert TableService(TableStore(path), pace=0.0).tables  # and what was made is on the file


def test_making_or_joining_a_table_that_cannot_be_saved_is_refused_and_leaves_nothing(tmp_path) -> None:
    path = tmp_path / "tables.sqlite"
    service = TableService(TableStore(path, busy_seconds=0.05), pace=0.0)
    made = service.create({"seats": ["person", "person"]}, name="Ada", lang="sv")
    before = json.loads(json.dumps(service.tables[made["code"]].to_json()))
    with Lock(path):
        with pytest.raises(TableProblem) as refused:
            service.create({"seats": ["person", "expert"]}, name="Bo", lang="en")
        assert refused.value.key == "tb_not_saved" and EN_SAVE in refused.value.text("en").lower()
        assert list(service.tables) == [made["code"]]
        with pytest.raises(TableProblem) as refused:
            service.join(made["code"], 1, "Bo")
        assert refused.value.key == "tb_not_saved"
        assert service.tables[made["code"]].free_seats() == [1]
        assert json.loads(json.dumps(service.tables[made["code"]].to_json())) == before
    assert service.join(made["code"], 1, "Bo")["seat"] == 1


def test_the_class_refuses_an_answer_it_cannot_save_and_keeps_the_old_one(tmp_path) -> None:
    path = tmp_path / "tables.sqlite"
    service = PollService(TableStore(path, kind="polls", busy_seconds=0.05))
    made = service.create(write_record(demo_game()))
    teacher, pupil = RecordingPage(), RecordingPage()
    service.connect(made["code"], made["token"], teacher, lang="sv")
    service.connect(made["code"], None, pupil, lang="sv")
    service.page_act(teacher, {"type": "ask", "ply": 0})
    service.page_act(pupil, {"type": "answer", "move": "draw"})
    before, told = json.loads(json.dumps(service.polls[made["code"]].to_json())), len(teacher.frames)
    with Lock(path):
        service.page_act(pupil, {"type": "answer", "move": "pass"})
        assert pupil.frames[-1]["key"] == "tb_not_saved" and SV_SAVE in pupil.frames[-1]["text"].lower()
        assert len(teacher.frames) == told
        assert json.loads(json.dumps(service.polls[made["code"]].to_json())) == before
        with pytest.raises(PollProblem) as refused:
            service.create(write_record(demo_game()))
        assert refused.value.key == "tb_not_saved"
        assert list(service.polls) == [made["code"]]
    service.page_act(pupil, {"type": "answer", "move": "pass"})
    assert (
        PollService(TableStore(path, kind="polls")).polls[made["code"]].to_json()["questions"][0]["answers"]
        == service.polls[made["code"]].to_json()["questions"][0]["answers"]
    )


@pytest.mark.parametrize(
    ("event", "sv", "en"),
    [
        (
            {"event": "store_set_aside", "aside": "/x/tables.sqlite.damaged-20261205-041500"},
            "var skadad. Den är sparad som /x/tables.sqlite.damaged-20261205-041500",
            "was damaged. It is kept as /x/tables.sqlite.damaged-20261205-041500",
        ),
        (
            {"event": "store_broken", "codes": ["AHCK7", "BCDFG"]},
            "visas inte: AHCK7, BCDFG",
            "not shown: AHCK7, BCDFG",
        ),
        (
            {"event": "store_memory", "path": "/ro/tables.sqlite"},
            "kan inte sparas i /ro/tables.sqlite",
            "cannot be saved",
        ),
        ({"event": "store_write_failed", "kind": "tables"}, "kunde inte spara", "could not save"),
    ],
)
def test_what_the_teacher_reads_about_the_store_in_either_language(event, sv, en) -> None:
    from vandatta_widgets.server.serve import store_sentence

    assert sv in store_sentence(event, "sv") and en in store_sentence(event, "en")


@pytest.mark.slow
def test_in_the_real_server_a_move_that_cannot_be_written_is_refused_and_the_server_goes_on(tmp_path) -> None:
    """What the issue saw: the mover's socket closed without a word, the other seat not told,
    making a table a 500. Now the mover is told why, the socket stays, memory stays with the
    file, a new table is refused in words, and the teacher's terminal hears of it."""
    import urllib.error
    import urllib.request

    from tests.helpers.loops import in_a_fresh_loop
    from tests.helpers.serving import DashboardServer
    from tests.tables.test_tables_server import Seat, post

    db = tmp_path / "tables.sqlite"
    settings = {"DashboardServer": {"tables_db": str(db), "tables_pace": 0.05}}

    def refused_table(base: str) -> tuple[int, dict]:
        request = urllib.request.Request(
            base + "vandatta/api/tables?lang=en",
            data=json.dumps({"seats": ["person", "expert"], "name": "Cy"}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    async def play(base: str) -> None:
        made = post(base + "vandatta/api/tables", {"seats": ["person", "person"], "name": "Ada"})
        code = made["code"]
        bo = post(base + f"vandatta/api/tables/{code}", {"seat": 1, "name": "Bo"})["token"]
        seats = {0: await Seat(base, code, made["token"]).open(), 1: await Seat(base, code, bo).open()}
        await seats[0].send({"type": "start"})
        for seat in seats.values():
            await seat.until(lambda f: f["status"] == "playing")
        mover = next(s for s in seats.values() if s.frame["your_turn"])
        other = next(s for s in seats.values() if s is not mover)
        ply, version = mover.frame["ply"], mover.frame["version"]
        with Lock(db):
            await mover.move()
            answer = await mover.next_state()
            assert answer["type"] == "error" and answer["key"] == "tb_not_saved", answer
            assert "could not save" in answer["text"]
            status, body = refused_table(base)
            # the server's own trouble (503: try again), not a bad request, said in words
            assert status == 503 and "could not save" in body["text"], (status, body)
            await mover.send({"type": "view", "lang": "en"})  # the socket is open: its frame again
            again = await mover.next_state()
            assert (again["ply"], again["version"]) == (ply, version)
        await mover.move()  # the file can be written again: the same move goes through
        await other.until(lambda f: f["ply"] > ply)

    with DashboardServer(tmp_path / "server.log", settings=settings) as server:
        in_a_fresh_loop(lambda: play(server.url))
        server.wait_for("store_write_failed", timeout=60)
        assert server.proc.poll() is None
    assert "Traceback" not in (tmp_path / "server.log").read_text()
