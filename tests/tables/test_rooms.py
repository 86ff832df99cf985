"""What the tables' and the classes' services share (:mod:`vandatta_widgets.tables.rooms`), held on both
kinds: a page gone mid-send is dropped and the room goes on; a write the store refuses leaves
the room as the store holds it, a room never written is gone, and the terminal is told once a
minute in the kind's words; a full server of classes makes room with the one left alone
longest, never with one in use."""

from __future__ import annotations

import json

import pytest

from vandatta.ai import demo_game
from vandatta.record import write_record
from vandatta_widgets.server.table_store import StoreError, TableStore
from vandatta_widgets.tables.poll import PollProblem
from vandatta_widgets.tables.poll_service import MAX_POLLS, POLLS_AT_ONCE, PollService
from vandatta_widgets.tables.service import RecordingPage, TableService
from vandatta_widgets.tables.table import TableProblem

RECORD = write_record(demo_game())
TABLE = {"seats": ["person", "expert"]}


class FlakyStore:
    """A store in memory whose writes fail while ``failing`` (a full disk, a read-only file)."""

    def __init__(self) -> None:
        self.rows: dict[str, str] = {}
        self.broken: list[str] = []
        self.failing = False

    def save(self, code: str, data: dict, *, expires: float) -> str:
        if self.failing:
            raise StoreError("disk full")
        self.rows[code] = text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        return text

    def delete(self, code: str) -> None:
        self.rows.pop(code, None)

    def load_all(self, *, now: float) -> dict[str, dict]:
        return {code: json.loads(text) for code, text in self.rows.items()}


class GonePage(RecordingPage):
    """A page whose socket went away: every send fails."""

    def send(self, frame: dict) -> None:
        self.frames.append(frame)
        raise OSError("the page went away")


class Tables:
    kind = "tables"

    def __init__(self, store, clock) -> None:
        self.service = TableService(store, pace=0.0, clock=clock)

    def make(self, visitor: str = "10.0.0.1") -> dict:
        return self.service.create(TABLE, visitor=visitor)

    def rooms(self) -> dict:
        return self.service.tables

    def change(self, made: dict, page: RecordingPage) -> None:
        """The maker changes the room (starts the round); a refusal raised as it is."""
        self.service.act(made["code"], made["token"], {"type": "start"})


class Classes:
    kind = "polls"

    def __init__(self, store, clock) -> None:
        self.service = PollService(store, clock=clock)

    def make(self, visitor: str = "10.0.0.1") -> dict:
        return self.service.create(RECORD, visitor=visitor)

    def rooms(self) -> dict:
        return self.service.polls

    def change(self, made: dict, page: RecordingPage) -> None:
        """The teacher asks a question; a refusal comes back as the page's error frame."""
        told = len(page.frames)
        self.service.page_act(page, {"type": "ask", "ply": 0})
        error = [frame for frame in page.frames[told:] if frame.get("type") == "error"]
        if error:
            raise PollProblem(error[0]["key"])


@pytest.fixture(params=[Tables, Classes], ids=["tables", "classes"])
def kind(request):
    return request.param


def test_a_page_gone_mid_send_is_dropped_and_the_room_goes_on(kind):
    rooms = kind(TableStore(":memory:", kind=kind.kind), clock=lambda: 100.0)
    made = rooms.make()
    here, gone = RecordingPage(), GonePage()
    rooms.service.connect(made["code"], made["token"], here, lang="en")
    rooms.service.connect(made["code"], made["token"], gone, lang="en")
    tried = len(gone.frames)
    assert tried >= 1  # it was sent its frame, and failed
    before = len(here.frames)
    rooms.change(made, here)
    assert len(here.frames) > before  # the page still open is told
    assert len(gone.frames) == tried  # the page gone is not tried again
    assert list(rooms.rooms()) == [made["code"]]


def test_a_write_the_store_refuses_leaves_the_room_as_the_store_holds_it(kind):
    store = FlakyStore()
    rooms = kind(store, clock=lambda: 100.0)
    events: list[dict] = []
    rooms.service.on_event = events.append
    made = rooms.make()
    page = RecordingPage()
    rooms.service.connect(made["code"], made["token"], page, lang="en")
    held = json.loads(store.rows[made["code"]])
    store.failing = True
    for _ in range(2):
        with pytest.raises(TableProblem) as refused:
            rooms.change(made, page)
        assert refused.value.key == "tb_not_saved"
        assert rooms.rooms()[made["code"]].to_json() == held  # memory never runs ahead of the file
    assert events == [{"event": "store_write_failed", "kind": kind.kind}]  # once a minute, not twice
    with pytest.raises(TableProblem) as new:
        rooms.make(visitor="10.0.0.2")
    assert new.value.key == "tb_not_saved" and list(rooms.rooms()) == [made["code"]]  # never written: gone
    store.failing = False
    rooms.change(made, page)  # the store is back: the same change goes through
    assert json.loads(store.rows[made["code"]]) != held


def test_a_full_server_of_classes_makes_room_with_the_class_left_alone_longest():
    now = [0.0]
    service = PollService(TableStore(":memory:", kind="polls"), clock=lambda: now[0])
    made = []
    for n in range(MAX_POLLS):
        now[0] = float(n)
        made.append(service.create(RECORD, visitor=f"10.0.0.{n // POLLS_AT_ONCE}")["code"])
    now[0] = 600.0  # ten minutes: every class is still in use
    with pytest.raises(PollProblem) as full:
        service.create(RECORD, visitor="10.0.1.1")
    assert full.value.key == "cl_too_many"
    service.connect(made[0], None, RecordingPage(), lang="en")  # a pupil at the oldest class
    now[0] = 2000.0  # the others left alone for more than 15 minutes: the oldest of them goes
    fresh = service.create(RECORD, visitor="10.0.1.1")["code"]
    assert made[0] in service.polls and made[1] not in service.polls and fresh in service.polls
    assert len(service.polls) == MAX_POLLS
