"""The device's side of a class (widgets/path/sync.py, the path's class step in view.py): what
is sent and in which order, the sign-in kept and read back, the join page's sign-in given to
the child playing, the path's join step, the teacher's assignments first on the path with the
done ones ticked, and the device told when the server no longer knows it."""

from __future__ import annotations

import html
import json

from hypothesis import given
from hypothesis import strategies as st

from vandatta_widgets.app.path_page import PathPage
from vandatta_widgets.base.i18n import t
from vandatta_widgets.learner.events import Event
from vandatta_widgets.path.password import PASSWORD_LENGTH, PASSWORD_PICTURES
from vandatta_widgets.path.session import LearnerSession
from vandatta_widgets.path.storage import DeviceStorage
from vandatta_widgets.path.sync import (
    BATCH,
    JOIN_KEY,
    LINK_PREFIX,
    ClassCourier,
    ClassLink,
    heard,
    unsent_batch,
)
from vandatta_widgets.server import classes

NOW = 1_780_000_000
ADDRESS = "http://school:8866/voila/render/dashboard.ipynb"


class Storage(DeviceStorage):
    def __init__(self, kept: dict[str, str] | None = None) -> None:
        super().__init__()
        self.kept = kept if kept is not None else {}

    def write(self, changes, number) -> None:  # type: ignore[override]
        for key, text in changes.items():
            if text is None:
                self.kept.pop(key, None)
            else:
                self.kept[key] = text
        self.receive({"written": number, "problem": None})

    def page_opens(self, address: str = ADDRESS) -> None:
        self.receive({"loaded": dict(self.kept), "problem": None, "address": address, "zone": "UTC"})


class Browser(ClassCourier):
    def __init__(self) -> None:
        super().__init__()
        self.asked: list[dict] = []

    def request(self, lane, number, method, url, *, token=None, body=None, retry=False) -> None:  # type: ignore[override]
        self.asked.append(
            {
                "lane": lane,
                "id": number,
                "method": method,
                "url": url,
                "token": token,
                "body": body,
                "retry": retry,
            }
        )

    def last(self, lane: str) -> dict:
        return [a for a in self.asked if a["lane"] == lane][-1]


def _session(kept: dict[str, str] | None = None, *, lang: str = "en", address: str = ADDRESS):
    browser = Browser()
    storage = Storage(kept)
    session = LearnerSession(storage, lang=lang, now=lambda: NOW, courier=browser)
    storage.page_opens(address)
    return session, browser, storage


def _link(**changes) -> str:
    data = {"code": "AHCK7", "nickname": "Alva", "token": "tok-1", "base": "/", "acknowledged": {}}
    return json.dumps({**data, **changes})


def test_the_device_and_the_server_agree_on_their_constants():
    assert BATCH == classes.MAX_EVENTS
    assert PASSWORD_PICTURES == classes.PASSWORD_PICTURES and PASSWORD_LENGTH == classes.PASSWORD_LENGTH


@given(
    st.lists(st.tuples(st.sampled_from(["a", "b", "c"]), st.integers(1, 60)), unique=True, max_size=80),
    st.dictionaries(st.sampled_from(["a", "b", "c"]), st.integers(0, 60)),
    st.integers(1, 30),
)
def test_a_batch_is_each_devices_first_events_not_confirmed_in_counter_order(ids, acknowledged, limit):
    record = [Event(device, seq, 1000 - seq, "round", "right", ("R4",)) for device, seq in ids]
    batch = unsent_batch(record, acknowledged, limit)
    waiting = sorted((d, s) for d, s in ids if s > acknowledged.get(d, 0))
    assert [(e.device, e.seq) for e in batch] == waiting[:limit]  # nothing skipped before it


@given(
    st.dictionaries(st.text(min_size=1, max_size=5), st.integers(0, 100)),
    st.dictionaries(
        st.text(min_size=1, max_size=5), st.one_of(st.integers(-5, 100), st.text(), st.booleans())
    ),
)
def test_counters_confirmed_only_grow_whatever_an_answer_says(before, said):
    after = heard(before, {"acknowledged": said})
    assert all(after[d] >= n for d, n in before.items())
    assert all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in after.values())


def test_a_sign_in_is_read_back_and_junk_is_not_one():
    link = ClassLink.from_text(_link(acknowledged={"tab": 3}, name="4B"))
    assert link is not None and ClassLink.from_text(link.to_text()) == link
    assert ClassLink.from_text("{") is None and ClassLink.from_text(_link(token=5)) is None
    for elsewhere in ("http://evil.example/", "//evil.example/", "/\\evil.example/"):
        assert ClassLink.from_text(_link(base=elsewhere)) is None  # the page's own host only
    assert ClassLink.from_text(json.dumps({"code": "A", "nickname": "B", "token": "c"})) is None  # no base


def test_the_join_pages_sign_in_goes_to_the_child_playing_and_is_marked_theirs():
    kept = {JOIN_KEY: json.dumps({"code": "AHCK7", "nickname": "Alva", "token": "tok-1", "acknowledged": {}})}
    session, _browser, storage = _session(kept)
    session.add_profile("Alva", "fox")
    pid = session.profile_id
    assert session.classes.link().token == "tok-1" and session.classes.link().base == "/"
    assert json.loads(storage.kept[JOIN_KEY])["profile"] == pid
    assert json.loads(storage.kept[LINK_PREFIX + pid])["token"] == "tok-1"
    # a second child on the device does not get it
    session.add_profile("Bo", "owl")
    assert session.classes.link() is None
    again, _, _ = _session(storage.kept)
    assert again.classes.link(pid).token == "tok-1" and len(again.classes.links) == 1


def test_answers_are_sent_in_one_request_at_a_time_and_the_counters_kept():
    session, browser, storage = _session()
    session.add_profile("Alva", "fox")
    pid = session.profile_id
    storage.write({LINK_PREFIX + pid: _link()}, 0)
    storage.page_opens()
    session.quiz(right=True, rules=("R4",), choice="x", lesson=1, item="q1")
    session.quiz(right=False, rules=("R6",), choice="y", lesson=1, item="q2")
    sync = browser.last("sync")
    assert sync["url"] == "/vandatta/api/pupil/sync?lang=en" and sync["token"] == "tok-1" and sync["retry"]
    assert sync["body"]["events"]["n"] == 1  # the second waits for the first's answer
    device = session.device.device_id
    browser.receive({"answer": sync["id"], "status": 200, "data": {"acknowledged": {device: 1}}})
    second = browser.last("sync")
    assert second["id"] != sync["id"] and second["body"]["events"]["n"] == 1
    browser.receive({"answer": second["id"], "status": 200, "data": {"acknowledged": {device: 2}}})
    assert json.loads(storage.kept[LINK_PREFIX + pid])["acknowledged"] == {device: 2}
    assert session.classes.waiting() == 0


def test_offline_the_path_says_what_is_kept_and_back_online_it_sends(tmp_path):
    session, browser, storage = _session()
    page = PathPage(session=session, lang="sv")
    session.add_profile("Alva", "fox")
    storage.write({LINK_PREFIX + session.profile_id: _link(name="4B")}, 0)
    storage.page_opens()
    assert t("pa_class_in", "sv", code="4B", name="Alva") in page.class_text.value
    session.quiz(right=True, rules=("R4",), choice="x", lesson=1, item="q1")
    # the class's server cannot be reached though the device says it is online: kept here
    browser.receive({"waiting": browser.last("sync")["id"], "online": True})
    assert t("pa_class_kept", "sv") in page.class_text.value
    browser.receive({"online": False})
    session.quiz(right=True, rules=("R4",), choice="x", lesson=1, item="q2")
    browser.receive({"waiting": browser.last("sync")["id"], "online": False})
    assert t("pa_class_kept", "sv") in page.class_text.value
    asked = len(browser.asked)
    browser.receive({"online": True})
    assert t("pa_class_sent", "sv") in page.class_text.value
    assert len(browser.asked) == asked  # the browser itself tries the waiting request again


def test_the_path_joins_a_class_with_the_pictures_in_order():
    session, browser, _storage = _session()
    page = PathPage(session=session, lang="en")
    page.name_box.value = "Alva"
    page.add_button.click()
    assert page.class_box.layout.display == "flex" and page.class_nickname.value == "Alva"
    page.class_code.value = "ahck7"
    page.class_join.click()
    assert t("kl_pick_pictures", "en", n=2) in page.message.value and not browser.asked
    page.class_pictures.set_state({"chosen": ["owl", "fox"]})
    page.class_join.click()
    join = browser.last("join")
    assert join["url"] == "/vandatta/api/classes/AHCK7/join?lang=en" and not join["retry"]
    assert join["body"] == {"nickname": "Alva", "pictures": ["owl", "fox"]}
    assert t("kj_wait", "en") in page.class_text.value  # until the server answers
    browser.receive(
        {"answer": join["id"], "status": 400, "data": {"error": "kl_name_taken", "text": "Taken!"}}
    )
    assert "Taken!" in page.class_text.value and session.classes.link() is None
    page.class_join.click()
    join = browser.last("join")
    answer = {"pupil": 1, "nickname": "Alva", "code": "AHCK7", "token": "tok-9", "acknowledged": {}}
    browser.receive({"answer": join["id"], "status": 200, "data": answer})
    assert session.classes.link().token == "tok-9"
    assert page.class_form.layout.display == "none"
    assert t("pa_class_in", "en", code="AHCK7", name="Alva") in page.class_text.value
    assert browser.last("me")["token"] == "tok-9"
    # what is kept, said plainly: in a class, the answers go to the school's computer too
    assert html.escape(t("pa_privacy_class", "en")) in page.privacy.value
    assert t("pa_privacy", "en") not in page.privacy.value
    # and once a page, this device asks for what Alva did on her other devices
    fetch = browser.last("fetch")
    assert fetch["url"] == "/vandatta/api/pupil/events?lang=en" and fetch["token"] == "tok-9"
    assert fetch["body"] == {"have": {}}


def test_the_teachers_assignments_come_first_on_the_path_and_done_ones_are_ticked():
    session, browser, storage = _session()
    page = PathPage(session=session, lang="sv")
    session.add_profile("Alva", "fox")
    storage.write({LINK_PREFIX + session.profile_id: _link()}, 0)
    storage.page_opens()
    tasks = [
        {"id": 1, "kind": "lessons", "lessons": [1, 2], "due": NOW + 86400, "done": False},
        {"id": 2, "kind": "puzzles", "level": 2, "count": 5, "due": NOW + 86400, "done": True},
        {"id": 3, "kind": "round", "level": "beginner", "due": NOW, "done": False},
        {"id": 4, "kind": "round", "level": "<b>", "due": NOW, "done": False},  # not shown
    ]
    browser.receive({"answer": browser.last("me")["id"], "status": 200, "data": {"assignments": tasks}})
    shown = page.tasks.value
    assert page.children.index(page.tasks) < page.children.index(page.lessons)
    assert t("pa_tasks", "sv") in shown and "Gör lektion 1 och 2" in shown
    assert shown.count("vd-path-task-done") == 1 and shown.count("vd-path-task-todo") == 2
    assert "Lös 5 pussel på nivå 2" in shown and "nybörjare" in shown and "&lt;b&gt;" not in shown
    assert t("pa_task_done", "sv") in shown  # done in words, not colour alone
    # kept for the next time the path opens, offline
    again, _, _ = _session(storage.kept, lang="sv")
    assert len(again.classes.link().assignments) == 3


def test_a_pupil_deleted_by_the_teacher_is_told_on_the_path_and_nothing_more_is_sent():
    session, browser, storage = _session()
    page = PathPage(session=session, lang="sv")
    session.add_profile("Alva", "fox")
    storage.write({LINK_PREFIX + session.profile_id: _link(name="4B")}, 0)
    storage.page_opens()
    session.quiz(right=True, rules=("R4",), choice="x", lesson=1, item="q1")
    refusal = {"error": "kl_signed_out", "text": t("kl_signed_out", "sv")}
    browser.receive({"answer": browser.last("sync")["id"], "status": 401, "data": refusal})
    assert t("pa_class_out", "sv", code="4B") in page.class_text.value
    assert page.class_form.layout.display == "flex"  # to join again, if the teacher asks
    asked = len(browser.asked)
    session.quiz(right=True, rules=("R4",), choice="x", lesson=1, item="q2")
    assert len(browser.asked) == asked and len(session.learner.events) == 2


def test_on_a_hub_the_path_links_the_class_page_to_sign_in_there():
    session, browser, storage = _session()
    page = PathPage(session=session, lang="en")
    session.add_profile("Alva", "fox")
    storage.write({LINK_PREFIX + session.profile_id: _link()}, 0)
    storage.page_opens()
    session.quiz(right=True, rules=("R4",), choice="x", lesson=1, item="q1")
    page_link = "/services/vandatta-tables/vandatta/join"
    data = {"error": "kl_hub_sign_in", "text": "…", "page": page_link}
    browser.receive({"answer": browser.last("sync")["id"], "status": 403, "data": data})
    shown = page.class_text.value
    assert f'href="{page_link}"' in shown and html.escape(t("pa_class_hub", "en")) in shown


def test_no_class_step_where_there_is_no_class_server():
    session, _, _ = _session(address="http://localhost/lab/index.html?path=dashboard.ipynb")
    page = PathPage(session=session, lang="en")
    session.add_profile("Alva", "fox")
    assert page.class_box.layout.display == "none" and page.tasks.value == ""


def test_signing_out_on_the_join_page_or_deleting_the_child_forgets_the_sign_in():
    kept = {JOIN_KEY: json.dumps({"code": "AHCK7", "nickname": "Alva", "token": "tok-1", "acknowledged": {}})}
    session, _browser, storage = _session(kept)
    session.add_profile("Alva", "fox")
    pid = session.profile_id
    assert session.classes.link() is not None
    del storage.kept[JOIN_KEY]  # "Logga ut från klassen" on the join page
    storage.page_opens()
    assert session.classes.link() is None and LINK_PREFIX + pid not in storage.kept
    # a sign-in from the path, then the child deleted from the device: nothing of it left
    storage.write({LINK_PREFIX + pid: _link()}, 0)
    storage.page_opens()
    assert session.classes.link() is not None
    session.delete_profile(pid)
    assert LINK_PREFIX + pid not in storage.kept and not session.classes.links


def test_an_answer_that_confirms_nothing_does_not_start_a_loop_of_requests():
    session, browser, storage = _session()
    session.add_profile("Alva", "fox")
    storage.write({LINK_PREFIX + session.profile_id: _link()}, 0)
    storage.page_opens()
    session.quiz(right=True, rules=("R4",), choice="x", lesson=1, item="q1")
    asked = len(browser.asked)
    browser.receive({"answer": browser.last("sync")["id"], "status": 200, "data": None})  # a wifi login page
    assert len(browser.asked) == asked
    session.quiz(right=True, rules=("R4",), choice="x", lesson=1, item="q2")  # the next answer tries again
    assert browser.last("sync")["body"]["events"]["n"] == 2


def test_on_a_hub_joining_from_the_path_needs_no_pictures(monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "alva")
    monkeypatch.delenv("VANDATTA_CLASSES_URL", raising=False)
    monkeypatch.setenv(
        "VANDATTA_TABLES_URL", "/services/vandatta-tables/vandatta/table"
    )  # as deploy/ sets it
    session, browser, _storage = _session(address="http://hub/user/alva/lab/tree/dashboard.ipynb")
    page = PathPage(session=session, lang="sv")
    session.add_profile("Alva", "fox")
    assert page.class_box.layout.display == "flex" and page.class_pictures.layout.display == "none"
    page.class_code.value = "AHCK7"
    page.class_join.click()
    join = browser.last("join")
    assert join["url"] == "/services/vandatta-tables/vandatta/api/classes/AHCK7/join?lang=sv"
    assert join["body"] == {"nickname": "Alva", "pictures": []}
