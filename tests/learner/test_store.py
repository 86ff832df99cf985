"""Profiles on one device and their storage: profiles never see each other's events, storage
round-trips and writes only what changed, a damaged stored chunk is set aside, export and
import work (twice counts once), and a damaged or foreign file changes nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from vandatta import Game
from vandatta_widgets.learner.events import Event, RecordFormatError, decode_events
from vandatta_widgets.learner.profiles import PICTURES, ProfileError
from vandatta_widgets.learner.store import CHUNK, DEVICE_KEY, Device, LearnerFileError

GAME = Game.from_position(hands=["7♥ K♠ 2♣", "5♦"], top="7♣", talon="9♠")


def _device() -> Device:
    device = Device(device_id="dev1")
    device.add_profile("Alva", "fox", profile_id="a1", created=0)
    device.add_profile("Bo", "owl", profile_id="b2", created=0)
    device.answer("a1", GAME, "7♥", kind="exercise", asked=True, lesson=2, item="ex1", at=100)
    device.answer("a1", GAME, "K♠", kind="exercise", asked=True, lesson=2, item="ex2", at=110)
    device.answer("b2", GAME, "2♣", kind="round", asked=True, item="g1:1", at=120)
    return device


def _state(device: Device) -> dict:
    return {
        "storage": device.storage(),
        "profiles": dict(device.profiles),
        "events": {pid: list(device.learner(pid).events) for pid in device.profiles},
        "next": device.next_seq,
    }


def test_two_profiles_do_not_see_each_others_events():
    device = _device()
    alva, bo = device.learner("a1"), device.learner("b2")
    assert [e.item for e in alva.events] == ["ex1", "ex2"] and [e.item for e in bo.events] == ["g1:1"]
    assert (alva.mastery["R4"].seen, bo.mastery["R4"].seen) == (2, 1)
    assert "R4" in alva.practice and "R4" not in bo.practice
    assert [e.id for e in alva.events + bo.events] == ["dev1.1", "dev1.2", "dev1.3"]
    assert json.loads(device.export_profile("b2"))["events"]["n"] == 1


def test_storage_round_trips_and_writes_only_what_changed():
    device = _device()
    first = device.changes()
    device.saved(first)
    assert device.changes() == {}
    copy = Device.from_storage(first)
    assert _state(copy)["events"] == _state(device)["events"] and copy.next_seq == 4
    device.answer("b2", GAME, "7♥", kind="round", asked=True, item="g1:2", at=130)
    assert set(device.changes()) == {DEVICE_KEY, "vandatta:p:b2:0"}


def test_a_year_is_kept_in_chunks_and_one_answer_rewrites_one_chunk():
    device = Device(device_id="dev1")
    device.add_profile("Alva", "fox", profile_id="a1", created=0)
    for n in range(CHUNK * 2 + 3):
        device.keep(
            "a1", Event("dev1", n + 1, 1000 + n, "round", "right", ("R4",), item=f"g{n // 40}:{n % 40}")
        )
    device.saved(device.changes())
    device.answer("a1", GAME, "7♥", kind="round", asked=True, at=10_000)
    assert set(device.changes()) == {DEVICE_KEY, "vandatta:p:a1:2"}


def test_a_damaged_chunk_is_set_aside_and_the_rest_loads():
    stored = _device().storage()
    stored["vandatta:p:a1:0"] = "1:not base64 at all!"
    copy = Device.from_storage(stored)
    assert copy.damaged == ["vandatta:p:a1:0"]
    assert copy.learner("a1").events == [] and len(copy.learner("b2").events) == 1
    broken = Device.from_storage({DEVICE_KEY: "{"})
    assert broken.damaged == [DEVICE_KEY] and broken.profiles == {}


def test_export_then_import_on_another_device_and_twice_counts_once():
    device = _device()
    text = device.export_profile("a1")
    other = Device(device_id="dev2")
    other.add_profile("Alva", "cat", profile_id="zz", created=0)
    pid = other.import_file(text)
    assert pid == "a1" and other.profiles["a1"].name == "Alva 2"  # the name was taken here
    assert other.learner("a1").events == device.learner("a1").events
    assert other.import_file(text.encode("utf-8")) == "a1"
    assert len(other.learner("a1").events) == 2
    # new answers on the first device arrive once in the second
    device.answer("a1", GAME, "2♣", kind="exercise", asked=False, lesson=2, item="ex3", at=200)
    other.import_file(device.export_profile("a1"))
    assert [e.id for e in other.learner("a1").events] == ["dev1.1", "dev1.2", "dev1.4"]


def test_delete_a_profile_removes_its_storage():
    device = _device()
    device.saved(device.changes())
    device.delete_profile("a1")
    changes = device.changes()
    assert (
        changes["vandatta:p:a1:0"] is None
        and "a1" not in json.loads(changes[DEVICE_KEY])["profiles"][0]["id"]
    )
    with pytest.raises(ProfileError):
        device.learner("a1")


def test_names_and_pictures_are_checked():
    device = _device()
    for name, picture, key in [
        ("", "fox", "lr_name_empty"),
        ("x" * 21, "fox", "lr_name_long"),
        ("alva", "fox", "lr_name_taken"),
        ("Cai", "dragon", "lr_picture_unknown"),
        ("a\x00b", "fox", "lr_name_empty"),
    ]:
        with pytest.raises(ProfileError) as refused:
            device.add_profile(name, picture)
        assert refused.value.key == key and refused.value.text("sv")
    assert set(PICTURES) >= {"fox", "owl"}


FOREIGN = [
    '{"format": "vandatta-record", "version": 1, "moves": []}',
    "[]",
    '{"format": "vandatta-learner-record", "version": 7, "profile": {}, "events": {}}',
    "",
    "not json",
    b"\xff\xfe\x00",
]


def _refused(device: Device, text: str | bytes) -> str:
    before = _state(device)
    with pytest.raises((LearnerFileError, ProfileError)) as refused:
        device.import_file(text)
    assert _state(device) == before
    assert isinstance(refused.value, ValueError)
    return refused.value.key


@pytest.mark.parametrize("text", FOREIGN)
def test_a_foreign_or_damaged_file_is_refused_and_changes_nothing(text):
    key = _refused(_device(), text)
    assert key in ("lr_file_foreign", "lr_file_damaged", "lr_file_newer")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_file_damaged_anywhere_changes_nothing(data):
    device = _device()
    text = device.export_profile("a1")
    document = json.loads(text)
    columns = document["events"]
    name = data.draw(st.sampled_from(sorted(columns)))
    bad = data.draw(
        st.one_of(
            st.none(), st.integers(-5, 5), st.text(max_size=5), st.lists(st.integers(-3, 9), max_size=4)
        )
    )
    columns[name] = bad
    try:  # a change that still reads as events is not damage
        decode_events(columns)
        assume(False)
    except RecordFormatError:
        pass
    damaged = json.dumps(document)
    cut = data.draw(st.integers(1, len(text) - 1))
    for attempt in (damaged, text[:cut]):
        other = Device(device_id="dev2")
        other.add_profile("Cai", "bee", profile_id="c3", created=0)
        _refused(other, attempt)


def test_quiz_answers_and_review_mistakes_are_kept_with_their_rules():
    from vandatta_widgets.learner.events import position_of

    device = _device()
    event, news = device.quiz("b2", right=False, rules=("R6",), choice="Ja", lesson=3, item="q1", at=300)
    assert (event.kind, event.outcome, event.rules, event.move) == ("quiz", "not_allowed", ("R6",), "Ja")
    assert news == ["practice:R6"]
    game = Game.deal(players=2, seed=4)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    kept = device.review_mistakes("b2", game, [(3, game.move_at(3))], round_id="g7", at=400)
    assert [e.item for e in kept] == ["g7:3"] and kept[0].outcome == "mistake"
    before = game.replay(2)
    assert kept[0].rules == before.check(game.move_at(3)).rules and kept[0].position == position_of(before)
    assert {i.rule for i in device.learner("b2").practice.items()} >= {"R6", *kept[0].rules}
    assert [e.id for e in device.learner("b2").unsent({"dev1": 3})] == [event.id, kept[0].id]


def test_a_practice_answer_is_judged_by_the_drill_and_reschedules_its_rule():
    import random

    from vandatta.ai.drills import make_drill

    device = _device()
    device.answer("b2", GAME, "K♠", kind="round", asked=True, item="g1:2", at=1000)  # not allowed: R4
    before = device.learner("b2").practice["R4"].due
    drill = make_drill("R4", random.Random(8))
    event, _ = device.practise("b2", drill, drill.right[0], at=2000)
    assert (event.kind, event.item, event.outcome) == ("drill", "R4", "right")
    assert device.learner("b2").practice["R4"].due > before
    wrong, _ = device.practise("b2", drill, drill.wrong, at=3000)
    assert wrong.outcome == "not_allowed"
    asked, _ = device.quiz(
        "b2", kind="class", right=True, rules=("R7",), choice="2", item="question-5", at=3100
    )
    assert asked.kind == "class"
    with pytest.raises(ValueError):
        device.quiz("b2", kind="round", right=True, rules=(), choice="x")
