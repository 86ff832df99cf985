"""The device's loop that sends a child's record to their class (widgets/path/sync.py) against
the real class store (widgets/server/classes.py, on SQLite and PostgreSQL), with a network
that loses requests, loses answers, delivers twice, delivers stale copies late, goes offline
and comes back, and pages that reload in between: whatever happens, once the device is back
online every event is on the server once — none lost, none counted twice."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from vandatta_widgets.base.problem import Problem
from vandatta_widgets.path.session import LearnerSession
from vandatta_widgets.path.storage import DeviceStorage
from vandatta_widgets.path.sync import JOIN_KEY, LINK_PREFIX, ClassCourier
from vandatta_widgets.server.classes import ClassService
from vandatta_widgets.server.db import events

NOW = 1_780_000_000
ADDRESS = "http://school:8866/voila/render/dashboard.ipynb"
STATUS = {"kl_signed_out": 401, "kl_not_teacher": 403, "kl_no_class": 404, "kl_no_pupil": 404}


class Storage(DeviceStorage):
    """The browser's storage, in memory: writes are taken at once."""

    def __init__(self, kept: dict[str, str]) -> None:
        super().__init__()
        self.kept = kept

    def write(self, changes, number) -> None:  # type: ignore[override]
        for key, text in changes.items():
            if text is None:
                self.kept.pop(key, None)
            else:
                self.kept[key] = text
        self.receive({"written": number, "problem": None})

    def page_opens(self) -> None:
        self.receive({"loaded": dict(self.kept), "problem": None, "address": ADDRESS, "zone": "UTC"})


class Browser(ClassCourier):
    """sync.js as the test's network sees it: the request waiting on each lane."""

    def __init__(self) -> None:
        super().__init__()
        self.pending: dict[str, dict] = {}

    def request(self, lane, number, method, url, *, token=None, body=None, retry=False) -> None:  # type: ignore[override]
        self.pending[lane] = {"id": number, "url": url, "token": token, "body": body, "retry": retry}


def answer(service: ClassService, request: dict) -> tuple[int, dict]:
    """What the class's server answers ``request`` (as vandatta_widgets.server.handlers would)."""
    path = urlsplit(request["url"]).path
    body = request["body"] or {}
    try:
        if path.endswith("/pupil/sync"):
            return 200, service.sync(request["token"], body.get("events"))
        if path.endswith("/pupil/me"):
            return 200, {"assignments": service.assignments_for(request["token"])}
        if path.endswith("/pupil/events"):
            return 200, service.events_for(request["token"], body.get("have"))
        code, step = path.split("/")[-2:]
        enter = service.sign_in if step == "signin" else service.join
        signed = enter(code, body.get("nickname"), body.get("pictures"), address="10.0.0.1")
        return 200, {
            "pupil": signed.pupil_id,
            "nickname": signed.nickname,
            "code": signed.code,
            "token": signed.token,
            "acknowledged": signed.acknowledged,
        }
    except Problem as problem:
        return STATUS.get(problem.key, 400), {"error": problem.key, "text": problem.text("en")}


class Device:
    """A child's device: its storage, the page open on it, and the network between."""

    def __init__(self, service: ClassService) -> None:
        self.service = service
        self.kept: dict[str, str] = {}
        self.online = True
        self.sent: list[dict] = []  # every request that left the device (for stale copies)
        self.open_page()

    def open_page(self) -> None:
        self.browser = Browser()
        self.storage = Storage(self.kept)
        self.session = LearnerSession(self.storage, lang="en", now=lambda: NOW, courier=self.browser)
        self.session.classes.show_assignments()  # as the path does: the "me" lane too
        self.storage.page_opens()

    def answer(self, n: int, right: bool) -> None:
        rule = ("R4", "R6", "R7", "R9")[n % 4]
        self.session.quiz(right=right, rules=(rule,), choice="x", lesson=1 + n % 3, item=f"q{n % 5}")

    def go(self, online: bool) -> None:
        self.online = online
        self.browser.receive({"online": online})

    def _reaches(self, lane: str) -> dict | None:
        request = self.browser.pending.get(lane)
        if request is None:
            return None
        if not self.online:
            self.browser.receive({"waiting": request["id"], "online": False})
            return None
        self.sent.append(request)
        return request

    def deliver(self, lane: str = "sync", *, copies: int = 1, answer_lost: bool = False) -> None:
        request = self._reaches(lane)
        if request is None:
            return
        for _ in range(copies):
            status, data = answer(self.service, request)
        if answer_lost:  # the browser tries again by itself: the request stays
            self.browser.receive({"waiting": request["id"], "online": True})
            return
        del self.browser.pending[lane]
        self.browser.receive(
            {"answer": request["id"], "status": status, "data": json.loads(json.dumps(data))}
        )

    def lose_request(self) -> None:
        request = self.browser.pending.get("sync")
        if request is not None:
            self.browser.receive({"waiting": request["id"], "online": self.online})

    def stale_copy(self, which: int) -> None:
        if self.sent:
            answer(self.service, self.sent[which % len(self.sent)])  # arrives late; its answer is lost

    def settle(self) -> None:
        self.go(True)
        for _ in range(200):
            if not self.browser.pending:
                return
            for lane in list(self.browser.pending):
                self.deliver(lane)
        raise AssertionError("the loop never settled")

    def events(self):
        session = self.session
        return session.device.learner(session.profile_id).events


def _held(service: ClassService, pupil_id: int) -> list[tuple[str, int]]:
    with service.engine.connect() as db:
        rows = db.execute(select(events.c.device, events.c.seq).where(events.c.pupil_id == pupil_id)).all()
    return sorted((r.device, r.seq) for r in rows)


def _seen(service: ClassService, class_id: int, pupil_id: int) -> dict[str, int]:
    page = service.pupil_page(class_id, pupil_id)
    return {r["rule"]: r["seen"] for r in page["rules"] if r["seen"]}


STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("answer"), st.booleans()),
        st.tuples(
            st.sampled_from(
                ["deliver", "duplicate", "answer_lost", "lose", "offline", "online", "reload", "me", "fetch"]
            ),
            st.just(False),
        ),
        st.tuples(st.just("stale"), st.integers(0, 50)),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS, on_the_join_page=st.booleans())
def test_any_interleaving_of_offline_online_and_duplicates_counts_each_event_once(
    engine, steps, on_the_join_page
):
    service = ClassService(engine, clock=lambda: NOW)
    made = service.create_class("4B")
    device = Device(service)
    device.session.add_profile("Alva", "fox")
    if on_the_join_page:  # join.js keeps the sign-in; the next page gives it to the child
        signed = service.join(made.code, "Alva", ["fox", "owl"], address="10.0.0.1")
        device.kept[JOIN_KEY] = json.dumps(
            {"code": signed.code, "nickname": "Alva", "token": signed.token, "acknowledged": {}}
        )
        device.open_page()
    else:  # the path's own step
        device.session.classes.join(made.code, "Alva", ["fox", "owl"])
        device.deliver("join")
    pid = device.session.profile_id
    assert device.session.classes.link() is not None and LINK_PREFIX + pid in device.kept
    pupil_id = service.pupil(device.session.classes.link().token)[0]

    answered = 0
    for step, value in steps:
        if step == "answer":
            device.answer(answered, value)
            answered += 1
        elif step == "deliver":
            device.deliver()
        elif step == "duplicate":
            device.deliver(copies=2)
        elif step == "answer_lost":
            device.deliver(answer_lost=True)
        elif step == "lose":
            device.lose_request()
        elif step in ("offline", "online"):
            device.go(step == "online")
        elif step == "reload":
            device.open_page()  # what was on its way is gone with the page
        elif step in ("me", "fetch"):
            device.deliver(step)
        else:
            device.stale_copy(value)
        # never more on the server than the device has made, each once
        held = _held(service, pupil_id)
        assert len(held) == len(set(held)) <= answered
    device.settle()

    mine = device.events()
    assert len(mine) == answered
    assert _held(service, pupil_id) == sorted((e.device, e.seq) for e in mine)
    learner = device.session.learner
    assert _seen(service, made.id, pupil_id) == {
        rm.rule: rm.seen for rm in learner.mastery.rules() if rm.seen
    }  # the overview counts each answer once
    assert device.session.classes.waiting() == 0
    # and a page opened afterwards has nothing left to send
    device.open_page()
    assert "sync" not in device.browser.pending


def _joined(engine):
    """A class "4B" and a device on which Alva joined it from her path:
    ``(service, made, device)``."""
    service = ClassService(engine, clock=lambda: NOW)
    made = service.create_class("4B")
    device = Device(service)
    device.session.add_profile("Alva", "fox")
    device.session.classes.join(made.code, "Alva", ["fox", "owl"])
    device.deliver("join")
    return service, made, device


def test_a_pupil_the_teacher_deleted_is_told_and_the_device_stops_sending(engine):
    service, made, device = _joined(engine)
    device.answer(0, True)
    device.settle()
    pupil_id = service.pupil(device.session.classes.link().token)[0]
    assert len(_held(service, pupil_id)) == 1

    service.delete_pupil(made.id, pupil_id)
    device.answer(1, False)
    device.deliver()
    link = device.session.classes.link()
    assert link.out and device.session.classes.problem == "pa_class_out"
    assert json.loads(device.kept[LINK_PREFIX + device.session.profile_id])["out"] is True
    with service.engine.connect() as db:
        assert db.execute(select(func.count()).select_from(events)).scalar() == 0
    device.answer(2, True)  # nothing more is sent; the record stays on the device
    assert "sync" not in device.browser.pending and len(device.events()) == 3
    device.open_page()
    assert device.session.classes.link().out and "sync" not in device.browser.pending


def test_a_pupil_signed_in_on_a_second_device_finds_their_record_there_and_back(engine):
    """Alva answers on the school's tablet; at home she signs in on a laptop with her
    pictures: the laptop's path holds her tablet's answers, what she does there reaches the
    class, and the tablet, opened again, holds those too — each event once everywhere, and
    nothing fetched is sent back."""
    service, made, tablet = _joined(engine)
    for n in range(5):
        tablet.answer(n, n % 2 == 0)
    tablet.settle()
    pupil_id = service.pupil(tablet.session.classes.link().token)[0]

    laptop = Device(service)
    laptop.session.add_profile("Alva", "owl")  # her own profile there: another id
    laptop.session.classes.join(made.code, "Alva", ["fox", "owl"], again=True)
    laptop.deliver("join")
    assert "fetch" in laptop.browser.pending and "sync" not in laptop.browser.pending
    laptop.deliver("fetch")
    assert sorted((e.device, e.seq) for e in laptop.events()) == _held(service, pupil_id)
    assert laptop.session.classes.waiting() == 0  # fetched: nothing to send back
    assert laptop.session.path().lessons == tablet.session.path().lessons  # the same stars
    laptop.answer(5, True)
    laptop.answer(6, False)
    laptop.settle()
    assert len(_held(service, pupil_id)) == 7

    tablet.open_page()  # the next school day: the laptop's answers arrive
    tablet.settle()
    both = sorted((e.device, e.seq) for e in tablet.events())
    assert both == sorted((e.device, e.seq) for e in laptop.events()) == _held(service, pupil_id)
    assert len(both) == len(set(both)) == 7
    assert tablet.session.classes.waiting() == 0
    # the tablet's own counter goes on after its own events, never after the laptop's
    tablet.answer(7, True)
    tablet.settle()
    assert len(_held(service, pupil_id)) == 8


def test_a_fetch_the_device_cannot_read_changes_nothing_and_says_nothing(engine):
    _service, _made, device = _joined(engine)
    device.answer(0, True)
    device.settle()
    answers = [
        (200, {"events": {"n": "x"}}),
        (200, "<html>a captive portal's page</html>"),
        (200, {"events": None, "more": True}),
        (404, {"error": "not found"}),  # a server without the route
    ]
    for status, data in answers:
        device.open_page()  # each page asks once
        request = device.browser.pending.pop("fetch")
        device.browser.receive({"answer": request["id"], "status": status, "data": data})
        assert "fetch" not in device.browser.pending and len(device.events()) == 1
        assert device.session.classes.problem is None and device.session.classes.waiting() == 0
