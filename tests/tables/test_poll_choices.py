"""The class's questions on the projector (issue 43 item 5), without a browser: "Fråga först"
off tells the pupils' pages why no question comes (and refuses answers meanwhile), the
teacher's switch for marking the cards that fit, and the replay in classroom mode asking only
where the mover had a real choice (a forced move shown at once, marked)."""

from __future__ import annotations

import pytest

from tests.widgets.replay.test_widgets_replay import text_of
from vandatta import play_game
from vandatta.ai import demo_game
from vandatta.ai.discuss import discussion_plies
from vandatta.record import write_record
from vandatta_widgets.app.dashboard import SAMPLE, computer_players
from vandatta_widgets.replay.viewer import ReplayViewer
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables.poll_service import PollService
from vandatta_widgets.tables.service import RecordingPage

GAME = demo_game()
RECORD = write_record(GAME)


@pytest.fixture
def opened():
    service = PollService(TableStore(":memory:", kind="polls"))
    made = service.create(RECORD)
    teacher, pupil = RecordingPage(), RecordingPage()
    service.connect(made["code"], made["token"], teacher, lang="sv")
    service.connect(made["code"], None, pupil, lang="en")
    return service, made, teacher, pupil


def test_ask_first_off_tells_the_pupils_instead_of_leaving_them_waiting(opened) -> None:
    service, made, teacher, pupil = opened
    service.page_act(teacher, {"type": "ask", "ply": 2})
    assert pupil.frames[-1]["state"] == "question"
    service.page_act(teacher, {"type": "pause", "on": True})
    assert pupil.frames[-1]["state"] == "paused"
    assert teacher.frames[-1]["paused"] is True
    before = len(pupil.frames)
    service.page_act(pupil, {"type": "answer", "move": "draw"})  # nothing to answer while paused
    assert pupil.frames[-1]["type"] == "error" and len(pupil.frames) == before + 1
    assert service.polls[made["code"]].current.answers == {}
    service.page_act(teacher, {"type": "pause", "on": False})
    assert pupil.frames[-1]["state"] == "question"
    service.page_act(teacher, {"type": "pause", "on": True})
    service.page_act(teacher, {"type": "ask", "ply": 3})  # asking again ends the pause
    assert pupil.frames[-1]["state"] == "question" and not teacher.frames[-1]["paused"]
    service.page_act(pupil, {"type": "pause", "on": True})  # only the teacher may
    assert pupil.frames[-1]["type"] == "error" and pupil.frames[-1]["key"] == "cl_not_teacher"
    service.page_act(teacher, {"type": "pause", "on": "yes"})
    assert teacher.frames[-1]["type"] == "error" and teacher.frames[-1]["key"] == "cl_bad_request"


def test_a_pause_survives_a_restart(opened) -> None:
    service, made, teacher, _ = opened
    service.page_act(teacher, {"type": "pause", "on": True})
    service.page_act(teacher, {"type": "marks", "on": False})
    poll = service.polls[made["code"]]
    again = type(poll).from_json(poll.to_json(), now=0)
    assert again.paused and not again.marks


def test_the_teachers_switch_for_marking_the_cards_that_fit(opened) -> None:
    service, _made, teacher, pupil = opened
    ply = discussion_plies(GAME)[0]
    service.page_act(teacher, {"type": "ask", "ply": ply})
    marked = pupil.frames[-1]["question"]
    assert len(marked["plays"]) >= 2
    service.page_act(teacher, {"type": "marks", "on": False})
    plain = pupil.frames[-1]["question"]
    assert plain["plays"] == [] and teacher.frames[-1]["marks"] is False
    assert [c["card"] for c in plain["hand"]] == [c["card"] for c in marked["hand"]]
    # exactly the cards that start a play lose their mark
    starts = {marked["hand"][play[0]]["card"] for play in marked["plays"]}
    changed = {a["card"] for a, b in zip(marked["hand"], plain["hand"], strict=True) if a["svg"] != b["svg"]}
    assert changed == starts
    # any card of the hand may still be given as an answer; the verdict comes on reveal
    card = plain["hand"][0]["card"]
    service.page_act(pupil, {"type": "answer", "move": card})
    assert pupil.frames[-1]["answer"] == card


def example_round():
    return play_game(computer_players(list(SAMPLE["players"]), SAMPLE["seed"]), seed=SAMPLE["seed"])


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_classroom_mode_asks_only_real_choices(lang: str) -> None:
    game = example_round()
    plies = discussion_plies(game)
    viewer = ReplayViewer(game, lang=lang, classroom=True)
    asked, shown = [], []
    while viewer.ply < game.ply:
        viewer.next()
        (asked if viewer.question else shown).append(viewer.ply)
    assert tuple(asked) == plies, "a question exactly where the mover had a real choice"
    assert 0 not in asked  # the example's first move is a draw: shown at once
    # a move shown without its question says why
    forced = [p for p in range(1, game.ply + 1) if p - 1 not in plies]
    viewer.go(forced[0])
    words = text_of(viewer.explanation.value)
    assert ("Ingen fråga här" if lang == "sv" else "No question here") in words
    # stepping back goes over the forced moves the same way
    back = []
    while viewer.ply > 0 or viewer.question:
        before = (viewer.ply, viewer.question)
        viewer.previous()
        if (viewer.ply, viewer.question) == before:
            break
        if viewer.question:
            back.append(viewer.ply)
    assert sorted(back) == [p for p in plies if p < forced[0]]
    viewer.asks_every_move = True
    viewer.go(0)
    viewer.next()
    assert viewer.question and viewer.ply == 0


def test_ask_first_is_a_real_switch_that_says_what_off_means() -> None:
    viewer = ReplayViewer(example_round(), lang="sv", classroom=True)
    ask = viewer.ask
    assert ask.value is True and ask.description == "Fråga först" and ask.on_text == "på" and ask.note == ""
    viewer.class_answers.value = True
    assert viewer.class_poll is not None and viewer.class_poll.paused is False
    ask.set_state({"value": False})  # as the page's click sends it
    assert viewer.class_poll.paused is True
    assert "utan fråga" in ask.note and "Klassen får inga frågor" in ask.note
    viewer.language.value = "en"
    assert (
        ask.description == "Ask first" and ask.off_text == "off" and "The class gets no questions" in ask.note
    )
    ask.set_state({"value": True})
    assert viewer.class_poll.paused is False and ask.note == ""
