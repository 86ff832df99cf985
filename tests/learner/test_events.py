"""The learner's record: every event round-trips through the compact columns and the storage
string, an old (version 1) record is read by this code, and a file that is not a record is
refused with the reason the UI tells."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vandatta import Game, Rules
from vandatta_widgets.learner.events import (
    FORMAT,
    KINDS,
    OUTCOMES,
    Event,
    RecordFormatError,
    decode_events,
    encode_events,
    merge,
    upgrade,
)
from vandatta_widgets.learner.store import pack, unpack

FIXTURE = Path(__file__).parent / "fixtures" / "record-v1.json"

texts = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)
events = st.builds(
    Event,
    device=st.text(alphabet="abcdefghjk23456789", min_size=1, max_size=10),
    seq=st.integers(0, 10**9),
    at=st.integers(0, 4 * 10**9),
    kind=st.sampled_from(KINDS),
    outcome=st.sampled_from(OUTCOMES),
    rules=st.lists(st.sampled_from(["R4", "R5", "R6", "R7", "V1", "V3", "O9", "S1"]), max_size=3).map(tuple),
    lesson=st.integers(0, 11),
    item=texts,
    position=texts,
    move=texts,
    house=st.sampled_from(["", "v1", "v3,o4=7"]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(events, max_size=25))
def test_every_event_round_trips_through_the_columns_and_the_storage_string(batch):
    document = json.loads(json.dumps(encode_events(batch)))
    assert decode_events(document) == batch
    assert unpack(pack(batch)) == batch


@settings(max_examples=40, deadline=None)
@given(st.lists(events, max_size=10), st.lists(events, max_size=10))
def test_merge_keeps_each_event_id_once(first, second):
    merged = merge(first, second, first)
    ids = [e.id for e in merged]
    assert len(ids) == len({(e.device, e.seq) for e in merged})
    assert {(e.device, e.seq) for e in merged} == {(e.device, e.seq) for e in first + second}
    assert [e.at for e in merged] == sorted(e.at for e in merged)


def test_an_answer_is_judged_by_the_engine():
    game = Game.from_position(hands=["7♥ K♠ 2♣", "5♦"], top="7♣", talon="9♠")
    right = Event.answer(game, "7♥", kind="exercise", asked=True, device="d", seq=1, at=5)
    allowed = Event.answer(game, "draw", kind="exercise", asked=False, device="d", seq=2, at=5)
    refused = Event.answer(game, "K♠", kind="exercise", asked=True, device="d", seq=3, at=5)
    assert (right.outcome, right.rules, right.move) == ("right", ("R4",), "7H")
    assert (allowed.outcome, allowed.rules) == ("allowed", ("R8",))
    assert (refused.outcome, refused.rules) == ("not_allowed", ("R4",))
    assert right.position == "7H KS 2C|7C" and right.house == ""
    lappen = Game.from_position(hands=["5♥ 2♣", "K♠"], top="K♥", talon="9♠ 4♦ 3♥", rules=Rules(lappen=True))
    assert Event.answer(lappen, "5♥", kind="round", asked=True, device="d", seq=4, at=5).house == "v3"


def test_the_stored_version_1_record_is_read():
    document = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert document["version"] == 1
    read = decode_events(upgrade(document)["events"])
    assert [e.id for e in read] == [f"fixture1.{n}" for n in range(1, 8)]
    assert [e.outcome for e in read] == [
        "not_allowed",
        "right",
        "not_allowed",
        "allowed",
        "mistake",
        "right",
        "right",
    ]
    assert read[0].rules == ("R4",) and read[0].position == "7H KS 2C|7C" and read[0].lesson == 2
    assert read[4].house == "v3" and read[6].move == "13"
    assert read[0].when.isoformat() == "2025-10-09T08:55:00+00:00"


@pytest.mark.parametrize(
    ("document", "reason"),
    [
        ({"format": "vandatta-record", "version": 1}, "foreign"),
        ([1, 2, 3], "foreign"),
        ({"format": FORMAT, "version": 99}, "newer"),
        ({"format": FORMAT, "version": "1"}, "damaged"),
        ({"format": FORMAT, "version": 0}, "damaged"),
    ],
)
def test_a_record_of_another_kind_or_version_is_refused_with_its_reason(document, reason):
    with pytest.raises(RecordFormatError) as refused:
        upgrade(document)
    assert refused.value.reason == reason


def test_columns_of_the_wrong_shape_are_refused():
    good = encode_events([Event("d", 1, 5, "round", "right", ("R4",))])
    for name, bad in [("kind", "x"), ("rules", [7]), ("at", ["5"]), ("n", 2), ("dev", [-1]), ("pos", [None])]:
        with pytest.raises(RecordFormatError):
            decode_events({**good, name: bad})


def test_a_call_forgotten_is_a_mistake_about_the_calls_rule():
    lappen = Game.from_position(hands=["5♥ 2♣", "K♠"], top="K♥", talon="9♠ 4♦ 3♥", rules=Rules(lappen=True))
    forgot = Event.answer(lappen, "5♥", kind="round", asked=True, device="d", seq=1, at=5)
    called = Event.answer(lappen, "5♥ lappen", kind="round", asked=True, device="d", seq=2, at=5)
    assert (forgot.outcome, forgot.rules) == ("mistake", ("V3",))
    assert (called.outcome, called.rules) == ("right", ("R4", "V3"))
    varning = Game.from_position(hands=["5♥ 2♣ 3♦ 4♠", "K♠"], top="K♥", talon="9♠", rules=Rules(varning=True))
    assert Event.answer(varning, "5♥", kind="round", asked=True, device="d", seq=3, at=5).rules[0] == "O9"


@settings(max_examples=40, deadline=None)
@given(st.lists(events, max_size=15))
def test_every_event_round_trips_through_an_exported_file(batch):
    from vandatta_widgets.learner.store import Device

    device = Device(device_id="home1")
    device.add_profile("Alva", "fox", profile_id="a1", created=0)
    for event in batch:
        device.keep("a1", event)
    other = Device(device_id="school1")
    other.import_file(device.export_profile("a1"))
    assert other.learner("a1").events == merge(batch)
