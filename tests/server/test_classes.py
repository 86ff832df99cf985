"""The class model on a real store (SQLite and PostgreSQL): joining, signing in, the slowing
of wrong pictures, sync without loss or double counting, the overview, assignments, and the
privacy promises (export, delete, end, expiry) checked in the database itself."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from vandatta_widgets.learner.events import Event, decode_events, encode_events
from vandatta_widgets.learner.path import Learner
from vandatta_widgets.learner.store import Device
from vandatta_widgets.server.classes import DAY, ClassProblem, ClassService, check_pictures
from vandatta_widgets.server.db import assignments, classes, events, metadata, pupils, sessions

T0 = 1_760_000_000


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def service(engine, clock):
    return ClassService(engine, clock=clock)


def _events(
    device: str, seqs, *, at=T0, kind="exercise", outcome="right", rules=("R4",), lesson=1, item="ex1"
):
    return [Event(device, s, at + s, kind, outcome, rules, lesson, item, "7H KS 2C|7C", "KS") for s in seqs]


def _count(engine, table, where=None) -> int:
    query = select(func.count()).select_from(table)
    if where is not None:
        query = query.where(where)
    with engine.connect() as db:
        return db.execute(query).scalar_one()


# -- joining and signing in --------------------------------------------------------------------


def test_a_pupil_joins_and_signs_in_on_another_device_with_the_same_pictures_in_order(service):
    made = service.create_class(" 4B ")
    assert made.name == "4B" and made.code.isalnum()
    joined = service.join(made.code.lower(), "Alva", ["fox", "owl"], address="10.0.0.7")
    again = service.sign_in(made.code, " alva ", ["fox", "owl"], address="10.0.0.9")
    assert again.pupil_id == joined.pupil_id and again.token != joined.token
    assert service.pupil(again.token) == (joined.pupil_id, made.id)
    with pytest.raises(ClassProblem) as wrong:
        service.sign_in(made.code, "Alva", ["owl", "fox"], address="10.0.0.9")
    assert wrong.value.key == "kl_wrong_pictures"
    with pytest.raises(ClassProblem) as nobody:  # no nickname: the same answer
        service.sign_in(made.code, "Bertil", ["fox", "owl"], address="10.0.0.9")
    assert nobody.value.key == "kl_wrong_pictures"


def test_only_a_salted_hash_of_the_pictures_is_stored(service, engine):
    made = service.create_class("4B")
    service.join(made.code, "Alva", ["fox", "owl"], address="10.0.0.7")
    service.join(made.code, "Bo", ["fox", "owl"], address="10.0.0.7")
    with engine.connect() as db:
        stored = db.execute(select(pupils.c.pictures_hash)).scalars().all()
        teacher = db.execute(select(classes.c.teacher_hash)).scalar_one()
    assert all("fox" not in h and "owl" not in h for h in stored)
    assert stored[0] != stored[1]  # salted: the same pictures, two hashes
    assert all(check_pictures(["fox", "owl"], h) for h in stored)
    assert made.secret not in teacher


@pytest.mark.parametrize(
    ("nickname", "pictures", "key"),
    [
        ("", ["fox", "owl"], "lr_name_empty"),
        ("x" * 21, ["fox", "owl"], "lr_name_long"),
        ("Alva", ["fox"], "kl_pick_pictures"),
        ("Alva", ["fox", "fox"], "kl_pick_pictures"),
        ("Alva", ["fox", "bee"], "kl_pick_pictures"),  # bee is not one of the nine
        ("Alva", "fox owl", "kl_pick_pictures"),
    ],
)
def test_a_bad_join_is_refused_with_its_reason_and_keeps_nothing(service, engine, nickname, pictures, key):
    made = service.create_class("4B")
    with pytest.raises(ClassProblem) as refused:
        service.join(made.code, nickname, pictures, address="10.0.0.7")
    assert refused.value.key == key
    assert _count(engine, pupils) == 0


def test_a_nickname_is_one_pupil_per_class(service):
    made, other = service.create_class("4B"), service.create_class("5A")
    service.join(made.code, "Alva", ["fox", "owl"], address="a")
    with pytest.raises(ClassProblem) as taken:
        service.join(made.code, "ALVA", ["cat", "owl"], address="a")
    assert taken.value.key == "kl_name_taken"
    service.join(other.code, "Alva", ["cat", "owl"], address="a")  # another class: fine


def test_wrong_pictures_are_slowed_per_pupil_but_a_right_try_is_answered(service, clock):
    made = service.create_class("4B")
    service.join(made.code, "Alva", ["fox", "owl"], address="10.0.0.7")
    for _ in range(5):
        assert service.pictures_wait(made.code, "Alva", address="10.0.0.66") == 0.0
        with pytest.raises(ClassProblem):
            service.sign_in(made.code, "Alva", ["cat", "owl"], address="10.0.0.66")
    waits = [service.pictures_wait(made.code, "Alva", address="10.0.0.8") for _ in range(3)]
    assert waits[0] == 0.0 and waits[1] > 0 and waits[2] > waits[1]  # each try waits its turn
    # another pupil of the class, from the same address, never waits for Alva's guesser
    service.join(made.code, "Bo", ["cat", "owl"], address="10.0.0.66")
    assert service.pictures_wait(made.code, "Bo", address="10.0.0.66") == 0.0
    # after waiting, Alva's right pictures sign her in
    assert service.sign_in(made.code, "Alva", ["fox", "owl"], address="10.0.0.8").nickname == "Alva"
    clock.now += 600  # the misses leave the window
    assert service.pictures_wait(made.code, "Alva", address="10.0.0.66") == 0.0


def test_a_class_behind_one_address_keeps_signing_in_while_one_pupil_guesses(service):
    made = service.create_class("4B")
    names = [f"Elev{i}" for i in range(30)]
    for name in names:
        service.join(made.code, name, ["fox", "owl"], address="192.0.2.1")
    for i in range(200):  # one pupil guesses names and pictures from the school's address
        with pytest.raises(ClassProblem):
            service.sign_in(made.code, f"Nobody{i}", ["cat", "owl"], address="192.0.2.1")
    for name in names:  # everyone who signed in there before: no wait, right pictures work
        assert service.pictures_wait(made.code, name, address="192.0.2.1") == 0.0
        service.sign_in(made.code, name, ["fox", "owl"], address="192.0.2.1")
    # a newcomer's right pictures from there wait their turn, and are not refused
    service.join(made.code, "Ny", ["fox", "owl"], address="198.51.100.1")
    waits = [service.pictures_wait(made.code, "Ny", address="192.0.2.1") for _ in range(2)]
    assert waits[0] == 0.0 and waits[1] is not None and waits[1] > 0
    service.sign_in(made.code, "Ny", ["fox", "owl"], address="192.0.2.1")


def test_the_teacher_resets_a_pupils_pictures(service):
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    with pytest.raises(ClassProblem) as stranger:
        service.teacher(made.code, "not the secret")
    assert stranger.value.key == "kl_not_teacher"
    class_id = service.teacher(made.code, made.secret)
    service.reset_pictures(class_id, alva.pupil_id)
    with pytest.raises(ClassProblem) as signed_out:
        service.pupil(alva.token)  # the devices are signed out
    assert signed_out.value.key == "kl_signed_out"
    with pytest.raises(ClassProblem) as reset:
        service.sign_in(made.code, "Alva", ["fox", "owl"], address="a")
    assert reset.value.key == "kl_pictures_reset"
    again = service.join(made.code, "Alva", ["cat", "frog"], address="a")
    assert again.pupil_id == alva.pupil_id
    service.sign_in(made.code, "Alva", ["cat", "frog"], address="a")


def test_a_hub_name_signs_a_pupil_in(service):
    made = service.create_class("4B")
    with pytest.raises(ClassProblem) as first:
        service.hub_sign_in(made.code, "elev-1234")
    assert first.value.key == "kl_pick_nickname"
    joined = service.hub_sign_in(made.code, "elev-1234", "Alva")
    assert service.hub_sign_in(made.code, "elev-1234").pupil_id == joined.pupil_id
    with pytest.raises(ClassProblem) as taken:  # nobody takes over a hub pupil by nickname
        service.join(made.code, "Alva", ["fox", "owl"], address="a")
    assert taken.value.key == "kl_name_taken"
    assert service.pupils(service.teacher(made.code, made.secret))[0]["nickname"] == "Alva"


# -- sync -------------------------------------------------------------------------------------


def test_sync_keeps_each_event_once_and_acknowledges_per_device(service, engine):
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    first = service.sync(alva.token, encode_events(_events("dev1", range(1, 4))))
    assert first["acknowledged"] == {"dev1": 3} and first["ids"] == ["dev1.1", "dev1.2", "dev1.3"]
    again = service.sync(alva.token, encode_events(_events("dev1", range(2, 6))))  # 2, 3 again
    assert again["acknowledged"] == {"dev1": 5}
    assert _count(engine, events) == 5


def test_a_device_offline_then_online_sends_what_it_kept_once(service, engine):
    """The device keeps every event until acknowledged: answers lost on the way make it send
    again; the server ends with exactly the device's events."""
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    learner = Learner()
    acknowledged: dict[str, int] = dict(alva.acknowledged)
    for seq in range(1, 31):
        learner.keep(_events("tablet", [seq])[0])
        if seq % 10 == 0:  # online now and then; the 2nd answer is lost on the way back
            answer = service.sync(alva.token, encode_events(learner.unsent(acknowledged)))
            if seq != 20:
                acknowledged = answer["acknowledged"]
    service.sync(alva.token, encode_events(learner.unsent(acknowledged)))
    with engine.connect() as db:
        held = db.execute(select(events.c.device, events.c.seq).order_by(events.c.seq)).all()
    assert [tuple(r) for r in held] == [("tablet", s) for s in range(1, 31)]
    # on another device, sign-in says what the server holds: nothing is sent twice
    there = service.sign_in(made.code, "Alva", ["fox", "owl"], address="b")
    assert learner.unsent(there.acknowledged) == []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batches=st.lists(st.lists(st.integers(1, 40), max_size=12), max_size=6))
def test_any_order_of_batches_and_repeats_holds_each_event_once(service, engine, batches):
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    for batch in batches:
        service.sync(alva.token, encode_events(_events("d", sorted(set(batch)))))
    sent = {s for batch in batches for s in batch}
    with engine.connect() as db:
        held = db.execute(select(events.c.seq).where(events.c.pupil_id == alva.pupil_id)).scalars().all()
    assert sorted(held) == sorted(sent)
    service.end_class(made.id)


def test_a_bad_batch_keeps_nothing(service, engine):
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    for bad in ({"n": 3}, [], "x", encode_events(_events("d", range(1, 502)))):
        with pytest.raises(ClassProblem) as refused:
            service.sync(alva.token, bad)
        assert refused.value.key == "kl_bad_events"
    with pytest.raises(ClassProblem) as nobody:
        service.sync("not a token", encode_events(_events("d", [1])))
    assert nobody.value.key == "kl_signed_out"
    assert _count(engine, events) == 0


def test_a_device_gets_what_the_pupils_other_devices_sent_in_pages_and_nobody_elses(service, clock):
    clock.now = T0 + 1000  # after the events: kept as they were made
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    bo = service.join(made.code, "Bo", ["cat", "bear"], address="a")
    service.sync(alva.token, encode_events(_events("tablet", range(1, 401))))
    service.sync(alva.token, encode_events(_events("tablet", range(401, 601))))
    service.sync(alva.token, encode_events(_events("laptop", range(1, 4))))
    service.sync(bo.token, encode_events(_events("bos", range(1, 3))))
    # the laptop holds its own three: the tablet's 600 come, 500 and then the rest
    first = service.events_for(alva.token, {"laptop": 3})
    got = decode_events(first["events"])
    assert first["more"] is True and [(e.device, e.seq) for e in got] == [
        ("tablet", s) for s in range(1, 501)
    ]
    assert got[0] == _events("tablet", [1])[0]  # each event as it was sent
    rest = service.events_for(alva.token, {"laptop": 3, "tablet": 500})
    assert rest["more"] is False and [e.seq for e in decode_events(rest["events"])] == list(range(501, 601))
    assert decode_events(service.events_for(alva.token, {"laptop": 3, "tablet": 600})["events"]) == []
    # a new device holds nothing: everything of Alva's, nothing of Bo's
    everything = decode_events(service.events_for(bo.token, {})["events"])
    assert {(e.device, e.seq) for e in everything} == {("bos", 1), ("bos", 2)}


@pytest.mark.parametrize(
    "have", [None, [], {"d": -1}, {"d": "3"}, {"d": True}, {"x" * 41: 1}, {f"d{n}": 1 for n in range(101)}]
)
def test_a_bad_question_for_the_other_devices_events_is_refused(service, have):
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    with pytest.raises(ClassProblem) as refused:
        service.events_for(alva.token, have)
    assert refused.value.key == "kl_bad_events"
    with pytest.raises(ClassProblem) as nobody:
        service.events_for("not a token", {})
    assert nobody.value.key == "kl_signed_out"


# -- the overview and assignments ------------------------------------------------------------------


def test_the_overview_shows_each_pupils_stars_rules_and_the_weeks_mistakes(service, clock):
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    bo = service.join(made.code, "Bo", ["cat", "owl"], address="a")
    # Alva: lesson 1 all right at the first try (3 stars); the ace (R7) right four times
    lesson1 = [
        Event("a", i + 1, T0 + i, "quiz" if item.startswith("q") else "exercise", "right", ("R4",), 1, item)
        for i, item in enumerate(("ex1", "q1", "q2", "q3"))
    ]
    aces = [
        Event("a", 10 + i, T0 + 10 + i, "round", "right", ("R7",), 0, f"beginner-1:{i}") for i in range(4)
    ]
    service.sync(alva.token, encode_events(lesson1 + aces))
    # Bo: three moves not allowed under the ace, one review mistake about the eight (R6)
    wrong = [
        Event("b", i + 1, T0 + 100 + i, "round", "not_allowed", ("R7",), 0, f"r1:{i}", "5H 2C|AH|f=H", "2C")
        for i in range(3)
    ]
    wrong.append(Event("b", 9, T0 + 200, "round", "mistake", ("R6",), 0, "r1:9", "8S 5H|5C", "8S=KD"))
    service.sync(bo.token, encode_events(wrong))
    clock.now = T0 + 3 * DAY
    view = service.overview(made.id, lang="sv")
    by_name = {p["nickname"]: p for p in view["pupils"]}
    assert by_name["Alva"]["stars"][0] == 3 and by_name["Bo"]["stars"][0] == 0
    assert by_name["Alva"]["rules"]["R7"]["level"] in ("nearly", "mastered")
    assert by_name["Bo"]["rules"]["R7"]["level"] == "practising"
    assert by_name["Bo"]["rules"]["R1"]["level"] == "not_started"
    top = view["mistakes"][0]
    assert (top["rule"], top["count"], top["pupils"]) == ("R7", 3, 1)
    assert top["example"]["position"] == "5H 2C|AH|f=H" and top["name"] == "Esset"
    clock.now = T0 + 8 * DAY  # a week later, last week's mistakes are no longer "this week's"
    assert service.overview(made.id)["mistakes"] == []
    page = service.pupil_page(made.id, bo.pupil_id, lang="en")
    assert [m["move"] for m in page["mistakes"]][:2] == ["8S=KD", "2C"]


def test_assignments_show_who_has_done_what(service, clock):
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    bo = service.join(made.code, "Bo", ["cat", "owl"], address="a")
    due = T0 + 7 * DAY
    lesson = service.assign(made.id, {"kind": "lessons", "lessons": [1], "due": due})["id"]
    round_ = service.assign(made.id, {"kind": "round", "level": "beginner", "due": due})["id"]
    puzzles = service.assign(made.id, {"kind": "puzzles", "level": 1, "count": 2, "due": due})["id"]
    for bad in (
        {"kind": "lessons", "lessons": [12], "due": due},
        {"kind": "puzzles", "level": 9, "count": 2, "due": due},
        {"kind": "round", "level": "grandmaster", "due": due},
        {"kind": "lessons", "lessons": [1], "due": T0 - 1},
        {"kind": "homework", "due": due},
    ):
        with pytest.raises(ClassProblem):
            service.assign(made.id, bad)
    from vandatta.ai.puzzles import load_puzzles

    level1 = [p.key for p in load_puzzles() if p.level == 1][:2]
    clock.now = T0 + 10
    done = [
        Event(
            "a", i + 1, T0 + 20 + i, "quiz" if item.startswith("q") else "exercise", "right", ("R4",), 1, item
        )
        for i, item in enumerate(("ex1", "q1", "q2", "q3"))
    ]
    done += [
        Event("a", 10 + i, T0 + 40 + i, "puzzle", "right", ("R4",), 0, key) for i, key in enumerate(level1)
    ]
    done.append(Event("a", 20, T0 + 50, "round", "right", ("R4",), 0, "beginner-g1:1"))
    service.sync(alva.token, encode_events(done))
    service.sync(
        bo.token, encode_events([Event("b", 1, T0 + 50, "round", "right", ("R4",), 0, "strong-g2:1")])
    )
    view = service.overview(made.id)
    marks = {p["nickname"]: p["assignments"] for p in view["pupils"]}
    assert marks["Alva"] == {str(lesson): True, str(round_): True, str(puzzles): True}
    assert marks["Bo"] == {str(lesson): False, str(round_): False, str(puzzles): False}
    assert [t["done"] for t in service.assignments_for(alva.token)] == [True, True, True]


# -- privacy ------------------------------------------------------------------------------------


def test_export_gives_a_record_the_device_can_import_and_a_csv(service, clock):
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    clock.now = T0 + DAY
    sent = _events("dev1", range(1, 4))
    service.sync(alva.token, encode_events(sent))
    out = service.export_pupil(made.id, alva.pupil_id)
    document = json.loads(out["json"])
    assert document["profile"]["name"] == "Alva"
    assert decode_events(document["events"]) == sent
    device = Device.from_storage({})
    profile = device.import_file(out["json"])
    assert [e.id for e in device.learner(profile).events] == [e.id for e in sent]
    lines = list(csv.reader(io.StringIO(out["csv"])))
    assert lines[0][0] == "id" and [line[0] for line in lines[1:]] == ["dev1.1", "dev1.2", "dev1.3"]
    assert "fox" not in out["json"] and "owl" not in out["json"]  # not the password


def _everything(engine) -> dict[str, int]:
    return {name: _count(engine, table) for name, table in metadata.tables.items() if name != "rooms"}


def test_deleting_a_pupil_leaves_nothing_of_them(service, engine):
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    bo = service.join(made.code, "Bo", ["cat", "owl"], address="a")
    service.sync(alva.token, encode_events(_events("a", range(1, 6))))
    service.sync(bo.token, encode_events(_events("b", range(1, 3))))
    service.delete_pupil(made.id, alva.pupil_id)
    for table in (events, sessions):
        assert _count(engine, table, table.c.pupil_id == alva.pupil_id) == 0
    assert _count(engine, pupils, pupils.c.id == alva.pupil_id) == 0
    assert _count(engine, events) == 2  # Bo's stay
    with pytest.raises(ClassProblem):
        service.delete_pupil(made.id, bo.pupil_id + 1000)


def test_ending_the_class_deletes_everything_about_it(service, engine):
    made, other = service.create_class("4B"), service.create_class("5A")
    for code, name in ((made.code, "Alva"), (made.code, "Bo"), (other.code, "Cleo")):
        signed = service.join(code, name, ["fox", "owl"], address="a")
        service.sync(signed.token, encode_events(_events(name.lower(), range(1, 4))))
    service.assign(made.id, {"kind": "lessons", "lessons": [1], "due": T0 + DAY})
    service.end_class(made.id)
    assert _everything(engine) == {
        "classes": 1,
        "pupils": 1,
        "sessions": 1,
        "events": 3,
        "summaries": 1,
        "assignments": 0,
    }
    with engine.connect() as db:
        assert db.execute(select(classes.c.code)).scalars().all() == [other.code]
    service.end_class(other.id)
    assert set(_everything(engine).values()) == {0}


def test_data_older_than_the_retention_deletes_itself(engine, clock):
    service = ClassService(engine, clock=clock, retention_days=30)
    made, idle = service.create_class("4B"), service.create_class("gammal")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    service.sync(alva.token, encode_events(_events("a", range(1, 4))))
    service.assign(made.id, {"kind": "lessons", "lessons": [1], "due": T0 + 3600})
    clock.now = T0 + 20 * DAY
    service.sync(alva.token, encode_events(_events("a", [4], at=int(clock.now))))
    assert service.purge()["events"] == 0
    clock.now = T0 + 31 * DAY
    gone = service.purge()
    assert gone["events"] == 3 and gone["classes"] == 1 and gone["assignments"] == 1
    with engine.connect() as db:
        assert db.execute(select(events.c.seq)).scalars().all() == [4]
        assert db.execute(select(classes.c.id)).scalars().all() == [made.id]
    assert idle.id not in [made.id]
    clock.now = T0 + 60 * DAY  # nobody has used the class since day 20
    service.purge()
    assert set(_everything(engine).values()) == {0}


def test_events_already_too_old_are_acknowledged_but_not_kept(engine, clock):
    service = ClassService(engine, clock=clock, retention_days=30)
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    answer = service.sync(alva.token, encode_events(_events("a", [1, 2], at=T0 - 40 * DAY)))
    assert answer["acknowledged"] == {"a": 2} and _count(engine, events) == 0


def test_assignments_table_exists_for_every_class_row(engine):
    assert "assignments" in metadata.tables and assignments.c.class_id.foreign_keys


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    answers=st.lists(
        st.tuples(
            st.sampled_from(["tablet", "laptop"]),
            st.integers(0, 50),
            st.sampled_from(["right", "not_allowed", "mistake", "allowed"]),
            st.sampled_from(["R4", "R6", "R7"]),
        ),
        min_size=1,
        max_size=30,
    ),
    cut=st.integers(0, 30),
)
def test_the_overview_kept_at_each_sync_equals_the_learners_model_on_all_events(service, answers, cut):
    """However the events arrive (two devices, one of them offline and late), the mastery the
    overview shows is Mastery over all the pupil's events in time order (vandatta_widgets.learner)."""
    from vandatta_widgets.learner.events import merge
    from vandatta_widgets.learner.mastery import Mastery

    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    seqs: dict[str, int] = {}
    record = []
    for device, at, outcome, rule in answers:
        seqs[device] = seqs.get(device, 0) + 1
        record.append(Event(device, seqs[device], T0 - 1000 + at, "round", outcome, (rule,), 0, "r:1"))
    online = [e for e in record if e.device == "tablet"]
    offline = [e for e in record if e.device == "laptop"]
    for part in (online[:cut], offline, online[cut:], online):  # late, and a repeat
        if part:
            service.sync(alva.token, encode_events(part))
    view = service.overview(made.id)["pupils"][0]["rules"]
    expected = Mastery.from_events(merge(record))
    for rule in ("R4", "R6", "R7"):
        assert view[rule]["seen"] == expected[rule].seen
        assert view[rule]["known"] == round(expected[rule].known, 3)
    service.end_class(made.id)


def test_after_the_purge_the_overview_rests_on_what_is_left(engine, clock):
    service = ClassService(engine, clock=clock, retention_days=30)
    made = service.create_class("4B")
    alva = service.join(made.code, "Alva", ["fox", "owl"], address="a")
    service.sync(alva.token, encode_events(_events("a", range(1, 4), outcome="not_allowed", rules=("R7",))))
    clock.now = T0 + 20 * DAY
    service.sync(alva.token, encode_events(_events("a", [4], at=int(clock.now), rules=("R7",))))
    assert service.overview(made.id)["pupils"][0]["rules"]["R7"]["seen"] == 4
    clock.now = T0 + 31 * DAY
    service.purge()
    assert service.overview(made.id)["pupils"][0]["rules"]["R7"]["seen"] == 1
